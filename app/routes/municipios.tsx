import type { Route } from "./+types/municipios";
import { getDb } from "~/context.server";
import { municipalityLabel } from "~/lib/place-names";
import { municipalitiesStartingWith } from "~/models/municipalities.server";

// The suggestions of the 'Cidade' fields (docs/decisions/0032, Forms): up to 10
// "Nome - UF" labels whose name starts with `q`. One index range, the same answer for
// everyone, so browsers and caches keep it for a day. Nothing is written.
const MAX_QUERY = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY);
  const found = await municipalitiesStartingWith(getDb(context), q, 10);
  return Response.json({ options: found.map(municipalityLabel) }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
