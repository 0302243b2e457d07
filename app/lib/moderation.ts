// Reports and moderation (docs/decisions/0035): the words and rules shared by the report
// form, the item pages, the moderation pages and the mails. Pure: no I/O.
import { href } from "react-router";
import type { ModerationAction, ModerationState, ReportItemKind, ReportReason } from "~/db/schema";

/**
 * Different people whose reports within the window hold an item: different mailboxes,
 * each account confirmed HOLD_CONFIRMED_HOURS before it reported, from HOLD_NETWORKS
 * client networks or more (docs/decisions/0035).
 */
export const HOLD_REPORTS = 3;
export const HOLD_WINDOW_DAYS = 7;
export const HOLD_CONFIRMED_HOURS = 24;
export const HOLD_NETWORKS = 2;
export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

export const REPORT_THANKS = "Obrigado. Nossa equipe vai analisar.";
export const UNDER_REVIEW = "Este anúncio está em análise.";
export const REMOVED = "Este anúncio foi removido pela moderação.";

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  golpe: "Golpe ou fraude",
  "maus-tratos": "Maus-tratos ou animal em risco",
  ofensivo: "Conteúdo ofensivo",
  spam: "Spam ou propaganda",
  falso: "Informação falsa",
  outro: "Outro",
};

/** The URL segment of each kind (`/denunciar/{tipo}/{id}`, `/moderacao/{tipo}/{id}`). */
export const KIND_SEGMENTS: Record<ReportItemKind, string> = {
  pet: "pet",
  product: "produto",
  clinic: "clinica",
  organization: "ong",
  event: "evento",
  profile: "perfil",
  sighting: "avistamento",
};

export const KIND_LABELS: Record<ReportItemKind, string> = {
  pet: "Pet",
  product: "Produto",
  clinic: "Clínica",
  organization: "Organização",
  event: "Evento",
  profile: "Perfil",
  sighting: "Avistamento",
};

export function kindOfSegment(segment: string | undefined): ReportItemKind | null {
  const found = Object.entries(KIND_SEGMENTS).find(([, s]) => s === segment);
  return found ? (found[0] as ReportItemKind) : null;
}

const NUMERIC_ID = /^[1-9]\d{0,14}$/;
const PUBLIC_ID = /^[0-9a-f]{16}$/;

/** The item's id as stored in reports: digits for most kinds, a profile's public id. */
export function parseItemId(kind: ReportItemKind, raw: string | undefined): string | null {
  const value = raw ?? "";
  if (kind === "profile") return PUBLIC_ID.test(value) ? value : null;
  return NUMERIC_ID.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER ? value : null;
}

export interface ItemRef {
  kind: ReportItemKind;
  id: string;
}

/** The report form's address for an item. */
export function reportPath(kind: ReportItemKind, id: string | number): string {
  return href("/denunciar/:tipo/:id", { tipo: KIND_SEGMENTS[kind], id: String(id) });
}

/** The moderators' page of an item. */
export function moderationItemPath(kind: ReportItemKind, id: string | number): string {
  return href("/moderacao/:tipo/:id", { tipo: KIND_SEGMENTS[kind], id: String(id) });
}

/** What the owner (and an admin) read on a page the public no longer sees. */
export function moderationBanner(state: ModerationState, kind: "anúncio" | "perfil" = "anúncio"): string {
  if (state === "held") {
    return kind === "perfil" ? "Este perfil está em análise." : UNDER_REVIEW;
  }
  if (state === "removed") {
    return kind === "perfil" ? "Este perfil foi removido pela moderação." : REMOVED;
  }
  return "A conta que publicou está suspensa.";
}

export const MODERATION_STATE_LABELS: Record<ModerationState, string> = {
  held: "Em análise",
  removed: "Removido",
  suspended: "Conta suspensa",
};

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  hold: "Retido para análise (automático)",
  keep: "Manter",
  remove: "Remover",
  restore: "Restaurar",
  suspend: "Suspender conta",
  reactivate: "Reativar conta",
  "grant-payment": "Entregar plano e CNPJ",
};

/** The message a suspended account reads when it tries to sign in. */
export function suspendedMessage(contactEmail: string): string {
  return `Sua conta está suspensa. Fale conosco em ${contactEmail}.`;
}

/** The public page of an item (a sighting: its pet's timeline). */
export function publicPath(item: ItemRef & { petId?: number }): string {
  switch (item.kind) {
    case "pet":
      return href("/pet/:id", { id: item.id });
    case "product":
      return href("/produto/:id", { id: item.id });
    case "clinic":
      return href("/clinica/:id", { id: item.id });
    case "organization":
      return href("/ong/:id", { id: item.id });
    case "event":
      return href("/evento/:id", { id: item.id });
    case "profile":
      return href("/perfil/:handle", { handle: item.id });
    case "sighting":
      return `${href("/pet/:id", { id: String(item.petId ?? 0) })}#avistamentos`;
  }
}

/** A moment as the moderation pages show it, in Brasília: '23/11/2026 às 14:30'. */
export function moderationTime(date: Date): string {
  const text = new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return text.replace(", ", " às ");
}

/** What the 404 of a held or removed item carries, for its ErrorBoundary. */
export interface ModerationNotFound {
  moderation: Exclude<ModerationState, "suspended">;
  kind: "anúncio" | "perfil";
}

export function isModerationNotFound(value: unknown): value is ModerationNotFound {
  const v = value as ModerationNotFound | null;
  return typeof v === "object" && v !== null && (v.moderation === "held" || v.moderation === "removed");
}
