/** Lower case without accents: "São Paulo" -> "sao paulo". For matching, never for display. */
export function foldAccents(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** At most `length` characters, cut at a word with "…" (a card's excerpt of a long text). */
export function excerpt(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "1 visualização" / "1.234 visualizações". */
export function viewsLabel(count: number): string {
  return pluralize(count, "visualização", "visualizações");
}

/** "1 pet" / "2 pets": pt-BR count with singular and plural. */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? singular : plural}`;
}

/** A wait in words for a 429's message: "1 minuto", "12 minutos", "1 hora" (docs/decisions/0030). */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 60 ? "1 hora" : minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}
