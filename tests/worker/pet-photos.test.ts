// Photo limits, draft ownership, blank-means-NULL and "a dropped image is really gone"
// for the pet ad forms, exercised through the route actions (docs/decisions/0008).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { petImages, pets, profiles } from "~/db/schema";
import { createPetWithImages, getPet } from "~/models/pets.server";
import { action as newPetAction, loader as newPetLoader } from "~/routes/cadastrar-pet";
import { loader as adsLoader } from "~/routes/anunciar";
import { action as editPetAction } from "~/routes/pet.edit";
import { action as deletePetAction } from "~/routes/pet.excluir";
import * as profileRoute from "~/routes/dashboard.perfil";
import { loader as imageLoader } from "~/routes/imagens";
import { CardImageJobs } from "~/platform/card-image-jobs.server";
import {
  IMAGE_LIMIT_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  putImages,
  type AcceptedImage,
} from "~/platform/images.server";
import { loadDraft } from "~/services/pet-drafts.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { takeToasts } from "~/platform/session.server";
import { jpegBomb } from "../support/jpeg-bomb";
import { tinyJpeg } from "../support/tiny-images";
import { makeContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind the dashboard's guard, as React Router runs it (docs/decisions/0034).
const { action: profileAction } = throughLayouts(profileRoute);
import { createPet, createUser, db } from "./fixtures";

type Fields = Record<string, string | File | (string | File)[]>;
type FormReply = {
  data: { keptPhotos?: string[]; result: { error: Record<string, string[] | null> | null } };
  init: { status: number };
};

let fileCount = 0;
/** A small real JPEG (the upload check asks the Images binding to read it); each one different. */
function jpeg(name = `foto-${++fileCount}.jpg`) {
  return new File([tinyJpeg(fileCount)], name, { type: "image/jpeg" });
}

function multipart(path: string, fields: Fields, headers: Record<string, string> = {}, cookie: string | null = null) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  if (cookie) headers = { ...headers, Cookie: cookie };
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

/**
 * A browser: its session cookie is kept between requests, as the root middleware would
 * (the session is committed to KV after each action).
 */
async function browser(user?: { id: string }) {
  let cookie: string | null = null;
  if (user) {
    const { session, storage } = await makeContext();
    session.set("userId", user.id);
    session.set("accountType", "personal");
    session.set("signedInAt", Date.now());
    session.set("expiresAt", Date.now() + 60 * 60_000);
    cookie = (await storage.commitSession(session)).split(";")[0]!;
  }
  return {
    async post(
      route: (args: never) => Promise<unknown>,
      path: string,
      fields: Fields,
      { params = {}, headers = {} }: { params?: Record<string, string>; headers?: Record<string, string> } = {},
    ) {
      const { context, session, storage } = await makeContext(cookie);
      const request = multipart(path, fields, headers, cookie);
      const result = await route({ request, context, params } as never).catch((thrown: unknown) => thrown);
      cookie = (await storage.commitSession(session)).split(";")[0]!;
      return { result, toasts: takeToasts(context), session };
    },
  };
}

const lostFields = (overrides: Fields = {}): Fields => ({
  kind: "perdido",
  category: "perdido",
  name: "Thor",
  type: "cachorro",
  breed: "Vira-lata",
  age: "3 anos",
  gender: "Macho",
  size: "Médio",
  color: "Caramelo",
  missingSince: "2026-01-10",
  contactWhatsapp: "(11) 98765-4321",
  city: "Vila Mariana, São Paulo - SP",
  ...overrides,
});

/** `n` published photos already in R2 (under pets/). */
async function stored(n: number) {
  const images: AcceptedImage[] = [];
  for (let i = 0; i < n; i++) {
    images.push({ name: "x.jpg", bytes: await jpeg().arrayBuffer(), type: { mime: "image/jpeg", extension: "jpg" } });
  }
  return putImages({ bucket: env.IMAGES, cardImages: new CardImageJobs() }, images, "pets");
}

const keyOf = (url: string) => url.replace(/^\/imagens\//, "");

/** What GET /imagens/<key> answers. */
async function served(url: string) {
  const { context } = await makeContext();
  const key = keyOf(url);
  const response = (await imageLoader({
    params: { "*": key },
    request: new Request(`http://localhost/imagens/${key}`),
    context,
  } as never)) as Response;
  return response.status;
}

const photosOf = async (id: number) => {
  const pet = (await getPet(db, id))!;
  return [pet.mainImageUrl, ...pet.images.map((i) => i.imageUrl)].filter(Boolean) as string[];
};
const petIdFrom = (result: unknown) => Number((result as Response).headers.get("Location")!.split("/").pop());
const draftCount = async () => (await env.IMAGES.list({ prefix: "rascunhos/" })).objects.length;

describe("photo limits on a new ad", () => {
  it("counts photos carried over from failed attempts: never more than 3, and the old drafts go", async () => {
    const user = await createUser();
    const me = await browser(user);
    // Three failed attempts (no name), each with three new photos and nothing carried.
    const attempts: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const { result } = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg(), jpeg(), jpeg()] }));
      expect((result as FormReply).init.status).toBe(400);
      attempts.push((result as FormReply).data.keptPhotos!);
    }
    const all = attempts.flat();
    expect(new Set(all).size).toBe(9);
    // A session holds one ad's worth of draft photos: the earlier ones are gone.
    for (const url of [...attempts[0]!, ...attempts[1]!]) expect(await served(url)).toBe(404);
    for (const url of attempts[2]!) expect(await served(url)).toBe(200);

    // A forged form carries all nine (and repeats one) plus a new file.
    const { result, toasts } = await me.post(
      newPetAction,
      "/cadastrar-pet",
      lostFields({ keptPhoto: [...all, all[8]!, all[8]!], photos: [jpeg()] }),
    );
    expect((result as Response).status).toBe(303);
    const photos = await photosOf(petIdFrom(result));
    expect(photos).toHaveLength(3);
    expect(toasts.map((t) => t.title)).toContain(IMAGE_LIMIT_MESSAGE);
  });

  it("keeps carried photos first and drops the new files that do not fit, telling the user", async () => {
    const user = await createUser();
    const me = await browser(user);
    const first = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg(), jpeg()] }));
    const kept = (first.result as FormReply).data.keptPhotos!;
    expect(kept).toHaveLength(2);

    const { result, toasts } = await me.post(
      newPetAction,
      "/cadastrar-pet",
      lostFields({ keptPhoto: kept, photos: [jpeg(), jpeg(), jpeg()] }),
    );
    expect((result as Response).status).toBe(303);
    expect(await photosOf(petIdFrom(result))).toHaveLength(3);
    expect(toasts).toContainEqual({ type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
    // Published photos moved to pets/: the drafts no longer exist.
    for (const url of kept) expect(await served(url)).toBe(404);
  });

  it("a form coming back with errors says so when it had more photos than fit", async () => {
    const me = await browser(await createUser());
    const first = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg(), jpeg()] }));
    const kept = (first.result as FormReply).data.keptPhotos!;
    const { result } = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", keptPhoto: kept, photos: [jpeg(), jpeg()] }));
    const reply = result as FormReply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.keptPhotos).toHaveLength(3);
    expect(reply.data.result.error!.photos).toContain(IMAGE_LIMIT_MESSAGE);
  });
});

describe("a photo that cannot become a card never reaches a listing (docs/decisions/0029)", () => {
  type Reply = FormReply & { data: { result: { initialValue: Record<string, unknown> | null } } };

  it("refuses a 619-byte-style JPEG that declares 7000 × 7000 (49 MP), keeping what was typed and storing nothing", async () => {
    const me = await browser(await createUser());
    const before = await draftCount();
    const bomb = new File([jpegBomb(7000, 7000) as Uint8Array<ArrayBuffer>], "bomba.jpg", { type: "image/jpeg" });
    const { result } = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "Thor", photos: [bomb] }));
    const reply = result as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error!.photos).toEqual([IMAGE_TOO_LARGE_MESSAGE("bomba.jpg")]);
    expect(reply.data.result.initialValue!.name).toBe("Thor");
    expect(reply.data.keptPhotos).toEqual([]);
    expect(await draftCount()).toBe(before);
  });

  it("refuses bytes the Images binding cannot read, with a JPEG signature in front", async () => {
    const me = await browser(await createUser());
    const bytes = new Uint8Array(4096);
    bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (let i = 10; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    const broken = new File([bytes], "quebrada.jpg", { type: "image/jpeg" });
    const { result } = await me.post(newPetAction, "/cadastrar-pet", lostFields({ photos: [jpeg(), broken] }));
    const reply = result as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error!.photos).toEqual([IMAGE_UNREADABLE_MESSAGE("quebrada.jpg")]);
    // The readable photo is kept for the next try, as with any other refusal.
    expect(reply.data.keptPhotos).toHaveLength(1);
  });

  it("refuses a 49 MP declared avatar on the profile too", async () => {
    const user = await createUser();
    const me = await browser(user);
    const bomb = new File([jpegBomb(7000, 7000) as Uint8Array<ArrayBuffer>], "eu.jpg", { type: "image/jpeg" });
    const { result } = await me.post(profileAction, "/dashboard/perfil", { name: "Maria Souza", email: user.email, avatar: bomb });
    const reply = result as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error!.avatar).toEqual([IMAGE_TOO_LARGE_MESSAGE("eu.jpg")]);
    expect((await db.select({ url: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, user.id)))[0]!.url).toBeNull();
  });
});

describe("draft photos belong to the session that uploaded them", () => {
  it("another session can neither adopt nor delete them", async () => {
    const owner = await browser(await createUser());
    const { result } = await owner.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg()] }));
    const [theirs] = (result as FormReply).data.keptPhotos!;
    expect(await served(theirs!)).toBe(200);

    const stranger = await browser(await createUser());
    // Removing it: refused silently, the photo stays.
    const removal = await stranger.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", keptPhoto: theirs!, removeKept: theirs! }));
    expect((removal.result as FormReply).data.keptPhotos).toEqual([]);
    expect(await served(theirs!)).toBe(200);

    // Adopting it: without a photo of their own, the form asks for one.
    const adoption = await stranger.post(newPetAction, "/cadastrar-pet", lostFields({ keptPhoto: theirs! }));
    const reply = adoption.result as FormReply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.keptPhotos).toEqual([]);
    expect(reply.data.result.error!.photos).toEqual(["Envie pelo menos uma foto do pet."]);

    // With a photo of their own, the ad is published without the stolen one.
    const published = await stranger.post(newPetAction, "/cadastrar-pet", lostFields({ keptPhoto: theirs!, photos: [jpeg()] }));
    expect(await photosOf(petIdFrom(published.result))).toHaveLength(1);
    expect(await served(theirs!)).toBe(200);

    // The owner still can.
    const own = await owner.post(newPetAction, "/cadastrar-pet", lostFields({ keptPhoto: theirs! }));
    expect(await photosOf(petIdFrom(own.result))).toHaveLength(1);
  });

  it("discarding the draft deletes every draft photo of the session", async () => {
    const me = await browser();
    // A visitor who chose 'Entrar antes de publicar' has a draft waiting for sign-in
    // (docs/decisions/0044)...
    const saved = await me.post(newPetAction, "/cadastrar-pet", lostFields({ intent: "entrar-antes", photos: [jpeg()] }));
    expect((saved.result as Response).headers.get("Location")).toMatch(/^\/entrar\?redirectTo=/);
    const [inDraft] = (await loadDraft(env.KV, saved.session.get("petDraftId")))!.photoUrls;
    // ...then a failed attempt carries that photo and adds one the draft does not list.
    const failed = await me.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", keptPhoto: inDraft!, photos: [jpeg()] }));
    const photos = (failed.result as FormReply).data.keptPhotos!;
    expect(photos).toHaveLength(2);
    for (const url of photos) expect(await served(url)).toBe(200);

    const discarded = await me.post(newPetAction, "/cadastrar-pet", { intent: "descartar-rascunho" });
    expect((discarded.result as Response).status).toBe(303);
    for (const url of photos) expect(await served(url)).toBe(404);
    expect(discarded.session.get("petDraftId")).toBeUndefined();
  });
});

describe("anonymous draft uploads are limited", () => {
  it("refuses a visitor's photos past the per-address ceiling with 429, storing nothing", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.77" };
    // Each request from a new browser (no cookie): only the address links them.
    for (let i = 0; i < 20; i++) {
      const visitor = await browser();
      const { result } = await visitor.post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg(), jpeg(), jpeg()] }), {
        headers,
      });
      expect((result as FormReply).init.status).toBe(400);
    }
    const before = await draftCount();
    const visitor = await browser();
    const { result } = await visitor.post(newPetAction, "/cadastrar-pet", lostFields({ photos: [jpeg()] }), { headers });
    const reply = result as FormReply;
    expect(reply.init.status).toBe(429);
    expect(reply.data.result.error![""]).toEqual([RATE_LIMITED_MESSAGE]);
    expect(reply.data.result.error!.name ?? null).toBeNull();
    expect(await draftCount()).toBe(before);

    // Another address, and a signed-in user behind the same one, are not held back.
    const elsewhere = await (await browser()).post(newPetAction, "/cadastrar-pet", lostFields({ name: "", photos: [jpeg()] }), {
      headers: { "CF-Connecting-IP": "198.51.100.9" },
    });
    expect((elsewhere.result as FormReply).init.status).toBe(400);
    const member = await (await browser(await createUser())).post(newPetAction, "/cadastrar-pet", lostFields({ photos: [jpeg()] }), {
      headers,
    });
    expect((member.result as Response).status).toBe(303);
  });
});

describe("pet edit", () => {
  const editFields = (overrides: Fields = {}): Fields => ({
    name: "Thor",
    type: "cachorro",
    city: "Vila Mariana, São Paulo - SP",
    status: "perdido",
    ...overrides,
  });
  const edit = async (user: { id: string }, id: number, fields: Fields) =>
    (await browser(user)).post(editPetAction, `/pet/${id}/edit`, fields, { params: { id: String(id) } });

  it("blank optional fields become NULL", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, {
      breed: "Vira-lata",
      age: "3 anos",
      gender: "Macho",
      size: "Médio",
      color: "Caramelo",
      temperament: "Dócil",
      contactWhatsapp: "(11) 98765-4321",
      description: "Usava coleira azul.",
      youtube: "https://youtu.be/abc123",
    });
    const { result } = await edit(
      owner,
      pet.id,
      editFields({
        breed: "",
        age: " ",
        gender: "",
        size: "",
        color: "",
        temperament: "",
        contactWhatsapp: "",
        description: "",
        youtube: "",
      }),
    );
    expect((result as Response).status).toBe(302);
    const [row] = await db.select().from(pets).where(eq(pets.id, pet.id));
    expect(row).toMatchObject({
      breed: null,
      age: null,
      gender: null,
      size: null,
      color: null,
      temperament: null,
      contactWhatsapp: null,
      description: null,
      youtube: null,
    });
  });

  it("refuses a WhatsApp number without DDD, keeping the pet as it was", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id, { contactWhatsapp: "(11) 98765-4321" });
    const { result } = await edit(owner, pet.id, editFields({ contactWhatsapp: "1234" }));
    expect((result as FormReply).init.status).toBe(400);
    expect((result as FormReply).data.result.error!.contactWhatsapp).toEqual(["Informe um WhatsApp com DDD, por exemplo (11) 98765-4321."]);
    expect((await getPet(db, pet.id))!.contactWhatsapp).toBe("(11) 98765-4321");
  });

  it("keeps the pet's status by default, avistado included, and offers avistado only to an avistado pet", async () => {
    const owner = await createUser();
    const sighted = await createPet(owner.id, { status: "avistado" });
    // A form without the field (or an old form) keeps the status.
    await edit(owner, sighted.id, editFields({ status: [] }));
    expect((await getPet(db, sighted.id))!.status).toBe("avistado");
    const kept = await edit(owner, sighted.id, editFields({ status: "avistado", name: "Visto na praça" }));
    expect((kept.result as Response).status).toBe(302);
    expect(await getPet(db, sighted.id)).toMatchObject({ status: "avistado", name: "Visto na praça" });

    const found = await createPet(owner.id, { status: "encontrado" });
    await edit(owner, found.id, editFields({ status: [] }));
    expect((await getPet(db, found.id))!.status).toBe("encontrado");

    const lost = await createPet(owner.id, { status: "perdido" });
    const refused = await edit(owner, lost.id, editFields({ status: "avistado" }));
    expect((refused.result as FormReply).init.status).toBe(400);
    expect((await getPet(db, lost.id))!.status).toBe("perdido");
  });

  it("adds only the new photos that fit and tells the owner", async () => {
    const owner = await createUser();
    const [a, b] = await stored(2);
    const id = await createPetWithImages(db, owner.id, { name: "Thor", type: "cachorro", location: "Centro", status: "perdido" }, [a!, b!]);
    const { result, toasts } = await edit(owner, id, editFields({ photos: [jpeg(), jpeg(), jpeg()] }));
    expect((result as Response).status).toBe(302);
    const photos = await photosOf(id);
    expect(photos).toHaveLength(3);
    expect(photos.slice(0, 2)).toEqual([a, b]);
    expect(toasts).toContainEqual({ type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só 1 foto nova foi guardada." });
  });

  it("an ad saved with more than 3 photos must lose some before it is saved again", async () => {
    const owner = await createUser();
    const urls = ["1", "2", "3", "4", "5"].map((n) => `/imagens/pets/legado-${n}.jpg`);
    const id = await createPetWithImages(db, owner.id, { name: "Thor", type: "cachorro", location: "Centro", status: "perdido" }, urls);
    const refused = await edit(owner, id, editFields({ name: "Thor Jr." }));
    const reply = refused.result as FormReply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error!.photos).toEqual([IMAGE_LIMIT_MESSAGE, 'Marque "Remover" em 2 das fotos atuais para salvar.']);
    expect((await getPet(db, id))!.name).toBe("Thor");

    const { result } = await edit(owner, id, editFields({ name: "Thor Jr.", removeImage: [urls[1]!, urls[3]!] }));
    expect((result as Response).status).toBe(302);
    expect(await photosOf(id)).toEqual([urls[0], urls[2], urls[4]]);
  });
});

describe("an image that is dropped stops being served", () => {
  it("when the pet is deleted", async () => {
    const owner = await createUser();
    const urls = await stored(3);
    const id = await createPetWithImages(db, owner.id, { name: "Thor", type: "cachorro", location: "Centro", status: "perdido" }, urls);
    for (const url of urls) expect(await served(url)).toBe(200);

    // Someone else's delete changes nothing.
    const stranger = await browser(await createUser());
    await stranger.post(deletePetAction, `/pet/${id}/excluir`, {}, { params: { id: String(id) } });
    for (const url of urls) expect(await served(url)).toBe(200);

    const { result } = await (await browser(owner)).post(deletePetAction, `/pet/${id}/excluir`, {}, { params: { id: String(id) } });
    expect((result as Response).status).toBe(303);
    expect(await db.$count(petImages, eq(petImages.petId, id))).toBe(0);
    for (const url of urls) expect(await served(url)).toBe(404);
  });

  it("when a photo is removed on edit", async () => {
    const owner = await createUser();
    const urls = await stored(2);
    const id = await createPetWithImages(db, owner.id, { name: "Thor", type: "cachorro", location: "Centro", status: "perdido" }, urls);
    const { result } = await (await browser(owner)).post(
      editPetAction,
      `/pet/${id}/edit`,
      { name: "Thor", type: "cachorro", city: "Centro, São Paulo - SP", status: "perdido", removeImage: urls[0]! },
      { params: { id: String(id) } },
    );
    expect((result as Response).status).toBe(302);
    expect(await photosOf(id)).toEqual([urls[1]]);
    expect(await served(urls[0]!)).toBe(404);
    expect(await served(urls[1]!)).toBe(200);
  });

  it("when the avatar is replaced, then removed", async () => {
    const user = await createUser();
    const me = await browser(user);
    const avatarOf = async () => (await db.select({ url: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, user.id)))[0]!.url;
    const profile = { name: "Maria Souza", email: user.email };

    await me.post(profileAction, "/dashboard/perfil", { ...profile, avatar: jpeg("eu.jpg") });
    const first = (await avatarOf())!;
    expect(await served(first)).toBe(200);

    await me.post(profileAction, "/dashboard/perfil", { ...profile, avatar: jpeg("eu2.jpg") });
    const second = (await avatarOf())!;
    expect(second).not.toBe(first);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    await me.post(profileAction, "/dashboard/perfil", { ...profile, removeAvatar: "on" });
    expect(await avatarOf()).toBeNull();
    expect(await served(second)).toBe(404);
  });
});

describe("the question before the ad form (docs/decisions/0033 §9)", () => {
  const load = async (route: typeof newPetLoader | typeof adsLoader, path: string, cookie: string | null = null) => {
    const { context } = await makeContext(cookie);
    const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    return (await route({ request, context, params: {} } as never)) as { aba: string | null };
  };

  it("preselects nothing: both pages ask first unless the link names a choice", async () => {
    expect((await load(newPetLoader, "/cadastrar-pet")).aba).toBeNull();
    expect((await load(adsLoader, "/anunciar")).aba).toBeNull();
    expect((await load(adsLoader, "/anunciar?aba=qualquer")).aba).toBeNull();
    expect((await load(adsLoader, "/anunciar?aba=encontrado")).aba).toBe("encontrado");
    expect((await load(newPetLoader, "/cadastrar-pet?aba=adocao")).aba).toBe("adocao");
  });

  it("brings a visitor who found a pet back to 'Encontrei um pet' after sign-in, with the draft", async () => {
    const visitor = await browser();
    const { result, session } = await visitor.post(
      newPetAction,
      "/cadastrar-pet?aba=encontrado",
      lostFields({ category: "encontrado", intent: "entrar-antes", photos: [jpeg()] }),
      { headers: { "CF-Connecting-IP": "198.51.100.21" } },
    );
    const location = (result as Response).headers.get("Location")!;
    expect(new URL(location, "http://localhost").searchParams.get("redirectTo")).toBe("/cadastrar-pet?aba=encontrado");
    // The draft alone (a link without ?aba=) also says which choice it was.
    const { storage } = await makeContext();
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    expect((await load(newPetLoader, "/cadastrar-pet", cookie)).aba).toBe("encontrado");
    expect((await load(adsLoader, "/anunciar", cookie)).aba).toBe("encontrado");
  });
});
