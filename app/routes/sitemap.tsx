import type { Route } from "./+types/sitemap";
import { getDb } from "~/context.server";
import { escapeHtml } from "~/lib/html";
import { citiesWithAds } from "~/models/pet-search.server";
import { cityPagePath } from "~/services/city-pages.server";

// /sitemap.xml (docs/decisions/0032, City pages): the home, the listings, the static pages
// and the city pages that have open lost or adoption ads, as absolute URLs of the origin
// asked. The same for everyone: browsers and caches keep it for an hour.
const STATIC_PATHS = [
  "/",
  "/buscar-pets",
  "/pets",
  "/produtos",
  "/clinicas",
  "/ongs",
  "/eventos",
  "/quem-somos",
  "/links-uteis",
  "/termos",
  "/privacidade",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const cities = await citiesWithAds(getDb(context));
  const paths = [
    ...STATIC_PATHS,
    ...cities.flatMap((city) => [
      ...(city.lost ? [cityPagePath("perdido", city)] : []),
      ...(city.adoption ? [cityPagePath("adocao", city)] : []),
    ]),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
