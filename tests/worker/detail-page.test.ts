import { env } from "cloudflare:workers";
import { waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { products } from "~/db/schema";
import { gone } from "~/lib/not-found";
import { getPublicProduct } from "~/models/products.server";
import { loadDetail } from "~/services/detail-page.server";
import { makeContext, signedInContext } from "./context";
import { createProduct, createUser, db } from "./fixtures";
import { pendingViews } from "~/services/view-counter.server";

// The one pipeline of the five public detail pages (docs/decisions/0034, Detail pages).
// The exact count: D1's plus what the item's counter holds (docs/decisions/0051).
const viewsOf = async (id: number) =>
  (await db.select({ views: products.views }).from(products).where(eq(products.id, id)))[0]!.views +
  (await pendingViews(env, "product", id));

async function load(id: string, context: RouterContextProvider, assertShown?: () => void) {
  const args = { params: { id }, request: new Request(`http://localhost/produto/${id}`), context };
  try {
    return await loadDetail("product", args, getPublicProduct, { notFoundDetails: { product: null }, assertShown });
  } finally {
    await waitOnExecutionContext(getCloudflare(context).ctx);
  }
}

/** What the loader threw: `data(…, { status })`, as the not-found helpers make it. */
async function thrown(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { type?: string; data?: unknown; init?: { status?: number } } | null;
  if (error?.type !== "DataWithResponseInit") throw new Error("expected a thrown answer");
  return { status: error.init?.status, data: error.data };
}

describe("loadDetail", () => {
  it("answers 404 with the page's details for an id that does not parse or names nothing", async () => {
    const { context } = await makeContext();
    for (const id of ["abc", "0", "999999"]) {
      const answer = await thrown(load(id, context));
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ product: null, error: null });
    }
  });

  it("counts the view, flags the owner and gives no banner to a public item", async () => {
    const owner = await createUser("company");
    const product = await createProduct(owner.id);
    const visitor = await load(String(product.id), (await makeContext()).context);
    expect([visitor.id, visitor.isOwner, visitor.banner, visitor.found.product.id]).toEqual([product.id, false, null, product.id]);
    expect(visitor.found.ownerId).toBe(owner.id);
    expect(await viewsOf(product.id)).toBe(1);
    expect(visitor.pendingViews).toBe(1);
    const own = await load(String(product.id), await signedInContext(owner, "company"));
    expect(own.isOwner).toBe(true);
    expect(await viewsOf(product.id)).toBe(2);
  });

  it("a held item: 404 with the moderation data for the public, the banner for its owner", async () => {
    const owner = await createUser("company");
    const product = await createProduct(owner.id);
    await db.update(products).set({ moderation: "held" }).where(eq(products.id, product.id));
    const visitor = await thrown(load(String(product.id), (await makeContext()).context));
    expect(visitor).toEqual({ status: 404, data: { moderation: "held", kind: "anúncio", error: "Este anúncio está em análise." } });
    expect(await viewsOf(product.id)).toBe(0);
    const own = await load(String(product.id), await signedInContext(owner, "company"));
    expect([own.isOwner, own.banner]).toEqual([true, "Este anúncio está em análise."]);
  });

  it("a page's own check runs before the view counts", async () => {
    const product = await createProduct((await createUser("company")).id);
    const refused = await thrown(
      load(String(product.id), (await makeContext()).context, () => {
        throw gone({ product: null });
      }),
    );
    expect(refused.status).toBe(410);
    expect(await viewsOf(product.id)).toBe(0);
  });
});
