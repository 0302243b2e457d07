import { href, Link } from "react-router";
import { ContactBox, socialEntry } from "~/components/contact-box";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/ong";
import { EventCard } from "~/components/cards/event-card";
import { FavoriteButton } from "~/components/favorite-button";
import { IconLine, MapPinIcon } from "~/components/icons";
import { PhotoGallery } from "~/components/photo-gallery";
import { SafeImage } from "~/components/safe-image";
import { ShareMenu } from "~/components/share-menu";
import { getDb } from "~/context.server";
import { brasiliaNow } from "~/lib/format";
import { ACTION_AREA_LABELS, labelOf, ORGANIZATION_TYPE_LABELS } from "~/lib/labels";
import { whatsappLink, withHttps } from "~/lib/links";
import { pageMeta } from "~/lib/page-meta";
import { upcomingEventsQuery } from "~/models/events.server";
import { getPublicOrganization } from "~/models/organizations.server";
import { loadDetail } from "~/services/detail-page.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_ID, pagePolicy } from "~/lib/page-policy";

/** Spec §9: the organization page shows the next 4 events. */
const EVENTS_ON_PAGE = 4;

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({
  light: true,
  cache: {
    // Only the gallery tab changes the page.
    params: { aba: (value) => (value === "galeria" ? value : null) },
    segments: { id: DETAIL_ID },
    item: "organization",
    purges: ["", "?aba=galeria"],
  },
});
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /ong/{id} (spec §2 "Organization page"; docs/decisions/0016). Loader data carries
// neither the owner's user id nor the account's e-mail (docs/decisions/0011): only
// whether the visitor is the owner. Tabs are URLs (?aba=galeria), so they work without JS.
export async function loader(args: Route.LoaderArgs) {
  // Id, moderation (docs/decisions/0035), view (spec §4) and owner flag: the detail
  // pipeline (docs/decisions/0034, Detail pages).
  const { found, banner, isOwner, pendingViews } = await loadDetail("organization", args, getPublicOrganization);
  const organization = { ...found.organization, views: found.organization.views + pendingViews };
  const events = await upcomingEventsQuery(getDb(args.context), {
    from: brasiliaNow(),
    organizationId: organization.id,
    limit: EVENTS_ON_PAGE,
  });
  const url = new URL(args.request.url);
  const tab = url.searchParams.get("aba") === "galeria" ? "galeria" : "sobre";
  return {
    organization,
    banner,
    events,
    tab,
    isOwner,
    url: `${url.origin}${href("/ong/:id", { id: String(organization.id) })}`,
    origin: url.origin,
  } as const;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const organization = loaderData?.organization;
  if (!organization) return [{ title: "Organização não encontrada | Patas Conectadas" }];
  const type = labelOf(ORGANIZATION_TYPE_LABELS, organization.type);
  const title = `${organization.name} - ${type} em ${organization.location} | Patas Conectadas`;
  const description = organization.description.split("\n")[0]!.slice(0, 200);
  const image = `${loaderData.origin}${organization.mainImageUrl ?? "/placeholders/organization.svg"}`;
  const previewTitle = `Conheça ${organization.name}`;
  return pageMeta({
    title,
    description,
    url: loaderData.url,
    type: "website",
    previewTitle,
    image: { url: image, alt: `Foto de ${organization.name}` },
  });
};

export default function OngPage({ loaderData }: Route.ComponentProps) {
  const { organization, events, tab, isOwner, banner } = loaderData;
  const type = labelOf(ORGANIZATION_TYPE_LABELS, organization.type);
  const path = href("/ong/:id", { id: String(organization.id) });
  const social = organization.socialMedia ?? {};
  const tabClass = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-t-lg border-b-2 px-4 text-sm font-semibold ${
      active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
    }`;
  return (
    <article className="container-page py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <PhotoGallery
          photos={organization.mainImageUrl ? [organization.mainImageUrl] : []}
          kind="organization"
          name={organization.name}
          badge={type}
        />
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{organization.name}</h1>
            <IconLine icon={MapPinIcon} className="mt-2">
              {organization.location}
            </IconLine>
            <p className="mt-1 text-sm text-slate-500">{viewsLabel(organization.views)}</p>
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <ShareMenu path={path} title={`Conheça ${organization.name}`} withLabel />
            <FavoriteButton kind="organizations" id={organization.id} name={organization.name} withLabel />
            {isOwner ? (
              <Link to={href("/ong/dashboard")} className="btn btn-primary">
                Editar no painel
              </Link>
            ) : (
              <ReportLink kind="organization" id={organization.id} />
            )}
          </div>
          <ContactBox
            testId="contato-ong"
            entries={[
              { label: "WhatsApp", value: organization.whatsapp, link: whatsappLink(organization.whatsapp) },
              { label: "E-mail", value: organization.email, link: `mailto:${organization.email}` },
              { label: "Site", value: organization.website, link: organization.website ? withHttps(organization.website) : null },
              socialEntry("facebook", social.facebook),
              socialEntry("instagram", social.instagram),
              { label: "YouTube", value: organization.youtube, link: organization.youtube ? withHttps(organization.youtube) : null },
            ]}
          />
        </div>
      </div>

      <nav aria-label="Seções da organização" className="mt-10 flex gap-2 border-b border-slate-200">
        <Link to={path} className={tabClass(tab === "sobre")} aria-current={tab === "sobre" ? "page" : undefined} preventScrollReset>
          Sobre
        </Link>
        <Link
          to={`${path}?aba=galeria`}
          className={tabClass(tab === "galeria")}
          aria-current={tab === "galeria" ? "page" : undefined}
          preventScrollReset
        >
          Galeria
        </Link>
      </nav>
      {tab === "sobre" ? (
        <section aria-labelledby="sobre-titulo" className="mt-4 space-y-3">
          <h2 id="sobre-titulo" className="text-xl font-semibold text-slate-900">
            Sobre
          </h2>
          <p className="whitespace-pre-line text-slate-700">{organization.description}</p>
          <p className="text-slate-700">
            <span className="font-semibold">Área de atuação:</span> {labelOf(ACTION_AREA_LABELS, organization.actionArea)}
          </p>
        </section>
      ) : (
        <section aria-labelledby="galeria-titulo" className="mt-4">
          <h2 id="galeria-titulo" className="text-xl font-semibold text-slate-900">
            Galeria
          </h2>
          {organization.images.length ? (
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="galeria-ong">
              {organization.images.map((image, index) => (
                <li key={image.id}>
                  <a href={image.imageUrl} target="_blank" rel="noopener">
                    <SafeImage
                      src={image.imageUrl}
                      kind="organization"
                      alt={`Foto ${index + 1} da galeria de ${organization.name}`}
                      width={320}
                      height={240}
                      variant="card"
                      sizes="(min-width: 640px) 33vw, 50vw"
                      className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-600">Esta organização ainda não possui fotos na galeria.</p>
          )}
        </section>
      )}

      <section aria-labelledby="eventos-ong-titulo" className="mt-10">
        <div className="flex items-center justify-between gap-3">
          <h2 id="eventos-ong-titulo" className="text-xl font-semibold text-slate-900">
            Eventos desta ONG
          </h2>
          <Link to={href("/eventos")} className="tap-link text-sm font-semibold text-brand-700 hover:underline">
            Ver todos
          </Link>
        </div>
        {events.length ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        ) : (
          <p className="mt-3 text-slate-600">Nenhum evento encontrado no momento.</p>
        )}
      </section>
    </article>
  );
}
