// The personal dashboard's overview (docs/decisions/0033 §8): the owner's open ads
// with their sightings and matches, new ones being those of the last 7 days; one statement.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createActivityDatabase, createDatabase } from "~/context.server";
import { sightings } from "~/db/activity-schema";
import { petMatches } from "~/db/schema";
import { listMyOpenAds } from "~/models/my-ads.server";
import * as overviewRoute from "~/routes/dashboard._index";
import { makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind the dashboard's guard, as React Router runs it (docs/decisions/0034).
const { loader } = throughLayouts(overviewRoute);
import { activityDb, createPet, createUser, db } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function sighting(petId: number, { createdAt = new Date(), hiddenAt = null as Date | null } = {}) {
  await activityDb.insert(sightings).values({ petId, place: "Praça da Sé", seenAt: "2026-11-20T10:00", createdAt, hiddenAt });
}

async function match(lostPetId: number, otherPetId: number, createdAt = new Date()) {
  await db.insert(petMatches).values({ lostPetId, otherPetId, score: 80, createdAt });
}

const load = async (user: { id: string }, accountType: "personal" | "company" = "personal") =>
  loader({ request: new Request("http://localhost/dashboard"), context: await signedInContext(user, accountType), params: {} } as never);

/** The D1 binding, recording each statement and the rows it read. */
function recordingD1(d1: D1Database) {
  const log: { sql: string; rowsRead: number }[] = [];
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrap(value.apply(target, args), sql);
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return async (...args: unknown[]) => {
            const result = await value.apply(target, args);
            log.push({ sql, rowsRead: (result as D1Result | undefined)?.meta?.rows_read ?? -1 });
            return result;
          };
        }
        return value.bind(target);
      },
    });
  const binding = new Proxy(d1, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, log };
}

describe("/dashboard (Visão geral)", () => {
  it("lists only the owner's open ads, newest first, with their sightings and matches and the new ones", async () => {
    const owner = await createUser();
    const other = await createUser();
    const lost = await createPet(owner.id, { name: "Thor", status: "perdido", createdAt: daysAgo(20) });
    const adoption = await createPet(owner.id, { name: "Mel", status: "adocao", createdAt: daysAgo(5) });
    const closed = await createPet(owner.id, { name: "Bidu", status: "perdido", closedAs: "reencontrado", closedAt: new Date() });
    const theirs = await createPet(other.id, { name: "Rex", status: "perdido" });

    // Thor: 2 new sightings, 1 older than a week, 1 hidden (spam) that counts for nothing.
    await sighting(lost.id);
    await sighting(lost.id, { createdAt: daysAgo(2) });
    await sighting(lost.id, { createdAt: daysAgo(10) });
    await sighting(lost.id, { hiddenAt: new Date() });
    await sighting(closed.id);
    await sighting(theirs.id);
    // Thor's matches as the pet page lists them: open, same species, found or sighted.
    const found = await createPet(other.id, { status: "encontrado" });
    const sighted = await createPet(other.id, { status: "avistado" });
    const foundClosed = await createPet(other.id, { status: "encontrado", closedAs: "reencontrado", closedAt: new Date() });
    const cat = await createPet(other.id, { status: "encontrado", type: "gato" });
    await match(lost.id, found.id);
    await match(lost.id, sighted.id, daysAgo(9));
    await match(lost.id, foundClosed.id);
    await match(lost.id, cat.id);
    await match(theirs.id, found.id);

    const { ads } = await load(owner);
    expect(ads.map((ad) => ad.title)).toEqual(["Mel", "Thor"]);
    expect(ads.find((ad) => ad.id === lost.id)).toMatchObject({
      status: "perdido",
      listed: true,
      sightings: 3,
      newSightings: 2,
      matches: 2,
      newMatches: 1,
    });
    expect(ads.find((ad) => ad.id === adoption.id)).toMatchObject({ sightings: 0, newSightings: 0, matches: 0, newMatches: 0 });
  });

  it("is empty for someone without ads", async () => {
    const user = await createUser();
    const somebody = await createUser();
    await createPet(somebody.id);
    expect(await load(user)).toEqual({ ads: [] });
  });

  it("sends visitors to sign in and companies to their dashboard", async () => {
    const { context } = await makeContext();
    const visitor = (await loader({ request: new Request("http://localhost/dashboard"), context, params: {} } as never).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    expect(visitor.headers.get("Location")).toBe("/entrar?redirectTo=%2Fdashboard");
    const company = await createUser("company");
    const refused = (await load(company, "company").catch((thrown: unknown) => thrown)) as Response;
    expect(refused.headers.get("Location")).toBe("/empresa/dashboard");
  });

  it("is one statement whose reads follow the owner's rows, not the tables' size", async () => {
    const owner = await createUser();
    const crowd = await createUser();
    const lost = await createPet(owner.id, { status: "perdido" });
    await createPet(owner.id, { status: "adocao" });
    await sighting(lost.id);
    await sighting(lost.id);
    const found = await createPet(crowd.id, { status: "encontrado" });
    await match(lost.id, found.id);

    // One statement on each database (docs/decisions/0050): the ads and matches on main,
    // their sightings on the activity database.
    const activityLogs: { sql: string; rowsRead: number }[][] = [];
    const measure = async () => {
      const { binding, log } = recordingD1(env.DB);
      const activity = recordingD1(env.ACTIVITY_DB);
      await listMyOpenAds(createDatabase(binding), createActivityDatabase(activity.binding), owner.id, daysAgo(7));
      activityLogs.push(activity.log);
      return log;
    };
    const before = await measure();
    expect(before).toHaveLength(1);
    expect(activityLogs[0]).toHaveLength(1);

    // 180 more rows of other people: the owner's statement reads a few index entries more
    // at most (where the owner's ranges end), not those rows.
    const theirs = await createPet(crowd.id, { status: "perdido" });
    for (let i = 0; i < 60; i++) {
      const other = await createPet(crowd.id, { status: "encontrado" });
      await sighting(theirs.id);
      await match(theirs.id, other.id);
    }
    const after = await measure();
    expect(after).toHaveLength(1);
    expect(before[0]!.rowsRead).toBeGreaterThan(0);
    expect(after[0]!.rowsRead).toBeLessThanOrEqual(before[0]!.rowsRead + 4);
    expect(activityLogs[1]).toHaveLength(1);
    expect(activityLogs[1]![0]!.rowsRead).toBeLessThanOrEqual(activityLogs[0]![0]!.rowsRead + 4);
  });
});
