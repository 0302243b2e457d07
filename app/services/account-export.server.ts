// 'Baixar meus dados' (LGPD art. 18, II and V; docs/decisions/0036): one JSON file with
// every row tied to the account in every database (app/models/account-data.server.ts,
// docs/decisions/0050), its favourites (KV)
// and our image URLs made absolute, so the photos can be fetched from the file alone.
import { getActivityDb, getCloudflare, getDb, type RequestContext } from "~/context.server";
import { IMAGE_URL_PREFIX } from "~/lib/card-image-url";
import { readAccountData } from "~/models/account-data.server";
import { readFavorites } from "~/models/favorites.server";
import { archiveDataOf } from "~/platform/pet-archive.server";
import { siteOrigin } from "~/platform/site-url.server";

export const EXPORT_FORMAT = "patas-conectadas/meus-dados/1";

/** Our image paths ("/imagens/pets/…") as full URLs, anywhere in the rows. */
function withAbsoluteImageUrls(value: unknown, origin: string): unknown {
  if (typeof value === "string") return value.startsWith(IMAGE_URL_PREFIX) ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => withAbsoluteImageUrls(item, origin));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withAbsoluteImageUrls(item, origin)]));
  }
  return value;
}

/** The file's content, or null when the account no longer exists. */
export async function buildAccountExport(context: RequestContext, request: Request, userId: string, now = new Date()) {
  const { env } = getCloudflare(context);
  const data = await readAccountData(getDb(context), getActivityDb(context), userId, now);
  if (!data) return null;
  const origin = siteOrigin(env);
  const [favorites, archive] = await Promise.all([
    readFavorites(env.KV, { type: "user", id: userId }),
    // What left D1 for R2 (docs/decisions/0050): its pets' records, the sightings it sent.
    archiveDataOf(env.IMAGES, userId, ownPetIds(data.sections)),
  ]);
  return {
    formato: EXPORT_FORMAT,
    geradoEm: now.toISOString(),
    sobre:
      "Todos os dados ligados à sua conta na Patas Conectadas (LGPD, art. 18). Datas em UTC (ISO 8601); " +
      "valores em centavos; fotos com o endereço completo. A senha não vem: guardamos só um código dela.",
    ...(withAbsoluteImageUrls(data.sections, origin) as Record<string, unknown>),
    // Ads archived a year after they were posted, and sightings of its ads kept with them.
    arquivo: withAbsoluteImageUrls(archive.records, origin),
    avistamentosEnviadosArquivados: withAbsoluteImageUrls(archive.sentSightings, origin),
    // Ids of the pets, products, organizations, clinics and events the account saved.
    favoritos: favorites,
  };
}

/** The download's file name: the date, never the e-mail (it would sit in the browser's list). */
export function exportFileName(now = new Date()) {
  return `patas-conectadas-meus-dados-${now.toISOString().slice(0, 10)}.json`;
}

/** The ids of the account's pets still in D1, from the export's 'pets' section. */
function ownPetIds(sections: Record<string, unknown>): number[] {
  const pets = sections.pets;
  return Array.isArray(pets) ? pets.map((pet) => Number((pet as { id?: unknown }).id)).filter(Number.isSafeInteger) : [];
}
