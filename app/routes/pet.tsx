import { href, Link } from "react-router";
import { viewsLabel } from "~/lib/text";
import type { Route } from "./+types/pet";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { DETAIL_ID, pagePolicy } from "~/lib/page-policy";
import { PetStatusBadge } from "~/components/cards/pet-card";
import { MapPinIcon, YoutubeIcon } from "~/components/icons";
import { FavoriteButton } from "~/components/favorite-button";
import { DeleteLink } from "~/components/owner-actions";
import { gone } from "~/lib/not-found";
import { AdLifecycleActions, AdStateText, ClosedBanner } from "~/components/ad-lifecycle";
import { adState, publicPageState } from "~/lib/ad-lifecycle";
import { ShareMenu } from "~/components/share-menu";
import { SpreadTheWord } from "~/components/spread-the-word";
import { spreadTheWordMessage } from "~/lib/share";
import { missingSinceLabel } from "~/lib/pet-title";
import { cardImageUrl } from "~/lib/card-image-url";
import { pageMeta } from "~/lib/page-meta";
import { siteOrigin } from "~/platform/site-url.server";
import { getActivityDb, getCloudflare, getDb } from "~/context.server";
import { brasiliaNow, formatShortDate } from "~/lib/format";
import { labelOf, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { shareLinks, withHttps } from "~/lib/links";
import { getPublicPet } from "~/models/pets.server";
import { listMatchesForOwner, listSimilarLostPets } from "~/models/pet-matches.server";
import { PetMatches, SimilarLostPets } from "~/components/pet-matches";
import { FOUND_STATUSES } from "~/lib/pet-match";
import { PetSightings, SIGHTING_FORM_ANCHOR } from "~/components/sightings";
import { takesSightings } from "~/lib/sightings";
import { sightingsForPage } from "~/models/sightings.server";
import { isArchivedAd, withArchivedSightings } from "~/services/pet-archive.server";
import { municipalityByCode } from "~/models/municipalities.server";
import { municipalityLabel } from "~/lib/place-names";
import { loadDetail } from "~/services/detail-page.server";
import { PhotoGallery } from "~/components/photo-gallery";
import { PetMessagesForOwner, type PetMessageItem } from "~/components/pet-messages";
import { takesAdoptionRequests, takesMessages } from "~/lib/pet-messages";
import { listPetMessagesForOwner } from "~/models/pet-messages.server";
import { organizationCardOfUser } from "~/models/organizations.server";
import { AdOrganizationCard } from "~/components/ad-organization-card";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { adInboxLimitNotices } from "~/services/ad-inbox.server";
import { takeSentSighting } from "~/platform/session.server";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {}, segments: { id: DETAIL_ID }, item: "pet" } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  // Id, moderation (the public reads 'Este anúncio está em análise.' with a 404), owner
  // flag and view: the detail pipeline (docs/decisions/0034, Detail pages).
  const { found, banner, isOwner, pendingViews } = await loadDetail(
    "pet",
    args,
    async (db, id) => {
      const read = await getPublicPet(db, id);
      return read && { ...read, moderation: read.pet.moderation };
    },
    {
      // The answer names no pet: nothing of an ad that is not shown leaves the server.
      notFoundDetails: { pet: null },
      // A closed ad stays public with its banner for 30 days, then only its owner sees it:
      // 410 for everyone else, and no view counted (docs/decisions/0023).
      assertShown: ({ pet }, { isOwner }) => {
        if (publicPageState(pet, new Date()) === "gone" && !isOwner) throw gone({ pet: null });
      },
      // An ad archived a year after it was posted (docs/decisions/0050): gone, for everyone;
      // its owner finds it under 'Arquivados' in Meus Pets.
      whenMissing: async (id) => {
        if (await isArchivedAd(getCloudflare(context).env.IMAGES, id)) throw gone({ pet: null });
      },
    },
  );
  // The exact count: D1's plus the views its counter still holds (docs/decisions/0051).
  const { ownerId } = found;
  const pet = { ...found.pet, views: found.pet.views + pendingViews };
  const { env } = getCloudflare(context);
  const db = getDb(context);
  // The ad's address in previews and shared messages is the site's own, whatever Host the
  // request came with (docs/decisions/0011).
  const origin = siteOrigin(env);
  const url = `${origin}${href("/pet/:id", { id: String(pet.id) })}`;
  // The owner spreads the word; anyone else may call. Never a chat with one's own number,
  // and none once the ad is closed (0023) or held (0035) (docs/decisions/0022).
  const shareOnWhatsapp =
    isOwner && !pet.closedAs && !pet.moderation
      ? shareLinks(
          url,
          spreadTheWordMessage({ title: pet.title, status: pet.status, location: pet.location, missingSince: pet.missingSince }),
        ).whatsapp
      : null;
  const whatsappChat = !isOwner && pet.hasWhatsapp && !pet.closedAs ? href("/pet/:id/whatsapp", { id: String(pet.id) }) : null;
  const inboxes = [...(takesSightings(pet) ? (["sightings"] as const) : []), ...(takesMessages(pet) ? (["messages"] as const) : [])];
  const [matches, sightings, municipality, messages, limitNotices, organization, similarLost] = await Promise.all([
    // 'Possíveis correspondências': for the lost pet's owner only (docs/decisions/0025).
    isOwner && pet.status === "perdido" && !pet.closedAs ? listMatchesForOwner(db, { lostPetId: pet.id, userId: ownerId }) : [],
    // 'Vi este pet' (docs/decisions/0024): the owner sees everything, anyone else place and time.
    sightingsForPage(db, getActivityDb(context), pet.id, isOwner ? ownerId : null).then((page) =>
      withArchivedSightings(env.IMAGES, pet.id, page),
    ),
    // The sighting form's default city (docs/decisions/0032, Forms).
    pet.municipalityCode === null ? null : municipalityByCode(db, pet.municipalityCode),
    // 'Enviar mensagem' (docs/decisions/0033 §2): the poster's own, never anyone else's.
    isOwner ? listPetMessagesForOwner(db, pet.id, ownerId) : [],
    // The owner learns when a day's limit turned senders away (docs/decisions/0030).
    isOwner ? adInboxLimitNotices(env, pet.id, inboxes) : [],
    // The NGO behind the ad, as a card (docs/decisions/0047).
    organizationCardOfUser(db, ownerId),
    // 'Pets perdidos parecidos perto daqui': for everyone, on a found or sighted pet (0046).
    showsSimilarLost(pet) ? listSimilarLostPets(db, pet.id) : [],
  ]);
  const ownerMessages: PetMessageItem[] = messages.map(({ createdAt, ...m }) => ({ ...m, sentAt: brasiliaNow(createdAt) }));
  const sightingCity = municipality ? municipalityLabel(municipality) : "";
  // The sender's own report, from their session's flash: only a visitor with a session
  // cookie has one, and those bypass the edge cache (docs/decisions/0019, 0024).
  const sentSighting = takeSentSighting(context, pet.id);
  return {
    pet,
    banner,
    isOwner,
    url,
    origin,
    shareOnWhatsapp,
    whatsappChat,
    matches,
    sightings,
    sightingNow: brasiliaNow(),
    sightingCity,
    sentSighting,
    messages: ownerMessages,
    limitNotices,
    organization,
    similarLost,
  };
}

/** An open found or sighted ad lists the lost pets that look like it (docs/decisions/0046). */
function showsSimilarLost(pet: { status: string; closedAs: string | null }) {
  return (FOUND_STATUSES as readonly string[]).includes(pet.status) && !pet.closedAs;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const pet = loaderData?.pet;
  if (!pet) return [{ title: "Pet não encontrado | Patas Conectadas" }];
  const status = PET_STATUS_LABELS[pet.status] ?? pet.status;
  // The ad's one title, 'Gato encontrado em Osasco - SP' without a name (docs/decisions/0045).
  const title = `${pet.headline} | Patas Conectadas`;
  const description =
    [labelOf(PET_SPECIES_LABELS, pet.type), pet.breed, pet.age, pet.description?.split("\n")[0]]
      .filter(Boolean)
      .join(" · ")
      .slice(0, 200) || `${pet.title}: ${status}.`;
  // The preview's photo: the card copy of an upload (WebP, at most 480 px wide and 60 KB,
  // docs/decisions/0018), which WhatsApp takes; an original may weigh megabytes, over the
  // few hundred KB WhatsApp fetches for a preview (docs/decisions/0022, "The owner's own ad").
  const image = `${loaderData.origin}${cardImageUrl(pet.mainImageUrl) ?? pet.mainImageUrl ?? "/placeholders/pet.svg"}`;
  return pageMeta({
    title,
    description,
    url: loaderData.url,
    type: "article",
    previewTitle: pet.headline,
    image: { url: image, alt: `Foto de ${pet.title}` },
  });
};

function yesNo(value: boolean) {
  return value ? "Sim" : "Não";
}

export default function PetPage({ loaderData }: Route.ComponentProps) {
  const { pet, isOwner, matches, banner, shareOnWhatsapp, whatsappChat } = loaderData;
  const state = adState(pet, new Date());
  const photos = [pet.mainImageUrl, ...pet.images.map((i) => i.imageUrl)].filter((u): u is string => Boolean(u));
  const poster = href("/pet/:id/cartaz", { id: String(pet.id) });
  const shareText = `${pet.headline}.`;
  const facts: [string, string | null][] = [
    ["Espécie", labelOf(PET_SPECIES_LABELS, pet.type)],
    ["Raça", pet.breed],
    ["Idade", pet.age],
    // Unknown to a finder ('Não sei'): said, so a sex or size filter showing it makes sense (0045).
    ["Sexo", pet.gender ?? "Não informado"],
    ["Porte", pet.size ?? "Não informado"],
    ["Cor", pet.color],
  ];
  return (
    <article className="container-page py-8">
      {/* The owner's first move on their own open ad, above all else (docs/decisions/0022). */}
      {shareOnWhatsapp ? <SpreadTheWord whatsapp={shareOnWhatsapp} poster={poster} /> : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <PhotoGallery photos={photos} kind="pet" name={pet.title} />
        <div className="space-y-5">
          <ModerationBanner text={banner} />
          {pet.closedAs ? <ClosedBanner closedAs={pet.closedAs} closedAt={pet.closedAt} /> : null}
          <div>
            <PetStatusBadge status={pet.status} />
            <h1 className="mt-2 text-3xl font-bold text-slate-900">{pet.title}</h1>
            <p className="mt-1 flex items-center gap-1 text-slate-600">
              <MapPinIcon width={16} height={16} className="shrink-0" /> {pet.location}
            </p>
            {pet.status === "perdido" && pet.missingSince ? (
              <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
                {missingSinceLabel(pet.gender)} {pet.missingSince.split("-").reverse().join("/")}
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
            {/* An adoption ad leads with its own next step (docs/decisions/0047). */}
            {takesAdoptionRequests(pet) && !isOwner ? (
              <Link to={href("/pet/:id/quero-adotar", { id: String(pet.id) })} className="btn btn-primary">
                Quero adotar
              </Link>
            ) : null}
            {/* Our own route redirects to the chat: the number is not in this page; never
                for the owner, nor on a closed ad (docs/decisions/0022, 0023). */}
            {whatsappChat ? (
              <a
                href={whatsappChat}
                className="btn bg-emerald-700 text-white hover:bg-emerald-800"
                rel="noopener noreferrer"
                target="_blank"
              >
                Chamar no WhatsApp
              </a>
            ) : null}
            {/* 'Vi este pet' within reach, not 1,300 px down (docs/decisions/0033 §10). */}
            {takesSightings(pet) && !isOwner && "sightings" in loaderData ? (
              <a href={`#${SIGHTING_FORM_ANCHOR}`} className="btn btn-outline">
                Vi este pet
              </a>
            ) : null}
            {/* A second way that keeps the number private, on every open ad, also without
                WhatsApp (docs/decisions/0033 §2). */}
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
            {/* A closed case's poster is its owner's only (docs/decisions/0023); an open
                ad's owner has it first, beside 'Compartilhar no WhatsApp'. */}
            {(!pet.closedAs || isOwner) && !shareOnWhatsapp ? (
              <Link to={poster} className="btn btn-ghost border border-slate-300">
                Imprimir cartaz
              </Link>
            ) : null}
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <FavoriteButton kind="pets" id={pet.id} name={pet.title} withLabel />
            <ShareMenu path={href("/pet/:id", { id: String(pet.id) })} title={pet.title} text={shareText} withLabel />
          </div>
          {loaderData.organization ? <AdOrganizationCard organization={loaderData.organization} /> : null}
          <p className="text-xs text-slate-500">
            {pet.owner && !loaderData.organization ? (
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
              <DeleteLink to={href("/pet/:id/excluir", { id: String(pet.id) })} />
            </div>
          ) : null}
        </div>
      </div>
      {isOwner && pet.status === "perdido" && !pet.closedAs ? <PetMatches matches={matches} /> : null}
      {showsSimilarLost(pet) ? <SimilarLostPets matches={loaderData.similarLost} isOwner={isOwner} /> : null}
      {isOwner && "messages" in loaderData ? (
        <PetMessagesForOwner petName={pet.title} items={loaderData.messages} adoption={pet.status === "adocao"} />
      ) : null}
      {"sightings" in loaderData ? (
        <PetSightings
          petId={pet.id}
          petName={pet.title}
          owner={loaderData.sightings.view === "owner"}
          open={takesSightings(pet)}
          items={loaderData.sightings.items}
          defaultSeenAt={loaderData.sightingNow}
          defaultCity={loaderData.sightingCity}
          sent={loaderData.sentSighting}
        />
      ) : null}
    </article>
  );
}
