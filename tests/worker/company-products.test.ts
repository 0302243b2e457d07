// A company's products through the route actions (docs/decisions/0014): create, edit and
// delete as the owner, the Basic plan's limit inside the INSERT, Premium (current and
// lapsed), ownership against forged POSTs, and R2 objects that go with their rows.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, productImages, products, type Plan } from "~/db/schema";
import { BASIC_LIMIT_MESSAGE, BASIC_PRODUCT_LIMIT } from "~/lib/plans";
import { createProductWithinPlan, getOwnedProduct } from "~/models/products.server";
import { listProductsPage } from "~/models/listings.server";
import { SIGNED_OUT_MESSAGE } from "~/services/company-products.server";
import { takeToasts } from "~/platform/session.server";
import { createProduct, createUser, db } from "./fixtures";
import { type Actor, contextFor, invoke, pngBytes, postForm, routeEntries, storedImage } from "./route-harness";

const route = (id: string) => routeEntries().find((r) => r.id === id)!;
const NEW = "empresa.dashboard.produtos.novo";
const EDIT = "empresa.dashboard.produtos.editar";
const DELETE = "empresa.dashboard.produtos.excluir";

/** A company account (its company row comes with it, basic) on the given plan. */
async function company(plan: Plan = "basic", planExpiresAt: Date | null = null): Promise<Actor> {
  const user = await createUser("company");
  await db.update(companies).set({ plan, planExpiresAt }).where(eq(companies.id, user.id));
  return { ...user, accountType: "company" };
}

let fileCount = 0;
function png(name = `foto-${++fileCount}.png`) {
  return new File([pngBytes(fileCount & 255)], name, { type: "image/png" });
}

const fields = (overrides: Record<string, string | File | (string | File)[]> = {}) => ({
  category: "alimentacao",
  title: "Ração Premium 15 kg",
  description: "Ração super premium para cães adultos.",
  price: "R$ 1.234,56",
  contact: "(11) 97777-1234",
  city: "Moema, São Paulo - SP",
  instagram: "@Loja",
  facebook: "",
  website: "",
  homeDelivery: "on",
  ...overrides,
});

async function call(id: string, actor: Actor | null, request: Request, params: Record<string, string> = {}) {
  const context = await contextFor(actor);
  const outcome = await invoke(route(id), "action", request, params, context);
  return { ...outcome, toasts: takeToasts(context.context) };
}

async function r2Keys(prefix = "produtos/") {
  return (await env.IMAGES.list({ prefix })).objects.map((o) => o.key).sort();
}

const countOf = (userId: string) => db.$count(products, eq(products.userId, userId));

describe("produtos da empresa", () => {
  it("creates a product with its photos: cents, social links, main image and product_images", async () => {
    const owner = await company();
    const before = await r2Keys();
    const out = await call(NEW, owner, postForm("/empresa/dashboard/produtos/novo", fields({ photos: [png(), png(), png()] })));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/empresa/dashboard");
    expect(out.toasts.map((t) => t.title)).toContain("Produto publicado");
    const [row] = await db.select().from(products).where(eq(products.userId, owner.id));
    expect(row).toMatchObject({
      priceCents: 123456,
      socialMedia: { instagram: "https://www.instagram.com/loja" },
      website: null,
      homeDelivery: true,
      category: "alimentacao",
    });
    expect(row!.mainImageUrl).toMatch(/^\/imagens\/produtos\/[0-9a-f-]{36}\.png$/);
    const extras = await db.select().from(productImages).where(eq(productImages.productId, row!.id));
    expect(extras).toHaveLength(2);
    // Three originals, and the card copy of each (real PNGs: docs/decisions/0029).
    expect((await r2Keys()).length).toBe(before.length + 6);
  });

  it("refuses bad input with 400, the typed values kept and nothing written", async () => {
    const owner = await company();
    const before = await r2Keys();
    const out = await call(
      NEW,
      owner,
      postForm("/empresa/dashboard/produtos/novo", fields({ price: "49,999", contact: "na loja", photos: png() })),
    );
    expect(out.status).toBe(400);
    const reply = out.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error.price).toEqual(["Use no máximo 2 casas decimais."]);
    expect(reply.result.error.contact).toEqual(["Informe um telefone com DDD ou um e-mail para contato."]);
    expect(reply.result.initialValue.price).toBe("49,999");
    expect(await countOf(owner.id)).toBe(0);
    expect(await r2Keys()).toEqual(before);
  });

  it("takes Instagram and Facebook as '@perfil', 'perfil' or an address, and refuses anything else", async () => {
    const owner = await company();
    const out = await call(
      NEW,
      owner,
      postForm(
        "/empresa/dashboard/produtos/novo",
        fields({ instagram: "@bomprachorro", facebook: "https://m.facebook.com/Bom.Pra.Cachorro/?ref=x" }),
      ),
    );
    expect(out.status).toBe(303);
    const [row] = await db.select().from(products).where(eq(products.userId, owner.id));
    expect(row!.socialMedia).toEqual({
      instagram: "https://www.instagram.com/bomprachorro",
      facebook: "https://www.facebook.com/Bom.Pra.Cachorro",
    });

    // Another address, or words, in the field: each gets its message, the text is kept.
    const refused = await call(
      NEW,
      owner,
      postForm("/empresa/dashboard/produtos/novo", fields({ title: "", instagram: "www.minhaloja.com.br", facebook: "minha loja" })),
    );
    expect(refused.status).toBe(400);
    const reply = refused.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error).toMatchObject({
      title: ["Por favor, preencha o título."],
      instagram: ["Informe o Instagram como @perfil, perfil ou o endereço instagram.com/perfil."],
      facebook: ["Informe o Facebook como @pagina, pagina ou o endereço facebook.com/pagina."],
    });
    expect(reply.result.initialValue).toMatchObject({ instagram: "www.minhaloja.com.br", facebook: "minha loja" });
    expect(await countOf(owner.id)).toBe(1);
  });

  it("shows stored profiles back in the edit form and keeps networks typed before the two fields", async () => {
    const owner = await company();
    const product = await createProduct(owner.id, {
      socialMedia: { instagram: "https://www.instagram.com/loja", facebook: "fb.com/loja", tiktok: "@loja" },
    });
    const page = await invoke(
      route(EDIT),
      "loader",
      new Request(`http://localhost/empresa/dashboard/produtos/${product.id}/editar`),
      { id: String(product.id) },
      await contextFor(owner),
    );
    const defaults = (page.data as { product: { defaults: Record<string, unknown> } }).product.defaults;
    expect(defaults).toMatchObject({ instagram: "@loja", facebook: "facebook.com/loja" });
    // Sent back as shown, with the Instagram cleared: TikTok, which no field shows, stays.
    const out = await call(
      EDIT,
      owner,
      postForm(`/empresa/dashboard/produtos/${product.id}/editar`, fields({ instagram: "", facebook: "facebook.com/loja" })),
      { id: String(product.id) },
    );
    expect(out.status).toBe(303);
    const saved = (await getOwnedProduct(db, { id: product.id, userId: owner.id }))!;
    expect(saved.socialMedia).toEqual({ facebook: "https://www.facebook.com/loja", tiktok: "@loja" });
  });

  it("refuses a 6th product on the Basic plan: 403, the message, nothing written", async () => {
    const owner = await company();
    for (let i = 0; i < BASIC_PRODUCT_LIMIT; i++) await createProduct(owner.id);
    const before = await r2Keys();
    const out = await call(NEW, owner, postForm("/empresa/dashboard/produtos/novo", fields({ photos: [png(), png()] })));
    expect(out.status).toBe(403);
    expect((out.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([BASIC_LIMIT_MESSAGE]);
    expect(await countOf(owner.id)).toBe(BASIC_PRODUCT_LIMIT);
    expect(await r2Keys()).toEqual(before);
  });

  it("enforces the limit inside the INSERT: the plan check cannot be raced", async () => {
    const owner = await company();
    for (let i = 0; i < BASIC_PRODUCT_LIMIT - 1; i++) await createProduct(owner.id);
    const item = {
      title: "Corrida",
      category: "outros" as const,
      description: "x",
      priceCents: 100,
      location: "SP",
      contact: "(11) 97777-1234",
    };
    // Two writes that both passed any check made before them: only one fits.
    const results = await Promise.all([
      createProductWithinPlan(db, owner.id, item, ["/imagens/produtos/a.png", "/imagens/produtos/b.png"]),
      createProductWithinPlan(db, owner.id, item, ["/imagens/produtos/c.png", "/imagens/produtos/d.png"]),
    ]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await countOf(owner.id)).toBe(BASIC_PRODUCT_LIMIT);
    // The refused one's extra photo was not attached to the newest (or any) product.
    const extras = await db
      .select({ url: productImages.imageUrl })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(eq(products.userId, owner.id));
    expect(extras).toHaveLength(1);
  });

  it("lets Premium add past 5, and a lapsed Premium keeps its products but adds none", async () => {
    const premium = await company("premium", new Date(Date.now() + 86_400_000));
    for (let i = 0; i < BASIC_PRODUCT_LIMIT + 2; i++) await createProduct(premium.id);
    const ok = await call(NEW, premium, postForm("/empresa/dashboard/produtos/novo", fields()));
    expect(ok.status).toBe(303);
    expect(await countOf(premium.id)).toBe(BASIC_PRODUCT_LIMIT + 3);

    const lapsed = await company("premium", new Date(Date.now() - 1000));
    for (let i = 0; i < BASIC_PRODUCT_LIMIT + 2; i++) await createProduct(lapsed.id);
    const refused = await call(NEW, lapsed, postForm("/empresa/dashboard/produtos/novo", fields()));
    expect(refused.status).toBe(403);
    expect(await countOf(lapsed.id)).toBe(BASIC_PRODUCT_LIMIT + 2);
    // Its products are still editable and listed.
    const [first] = await db.select({ id: products.id }).from(products).where(eq(products.userId, lapsed.id)).limit(1);
    const edit = await call(EDIT, lapsed, postForm(`/empresa/dashboard/produtos/${first!.id}/editar`, fields({ price: "10" })), {
      id: String(first!.id),
    });
    expect(edit.status).toBe(303);
  });

  it("edits as the owner: fields, blank optional fields to NULL, photos kept/removed/added within 3", async () => {
    const owner = await company();
    const main = await storedImage("produtos");
    const extra = await storedImage("produtos");
    const product = await createProduct(owner.id, {
      mainImageUrl: main,
      website: "www.loja.com.br",
      socialMedia: { instagram: "@loja" },
    });
    await db.insert(productImages).values({ productId: product.id, imageUrl: extra });
    const out = await call(
      EDIT,
      owner,
      postForm(
        `/empresa/dashboard/produtos/${product.id}/editar`,
        fields({ price: "59,90", website: "", instagram: "", homeDelivery: "", removeImage: main, photos: [png(), png(), png()] }),
      ),
      { id: String(product.id) },
    );
    expect(out.status).toBe(303);
    expect(out.toasts).toContainEqual(
      expect.objectContaining({ title: "Produto atualizado", description: "O produto foi atualizado com sucesso." }),
    );
    expect(out.toasts.map((t) => t.title)).toContain("Limite de 3 imagens por anúncio.");
    const saved = (await getOwnedProduct(db, { id: product.id, userId: owner.id }))!;
    expect(saved).toMatchObject({ priceCents: 5990, website: null, socialMedia: null, homeDelivery: false });
    // The extra became the main photo; two new ones fill the 3; the removed one is gone from R2.
    expect(saved.mainImageUrl).toBe(extra);
    expect(saved.images).toHaveLength(2);
    expect(await env.IMAGES.head(main.replace("/imagens/", ""))).toBeNull();
    expect(await env.IMAGES.head(extra.replace("/imagens/", ""))).not.toBeNull();
  });

  it("counts the photos marked 'Remover' even when another field is refused (one answer says it all)", async () => {
    const owner = await company();
    const [main, a, b] = [await storedImage("produtos"), await storedImage("produtos"), await storedImage("produtos")];
    const product = await createProduct(owner.id, { mainImageUrl: main });
    await db.insert(productImages).values([a, b].map((imageUrl) => ({ productId: product.id, imageUrl })));
    const out = await call(
      EDIT,
      owner,
      postForm(`/empresa/dashboard/produtos/${product.id}/editar`, fields({ title: "", removeImage: main, photos: png() })),
      { id: String(product.id) },
    );
    expect(out.status).toBe(400);
    const reply = out.data as { result: { error: Record<string, string[]> }; photoErrors: string[] };
    expect(reply.result.error.title).toEqual(["Por favor, preencha o título."]);
    // 3 photos, 1 marked, 1 new: they fit, so no 'Limite de 3 imagens' beside the title.
    expect(reply.photoErrors).toEqual([]);
  });

  it("deletes as the owner: the row, its product_images and its R2 objects", async () => {
    const owner = await company();
    const main = await storedImage("produtos");
    const extra = await storedImage("produtos");
    const product = await createProduct(owner.id, { mainImageUrl: main });
    await db.insert(productImages).values({ productId: product.id, imageUrl: extra });
    const out = await call(DELETE, owner, postForm(`/empresa/dashboard/produtos/${product.id}/excluir`, {}), { id: String(product.id) });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/empresa/dashboard");
    expect(out.toasts.map((t) => t.title)).toContain("Produto excluído");
    expect(await db.$count(products, eq(products.id, product.id))).toBe(0);
    expect(await db.$count(productImages, eq(productImages.productId, product.id))).toBe(0);
    expect(await env.IMAGES.head(main.replace("/imagens/", ""))).toBeNull();
    expect(await env.IMAGES.head(extra.replace("/imagens/", ""))).toBeNull();
  });

  it("ignores another company's forged edit and delete: 404, nothing changes", async () => {
    const owner = await company();
    const intruder = await company("premium", new Date(Date.now() + 86_400_000));
    const main = await storedImage("produtos");
    const product = await createProduct(owner.id, { mainImageUrl: main, title: "Original" });
    const params = { id: String(product.id) };
    const keys = await r2Keys();
    const edit = await call(
      EDIT,
      intruder,
      postForm(`/empresa/dashboard/produtos/${product.id}/editar`, fields({ title: "Invadido", removeImage: main, photos: png() })),
      params,
    );
    expect(edit.status).toBe(404);
    const del = await call(DELETE, intruder, postForm(`/empresa/dashboard/produtos/${product.id}/excluir`, {}), params);
    expect(del.status).toBe(404);
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, product.id), eq(products.userId, owner.id)));
    expect(row?.title).toBe("Original");
    expect(row?.mainImageUrl).toBe(main);
    expect(await r2Keys()).toEqual(keys);
  });

  it("sends a POST whose session is gone to /empresas with the spec's message", async () => {
    const out = await call(NEW, null, postForm("/empresa/dashboard/produtos/novo", fields()));
    expect(out.status).toBe(302);
    expect(out.location).toMatch(/^\/empresas\?redirectTo=/);
    expect(out.toasts.map((t) => t.title)).toEqual([SIGNED_OUT_MESSAGE]);
  });

  it("lists Premium companies' products first with the highlight, then the newest; categories filter", async () => {
    const basic = await company();
    const premium = await company("premium", new Date(Date.now() + 86_400_000));
    const lapsed = await company("premium", new Date(Date.now() - 1000));
    const old = new Date(Date.now() - 10 * 86_400_000);
    const highlighted = await createProduct(premium.id, { title: "Destaque antigo", category: "higiene", createdAt: old });
    const newest = await createProduct(basic.id, { title: "Mais novo", category: "higiene" });
    const lapsedOne = await createProduct(lapsed.id, {
      title: "Premium vencido",
      category: "higiene",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const page = await listProductsPage(db, 1, { category: "higiene" });
    expect(page.items.map((i) => [i.id, i.highlighted])).toEqual([
      [highlighted.id, true],
      [newest.id, false],
      [lapsedOne.id, false],
    ]);
    expect(page.total).toBe(3);
    const other = await listProductsPage(db, 1, { category: "brinquedos" });
    expect(other.items.every((i) => i.category === "brinquedos")).toBe(true);
  });
});
