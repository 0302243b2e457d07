import { runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createCookie, type RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets } from "~/db/schema";
import { loader as petLoader } from "~/routes/pet";
import { VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";
import { pendingViews, viewCounterOf } from "~/services/view-counter.server";
import { countView, countViewBy } from "~/services/views.server";
import { makeContext, signedInContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
// The exact count, as the pages show it: D1's plus what the pet's counter holds (docs/decisions/0051).
const viewsOf = async (id: number) =>
  (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views + (await pendingViews(env, "pet", id));

function pageRequest(id: number, headers: Record<string, string> = {}) {
  return new Request(`http://localhost/pet/${id}`, {
    headers: { "CF-Connecting-IP": "200.100.50.25", "User-Agent": "Mozilla/5.0 (Linux; Android 10)", ...headers },
  });
}

async function open(id: number, request: Request, context?: RouterContextProvider) {
  const ctx = context ?? (await makeContext()).context;
  await petLoader({ request, context: ctx, params: { id: String(id) } } as never);
  await waitOnExecutionContext(getCloudflare(ctx).ctx);
}

describe("pet page views", () => {
  it("counts one view per visitor per day, however many times the page loads", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    for (let i = 0; i < 5; i++) await open(pet.id, pageRequest(pet.id));
    expect(await viewsOf(pet.id)).toBe(1);

    // Another browser behind the same address, another /64, a signed-in user, a visitor cookie.
    await open(pet.id, pageRequest(pet.id, { "User-Agent": "Mozilla/5.0 (iPhone)" }));
    await open(pet.id, pageRequest(pet.id, { "CF-Connecting-IP": "2804:14c:1:2::1" }));
    await open(pet.id, pageRequest(pet.id, { "CF-Connecting-IP": "2804:14c:1:2:ffff::9" }));
    const reader = await createUser();
    for (let i = 0; i < 3; i++) await open(pet.id, pageRequest(pet.id), await signedInContext(reader));
    const cookie = await createCookie(VISITOR_COOKIE_NAME, { secrets: [env.SESSION_SECRET], secure: true, path: "/" }).serialize(
      crypto.randomUUID(),
    );
    for (let i = 0; i < 3; i++) await open(pet.id, pageRequest(pet.id, { Cookie: cookie.split(";")[0]! }));
    expect(await viewsOf(pet.id)).toBe(5);
  });

  it("counts again on the next UTC day and keeps no address or id in the marks", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const { context } = await makeContext();
    const request = pageRequest(pet.id);
    const day = Date.UTC(2026, 10, 23, 23, 59);
    const counted = async (kind: "pet" | "product", now: number) => (await countView(context, request, { kind, id: pet.id }, now)).counted;
    expect(await counted("pet", day)).toBe(true);
    expect(await counted("pet", day + 30_000)).toBe(false);
    expect(await counted("pet", day + 120_000)).toBe(true);
    expect(await counted("product", day)).toBe(true);
    // The marks live in the item's object (D1 has no marks table any more); the viewer hashed (docs/decisions/0051).
    const marks = await runInDurableObject(viewCounterOf(env, "pet", pet.id), (_i, state) => {
      const sql = state.storage.sql;
      const tables = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE name LIKE 'marks_pet_%' ORDER BY name").toArray();
      expect(tables.map((t) => t.name)).toEqual(["marks_pet_20261123", "marks_pet_20261124"]);
      return tables.flatMap((t) =>
        sql
          .exec<{ viewer: string }>(`SELECT viewer FROM ${t.name} WHERE item = ?`, pet.id)
          .toArray()
          .map((r) => r.viewer),
      );
    });
    expect(marks).toHaveLength(2);
    for (const key of marks) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(key).not.toContain("200.100");
      expect(key).not.toContain(owner.id);
    }
    // No view leaves anything in KV any more (docs/decisions/0038).
    expect((await env.KV.list({ prefix: "visto:" })).keys).toEqual([]);
  });

  it("two phones behind one carrier address each count: another visitor cookie, another browser", async () => {
    const owner = await createUser();
    const cookieOf = async () =>
      (
        await createCookie(VISITOR_COOKIE_NAME, { secrets: [env.SESSION_SECRET], secure: true, path: "/" }).serialize(crypto.randomUUID())
      ).split(";")[0]!;
    // Two visitors with their own cookie, the same address and the same browser.
    const byCookie = await createPet(owner.id);
    const [first, second] = [await cookieOf(), await cookieOf()];
    for (const cookie of [first, second, first, second]) await open(byCookie.id, pageRequest(byCookie.id, { Cookie: cookie }));
    expect(await viewsOf(byCookie.id)).toBe(2);
    // Two phones without cookies, the same address, each its own browser.
    const byBrowser = await createPet(owner.id);
    for (const agent of ["Mozilla/5.0 (Linux; Android 10; moto g)", "Mozilla/5.0 (Linux; Android 12; SM-A125)"]) {
      await open(byBrowser.id, pageRequest(byBrowser.id, { "User-Agent": agent }));
      await open(byBrowser.id, pageRequest(byBrowser.id, { "User-Agent": agent }));
    }
    expect(await viewsOf(byBrowser.id)).toBe(2);
  });

  it("20 views at once by one viewer count exactly one", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const opened = await Promise.all(
      Array.from({ length: 20 }, () => open(pet.id, pageRequest(pet.id, { "CF-Connecting-IP": "177.20.20.20" }))),
    );
    expect(opened).toHaveLength(20);
    expect(await viewsOf(pet.id)).toBe(1);
    // The same through countViewBy, as the edge cache calls it: one counted.
    const counted = await Promise.all(
      Array.from({ length: 20 }, () => countViewBy(env, "cliente:177.20.20.21|UA", { kind: "event", id: pet.id })),
    );
    expect(counted.filter((answer) => answer.counted)).toHaveLength(1);
  });
});
