// The NGO's organization (docs/decisions/0016): one per account (the unique
// index and the action), registration with photos, the gallery (12 photos in all,
// remove, main image), edits, ownership inside every query and R2 kept in step.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organizationImages, organizations, type AccountType } from "~/db/schema";
import { insertOrganization } from "~/models/organizations.server";
import * as cadastrarRoute from "~/routes/ong.dashboard.cadastrar";
import * as perfilRoute from "~/routes/ong.dashboard._index";
import * as publicPage from "~/routes/ong";
import * as ongsRoute from "~/routes/ongs";
import * as verOngsRoute from "~/routes/ver-ongs";
import { MAX_ORGANIZATION_PHOTOS } from "~/services/organizations.server";
import { getSession } from "~/platform/session.server";
import { createOrganization, createUser, db } from "./fixtures";
import {
  type Actor,
  contextFor,
  describeDiff,
  diffStores,
  fullSnapshot,
  invoke,
  isUnchanged,
  pngFile,
  postForm,
  routeAt,
  storedImage,
} from "./route-harness";

const route = routeAt;
const CADASTRAR = route(cadastrarRoute, "/ong/dashboard/cadastrar");
const PERFIL = route(perfilRoute, "/ong/dashboard");
const PUBLIC = route(publicPage, "/ong/:id");
const ONGS = route(ongsRoute, "/ongs");
const VER_ONGS = route(verOngsRoute, "/ver-ongs");

async function ngo(): Promise<Actor> {
  const user = await createUser("ngo");
  return { ...user, accountType: "ngo" as AccountType };
}

const FORM = {
  type: "abrigo",
  name: "Abrigo Esperança",
  actionArea: "adocao",
  whatsapp: "(11) 98765-4321",
  email: "Contato@AbrigoEsperanca.org.br",
  city: "Campinas, SP",
  description: "Acolhemos cães e gatos resgatados.",
  website: "abrigoesperanca.org.br",
  instagram: "@AbrigoEsperanca",
  facebook: "fb.com/abrigoesperanca",
  youtube: "",
};

async function call(target: typeof CADASTRAR, actor: Actor | null, request: Request, params: Record<string, string> = {}) {
  const context = await contextFor(actor);
  const outcome = await invoke(target, request.method === "GET" ? "loader" : "action", request, params, context);
  expect(outcome.error).toBeNull();
  return { outcome, context: context.context };
}

const orgOf = async (userId: string) => (await db.select().from(organizations).where(eq(organizations.userId, userId)))[0];
const galleryOf = (organizationId: number) =>
  db.select().from(organizationImages).where(eq(organizationImages.organizationId, organizationId)).orderBy(organizationImages.id);
const r2Has = async (url: string | null | undefined) => (url ? (await env.IMAGES.head(url.replace(/^\/imagens\//, ""))) !== null : false);
const toastTitles = (context: Parameters<typeof getSession>[0]) =>
  ((getSession(context).get("toasts") as { title: string }[] | undefined) ?? []).map((t) => t.title);

async function ownOrganization(owner: Actor, gallery = 2) {
  const main = await storedImage("ongs");
  const organization = await createOrganization(owner.id, { mainImageUrl: main });
  const urls: string[] = [];
  for (let i = 0; i < gallery; i++) urls.push(await storedImage("ongs"));
  if (urls.length) await db.insert(organizationImages).values(urls.map((imageUrl) => ({ organizationId: organization.id, imageUrl })));
  return { organization, main, gallery: await galleryOf(organization.id) };
}

describe("Cadastrar ONG", () => {
  it("registers the organization: first photo main, the others the gallery; Instagram and Facebook as their links", async () => {
    const owner = await ngo();
    const request = postForm("/ong/dashboard/cadastrar", { ...FORM, photos: [pngFile("a.png"), pngFile("b.png")] });
    const { outcome } = await call(CADASTRAR, owner, request);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/ong/dashboard");
    const row = await orgOf(owner.id);
    expect(row).toMatchObject({
      name: "Abrigo Esperança",
      type: "abrigo",
      actionArea: "adocao",
      email: "contato@abrigoesperanca.org.br",
      website: "abrigoesperanca.org.br",
      socialMedia: { instagram: "https://www.instagram.com/abrigoesperanca", facebook: "https://www.facebook.com/abrigoesperanca" },
      youtube: null,
    });
    expect(row!.mainImageUrl).toMatch(/^\/imagens\/ongs\/[0-9a-f-]+\.png$/);
    expect(await r2Has(row!.mainImageUrl)).toBe(true);
    const gallery = await galleryOf(row!.id);
    expect(gallery).toHaveLength(1);
    expect(await r2Has(gallery[0]!.imageUrl)).toBe(true);
  });

  it("keeps only the first 3 photos and says so", async () => {
    const owner = await ngo();
    const photos = ["a", "b", "c", "d", "e"].map((n) => pngFile(`${n}.png`));
    const { outcome, context } = await call(CADASTRAR, owner, postForm("/ong/dashboard/cadastrar", { ...FORM, photos }));
    expect(outcome.status).toBe(303);
    const row = await orgOf(owner.id);
    expect(await galleryOf(row!.id)).toHaveLength(2);
    expect(toastTitles(context)).toContain("Limite de 3 imagens por anúncio.");
  });

  it("asks for at least one photo and keeps what was typed (400, nothing written)", async () => {
    const owner = await ngo();
    const before = await fullSnapshot();
    const { outcome } = await call(CADASTRAR, owner, postForm("/ong/dashboard/cadastrar", { ...FORM, name: "" }));
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("Adicione pelo menos uma foto.");
    expect(JSON.stringify(outcome.data)).toContain("Por favor, preencha o nome.");
    expect(JSON.stringify(outcome.data)).toContain("Campinas, SP");
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("the form starts with the account's name and e-mail", async () => {
    const owner = await ngo();
    const page = await call(CADASTRAR, owner, new Request("http://localhost/ong/dashboard/cadastrar"));
    expect(page.outcome.data).toMatchObject({
      hasOrganization: false,
      defaults: { name: expect.stringMatching(/^Pessoa /), email: owner.email },
    });
  });

  it("one organization per account: the page shows the notice; a forged POST writes nothing, not even R2", async () => {
    const owner = await ngo();
    await ownOrganization(owner, 0);
    const page = await call(CADASTRAR, owner, new Request("http://localhost/ong/dashboard/cadastrar"));
    expect(page.outcome.data).toEqual({ hasOrganization: true });
    const before = await fullSnapshot();
    const forged = await call(CADASTRAR, owner, postForm("/ong/dashboard/cadastrar", { ...FORM, photos: pngFile() }));
    expect(forged.outcome.status).toBe(409);
    const diff = diffStores(before, await fullSnapshot());
    expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
    expect(await db.$count(organizations, eq(organizations.userId, owner.id))).toBe(1);
  });

  it("the unique index refuses a second organization even past the action's check", async () => {
    const owner = await ngo();
    await ownOrganization(owner, 0);
    const { city: _city, ...form } = FORM;
    const fields = {
      ...form,
      location: "Campinas - SP",
      municipalityCode: 3509502,
      type: "ong" as const,
      actionArea: "resgate" as const,
      email: "x@exemplo.org.br",
      website: null,
      socialMedia: null,
      youtube: null,
    };
    const before = await fullSnapshot();
    expect(await insertOrganization(db, owner.id, fields, "/imagens/ongs/x.png", ["/imagens/ongs/y.png"])).toBeNull();
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("a POST whose session is gone goes to /entrar with the spec's message", async () => {
    const { outcome, context } = await call(CADASTRAR, null, postForm("/ong/dashboard/cadastrar", { ...FORM, photos: pngFile() }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/entrar\?redirectTo=/);
    const toasts = (getSession(context).get("toasts") as { description?: string }[] | undefined) ?? [];
    expect(toasts.map((t) => t.description)).toContain("Você precisa estar logado para cadastrar uma ONG ou voluntário.");
  });
});

describe("Perfil da ONG", () => {
  it("without an organization: the page has none (the invitation to register)", async () => {
    const { outcome } = await call(PERFIL, await ngo(), new Request("http://localhost/ong/dashboard"));
    expect(outcome.data).toMatchObject({ organization: null });
  });

  it("edits every field; blank optional fields become NULL", async () => {
    const owner = await ngo();
    const { organization } = await ownOrganization(owner, 0);
    await db
      .update(organizations)
      .set({ website: "x.org", youtube: "yt", socialMedia: { instagram: "@x" } })
      .where(eq(organizations.id, organization.id));
    const request = postForm("/ong/dashboard?index", {
      ...FORM,
      intent: "salvar",
      name: "Nome Novo",
      website: "  ",
      instagram: "",
      facebook: "",
      youtube: "",
    });
    const { outcome, context } = await call(PERFIL, owner, request);
    expect(outcome.status).toBe(303);
    expect(toastTitles(context)).toContain("Perfil atualizado!");
    expect(await orgOf(owner.id)).toMatchObject({ name: "Nome Novo", type: "abrigo", website: null, socialMedia: null, youtube: null });
  });

  it("adds photos up to 12 in all (the main image counts); extra objects leave R2", async () => {
    const owner = await ngo();
    const { organization } = await ownOrganization(owner, 9); // 1 main + 9 = 10
    const before = await fullSnapshot();
    const photos = ["a", "b", "c"].map((n) => pngFile(`${n}.png`));
    const { outcome, context } = await call(PERFIL, owner, postForm("/ong/dashboard?index", { intent: "adicionar-fotos", photos }));
    expect(outcome.status).toBe(303);
    expect(toastTitles(context)).toContain("Imagem atualizada");
    expect(await galleryOf(organization.id)).toHaveLength(MAX_ORGANIZATION_PHOTOS - 1);
    const diff = diffStores(before, await fullSnapshot());
    // Two originals and their card copies: the third was put and removed again, and got no copy.
    expect(diff.r2.added).toHaveLength(4);
    const full = await call(PERFIL, owner, postForm("/ong/dashboard?index", { intent: "adicionar-fotos", photos: pngFile() }));
    expect(full.outcome.status).toBe(409);
    expect(await galleryOf(organization.id)).toHaveLength(MAX_ORGANIZATION_PHOTOS - 1);
  });

  it("refuses a file that is not an image (400, nothing written)", async () => {
    const owner = await ngo();
    await ownOrganization(owner, 0);
    const before = await fullSnapshot();
    const bad = new File(["<svg/>"], "x.png", { type: "image/png" });
    const { outcome } = await call(PERFIL, owner, postForm("/ong/dashboard?index", { intent: "adicionar-fotos", photos: bad }));
    expect(outcome.status).toBe(400);
    expect(isUnchanged(diffStores(before, await fullSnapshot()))).toBe(true);
  });

  it("removes a gallery photo and its R2 object", async () => {
    const owner = await ngo();
    const { organization, gallery } = await ownOrganization(owner, 2);
    const target = gallery[0]!;
    const { outcome, context } = await call(
      PERFIL,
      owner,
      postForm("/ong/dashboard?index", { intent: "remover-foto", imageId: String(target.id) }),
    );
    expect(outcome.status).toBe(303);
    expect(toastTitles(context)).toContain("Imagem removida");
    expect((await galleryOf(organization.id)).map((g) => g.id)).toEqual([gallery[1]!.id]);
    expect(await r2Has(target.imageUrl)).toBe(false);
  });

  it("chooses the main image: the two swap places and no object leaves R2", async () => {
    const owner = await ngo();
    const { organization, main, gallery } = await ownOrganization(owner, 2);
    const chosen = gallery[1]!;
    const before = await fullSnapshot();
    const { outcome, context } = await call(
      PERFIL,
      owner,
      postForm("/ong/dashboard?index", { intent: "foto-principal", imageId: String(chosen.id) }),
    );
    expect(outcome.status).toBe(303);
    expect(toastTitles(context)).toContain("Imagem atualizada");
    expect((await orgOf(owner.id))!.mainImageUrl).toBe(chosen.imageUrl);
    expect((await galleryOf(organization.id)).map((g) => g.imageUrl).sort()).toEqual([gallery[0]!.imageUrl, main].sort());
    expect(diffStores(before, await fullSnapshot()).r2).toEqual({ added: [], removed: [], changed: [] });
  });

  it("another NGO's forged POSTs change nothing", async () => {
    const owner = await ngo();
    const other = await ngo();
    await ownOrganization(other, 0);
    const { gallery } = await ownOrganization(owner, 2);
    const before = await fullSnapshot();
    const attempts = [
      { intent: "remover-foto", imageId: String(gallery[0]!.id) },
      { intent: "foto-principal", imageId: String(gallery[1]!.id) },
    ];
    for (const fields of attempts) {
      const { outcome, context } = await call(PERFIL, other, postForm("/ong/dashboard?index", fields));
      expect(outcome.status).toBe(404);
      expect(toastTitles(context).length).toBe(1);
    }
    const diff = diffStores(before, await fullSnapshot());
    expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
  });

  it("an NGO without an organization cannot save or add photos (nothing written)", async () => {
    const lone = await ngo();
    const before = await fullSnapshot();
    const save = await call(PERFIL, lone, postForm("/ong/dashboard?index", { ...FORM, intent: "salvar" }));
    expect(save.outcome.status).toBe(404);
    const add = await call(PERFIL, lone, postForm("/ong/dashboard?index", { intent: "adicionar-fotos", photos: pngFile() }));
    expect(add.outcome.status).toBe(409);
    const diff = diffStores(before, await fullSnapshot());
    expect(isUnchanged(diff), describeDiff(diff)).toBe(true);
  });
});

describe("public pages", () => {
  it("/ong/{id} has the organization and its gallery, without the owner's id or e-mail", async () => {
    const owner = await ngo();
    const { organization } = await ownOrganization(owner, 1);
    const { outcome } = await call(PUBLIC, null, new Request(`http://localhost/ong/${organization.id}?aba=galeria`), {
      id: String(organization.id),
    });
    expect(outcome.status).toBe(200);
    const body = JSON.stringify(outcome.data);
    expect(body).not.toContain(owner.id);
    expect(body).not.toContain(owner.email);
    expect(outcome.data).toMatchObject({ tab: "galeria", isOwner: false, organization: { id: organization.id } });
    expect((outcome.data as { organization: { images: unknown[] } }).organization.images).toHaveLength(1);
  });

  it("/ong/{id} answers 404 for unknown or odd ids", async () => {
    for (const id of ["999999999", "abc", "0"]) {
      const { outcome } = await call(PUBLIC, null, new Request(`http://localhost/ong/${id}`), { id });
      expect(outcome.status).toBe(404);
    }
  });

  it("/ongs and /ver-ongs list the same organizations, filtered by type", async () => {
    const a = await ngo();
    const b = await ngo();
    const abrigo = await createOrganization(a.id, { type: "abrigo", name: "Filtro Abrigo Único" });
    await createOrganization(b.id, { type: "protetor", name: "Filtro Protetor Único" });
    for (const target of [ONGS, VER_ONGS]) {
      const path = target.pattern;
      const { outcome } = await call(target, null, new Request(`http://localhost${path}?categoria=abrigo&q=Filtro`));
      const data = outcome.data as { items: { id: number; type: string }[]; type: string };
      expect(data.type).toBe("abrigo");
      expect(data.items.map((i) => i.id)).toEqual([abrigo.id]);
      const unknown = await call(target, null, new Request(`http://localhost${path}?categoria=xyz&q=Filtro`));
      expect((unknown.outcome.data as { items: unknown[]; type: unknown }).type).toBeNull();
      expect((unknown.outcome.data as { items: unknown[] }).items).toHaveLength(2);
    }
  });
});
