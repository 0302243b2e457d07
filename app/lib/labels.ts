// Portuguese labels for the stored enum values (spec §3, §4).

export const PET_STATUS_LABELS: Record<string, string> = {
  perdido: "Perdido",
  encontrado: "Encontrado",
  adocao: "Para Adoção",
  avistado: "Avistado",
};

export const PET_SPECIES_LABELS: Record<string, string> = {
  cachorro: "Cachorro",
  gato: "Gato",
  ave: "Ave",
  roedor: "Roedor",
  reptil: "Réptil",
  outros: "Outros",
};

export const PRODUCT_CATEGORY_LABELS: Record<string, string> = {
  alimentacao: "Alimentação",
  acessorios: "Acessórios",
  brinquedos: "Brinquedos",
  higiene: "Higiene",
  medicamentos: "Medicamentos",
  servicos: "Serviços",
  outros: "Outros",
};

export const ORGANIZATION_TYPE_LABELS: Record<string, string> = {
  ong: "ONG",
  voluntario: "Voluntário",
  abrigo: "Abrigo",
  protetor: "Protetor",
};

export const ACTION_AREA_LABELS: Record<string, string> = {
  resgate: "Resgate",
  adocao: "Adoção",
  saude: "Saúde",
  alimentacao: "Alimentação",
  castracao: "Castração",
  educacao: "Educação",
  multipla: "Múltipla",
};

export const CLINIC_CATEGORY_LABELS: Record<string, string> = {
  clinica: "Clínica",
  hospital: "Hospital",
  consultorio: "Consultório",
  petshop: "Pet Shop",
  especialidade: "Especialidade",
  outro: "Outro",
};

export const EVENT_CATEGORY_LABELS: Record<string, string> = {
  adocao: "Adoção",
  castracao: "Castração",
  feira: "Feira",
  vacinacao: "Vacinação",
  arrecadacao: "Arrecadação",
  educacao: "Educação",
  outro: "Outro",
};

export function labelOf(labels: Record<string, string>, value: string | null | undefined) {
  if (!value) return "";
  return labels[value] ?? value;
}

export const SEARCH_CATEGORIES = [
  { value: "perdido", label: "Pets Perdidos" },
  { value: "encontrado", label: "Pets Encontrados" },
  { value: "avistado", label: "Pets Avistados" },
  { value: "adocao", label: "Pets para Adoção" },
  { value: "ongs", label: "ONGs e Voluntários" },
  { value: "produtos", label: "Produtos e Serviços" },
  { value: "clinicas", label: "Clínicas e Veterinários" },
  { value: "eventos", label: "Eventos" },
] as const;
