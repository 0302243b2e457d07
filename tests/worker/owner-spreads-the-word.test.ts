// On their own ad the owner spreads the word: 'Compartilhar no WhatsApp' with a message
// written for them, and never 'Chamar no WhatsApp' to their own number; the poster carries
// the number only on the owner's print (docs/decisions/0022, "The owner's own ad").
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { loader as petLoader } from "~/routes/pet";
import { loader as posterLoader } from "~/routes/pet.cartaz";
import { makeContext, signedInContext } from "./context";
import { createPet, createUser } from "./fixtures";

type Ctx = Parameters<typeof getCloudflare>[0];
const SITE = env.SITE_URL.replace(/\/+$/, "");
const PHONE = "(11) 98765-4321";
// A request that reached the Worker under another Host: the links must not follow it.
const FOREIGN = "http://evil.example";

async function petPage(id: number, context: Ctx) {
  const result = await petLoader({ params: { id: String(id) }, context, request: new Request(`${FOREIGN}/pet/${id}`) } as never);
  await waitOnExecutionContext(getCloudflare(context).ctx);
  return result;
}

async function poster(id: number, context: Ctx) {
  return posterLoader({ params: { id: String(id) }, context, request: new Request(`${FOREIGN}/pet/${id}/cartaz`) } as never);
}

/** The text a wa.me share link opens WhatsApp with. */
function sharedText(link: string | null | undefined) {
  expect(link).toMatch(/^https:\/\/wa\.me\/\?text=/);
  return new URL(link!).searchParams.get("text")!;
}

describe("the owner's own ad", () => {
  it("offers 'Compartilhar no WhatsApp' with a message asking for help and the ad's address on the site", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, {
      name: "Thor",
      status: "perdido",
      location: "Vila Mariana, São Paulo - SP",
      contactWhatsapp: PHONE,
    });
    const page = await petPage(pet.id, await signedInContext(owner));
    const text = sharedText(page.shareOnWhatsapp);
    expect(text).toContain("Ajude a encontrar Thor");
    expect(text).toContain("Vila Mariana, São Paulo - SP");
    // The address is the site's own, never the Host the request came with.
    expect(text.endsWith(`${SITE}/pet/${pet.id}`)).toBe(true);
    expect(text).not.toContain("evil.example");
    // The preview's address (og:url, canonical) is the same.
    expect(page.url).toBe(`${SITE}/pet/${pet.id}`);
  });

  it("never carries the chat with the owner's own number", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const page = await petPage(pet.id, await signedInContext(owner));
    expect(page.whatsappChat).toBeNull();
    const json = JSON.stringify(page);
    expect(json).not.toContain(`/pet/${pet.id}/whatsapp`);
    expect(json).not.toContain("wa.me/55");
    expect(json.replace(/\D/g, "")).not.toContain("11987654321");
  });

  it("gives anyone else the chat through our route, and no owner's share link", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    for (const context of [(await makeContext()).context, await signedInContext(await createUser())]) {
      const page = await petPage(pet.id, context);
      expect(page.whatsappChat).toBe(`/pet/${pet.id}/whatsapp`);
      expect(page.shareOnWhatsapp).toBeNull();
    }
    // Without a number, no chat at all.
    const silent = await createPet(owner.id, { contactWhatsapp: null });
    expect((await petPage(silent.id, (await makeContext()).context)).whatsappChat).toBeNull();
  });

  it("words the message for each kind of ad", async () => {
    const owner = await createUser();
    const context = await signedInContext(owner);
    const texts = new Map<string, string>();
    for (const status of ["perdido", "encontrado", "avistado", "adocao"] as const) {
      const pet = await createPet(owner.id, { name: "Mel", status, location: "Centro, Osasco - SP" });
      texts.set(status, sharedText((await petPage(pet.id, context)).shareOnWhatsapp));
    }
    expect(texts.get("encontrado")).toContain("Encontrei");
    expect(texts.get("encontrado")).toContain("Centro, Osasco - SP");
    expect(texts.get("avistado")).toContain("Vi");
    expect(texts.get("adocao")).toContain("Mel");
    expect(texts.get("adocao")).toContain("lar");
    expect(new Set(texts.values()).size).toBe(4);
  });

  it("offers no share link for a closed ad", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { closedAs: "reencontrado", closedAt: new Date(), listed: false, contactWhatsapp: PHONE });
    const page = await petPage(pet.id, await signedInContext(owner));
    expect(page.shareOnWhatsapp).toBeNull();
    expect(page.whatsappChat).toBeNull();
  });
});

describe("the poster", () => {
  it("carries the number for its owner only, and the ad's address on the site for everyone", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: PHONE });
    const mine = await poster(pet.id, await signedInContext(owner));
    expect(mine).toMatchObject({ whatsapp: PHONE, url: `${SITE}/pet/${pet.id}` });
    for (const context of [(await makeContext()).context, await signedInContext(await createUser())]) {
      const theirs = await poster(pet.id, context);
      expect(theirs).toMatchObject({ whatsapp: null, url: `${SITE}/pet/${pet.id}`, pet: { hasWhatsapp: true } });
      const json = JSON.stringify(theirs);
      expect(json.replace(/\D/g, "")).not.toContain("11987654321");
      expect(json).not.toContain("98765");
      expect(json).not.toContain("evil.example");
    }
  });
});
