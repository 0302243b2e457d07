// What pages show of the forms: their choices, limits and fixed messages. No zod here, so
// that a page's JavaScript can take them; the schemas beside this file run on the server
// only (docs/decisions/0042, "The app pages and 130 KB").
import type { PetStatus } from "~/db/values";

/** 'Tipo de conta' on Cadastrar (spec §2). */
export const ACCOUNT_TYPE_CHOICES = [
  { value: "personal", label: "Pessoal", hint: "Para anunciar e adotar pets" },
  { value: "company", label: "Empresa", hint: "Pet shops, clínicas e serviços" },
  { value: "ngo", label: "ONG/Voluntário", hint: "Para organizações e protetores" },
] as const;

/** 'Assunto' on Contato. */
export const CONTACT_SUBJECTS = ["Dúvida", "Sugestão de link", "Parceria", "Denúncia", "Problema no site", "Outro"] as const;

/** The categories of the lost-pet form. */
export const LOST_CATEGORIES = ["perdido", "encontrado", "avistado"] as const;

/** The categories of a finder, who fills only what a finder can know (docs/decisions/0045). */
export const FINDER_CATEGORIES = ["encontrado", "avistado"] as const;

/** The 'Não sei' option of a finder's Sexo and Porte: stored as NULL (docs/decisions/0045). */
export const UNKNOWN_CHOICE = "nao-sei";

// Spec §4: on the edit form the owner chooses perdido, encontrado or adocao.
export const EDITABLE_STATUSES = ["perdido", "encontrado", "adocao"] as const;

/**
 * The statuses offered when editing a pet: the spec's three, plus avistado for a pet that
 * already is avistado, so that saving another change does not turn a sighting into a
 * lost pet. The current status is the default (docs/decisions/0008).
 */
export function editableStatuses(current: PetStatus): PetStatus[] {
  return current === "avistado" ? [...EDITABLE_STATUSES, "avistado"] : [...EDITABLE_STATUSES];
}

/** 'Enviar mensagem' to the poster of an ad: its longest message. */
export const PET_MESSAGE_MAX = 1000;

export const SIGHTING_CLOSED_MESSAGE = "Este anúncio não recebe mais avistamentos.";

/** The yellow notice of Cadastrar ONG once the account has its organization (spec §2). */
export const ORGANIZATION_EXISTS_MESSAGE = "Você já possui uma ONG cadastrada.";
