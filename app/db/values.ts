// The closed lists of values our columns take, apart from the table definitions: forms and
// pages that run in the browser import them from here, so the browser's bundle never
// carries drizzle (app/db/schema.ts imports and re-exports them).

export const ACCOUNT_TYPES = ["personal", "company", "ngo"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const MODERATION_STATES = ["held", "removed", "suspended"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const PLANS = ["basic", "premium"] as const;
export type Plan = (typeof PLANS)[number];

export const PET_STATUSES = ["perdido", "encontrado", "adocao", "avistado"] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export const PET_SPECIES = ["cachorro", "gato", "ave", "roedor", "reptil", "outros"] as const;

export const PET_GENDERS = ["Macho", "Fêmea"] as const;

export const PET_SIZES = ["Pequeno", "Médio", "Grande"] as const;

/** How an owner closes an ad: a lost/found/sighted pet went home, an adoption ad found a family. */
export const PET_CLOSINGS = ["reencontrado", "adotado"] as const;
export type PetClosing = (typeof PET_CLOSINGS)[number];

/** What a stranger sent to an ad's poster: 'Enviar mensagem', or 'Quero adotar' on an adoption ad (docs/decisions/0047). */
export const PET_MESSAGE_KINDS = ["message", "adoption"] as const;
export type PetMessageKind = (typeof PET_MESSAGE_KINDS)[number];

export const PRODUCT_CATEGORIES = ["alimentacao", "acessorios", "brinquedos", "higiene", "medicamentos", "servicos", "outros"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const ORGANIZATION_TYPES = ["ong", "voluntario", "abrigo", "protetor"] as const;

export const ACTION_AREAS = ["resgate", "adocao", "saude", "alimentacao", "castracao", "educacao", "multipla"] as const;

export const CLINIC_CATEGORIES = ["clinica", "hospital", "consultorio", "petshop", "especialidade", "outro"] as const;

export const EVENT_CATEGORIES = ["adocao", "castracao", "feira", "vacinacao", "arrecadacao", "educacao", "outro"] as const;

export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
] as const;

export const REPORT_ITEM_KINDS = ["pet", "product", "clinic", "organization", "event", "profile", "sighting"] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

export const REPORT_REASONS = ["golpe", "maus-tratos", "ofensivo", "spam", "falso", "outro"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How a moderator closed a report: the item kept, or removed (docs/decisions/0035). */
export const REPORT_RESOLUTIONS = ["kept", "removed"] as const;

export const MODERATION_ACTIONS = ["hold", "keep", "remove", "restore", "suspend", "reactivate", "grant-payment"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
