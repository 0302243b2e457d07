// The owner's WhatsApp number leaves the pet page; "Chamar no WhatsApp"
// goes through /pet/{id}/whatsapp, a rate-limited redirect (docs/decisions/0022).
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { loader as petLoader } from "~/routes/pet";
import { loader as posterLoader } from "~/routes/pet.cartaz";
import { loader as whatsappLoader } from "~/routes/pet.whatsapp";
import { VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";
import { clearRateLimits, RATE_LIMITS } from "~/platform/rate-limit.server";
import { makeContext, signedInContext } from "./context";
import { countersWithPrefix } from "./counters";
import { createPet, createUser } from "./fixtures";

type Ctx = Parameters<typeof getCloudflare>[0];
const call = <T>(fn: (args: never) => Promise<T>, args: object) =>
  fn(args as never).catch((thrown: unknown) => thrown) as Promise<T | Response>;

const PHONE = "(11) 98765-4321";
const DIGITS = "11987654321";
let serial = 0;
// Each test its own client address, so the per-IP windows do not mix.
const nextIp = () => `198.51.100.${++serial}`;

function whatsappRequest(petId: number | string, ip: string, cookie?: string) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  if (cookie) headers.Cookie = cookie;
  return new Request(`http://localhost/pet/${petId}/whatsapp`, { headers });
}

async function open(petId: number | string, ip: string, context?: Ctx, cookie?: string) {
  const ctx = context ?? (await makeContext(cookie ?? null)).context;
  return call(whatsappLoader, { params: { id: String(petId) }, context: ctx, request: whatsappRequest(petId, ip, cookie) });
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200);

async function visitorCookie() {
  const header = await createCookie(VISITOR_COOKIE_NAME, { secrets: [env.SESSION_SECRET], secure: true, path: "/" }).serialize(
    crypto.randomUUID(),
  );
  return header.split(";")[0]!;
}

describe("/pet/{id}/whatsapp", () => {
  it("redirects to the owner's chat with the usual greeting, and is never cached", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { name: "Thor", contactWhatsapp: PHONE });
    const result = await open(pet.id, nextIp());
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `https://wa.me/55${DIGITS}?text=${encodeURIComponent("Olá! Vi o anúncio de Thor na Patas Conectadas.")}`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers 404 for an unknown pet, a malformed id and a pet without a number, writing nothing", async () => {
    const owner = await createUser();
    const silent = await createPet(owner.id, { contactWhatsapp: null });
    const ip = nextIp();
    for (const id of ["999999999", "abc", String(silent.id)]) {
      const result = await open(id, ip);
      expect(statusOf(result), id).toBe(404);
      expect(result).toMatchObject({ data: { reason: "not-found" } });
    }
    expect(await countersWithPrefix(`whatsapp-ip:${ip}:`)).toEqual(new Map());
  });

  it("refuses a client past its ceiling with 429 and the usual message", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.whatsappPerIp.limit; i++) expect(statusOf(await open(pet.id, ip))).toBe(302);
    const refused = await open(pet.id, ip);
    expect(statusOf(refused)).toBe(429);
    expect(refused).toMatchObject({ data: { reason: "rate-limited", petId: pet.id } });
    // Under the page's 'Muitas tentativas' heading, what to do, without saying it twice (docs/decisions/0033 §13).
    expect((refused as { data: { message: string } }).data.message).toBe("Aguarde alguns minutos e tente novamente.");
    expect((refused as { init: { headers: Record<string, string> } }).init.headers["Retry-After"]).toMatch(/^\d+$/);
    // Another client is not affected.
    expect(statusOf(await open(pet.id, nextIp()))).toBe(302);
    await clearRateLimits(env, "whatsapp-ip", `${ip}:`);
    expect(await countersWithPrefix(`whatsapp-ip:${ip}:`)).toEqual(new Map());
  });

  it("limits a visitor and a signed-in user more strictly, wherever they connect from", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const limit = RATE_LIMITS.whatsappPerVisitor.limit;
    expect(limit).toBeLessThan(RATE_LIMITS.whatsappPerIp.limit);

    const cookie = await visitorCookie();
    // A fresh address for every request: only the visitor's own count can refuse.
    for (let i = 0; i < limit; i++) expect(statusOf(await open(pet.id, nextIp(), undefined, cookie))).toBe(302);
    expect(statusOf(await open(pet.id, nextIp(), undefined, cookie))).toBe(429);
    // Another visitor still gets through.
    expect(statusOf(await open(pet.id, nextIp(), undefined, await visitorCookie()))).toBe(302);

    const user = await createUser();
    for (let i = 0; i < limit; i++) expect(statusOf(await open(pet.id, nextIp(), await signedInContext(user)))).toBe(302);
    expect(statusOf(await open(pet.id, nextIp(), await signedInContext(user)))).toBe(429);
  });

  it("a refusal by the visitor's limit does not count against the address", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.whatsappPerVisitor.limit; i++) await open(pet.id, nextIp(), await signedInContext(user));
    const ip = nextIp();
    expect(statusOf(await open(pet.id, ip, await signedInContext(user)))).toBe(429);
    expect(await countersWithPrefix(`whatsapp-ip:${ip}:`)).toEqual(new Map());
  });
});

describe("the pet page and its poster without the number", () => {
  it("the page's loader data has no digit of the number, only whether there is one", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    for (const context of [(await makeContext()).context, await signedInContext(owner)]) {
      const request = new Request(`http://localhost/pet/${pet.id}.data`);
      const result = await call(petLoader, { params: { id: String(pet.id) }, context, request });
      const json = JSON.stringify(result);
      expect(json).toContain('"hasWhatsapp":true');
      expect(json.replace(/\D/g, "")).not.toContain(DIGITS);
      expect(json).not.toContain("98765");
      await waitOnExecutionContext(getCloudflare(context).ctx);
    }
  });

  it("the poster carries the number only when its owner opens it", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const args = (context: Ctx) => ({
      params: { id: String(pet.id) },
      context,
      request: new Request(`http://localhost/pet/${pet.id}/cartaz`),
    });
    const stranger = await call(posterLoader, args((await makeContext()).context));
    expect(stranger).toMatchObject({ whatsapp: null, pet: { hasWhatsapp: true } });
    expect(JSON.stringify(stranger)).not.toContain("98765");
    const other = await call(posterLoader, args(await signedInContext(await createUser())));
    expect(other).toMatchObject({ whatsapp: null });
    expect(await call(posterLoader, args(await signedInContext(owner)))).toMatchObject({ whatsapp: PHONE });
  });
});
