// 'Anunciar' asks first what happened (docs/decisions/0033 §9): nothing is
// preselected, so a lost dog is never posted as up for adoption by a form that happened to
// be open. Each choice is a URL (`?aba=`), so it works without JavaScript.

export type PetAdKind = "adocao" | "perdido";

export interface PetAdChoice {
  aba: "perdido" | "encontrado" | "adocao";
  /** Which form: adoption, or lost/found/sighted. */
  kind: PetAdKind;
  /** The lost form's category preset by the choice. */
  category: "perdido" | "encontrado" | null;
  label: string;
  hint: string;
}

export const PET_AD_CHOICES: readonly PetAdChoice[] = [
  {
    aba: "perdido",
    kind: "perdido",
    category: "perdido",
    label: "Perdi meu pet",
    hint: "Seu pet sumiu: avise quem mora perto e receba avistamentos.",
  },
  {
    aba: "encontrado",
    kind: "perdido",
    category: "encontrado",
    label: "Encontrei um pet",
    hint: "Achou um pet ou viu um solto na rua: ajude a família a encontrá-lo.",
  },
  {
    aba: "adocao",
    kind: "adocao",
    category: null,
    label: "Quero doar",
    hint: "Um pet precisa de um novo lar.",
  },
];

/** The choice named by `?aba=`, or null when none (or an unknown one) is named. */
export function petAdChoiceOf(aba: string | null | undefined): PetAdChoice | null {
  return PET_AD_CHOICES.find((choice) => choice.aba === aba) ?? null;
}

/** The choice a saved draft (or a submitted form) belongs to: its kind and category. */
export function petAdChoiceFor(kind: PetAdKind, category: unknown): PetAdChoice {
  if (kind === "adocao") return PET_AD_CHOICES[2]!;
  // A sighted pet is posted from 'Encontrei um pet' too (docs/decisions/0045).
  return category === "encontrado" || category === "avistado" ? PET_AD_CHOICES[1]! : PET_AD_CHOICES[0]!;
}
