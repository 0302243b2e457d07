// 'Baixar meus dados' (LGPD art. 18, II and V; docs/decisions/0036): one JSON file with
// every row tied to the account (app/models/account-data.server.ts), its favourites (KV)
// and our image URLs made absolute, so the photos can be fetched from the file alone.
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import { IMAGE_URL_PREFIX } from "~/lib/card-image-url";
import { readAccountData } from "~/models/account-data.server";
import { readFavorites } from "~/models/favorites.server";
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
  const data = await readAccountData(getDb(context), userId, now);
  if (!data) return null;
  const origin = siteOrigin(env);
  const favorites = await readFavorites(env.KV, { type: "user", id: userId });
  return {
    formato: EXPORT_FORMAT,
    geradoEm: now.toISOString(),
    sobre:
      "Todos os dados ligados à sua conta na Patas Conectadas (LGPD, art. 18). Datas em UTC (ISO 8601); " +
      "valores em centavos; fotos com o endereço completo. A senha não vem: guardamos só um código dela.",
    ...(withAbsoluteImageUrls(data.sections, origin) as Record<string, unknown>),
    // Ids of the pets, products, organizations, clinics and events the account saved.
    favoritos: favorites,
  };
}

/** The download's file name: the date, never the e-mail (it would sit in the browser's list). */
export function exportFileName(now = new Date()) {
  return `patas-conectadas-meus-dados-${now.toISOString().slice(0, 10)}.json`;
}
