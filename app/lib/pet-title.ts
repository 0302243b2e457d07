// The title of a pet ad, the one source for cards, pages, mails, matches, the poster and
// the sitemap: the pet's name, or, when the poster does not know it (a finder rarely
// does), what is known: 'Gato encontrado em Osasco - SP' (docs/decisions/0045). Pure:
// pages in the browser and mails on the server use it alike.
import { foldAccents } from "./text";

export interface PetTitleFacts {
  name: string | null;
  type: string;
  status: string;
  gender: string | null;
  location: string;
}

// What people type when they do not know the name: never a title (an ad once went out
// titled 'Não sei').
const NOT_A_NAME = new Set([
  "nao sei",
  "sei nao",
  "nao",
  "sem nome",
  "desconhecido",
  "desconhecida",
  "nenhum",
  "nao tem",
  "nao informado",
  "?",
  "-",
]);

/** The name as typed, trimmed, or null when it is blank or says the name is unknown. */
export function knownAnswer(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? "";
  const folded = foldAccents(trimmed)
    .replace(/[.!?\s-]+$/g, "")
    .replace(/\s+/g, " ");
  if (!folded || /^[?.\-\s]+$/.test(trimmed) || NOT_A_NAME.has(folded)) return null;
  return trimmed;
}

const isFemale = (gender: string | null | undefined) => gender === "Fêmea";

// The species as a noun: by the pet's sex where Portuguese has two words, and whether
// the noun itself is feminine (so 'Ave encontrada').
function speciesNoun(type: string, gender: string | null): { noun: string; feminine: boolean } {
  const female = isFemale(gender);
  switch (type) {
    case "cachorro":
      return female ? { noun: "Cadela", feminine: true } : { noun: "Cachorro", feminine: false };
    case "gato":
      return female ? { noun: "Gata", feminine: true } : { noun: "Gato", feminine: false };
    case "ave":
      return { noun: "Ave", feminine: true };
    case "roedor":
      return { noun: "Roedor", feminine: false };
    case "reptil":
      return { noun: "Réptil", feminine: false };
    default:
      return { noun: "Pet", feminine: false };
  }
}

const STATUS_WORDS: Record<string, [masculine: string, feminine: string]> = {
  perdido: ["perdido", "perdida"],
  encontrado: ["encontrado", "encontrada"],
  avistado: ["avistado", "avistada"],
  adocao: ["para adoção", "para adoção"],
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'Perdido' or 'Perdida', 'Para Adoção': the status as said of this pet. */
export function petStatusWord(status: string, gender: string | null | undefined): string {
  if (status === "adocao") return "Para Adoção";
  const words = STATUS_WORDS[status];
  return words ? capitalize(words[isFemale(gender) ? 1 : 0]) : status;
}

/** 'Desaparecida desde' for a female, 'Desaparecido desde' otherwise. */
export function missingSinceLabel(gender: string | null | undefined): string {
  return isFemale(gender) ? "Desaparecida desde" : "Desaparecido desde";
}

/** The city of a location "Bairro ou referência, Cidade - UF": its last part. */
function cityOf(location: string): string {
  const parts = location.split(",");
  return parts[parts.length - 1]!.trim() || location.trim();
}

/** The ad's title: the name, or 'Gato encontrado em Osasco - SP'. */
export function petTitle(pet: PetTitleFacts): string {
  const name = knownAnswer(pet.name);
  if (name) return name;
  const { noun, feminine } = speciesNoun(pet.type, pet.gender);
  const words = STATUS_WORDS[pet.status] ?? STATUS_WORDS.perdido!;
  return `${noun} ${words[feminine ? 1 : 0]} em ${cityOf(pet.location)}`;
}

/**
 * The page's headline (its <title>, the share text): a named pet with its status and
 * place, 'Thor - Perdido em Centro, Osasco - SP'; an unnamed one by its built title,
 * which already says both.
 */
export function petHeadline(pet: PetTitleFacts): string {
  const name = knownAnswer(pet.name);
  return name ? `${name} - ${petStatusWord(pet.status, pet.gender)} em ${pet.location}` : petTitle(pet);
}
