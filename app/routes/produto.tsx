import { href } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/produto";
import { DetailErrorBoundary } from "~/components/detail-not-found";
import { FavoriteButton } from "~/components/favorite-button";
import { MapPinIcon, TruckIcon } from "~/components/icons";
import { ShareMenu } from "~/components/share-menu";
import { getCloudflare, getDb } from "~/context.server";
import { formatBRL, formatShortDate } from "~/lib/format";
import { labelOf, PRODUCT_CATEGORY_LABELS } from "~/lib/labels";
import { parseId, withHttps } from "~/lib/links";
import { contactKind, contactLink } from "~/lib/product-contact";
import { networkLabel, socialEntries, socialProfileLink, socialProfileText } from "~/lib/social";
import { getPublicProduct, incrementProductViews } from "~/models/products.server";
import { countView } from "~/services/views.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { getCurrentUser } from "~/platform/auth.server";
import { moderationBannerFor } from "~/services/moderation.server";
import { PhotoGallery } from "~/components/photo-gallery";
import { notFound } from "~/lib/not-found";
import { LIGHT_PAGE, LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = LIGHT_PAGE;
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb(context);
  // Never the owner's account id or e-mail in the page's data (docs/decisions/0011).
  const found = id ? await getPublicProduct(db, id) : null;
  if (!found) throw notFound();
  const { product, ownerId } = found;
  // Held, removed or suspended: its owner and the admins only (docs/decisions/0035).
  const banner = await moderationBannerFor(context, found.moderation, ownerId);
  const { ctx } = getCloudflare(context);
  // Spec §4: +1 view, at most once a day per visitor (docs/decisions/0012), without
  // making the visitor wait for the writes.
  const increment = () => incrementProductViews(db, product.id);
  ctx.waitUntil(countView(context, request, { kind: "product", id: product.id }, increment).catch(() => {}));
  const origin = new URL(request.url).origin;
  const user = await getCurrentUser(context);
  return { product, banner, isOwner: user?.id === ownerId, url: `${origin}${href("/produto/:id", { id: String(product.id) })}`, origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const product = loaderData?.product;
  if (!product) return [{ title: "Produto não encontrado | Patas Conectadas" }];
  const title = `${product.title} - ${formatBRL(product.priceCents)} | Patas Conectadas`;
  const description =
    [labelOf(PRODUCT_CATEGORY_LABELS, product.category), product.location, product.description.split("\n")[0]]
      .filter(Boolean)
      .join(" · ")
      .slice(0, 200);
  const image = `${loaderData.origin}${product.mainImageUrl ?? "/placeholders/product.svg"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: loaderData.url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: "Patas Conectadas" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: `${product.title} - ${formatBRL(product.priceCents)}` },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: `Foto de ${product.title}` },
    { property: "og:url", content: loaderData.url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${product.title} - ${formatBRL(product.priceCents)}` },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
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
            {product.companyName ? <p className="mt-1 text-slate-700">Vendido por <strong>{product.companyName}</strong></p> : null}
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
                  <a href={withHttps(product.website)} className="tap-link text-brand-700 underline" rel="noopener noreferrer nofollow" target="_blank">
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorBoundary error={error} notFound={{ title: "Produto não encontrado", back: { to: href("/produtos"), label: "Voltar" } }} />
  );
}
