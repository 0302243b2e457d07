// /buscar-pets parameters (spec §2, §9) and the FTS5 query built from them. Pure:
// shared by the loader, the page's badges and the tests.
import { href } from "react-router";
import { PET_GENDERS, PET_SIZES } from "~/db/values";
import { PET_STATUS_LABELS } from "./labels";
import { parsePage } from "./pagination";
import { type RadiusKm, readRadius } from "./place-names";
import { cleanSearchText, SEARCH_MAX_WORDS } from "./search-text";
import { foldAccents } from "./text";

/** The pet statuses the search's category names. */
export const STATUS_CATEGORIES = ["perdido", "encontrado", "avistado", "adocao"] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** Options whose label is the value itself. */
const labelledAsIs = <Value extends string>(values: readonly Value[]) => values.map((value) => ({ value, label: value }));

// The status is one control, the search bar's category (docs/decisions/0033
// §11): the status group stays here only to read old links and saved
// searches that name several statuses (`filter=encontrado&filter=avistado`).
export const FILTER_GROUPS = [
  { key: "status", label: "Situação", options: STATUS_CATEGORIES.map((value) => ({ value, label: PET_STATUS_LABELS[value]! })) },
  { key: "type", label: "Espécie", options: labelledAsIs(["Cachorro", "Gato", "Outro"]) },
  { key: "size", label: "Porte", options: labelledAsIs(PET_SIZES) },
  { key: "gender", label: "Sexo", options: labelledAsIs(PET_GENDERS) },
] as const;

export type FilterGroupKey = (typeof FILTER_GROUPS)[number]["key"];

/** The groups of the filter panel that /pets and /buscar-pets share (docs/decisions/0033 §7). */
export const PANEL_GROUPS = FILTER_GROUPS.filter((group) => group.key !== "status");

const isStatusCategory = (value: unknown): value is StatusCategory => STATUS_CATEGORIES.includes(value as StatusCategory);
export const SEARCH_ORDERS = ["recentes", "relevantes"] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/**
 * A keyset cursor (docs/decisions/0017): the last card of the page before, `?depois={id}`;
 * for "Mais relevantes" also its views, `&vistas={views}`.
 */
export interface SearchCursor {
  id: number;
  views?: number;
}

/** A municipality and the radius around it: what `?cidade=` resolved to (docs/decisions/0032). */
export interface SearchArea {
  code: number;
  km: RadiusKm;
}

export interface PetSearchCriteria {
  q: string;
  /** `?cidade=` as typed (old links: `?location=`); the canonical "jundiai-sp" once resolved. */
  city: string;
  /** `?raio=`: 0 is 'Só na cidade'. */
  radius: RadiusKm;
  /**
   * The area the server resolved `city` to; only then does the city filter anything.
   * Never read from the URL: the loader (or the digest) sets it (docs/decisions/0032).
   */
  area?: SearchArea;
  /** One status (the category); several only from old links, in `filters.status`. */
  category: StatusCategory | "";
  filters: Record<FilterGroupKey, string[]>;
  order: SearchOrder;
  view: "grade" | "lista";
  /** Old links' `?page=` (1..MAX_PAGE); the pages we link to use `after`. */
  page: number;
  after?: SearchCursor;
  /** 'Mostrar casos encerrados' (`?encerrados=1`): closed and expired ads too (docs/decisions/0023). */
  includeClosed?: boolean;
}

const ALL_FILTER_VALUES = new Map<string, FilterGroupKey>(
  FILTER_GROUPS.flatMap((group) => group.options.map((option) => [option.value, group.key] as const)),
);

export function filterLabel(value: string): string {
  for (const group of FILTER_GROUPS) {
    const option = group.options.find((o) => o.value === value);
    if (option) return option.label;
  }
  return value;
}

/** `?filter=` values by group: known values only, each once. */
function readFilters(params: URLSearchParams): Record<FilterGroupKey, string[]> {
  const filters: Record<FilterGroupKey, string[]> = { status: [], type: [], size: [], gender: [] };
  for (const value of params.getAll("filter")) {
    const group = ALL_FILTER_VALUES.get(value);
    if (group && !filters[group].includes(value)) filters[group].push(value);
  }
  return filters;
}

/** The shared panel's filters alone (`?filter=` species, size, sex), for /pets. */
export function parsePanelFilters(url: URL): Pick<PetSearchCriteria["filters"], "type" | "size" | "gender"> {
  const { type, size, gender } = readFilters(url.searchParams);
  return { type, size, gender };
}

export function parsePetSearch(url: URL): PetSearchCriteria {
  const params = url.searchParams;
  const filters = readFilters(params);
  // One status control: the category and any status filters of old links are one set
  // (a union, never a contradiction); one status is the category, several stay filters.
  const category = params.get("category");
  const statuses = [...new Set([...(isStatusCategory(category) ? [category] : []), ...filters.status])].filter(isStatusCategory);
  filters.status = statuses.length > 1 ? statuses : [];
  const order = params.get("order") === "relevantes" ? "relevantes" : "recentes";
  return {
    q: cleanSearchText(params.get("q")),
    // Old links named one of four cities: `?location=São Paulo` is `?cidade=São Paulo`.
    city: cleanSearchText(params.get("cidade") ?? params.get("location")),
    radius: readRadius(params.get("raio")),
    category: statuses.length === 1 ? statuses[0]! : "",
    filters,
    order,
    view: params.get("view") === "lista" ? "lista" : "grade",
    page: parsePage(params.get("page")),
    after: parseCursor(params, order),
    includeClosed: params.get("encerrados") === "1",
  };
}

/** Plain digits only, at most 15 of them (always a safe integer); anything else is no value. */
function cursorNumber(value: string | null): number | undefined {
  const text = value?.trim();
  return text && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * `depois` must be a pet id (1 or more); "Mais relevantes" also needs `vistas`. A cursor
 * that does not parse is ignored: the search starts from its first page.
 */
function parseCursor(params: URLSearchParams, order: SearchOrder): SearchCursor | undefined {
  const id = cursorNumber(params.get("depois"));
  if (!id) return undefined;
  if (order !== "relevantes") return { id };
  const views = cursorNumber(params.get("vistas"));
  return views === undefined ? undefined : { id, views };
}

/** "1.234", or "mais de 100" when the count stopped at its cap (docs/decisions/0017). */
export function matchingLabel(matching: number, capped: boolean): string {
  const number = matching.toLocaleString("pt-BR");
  return capped ? `mais de ${number}` : number;
}

/** What the count counts, singular and plural, for each status and for none. */
const COUNTED: Record<StatusCategory | "", [singular: string, plural: string]> = {
  perdido: ["anúncio de pet perdido", "anúncios de pets perdidos"],
  encontrado: ["anúncio de pet encontrado", "anúncios de pets encontrados"],
  avistado: ["anúncio de pet avistado", "anúncios de pets avistados"],
  adocao: ["pet para adoção", "pets para adoção"],
  "": ["pet", "pets"],
};

/**
 * The search's count as a sentence start that names what it counts: "2 anúncios de pets
 * perdidos", "Mais de 100 pets para adoção" (never "pets encontrados" for lost pets).
 */
export function resultCountLabel(matching: number, capped: boolean, category: StatusCategory | ""): string {
  const [singular, plural] = COUNTED[category];
  const count = matchingLabel(matching, capped);
  const text = `${count} ${matching === 1 && !capped ? singular : plural}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Words of 3+ letters (trigram's minimum) as quoted FTS phrases, all required. Only the
 * first SEARCH_MAX_WORDS words count: each short word costs five bound parameters and
 * D1 allows 100 per statement (docs/decisions/0012). A word holds only letters, marks
 * and digits, so FTS5 operators, quotes and parentheses never reach MATCH.
 */
export function searchTerms(q: string): { phrases: string[]; short: string[] } {
  const words = q
    .normalize("NFC")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS);
  return {
    phrases: words.filter((w) => [...w].length >= 3),
    short: words.filter((w) => [...w].length < 3),
  };
}

/**
 * Whether every word of 3+ letters of `q` is in one of `texts`, as the FTS index matches a
 * phrase (trigram, accents and case folded: a substring of one column), for one row in
 * hand: the FTS index reads every pet with the word to answer for one pet (thousands of
 * rows; docs/decisions/0046). Words under 3 letters are the SQL's (filterConditions).
 */
export function longWordsIn(q: string, texts: readonly (string | null)[]): boolean {
  const folded = texts.map((text) => foldAccents(text ?? ""));
  return searchTerms(q).phrases.every((word) => folded.some((text) => text.includes(foldAccents(word))));
}

/** Text as one FTS5 phrase: in double quotes, its own quotes doubled. */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The columns of the FTS index that hold the ad's text; the index also holds its
 * municipality and search scope, which typed text must never match (docs/decisions/0048).
 */
export const FTS_TEXT_COLUMNS = "{name type location breed color}";

/** The FTS5 MATCH expression of the text, or null when it needs no index (no long words). */
export function ftsQuery(criteria: Pick<PetSearchCriteria, "q">): string | null {
  const parts = searchTerms(criteria.q).phrases.map(ftsPhrase);
  return parts.length ? `${FTS_TEXT_COLUMNS} : (${parts.join(" AND ")})` : null;
}

/** The URL of this search with one value removed (a badge's link) or changed. */
export function searchHref(
  criteria: PetSearchCriteria,
  change: {
    remove?: { key: "q" | "city" | "category" } | { filter: string };
    set?: Partial<Pick<PetSearchCriteria, "order" | "view" | "page" | "after">>;
  },
): string {
  const next = { ...criteria, ...change.set };
  const params = new URLSearchParams();
  const removed = change.remove;
  if (next.q && !(removed && "key" in removed && removed.key === "q")) params.set("q", next.q);
  if (next.city && !(removed && "key" in removed && removed.key === "city")) {
    params.set("cidade", next.city);
    if (next.radius) params.set("raio", String(next.radius));
  }
  // The status as a `filter` value, the form saved searches have always stored (0026, 0033).
  if (next.category && !(removed && "key" in removed && removed.key === "category")) params.append("filter", next.category);
  for (const group of FILTER_GROUPS) {
    for (const value of next.filters[group.key]) {
      if (!(removed && "filter" in removed && removed.filter === value)) params.append("filter", value);
    }
  }
  if (next.order !== "recentes") params.set("order", next.order);
  if (next.view !== "grade") params.set("view", next.view);
  if (next.includeClosed) params.set("encerrados", "1");
  if (change.set?.page && change.set.page > 1) params.set("page", String(change.set.page));
  const after = change.set?.after;
  if (after) {
    params.set("depois", String(after.id));
    if (after.views !== undefined) params.set("vistas", String(after.views));
  }
  const query = params.toString();
  return `${href("/buscar-pets")}${query ? `?${query}` : ""}`;
}
