import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createCookie, type RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { pets } from "~/db/schema";
import { loader as petLoader } from "~/routes/pet";
import { VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";
import { countView } from "~/services/views.server";
import { makeContext, signedInContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

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
    const cookie = await createCookie(VISITOR_COOKIE_NAME, { secrets: [env.SESSION_SECRET], secure: true, path: "/" }).serialize(crypto.randomUUID());
    for (let i = 0; i < 3; i++) await open(pet.id, pageRequest(pet.id, { Cookie: cookie.split(";")[0]! }));
    expect(await viewsOf(pet.id)).toBe(5);
  });

  it("counts again on the next UTC day and keeps no address or id in KV key names", async () => {
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
    const { keys } = await env.KV.list({ prefix: "visto:" });
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.name).not.toContain("200.100");
      expect(key.name).not.toContain(owner.id);
      expect(key.expiration).toBeDefined();
    }
  });
});
