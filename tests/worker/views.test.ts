import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createCookie, type RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets } from "~/db/schema";
import { loader as petLoader } from "~/routes/pet";
import { VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";
import { countView, countViewBy } from "~/services/views.server";
import { makeContext, signedInContext } from "./context";
import { allViewMarks } from "./counters";
import { activityDb, createPet, createUser, db } from "./fixtures";

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
const viewsOf = async (id: number) => (await db.select({ views: pets.views }).from(pets).where(eq(pets.id, id)))[0]!.views;

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
    let count = 0;
    const increment = async () => void count++;
    const day = Date.UTC(2026, 10, 23, 23, 59);
    expect(await countView(context, request, { kind: "pet", id: pet.id }, increment, day)).toBe(true);
    expect(await countView(context, request, { kind: "pet", id: pet.id }, increment, day + 30_000)).toBe(false);
    expect(await countView(context, request, { kind: "pet", id: pet.id }, increment, day + 120_000)).toBe(true);
    expect(await countView(context, request, { kind: "product", id: pet.id }, increment, day)).toBe(true);
    expect(count).toBe(3);
    // One mark per counted view: the day first (what the daily sweep cuts by), the viewer hashed.
    const marks = (await allViewMarks()).filter((key) => key.split(":")[2] === String(pet.id));
    expect(marks.map((key) => key.split(":").slice(0, 3).join(":")).sort()).toEqual([
      `2026-11-23:pet:${pet.id}`,
      `2026-11-23:product:${pet.id}`,
      `2026-11-24:pet:${pet.id}`,
    ]);
    for (const key of marks) {
      expect(key).toMatch(/^\d{4}-\d{2}-\d{2}:[a-z]+:\d+:[0-9a-f]{32}$/);
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
    // The same through countViewBy, as the edge cache calls it: one +1, one true.
    let increments = 0;
    const counted = await Promise.all(
      Array.from({ length: 20 }, () =>
        countViewBy(activityDb, "cliente:177.20.20.21|UA", { kind: "event", id: pet.id }, async () => void increments++),
      ),
    );
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(increments).toBe(1);
  });
});
