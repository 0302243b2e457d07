import { href } from "react-router";
import { OwnerActions } from "~/components/owner-actions";
import { ContactBox, socialEntry } from "~/components/contact-box";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/clinica";
import { FavoriteButton } from "~/components/favorite-button";
import { ClockIcon, IconLine, MapPinIcon } from "~/components/icons";
import { PhotoGallery } from "~/components/photo-gallery";
import { ShareMenu } from "~/components/share-menu";
import { CLINIC_CATEGORY_LABELS, labelOf } from "~/lib/labels";
import { whatsappLink, withHttps } from "~/lib/links";
import { pageMeta } from "~/lib/page-meta";
import { getPublicClinic } from "~/models/clinics.server";
import { loadDetail } from "~/services/detail-page.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_ID, pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {}, segments: { id: DETAIL_ID }, item: "clinic" } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /clinica/{id} (spec §2 "Clinic page"). Loader data carries neither the owner's id nor
// the owner's e-mail (docs/decisions/0011): only whether the visitor is the owner.
export async function loader(args: Route.LoaderArgs) {
  // Id, moderation (docs/decisions/0035), view (spec §4) and owner flag: the detail
  // pipeline (docs/decisions/0034, Detail pages).
  const { found, banner, isOwner, pendingViews } = await loadDetail("clinic", args, getPublicClinic);
  const clinic = { ...found.clinic, views: found.clinic.views + pendingViews };
  const origin = new URL(args.request.url).origin;
  return { clinic, banner, isOwner, url: `${origin}${href("/clinica/:id", { id: String(clinic.id) })}`, origin };
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
  return pageMeta({
    title,
    description,
    url: loaderData.url,
    type: "website",
    previewTitle: clinic.name,
    image: { url: image, alt: `Foto de ${clinic.name}` },
  });
};

const NOT_INFORMED = "Não informado";

const telLink = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits ? `tel:${digits}` : null;
};

/** 'Serviços' and 'Especialidades': a row of badges, or 'Não informado'. */
function BadgeSection({ id, title, items, badgeClass }: { id: string; title: string; items: string[] | null; badgeClass: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {items?.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item} className={`badge ${badgeClass}`}>
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">{NOT_INFORMED}</p>
      )}
    </section>
  );
}

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
        <PhotoGallery photos={clinic.mainImageUrl ? [clinic.mainImageUrl] : []} kind="clinic" name={clinic.name} badge={category} />
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{clinic.name}</h1>
            <IconLine icon={MapPinIcon} className="mt-2 [overflow-wrap:anywhere]">
              {clinic.address || `Endereço não informado - ${clinic.location}`}
            </IconLine>
            <IconLine icon={ClockIcon} className="mt-1">
              {clinic.openHours || "Horário não informado"}
            </IconLine>
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
            <ShareMenu
              path={href("/clinica/:id", { id: String(clinic.id) })}
              title={clinic.name}
              text={`Conheça ${clinic.name} em ${clinic.location}.`}
              withLabel
            />
            <FavoriteButton kind="clinics" id={clinic.id} name={clinic.name} withLabel />
          </div>
          {isOwner ? (
            <OwnerActions edit={{ to: href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) }), label: "Editar" }} />
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
          <BadgeSection id="servicos-titulo" title="Serviços" items={clinic.services} badgeClass="bg-slate-100 text-slate-800" />
          <BadgeSection
            id="especialidades-titulo"
            title="Especialidades"
            items={clinic.specialties}
            badgeClass="bg-brand-50 text-brand-800"
          />
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
