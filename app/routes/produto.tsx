import { href } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/produto";
import { FavoriteButton } from "~/components/favorite-button";
import { MapPinIcon, TruckIcon } from "~/components/icons";
import { ShareMenu } from "~/components/share-menu";
import { formatBRL, formatShortDate } from "~/lib/format";
import { labelOf, PRODUCT_CATEGORY_LABELS } from "~/lib/labels";
import { withHttps } from "~/lib/links";
import { pageMeta } from "~/lib/page-meta";
import { contactKind, contactLink } from "~/lib/product-contact";
import { networkLabel, socialEntries, socialProfileLink, socialProfileText } from "~/lib/social";
import { getPublicProduct } from "~/models/products.server";
import { loadDetail } from "~/services/detail-page.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { PhotoGallery } from "~/components/photo-gallery";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_ID, pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {}, segments: { id: DETAIL_ID }, item: "product" } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export async function loader(args: Route.LoaderArgs) {
  // Id, moderation (docs/decisions/0035), view (spec §4) and owner flag: the detail
  // pipeline (docs/decisions/0034, Detail pages). Never the owner's account id or e-mail
  // in the page's data (docs/decisions/0011).
  const { found, banner, isOwner, pendingViews } = await loadDetail("product", args, getPublicProduct);
  const product = { ...found.product, views: found.product.views + pendingViews };
  const origin = new URL(args.request.url).origin;
  return { product, banner, isOwner, url: `${origin}${href("/produto/:id", { id: String(product.id) })}`, origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const product = loaderData?.product;
  if (!product) return [{ title: "Produto não encontrado | Patas Conectadas" }];
  const title = `${product.title} - ${formatBRL(product.priceCents)} | Patas Conectadas`;
  const description = [labelOf(PRODUCT_CATEGORY_LABELS, product.category), product.location, product.description.split("\n")[0]]
    .filter(Boolean)
    .join(" · ")
    .slice(0, 200);
  const image = `${loaderData.origin}${product.mainImageUrl ?? "/placeholders/product.svg"}`;
  const previewTitle = `${product.title} - ${formatBRL(product.priceCents)}`;
  return pageMeta({
    title,
    description,
    url: loaderData.url,
    type: "product",
    previewTitle,
    image: { url: image, alt: `Foto de ${product.title}` },
  });
};

export default function ProdutoPage({ loaderData }: Route.ComponentProps) {
  const { product, banner, isOwner } = loaderData;
  const path = href("/produto/:id", { id: String(product.id) });
  const photos = [product.mainImageUrl, ...product.images].filter((u): u is string => Boolean(u));
  const subject = `${product.title} - Patas Conectadas`;
  // Both buttons open the seller's contact: WhatsApp with a message, or an e-mail.
  const buy = contactLink(product.contact, `Olá! Quero comprar "${product.title}", que vi na Patas Conectadas.`, subject);
  const ask = contactLink(product.contact, `Olá! Tenho uma dúvida sobre "${product.title}", que vi na Patas Conectadas.`, subject);
  const kind = contactKind(product.contact);
  const opensApp = kind === "phone" ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const social = socialEntries(product.socialMedia);
  const category = labelOf(PRODUCT_CATEGORY_LABELS, product.category);
  return (
    <article className="container-page py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <PhotoGallery photos={photos} kind="product" name={product.title} />
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          <div>
            <span className="badge bg-brand-50 text-brand-700">{category}</span>
            <h1 className="mt-2 text-3xl font-bold text-slate-900">{product.title}</h1>
            <p className="mt-2 text-3xl font-bold text-brand-700" data-testid="preco">
              {formatBRL(product.priceCents)}
            </p>
            {product.companyName ? (
              <p className="mt-1 text-slate-700">
                Vendido por <strong>{product.companyName}</strong>
              </p>
            ) : null}
          </div>
          <section>
            <h2 className="font-semibold text-slate-900">Descrição</h2>
            <p className="mt-1 whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
          <dl className="grid gap-3 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Localização</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <MapPinIcon width={14} height={14} className="shrink-0" /> {product.location}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Entrega em domicílio</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                {product.homeDelivery ? (
                  <>
                    <TruckIcon width={14} height={14} /> Sim
                  </>
                ) : (
                  "Não"
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Contato</dt>
              <dd className="font-medium text-slate-900">{product.contact}</dd>
            </div>
            {product.website ? (
              <div>
                <dt className="text-slate-500">Site</dt>
                <dd className="font-medium">
                  <a
                    href={withHttps(product.website)}
                    className="tap-link text-brand-700 underline"
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                  >
                    {product.website}
                  </a>
                </dd>
              </div>
            ) : null}
            {social.length ? (
              <div className="sm:col-span-2">
                <dt className="text-slate-500">Redes sociais</dt>
                <dd>
                  <ul className="flex flex-wrap gap-x-4 gap-y-1 font-medium">
                    {social.map(([network, profile]) => {
                      const link = socialProfileLink(network, profile);
                      return (
                        <li key={network}>
                          {networkLabel(network)}:{" "}
                          {link ? (
                            <a href={link} className="tap-link text-brand-700 underline" rel="noopener noreferrer nofollow" target="_blank">
                              {socialProfileText(network, profile)}
                            </a>
                          ) : (
                            profile
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
          {buy && ask ? (
            <div className="flex flex-wrap gap-2">
              <a href={buy} className="btn btn-primary" {...opensApp}>
                Comprar Agora
              </a>
              <a href={ask} className="btn btn-outline" {...opensApp}>
                Enviar Mensagem
              </a>
            </div>
          ) : null}
          <div className="flex flex-wrap items-start gap-2">
            <FavoriteButton kind="products" id={product.id} name={product.title} withLabel />
            <ShareMenu path={path} title={product.title} text={`${product.title} - ${formatBRL(product.priceCents)}`} withLabel />
            {isOwner ? null : <ReportLink kind="product" id={product.id} />}
          </div>
          <p className="text-xs text-slate-500">
            Publicado em {formatShortDate(product.createdAt)} · {viewsLabel(product.views)}
          </p>
        </div>
      </div>
    </article>
  );
}
