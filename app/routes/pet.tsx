import { href, Link } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/pet";
import { LIGHT_PAGE, LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { PetStatusBadge } from "~/components/cards/pet-card";
import { MapPinIcon, YoutubeIcon } from "~/components/icons";
import { FavoriteButton } from "~/components/favorite-button";
import { PetErrorBoundary } from "~/components/pet-not-found";
import { gone, notFound } from "~/lib/not-found";
import { AdLifecycleActions, AdStateText, ClosedBanner } from "~/components/ad-lifecycle";
import { adState, publicPageState } from "~/lib/ad-lifecycle";
import { ShareMenu } from "~/components/share-menu";
import { getCloudflare, getDb } from "~/context.server";
import { brasiliaNow, formatShortDate } from "~/lib/format";
import { labelOf, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { parseId, withHttps } from "~/lib/links";
import { getPublicPet, incrementPetViews } from "~/models/pets.server";
import { listMatchesForOwner } from "~/models/pet-matches.server";
import { PetMatches } from "~/components/pet-matches";
import { PetSightings, SIGHTING_FORM_ANCHOR } from "~/components/sightings";
import { takesSightings } from "~/lib/sightings";
import { sightingsForPage } from "~/models/sightings.server";
import { municipalityByCode } from "~/models/municipalities.server";
import { municipalityLabel } from "~/lib/place-names";
import { getCurrentUser } from "~/platform/auth.server";
import { countView } from "~/services/views.server";
import { PhotoGallery } from "~/components/photo-gallery";
import { PetMessagesForOwner, type PetMessageItem } from "~/components/pet-messages";
import { takesMessages } from "~/lib/pet-messages";
import { listPetMessagesForOwner } from "~/models/pet-messages.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { moderationBannerFor } from "~/services/moderation.server";
import { adInboxLimitNotices } from "~/services/ad-inbox.server";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = LIGHT_PAGE;
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const { ctx } = getCloudflare(context);
  const db = getDb(context);
  const found = id ? await getPublicPet(db, id) : null;
  // The answer names no pet: nothing of an ad that is not shown leaves the server.
  if (!found) throw notFound(undefined, { pet: null });
  const { pet, ownerId } = found;
  // Held, removed or suspended: its owner and the admins only; the public reads 'Este
  // anúncio está em análise.' with a 404 (docs/decisions/0035).
  const banner = await moderationBannerFor(context, pet.moderation, ownerId);
  const user = await getCurrentUser(context);
  const isOwner = user?.id === ownerId;
  // A closed ad stays public with its banner for 30 days, then only its owner sees it:
  // 410 for everyone else (docs/decisions/0023).
  if (publicPageState(pet, new Date()) === "gone" && !isOwner) throw gone({ pet: null });
  // Spec §4: +1 view, at most once a day per visitor (docs/decisions/0012), without
  // making the visitor wait for the writes.
  const increment = () => incrementPetViews(db, pet.id);
  ctx.waitUntil(countView(context, request, { kind: "pet", id: pet.id }, increment).catch(() => {}));
  const origin = new URL(request.url).origin;
  const inboxes = [...(takesSightings(pet) ? (["sightings"] as const) : []), ...(takesMessages(pet) ? (["messages"] as const) : [])];
  const [matches, sightings, municipality, messages, limitNotices] = await Promise.all([
    // 'Possíveis correspondências': for the lost pet's owner only (docs/decisions/0025).
    isOwner && pet.status === "perdido" && !pet.closedAs ? listMatchesForOwner(db, { lostPetId: pet.id, userId: ownerId }) : [],
    // 'Vi este pet' (docs/decisions/0024): the owner sees everything, anyone else place and time.
    sightingsForPage(db, pet.id, isOwner ? ownerId : null),
    // The sighting form's default city (docs/decisions/0032, Forms).
    pet.municipalityCode === null ? null : municipalityByCode(db, pet.municipalityCode),
    // 'Enviar mensagem' (docs/decisions/0033, finding 2): the poster's own, never anyone else's.
    isOwner ? listPetMessagesForOwner(db, pet.id, ownerId) : [],
    // The owner learns when a day's limit turned senders away (docs/decisions/0030).
    isOwner ? adInboxLimitNotices(db, pet.id, inboxes) : [],
  ]);
  const ownerMessages: PetMessageItem[] = messages.map(({ createdAt, ...m }) => ({ ...m, sentAt: brasiliaNow(createdAt) }));
  const sightingCity = municipality ? municipalityLabel(municipality) : "";
  return { pet, banner, isOwner, url: `${origin}${href("/pet/:id", { id: String(pet.id) })}`, origin, matches, sightings, sightingNow: brasiliaNow(), sightingCity, messages: ownerMessages, limitNotices };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const pet = loaderData?.pet;
  if (!pet) return [{ title: "Pet não encontrado | Patas Conectadas" }];
  const status = PET_STATUS_LABELS[pet.status] ?? pet.status;
  const title = `${pet.name} - ${status} em ${pet.location} | Patas Conectadas`;
  const description =
    [labelOf(PET_SPECIES_LABELS, pet.type), pet.breed, pet.age, pet.description?.split("\n")[0]]
      .filter(Boolean)
      .join(" · ")
      .slice(0, 200) || `${pet.name}: ${status}.`;
  const image = `${loaderData.origin}${pet.mainImageUrl ?? "/placeholders/pet.svg"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: loaderData.url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Patas Conectadas" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: `${pet.name} - ${status}` },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: `Foto de ${pet.name}` },
    { property: "og:url", content: loaderData.url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${pet.name} - ${status}` },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PetErrorBoundary error={error} />;
}

function yesNo(value: boolean) {
  return value ? "Sim" : "Não";
}

export default function PetPage({ loaderData }: Route.ComponentProps) {
  const { pet, isOwner, matches, banner } = loaderData;
  const state = adState(pet, new Date());
  const photos = [pet.mainImageUrl, ...pet.images.map((i) => i.imageUrl)].filter((u): u is string => Boolean(u));
  // Our own route redirects to the chat: the number is not in this page (docs/decisions/0022).
  const whatsapp = pet.hasWhatsapp ? href("/pet/:id/whatsapp", { id: String(pet.id) }) : null;
  const shareText = `${pet.name} - ${PET_STATUS_LABELS[pet.status]} em ${pet.location}.`;
  const facts: [string, string | null][] = [
    ["Espécie", labelOf(PET_SPECIES_LABELS, pet.type)],
    ["Raça", pet.breed],
    ["Idade", pet.age],
    ["Sexo", pet.gender],
    ["Porte", pet.size],
    ["Cor", pet.color],
  ];
  return (
    <article className="container-page py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <PhotoGallery photos={photos} kind="pet" name={pet.name} />
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          {pet.closedAs ? <ClosedBanner closedAs={pet.closedAs} closedAt={pet.closedAt} /> : null}
          <div>
            <PetStatusBadge status={pet.status} />
            <h1 className="mt-2 text-3xl font-bold text-slate-900">{pet.name}</h1>
            <p className="mt-1 flex items-center gap-1 text-slate-600">
              <MapPinIcon width={16} height={16} className="shrink-0" /> {pet.location}
            </p>
            {pet.status === "perdido" && pet.missingSince ? (
              <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
                Desaparecido desde {pet.missingSince.split("-").reverse().join("/")}
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-3">
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
          </dl>
          {pet.status === "adocao" ? (
            <section aria-labelledby="adocao-titulo" className="rounded-xl border border-slate-200 p-4">
              <h2 id="adocao-titulo" className="font-semibold text-slate-900">
                Para adoção
              </h2>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                {pet.temperament ? (
                  <div className="col-span-2">
                    <dt className="text-slate-500">Temperamento</dt>
                    <dd className="font-medium text-slate-900">{pet.temperament}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="text-slate-500">Castrado</dt>
                  <dd className="font-medium">{yesNo(pet.isNeutered)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Vacinado</dt>
                  <dd className="font-medium">{yesNo(pet.isVaccinated)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Aceita crianças</dt>
                  <dd className="font-medium">{yesNo(pet.acceptsChildren)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Aceita outros animais</dt>
                  <dd className="font-medium">{yesNo(pet.acceptsOtherAnimals)}</dd>
                </div>
              </dl>
            </section>
          ) : null}
          {pet.description ? (
            <section>
              <h2 className="font-semibold text-slate-900">Observações</h2>
              <p className="mt-1 whitespace-pre-line text-slate-700">{pet.description}</p>
            </section>
          ) : null}
          {pet.status === "perdido" ? (
            <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              Atenção: nunca pague para receber notícias do seu pet. Golpistas usam anúncios de pets perdidos.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {/* A closed ad takes no more calls: only scammers would use it (0023). */}
            {whatsapp && !pet.closedAs ? (
              <a href={whatsapp} className="btn bg-emerald-700 text-white hover:bg-emerald-800" rel="noopener noreferrer" target="_blank">
                Chamar no WhatsApp
              </a>
            ) : null}
            {/* 'Vi este pet' within reach, not 1,300 px down (issue 21, finding 10). */}
            {takesSightings(pet) && !isOwner && "sightings" in loaderData ? (
              <a href={`#${SIGHTING_FORM_ANCHOR}`} className="btn btn-outline">
                Vi este pet
              </a>
            ) : null}
            {/* A second way that keeps the number private, on every open ad, also without
                WhatsApp (issue 21, finding 2; docs/decisions/0033). */}
            {takesMessages(pet) && !isOwner ? (
              <Link to={href("/pet/:id/mensagem", { id: String(pet.id) })} className="btn btn-outline">
                Enviar mensagem
              </Link>
            ) : null}
            {pet.youtube ? (
              <a href={withHttps(pet.youtube)} className="btn btn-outline" rel="noopener noreferrer" target="_blank">
                <YoutubeIcon /> Ver vídeo
              </a>
            ) : null}
            {/* A closed case's poster is its owner's only (docs/decisions/0023). */}
            {!pet.closedAs || isOwner ? (
              <Link to={href("/pet/:id/cartaz", { id: String(pet.id) })} className="btn btn-ghost border border-slate-300">
                Imprimir cartaz
              </Link>
            ) : null}
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <FavoriteButton kind="pets" id={pet.id} name={pet.name} withLabel />
            <ShareMenu path={href("/pet/:id", { id: String(pet.id) })} title={pet.name} text={shareText} withLabel />
          </div>
          <p className="text-xs text-slate-500">
            {pet.owner ? (
              <>
                Anunciado por{" "}
                <Link to={href("/perfil/:handle", { handle: pet.owner.publicId ?? "" })} className="font-medium text-brand-700 underline">
                  {pet.owner.name || "quem publicou"}
                </Link>{" "}
                ·{" "}
              </>
            ) : null}
            Publicado em {formatShortDate(pet.createdAt)} · {viewsLabel(pet.views)}
          </p>
          {/* Lost-pet ads are where scammers hunt (docs/decisions/0035). */}
          {isOwner ? null : <ReportLink kind="pet" id={pet.id} label="Denunciar este anúncio" />}
          {isOwner ? (
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <p className="w-full text-sm text-slate-600" data-testid="ad-state">
                Seu anúncio: <AdStateText state={state} />
              </p>
              {loaderData.limitNotices.map((notice) => (
                <p key={notice} role="note" className="w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  {notice}
                </p>
              ))}
              <AdLifecycleActions pet={pet} state={state} />
              <Link to={href("/pet/:id/edit", { id: String(pet.id) })} className="btn btn-primary">
                Editar
              </Link>
              <Link to={href("/pet/:id/excluir", { id: String(pet.id) })} className="btn border border-red-300 text-red-700 hover:bg-red-50">
                Excluir
              </Link>
            </div>
          ) : null}
        </div>
      </div>
      {isOwner && pet.status === "perdido" && !pet.closedAs ? <PetMatches matches={matches} /> : null}
      {isOwner && "messages" in loaderData ? <PetMessagesForOwner petName={pet.name} items={loaderData.messages} /> : null}
      {"sightings" in loaderData ? (
        <PetSightings
          petId={pet.id}
          petName={pet.name}
          owner={loaderData.sightings.view === "owner"}
          open={takesSightings(pet)}
          items={loaderData.sightings.items}
          defaultSeenAt={loaderData.sightingNow}
          defaultCity={loaderData.sightingCity}
        />
      ) : null}
    </article>
  );
}
