import { href, Link } from "react-router";
import { OwnerActions } from "~/components/owner-actions";
import { ContactBox, socialEntry } from "~/components/contact-box";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/clinica";
import { DetailErrorBoundary } from "~/components/detail-not-found";
import { FavoriteButton } from "~/components/favorite-button";
import { ClockIcon, MapPinIcon } from "~/components/icons";
import { SafeImage } from "~/components/safe-image";
import { ShareMenu } from "~/components/share-menu";
import { getCloudflare, getDb } from "~/context.server";
import { CLINIC_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { parseId, whatsappLink, withHttps } from "~/lib/links";
import { getPublicClinic, incrementClinicViews } from "~/models/clinics.server";
import { getCurrentUser } from "~/platform/auth.server";
import { countView } from "~/services/views.server";
import { notFound } from "~/lib/not-found";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { moderationBannerFor } from "~/services/moderation.server";
import { LIGHT_PAGE, LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = LIGHT_PAGE;
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /clinica/{id} (spec §2 "Clinic page"). Loader data carries neither the owner's id nor
// the owner's e-mail (docs/decisions/0011): only whether the visitor is the owner.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb(context);
  const found = id ? await getPublicClinic(db, id) : null;
  if (!found) throw notFound();
  const { clinic, ownerId } = found;
  // Held, removed or suspended: its owner and the admins only (docs/decisions/0035).
  const banner = await moderationBannerFor(context, found.moderation, ownerId);
  const { ctx } = getCloudflare(context);
  // Spec §4: +1 view, at most once a day per visitor (docs/decisions/0012).
  const increment = () => incrementClinicViews(db, clinic.id);
  ctx.waitUntil(countView(context, request, { kind: "clinic", id: clinic.id }, increment).catch(() => {}));
  const user = await getCurrentUser(context);
  const origin = new URL(request.url).origin;
  return { clinic, banner, isOwner: user?.id === ownerId, url: `${origin}${href("/clinica/:id", { id: String(clinic.id) })}`, origin };
}

/** Spec §2: 'Sobre a Clínica' falls back to a sentence about the clinic and its city. */
function aboutClinic(clinic: { name: string; description: string; location: string }) {
  return clinic.description.trim() || `${clinic.name} é uma clínica veterinária localizada em ${clinic.location}.`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const clinic = loaderData?.clinic;
  if (!clinic) return [{ title: "Clínica não encontrada | Patas Conectadas" }];
  const category = labelOf(CLINIC_CATEGORY_LABELS, clinic.category);
  const title = `${clinic.name} - ${category} em ${clinic.location} | Patas Conectadas`;
  const description = aboutClinic(clinic).split("\n")[0]!.slice(0, 200);
  const image = `${loaderData.origin}${clinic.mainImageUrl ?? "/placeholders/clinic.svg"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: loaderData.url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Patas Conectadas" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: clinic.name },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: `Foto de ${clinic.name}` },
    { property: "og:url", content: loaderData.url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: clinic.name },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
};

const NOT_INFORMED = "Não informado";

const telLink = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits ? `tel:${digits}` : null;
};

export default function ClinicaPage({ loaderData }: Route.ComponentProps) {
  const { clinic, isOwner, banner } = loaderData;
  const category = labelOf(CLINIC_CATEGORY_LABELS, clinic.category);
  // 'Agendar Consulta' and 'Enviar Mensagem' open WhatsApp with a message, else call the
  // phone; with neither they are left out (docs/decisions/0015).
  const contact = (text: string) =>
    (clinic.whatsapp ? whatsappLink(clinic.whatsapp, text) : null) ?? (clinic.phone ? telLink(clinic.phone) : null);
  const schedule = contact(`Olá! Gostaria de agendar uma consulta na ${clinic.name}. Vi a clínica na Patas Conectadas.`);
  const message = contact(`Olá! Vi a ${clinic.name} na Patas Conectadas e gostaria de mais informações.`);
  const external = (link: string) => (link.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {});
  const social = clinic.socialMedia ?? {};
  return (
    <article className="container-page py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="relative">
          <SafeImage
            src={clinic.mainImageUrl}
            kind="clinic"
            alt={`Foto de ${clinic.name}`}
            width={800}
            height={600}
            loading="eager"
            fetchPriority="high"
            variant="detail"
            sizes="(min-width: 1024px) 34rem, 100vw"
            className="aspect-[4/3] w-full rounded-2xl bg-slate-100 object-cover"
          />
          <span className="badge absolute top-3 left-3 bg-white/95 text-slate-800">{category}</span>
        </div>
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{clinic.name}</h1>
            <p className="mt-2 flex items-start gap-1 text-slate-700">
              <MapPinIcon width={16} height={16} className="mt-1 shrink-0" />
              {clinic.address || `Endereço não informado - ${clinic.location}`}
            </p>
            <p className="mt-1 flex items-start gap-1 text-slate-700">
              <ClockIcon width={16} height={16} className="mt-1 shrink-0" />
              {clinic.openHours || "Horário não informado"}
            </p>
            <p className="mt-1 text-sm text-slate-500">{viewsLabel(clinic.views)}</p>
            {clinic.hasHomeService || clinic.hasParking ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Comodidades">
                {clinic.hasHomeService ? <li className="badge bg-emerald-50 text-emerald-800">Atendimento a domicílio</li> : null}
                {clinic.hasParking ? <li className="badge bg-sky-50 text-sky-800">Estacionamento</li> : null}
              </ul>
            ) : null}
          </div>
          <div className="flex flex-wrap items-start gap-2">
            {schedule ? (
              <a href={schedule} className="btn btn-primary" {...external(schedule)}>
                Agendar Consulta
              </a>
            ) : null}
            {message ? (
              <a href={message} className="btn btn-outline" {...external(message)}>
                Enviar Mensagem
              </a>
            ) : null}
            <ShareMenu path={href("/clinica/:id", { id: String(clinic.id) })} title={clinic.name} text={`Conheça ${clinic.name} em ${clinic.location}.`} withLabel />
            <FavoriteButton kind="clinics" id={clinic.id} name={clinic.name} withLabel />
          </div>
          {isOwner ? (
            <OwnerActions
              edit={{ to: href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) }), label: "Editar" }}
            />
          ) : (
            <ReportLink kind="clinic" id={clinic.id} />
          )}
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="sobre-titulo">
            <h2 id="sobre-titulo" className="text-xl font-semibold text-slate-900">
              Sobre a Clínica
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{aboutClinic(clinic)}</p>
          </section>
          <section aria-labelledby="servicos-titulo">
            <h2 id="servicos-titulo" className="text-xl font-semibold text-slate-900">
              Serviços
            </h2>
            {clinic.services?.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {clinic.services.map((service) => (
                  <li key={service} className="badge bg-slate-100 text-slate-800">
                    {service}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-600">{NOT_INFORMED}</p>
            )}
          </section>
          <section aria-labelledby="especialidades-titulo">
            <h2 id="especialidades-titulo" className="text-xl font-semibold text-slate-900">
              Especialidades
            </h2>
            {clinic.specialties?.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {clinic.specialties.map((specialty) => (
                  <li key={specialty} className="badge bg-brand-50 text-brand-800">
                    {specialty}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-600">{NOT_INFORMED}</p>
            )}
          </section>
          <section aria-labelledby="veterinarios-titulo">
            <h2 id="veterinarios-titulo" className="text-xl font-semibold text-slate-900">
              Veterinários
            </h2>
            {clinic.veterinarians.length ? (
              <ul className="mt-2 grid gap-3 sm:grid-cols-2" data-testid="veterinarios">
                {clinic.veterinarians.map((vet) => (
                  <li key={vet.id} className="rounded-xl border border-slate-200 p-3">
                    <p className="font-medium text-slate-900">{vet.name}</p>
                    <p className="text-sm text-slate-600">{vet.specialty || "Clínica geral"}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-600">Nenhum veterinário informado.</p>
            )}
          </section>
        </div>
        <ContactBox
          className="h-fit"
          missing={NOT_INFORMED}
          entries={[
            { label: "Telefone", value: clinic.phone, link: clinic.phone ? telLink(clinic.phone) : null },
            { label: "WhatsApp", value: clinic.whatsapp, link: clinic.whatsapp ? whatsappLink(clinic.whatsapp) : null },
            { label: "E-mail", value: clinic.email, link: clinic.email ? `mailto:${clinic.email}` : null },
            { label: "Site", value: clinic.website, link: clinic.website ? withHttps(clinic.website) : null },
            socialEntry("instagram", social.instagram),
            socialEntry("facebook", social.facebook),
          ]}
        />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorBoundary
      error={error}
      notFound={{
        title: "Clínica não encontrada",
        message: "A clínica que você está procurando não existe ou foi removida.",
        back: { to: href("/clinicas"), label: "Voltar" },
      }}
    />
  );
}
