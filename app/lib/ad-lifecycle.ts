// The ads' lifecycle (docs/decisions/0023): closing as a happy ending, the 60-day
// reminder, the 90-day exit from the search, the 30-day banner. Pure: shared by the
// models, the routes, the components and the tests.
import type { PetClosing } from "~/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days without an update before the owner gets 'Seu anúncio ainda está ativo?'. */
export const REMIND_AFTER_DAYS = 60;
/** Days without an update before the ad leaves the search (it is never deleted). */
export const EXPIRE_AFTER_DAYS = 90;
/**
 * An ad leaves the search only after its reminder had this many days to be read: ads that
 * were already old when the lifecycle began get a warning before they go (0023).
 */
export const EXPIRY_NOTICE_DAYS = 7;
/** Days a closed ad stays public with its banner; afterwards only the owner sees it. */
export const CLOSED_VISIBLE_DAYS = 30;

export const REMINDER_SUBJECT = "Seu anúncio ainda está ativo?";

export const CLOSING_LABELS: Record<PetClosing, string> = {
  reencontrado: "Reencontrado!",
  adotado: "Adotado!",
};

/** The owner's button that ends an ad (docs/decisions/0033 §13: plain words, not 'Encerrar: Adotado!'). */
export const CLOSING_ACTIONS: Record<PetClosing, string> = {
  reencontrado: "Marcar como reencontrado",
  adotado: "Marcar como adotado",
};

/** The only way each kind of ad ends: an adoption ad is adopted, every other one goes home. */
export function closingFor(status: string): PetClosing {
  return status === "adocao" ? "adotado" : "reencontrado";
}

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export interface LifecycleFields {
  closedAs: PetClosing | null;
  closedAt: Date | null;
  renewedAt: Date;
  remindedAt: Date | null;
  listed: boolean;
}

/**
 * What the public gets at /pet/{id}: the page ('open', or 'closed' with its banner within
 * CLOSED_VISIBLE_DAYS of the closing), or 'gone' (410) after that window.
 */
export function publicPageState(pet: Pick<LifecycleFields, "closedAs" | "closedAt">, now: Date): "open" | "closed" | "gone" {
  if (!pet.closedAs) return "open";
  if (!pet.closedAt || pet.closedAt.getTime() > daysBefore(now, CLOSED_VISIBLE_DAYS).getTime()) return "closed";
  return "gone";
}

export type AdState =
  | { kind: "open"; needsRenewal: boolean }
  | { kind: "closed"; closedAs: PetClosing; closedAt: Date | null }
  | { kind: "expired"; since: Date };

/** The state an owner sees in Meus Pets and on the pet page. */
export function adState(pet: LifecycleFields, now: Date): AdState {
  if (pet.closedAs) return { kind: "closed", closedAs: pet.closedAs, closedAt: pet.closedAt };
  if (!pet.listed) {
    // The day it left the search: 90 days after the last update, or a week after the
    // reminder when that came later (the daily job runs once a day).
    const byAge = pet.renewedAt.getTime() + EXPIRE_AFTER_DAYS * DAY_MS;
    const byNotice = (pet.remindedAt?.getTime() ?? 0) + EXPIRY_NOTICE_DAYS * DAY_MS;
    return { kind: "expired", since: new Date(Math.max(byAge, byNotice)) };
  }
  return { kind: "open", needsRenewal: pet.renewedAt.getTime() <= daysBefore(now, REMIND_AFTER_DAYS).getTime() };
}
