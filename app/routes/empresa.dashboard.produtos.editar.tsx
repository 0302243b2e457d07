import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { forgetPage } from "~/platform/edge-cache.server";
import type { Route } from "./+types/empresa.dashboard.produtos.editar";
import { ProductForm } from "~/components/product-form";
import { getDb } from "~/context.server";
import { productSchema } from "~/forms/product";
import { parseId } from "~/lib/links";
import { centsToInput } from "~/lib/money";
import { socialProfileLabel } from "~/lib/social";
import { getOwnedProduct } from "~/models/products.server";
import { guardedAccount } from "~/platform/auth.server";
import { saveProductEdit } from "~/services/company-products.server";
import { readFormData } from "~/platform/form-data.server";
import { checkEditedAdPhotos, IMAGE_LIMIT_MESSAGE } from "~/platform/images.server";
import { cityErrors, mergeFieldErrors, resolveCityField, storedCity } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";

export const meta: Route.MetaFunction = () => [{ title: "Editar produto | Patas Conectadas" }];

const UPDATE_FAILED = "Não foi possível atualizar o produto. Tente novamente.";

/** The company's own product, else 404 (another company's product is not found either). */
async function ownedProduct(userId: string, params: { id?: string }, context: Route.LoaderArgs["context"]) {
  const id = parseId(params.id);
  const product = id ? await getOwnedProduct(getDb(context), { id, userId }) : null;
  if (!product) throw notFound(OWNED_NOT_FOUND.product);
  return product;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const product = await ownedProduct(user.id, params, context);
  return {
    product: {
      id: product.id,
      title: product.title,
      photos: [product.mainImageUrl, ...product.images].filter((u): u is string => Boolean(u)),
      defaults: {
        category: product.category,
        title: product.title,
        description: product.description,
        price: centsToInput(product.priceCents),
        contact: product.contact,
        // Products have no Bairro field: the whole stored text (docs/decisions/0032, Forms).
        city: (await storedCity(getDb(context), product, { withNeighbourhood: false })).city,
        // The short form of each link ('@loja'), accepted again as it is.
        instagram: product.socialMedia?.instagram ? socialProfileLabel("instagram", product.socialMedia.instagram) : "",
        facebook: product.socialMedia?.facebook ? socialProfileLabel("facebook", product.socialMedia.facebook) : "",
        website: product.website ?? "",
        homeDelivery: product.homeDelivery,
      },
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const product = await ownedProduct(user.id, params, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: productSchema });
  const place = await resolveCityField(getDb(context), formData);

  // Photos: keep the current ones not marked 'Remover', add new ones within 3 in all.
  const current = [product.mainImageUrl, ...product.images].filter((u): u is string => Boolean(u));
  const check = await checkEditedAdPhotos(context, formData, current);
  const { removed, kept, truncated, tooManyKept, messages: photoErrors } = check;
  const fail = (status: 400 | 500, formErrors?: string[]) =>
    data(
      {
        result: submission.reply({ formErrors, fieldErrors: mergeFieldErrors(cityErrors(place)) }),
        photoErrors,
        cityChoices: place.choices,
      },
      { status },
    );

  if (submission.status !== "success" || !place.ok || check.errors.length > 0 || tooManyKept) {
    return fail(400);
  }
  let saved: boolean;
  try {
    saved = await saveProductEdit(context, user.id, product, submission.value, place, kept, check.images);
  } catch (error) {
    console.error("Falha ao atualizar produto:", error instanceof Error ? error.message : error);
    flashToast(context, { type: "error", title: "Erro ao atualizar", description: UPDATE_FAILED });
    return fail(500, [UPDATE_FAILED]);
  }
  // Deleted in another tab between the read and the write.
  if (!saved) throw notFound(OWNED_NOT_FOUND.product);
  forgetPage(context, request, "product", product.id);
  flashToast(context, { type: "success", title: "Produto atualizado", description: "O produto foi atualizado com sucesso." });
  if (truncated) {
    flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as fotos que cabiam nas 3 foram guardadas." });
  }
  return redirect(href("/empresa/dashboard"), 303);
}

export default function EditarProduto({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <section aria-labelledby="editar-produto" className="mt-6">
      <h2 id="editar-produto" className="text-xl font-bold text-slate-900">
        Editar {product.title}
      </h2>
      <ProductForm
        id={`produto-${product.id}`}
        action={href("/empresa/dashboard/produtos/:id/editar", { id: String(product.id) })}
        answer={actionData}
        defaultValue={product.defaults}
        photos={product.photos}
        errorTitle="Erro ao atualizar"
        submitLabel="Salvar alterações"
      />
    </section>
  );
}
