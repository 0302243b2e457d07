// One-off backfill of the municipalities of rows typed before the IBGE codes (docs/decisions/
// 0032, Backfill). Not part of the app and never deployed: `npm run places:backfill` serves
// this entry with `wrangler dev` on the app's own D1 (local, or --remote) and calls it until
// every table was walked. Resolution is the forms' own (services/places.server.ts).
import { createActivityDatabase, createDatabase } from "../app/context.server";
import { type BackfillCursor, backfillMunicipalities } from "../app/services/places.server";
import { LOCATED_TABLES, type LocatedTable } from "../app/models/place-backfill.server";

interface Env {
  DB: D1Database;
  // The sightings' database (docs/decisions/0050): they take their pet's city.
  ACTIVITY_DB: D1Database;
}

function cursorFrom(url: URL): BackfillCursor | null {
  const table = url.searchParams.get("tabela");
  if (!table || !Object.hasOwn(LOCATED_TABLES, table)) return null;
  return { table: table as LocatedTable, after: Math.max(0, Number(url.searchParams.get("depois")) || 0) };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== "POST") return new Response("Use POST.", { status: 405 });
    const page = await backfillMunicipalities(
      createDatabase(env.DB),
      createActivityDatabase(env.ACTIVITY_DB),
      cursorFrom(new URL(request.url)),
    );
    return Response.json(page);
  },
};
