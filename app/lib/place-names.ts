// Places people type, read the way the server resolves them to an IBGE municipality
// (docs/decisions/0032-municipalities.md). Pure: shared by the resolver, the URL helpers,
// the components and the script that generates the municipalities migration.

/** The 27 federative units: abbreviation → name. */
export const STATES: Record<string, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
};

export type Uf = keyof typeof STATES;

export function isUf(value: string): boolean {
  return Object.hasOwn(STATES, value.toUpperCase());
}

/**
 * Lower case, no accents, apostrophes dropped, anything else that is not a letter or a
 * digit a single space: "São José dos Campos/SP" → "sao jose dos campos sp",
 * "Alta Floresta D'Oeste" → "alta floresta doeste".
 */
export function foldPlace(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The key a municipality is matched by: its folded name without spaces, so "Embu-Guaçu",
 * "embu guacu" and "Embuguaçu" meet ("embuguacu").
 */
export function placeKey(text: string): string {
  return foldPlace(text).replace(/ /g, "");
}

/** "São José dos Campos" → "sao-jose-dos-campos" (city pages' URLs). */
export function placeSlug(name: string): string {
  return foldPlace(name).replace(/ /g, "-");
}

const STATE_KEYS = new Map(Object.entries(STATES).map(([uf, name]) => [placeKey(name), uf]));

/** One way to read what was typed: a municipality's key, maybe its UF, maybe a neighbourhood. */
export interface PlaceReading {
  key: string;
  uf: string | null;
  /** What stood before the city, as typed ("Pinheiros" of "Pinheiros, São Paulo - SP"). */
  neighbourhood: string | null;
}

const MAX_PLACE_LENGTH = 120;

/**
 * The readings of a typed location, most likely first. Handles "Jundiaí, SP",
 * "jundiai-sp", "JUNDIAI", "São José dos Campos/SP", "Jundiaí, São Paulo" and the
 * neighbourhood-first "Pinheiros, São Paulo - SP". A name that ends like a UF ("Sento Sé")
 * is also read whole.
 */
export function readPlace(typed: string): PlaceReading[] {
  const text = typed.trim().slice(0, MAX_PLACE_LENGTH);
  if (!text) return [];
  const readings: PlaceReading[] = [];
  const add = (reading: PlaceReading) => {
    if (!reading.key) return;
    if (readings.some((r) => r.key === reading.key && r.uf === reading.uf)) return;
    readings.push(reading);
  };

  // The parts people separate with commas (or " - " and "/" before a UF): the city is the
  // last one that is not a UF; what comes before it is the neighbourhood.
  const parts = text
    .split(/\s*,\s*|\s+[-–—]\s+|\s*\/\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const fromParts = (cities: string[], uf: string | null) => {
    for (let i = cities.length - 1; i >= 0; i--) {
      const neighbourhood = cities.slice(0, i).join(", ") || null;
      add({ key: placeKey(cities[i]!), uf, neighbourhood });
      // "Centro, jundiai-sp": a UF at the end of the city's part.
      const words = foldPlace(cities[i]!).split(" ");
      if (!uf && words.length > 1 && isUf(words.at(-1)!)) {
        add({ key: words.slice(0, -1).join(""), uf: words.at(-1)!.toUpperCase(), neighbourhood });
      }
    }
  };
  const last = parts.at(-1) ?? "";
  if (parts.length > 1 && isUf(foldPlace(last))) {
    fromParts(parts.slice(0, -1), foldPlace(last).toUpperCase());
  } else if (parts.length > 1 && STATE_KEYS.has(placeKey(last))) {
    // "Jundiaí, São Paulo": the state's name; "Pinheiros, São Paulo": the city's.
    fromParts(parts.slice(0, -1), STATE_KEYS.get(placeKey(last))!);
    fromParts(parts, null);
  } else {
    fromParts(parts, null);
  }
  // "jundiai sp", "jundiai-sp": a UF at the end of one part.
  const words = foldPlace(text).split(" ");
  if (words.length > 1 && isUf(words.at(-1)!)) {
    add({ key: words.slice(0, -1).join(""), uf: words.at(-1)!.toUpperCase(), neighbourhood: null });
  }
  // The whole text as one name ("Sento Sé" ends like Sergipe's UF).
  add({ key: placeKey(text), uf: null, neighbourhood: null });
  return readings;
}

/** "Bom Jesus - RS": how a municipality is shown in choices and listings. */
export function municipalityLabel(m: { name: string; uf: string }): string {
  return `${m.name} - ${m.uf}`;
}

/** `?cidade=` value of a municipality: "jundiai-sp". */
export function cityParam(m: { name: string; uf: string }): string {
  return `${placeSlug(m.name)}-${m.uf.toLowerCase()}`;
}

/**
 * The radius filter of searches, listings and 'Avise-me' (`?raio=`): 0 is "Só na cidade".
 * Matches compare municipalities within MATCH_RADIUS_KM; city pages show 25 km.
 */
export const RADIUS_OPTIONS = [
  { km: 0, label: "Só na cidade" },
  { km: 10, label: "10 km" },
  { km: 25, label: "25 km" },
  { km: 50, label: "50 km" },
] as const;

export type RadiusKm = (typeof RADIUS_OPTIONS)[number]["km"];

/** `?raio=` as one of RADIUS_OPTIONS; anything else is "Só na cidade". */
export function readRadius(value: string | null | undefined): RadiusKm {
  const km = Number(value);
  return RADIUS_OPTIONS.find((o) => o.km === km)?.km ?? 0;
}
