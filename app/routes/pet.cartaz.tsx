import type { CSSProperties } from "react";
import { Link, href } from "react-router";
import type { Route } from "./+types/pet.cartaz";
import { gone, notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { PrintButton } from "~/components/print-button";
import { SafeImage } from "~/components/safe-image";
import { getCloudflare, getDb } from "~/context.server";
import { labelOf, PET_SPECIES_LABELS } from "~/lib/labels";
import { missingSinceLabel } from "~/lib/pet-title";
import { parseId } from "~/lib/links";
import { qrCodePath } from "~/lib/qr";
import { getPublicPet } from "~/models/pets.server";
import { getCurrentUser } from "~/platform/auth.server";
import { siteOrigin } from "~/platform/site-url.server";
import { moderationBannerFor } from "~/services/moderation.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.pet ? `Cartaz: ${loaderData.pet.title} | Patas Conectadas` : "Pet não encontrado" },
  { name: "robots", content: "noindex" },
];

const HEADLINES: Record<string, string> = {
  perdido: "PROCURA-SE",
  encontrado: "ENCONTRADO",
  avistado: "VISTO POR AQUI",
  adocao: "ADOTE",
};

// Words that agree with a female pet's sex (docs/decisions/0045).
const FEMALE_HEADLINES: Record<string, string> = {
  encontrado: "ENCONTRADA",
  avistado: "VISTA POR AQUI",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id ? await getPublicPet(getDb(context), id) : null;
  if (!found) throw notFound(PET_NOT_FOUND, { pet: null });
  const { pet, ownerId, contactWhatsapp } = found;
  // Held, removed or suspended: its owner and the admins only (docs/decisions/0035).
  await moderationBannerFor(context, pet.moderation, ownerId);
  const user = await getCurrentUser(context);
  const isOwner = user?.id === ownerId;
  // A closed case needs no more posters: 410 for everyone but its owner (docs/decisions/0023).
  if (pet.closedAs && !isOwner) throw gone({ pet: null }, PET_NOT_FOUND);
  // Paper outlives the request: the QR code leads to the site's own address (0011).
  const url = `${siteOrigin(getCloudflare(context).env)}${href("/pet/:id", { id: String(pet.id) })}`;
  // The number goes on the paper only when its owner prints it: anyone else's poster leads
  // to the ad through the QR code, where the WhatsApp button is rate-limited
  // (docs/decisions/0022).
  const whatsapp = isOwner ? contactWhatsapp : null;
  return { pet, url, qr: qrCodePath(url), whatsapp };
}

export default function Cartaz({ loaderData }: Route.ComponentProps) {
  const { pet, url, qr, whatsapp } = loaderData;
  const headline = (pet.gender === "Fêmea" ? FEMALE_HEADLINES[pet.status] : undefined) ?? HEADLINES[pet.status] ?? "PROCURA-SE";
  const facts = [labelOf(PET_SPECIES_LABELS, pet.type), pet.breed, pet.gender, pet.size, pet.color, pet.age].filter(Boolean).join(" · ");
  return (
    <div className="container-page py-6 print:p-0">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <PrintButton />
        <Link to={href("/pet/:id", { id: String(pet.id) })} className="btn btn-ghost">
          Voltar ao anúncio
        </Link>
        <p className="text-sm text-slate-600">Dica: use "Imprimir" do navegador, em folha A4.</p>
      </div>
      {/* One A4 sheet: in print the poster is the page's height and the photo takes what the
          words leave (docs/decisions/0022, "The owner's own ad"). */}
      <article className="poster mx-auto flex max-w-[210mm] flex-col items-center gap-3 border-4 border-slate-900 p-4 text-center sm:p-6 print:h-[270mm] print:max-w-none print:gap-2 print:border-8">
        {/* On one line at any width, from a 360 px phone to the sheet: sized by its length. */}
        <h1
          className="poster-headline font-black tracking-tight text-red-700"
          style={{ "--poster-chars": headline.length } as CSSProperties}
        >
          {headline}
        </h1>
        <p className="text-4xl font-extrabold break-words text-slate-900 print:line-clamp-2">{pet.title}</p>
        <SafeImage
          src={pet.mainImageUrl}
          kind="pet"
          alt={`Foto de ${pet.title}`}
          width={640}
          height={480}
          loading="eager"
          className="aspect-[4/3] w-full max-w-[150mm] object-cover print:aspect-auto print:min-h-0 print:flex-1 print:object-contain"
        />
        <p className="text-xl font-semibold text-slate-800 print:line-clamp-2">{facts}</p>
        <p className="text-xl text-slate-800 print:line-clamp-2">{pet.location}</p>
        {pet.status === "perdido" && pet.missingSince ? (
          <p className="text-xl font-bold text-slate-900">
            {missingSinceLabel(pet.gender)} {pet.missingSince.split("-").reverse().join("/")}
          </p>
        ) : null}
        {/* The owner's print: the number large beside the QR code, since people call from a
            poster far more than they scan it. Anyone else's: the way through the site. */}
        <div className="flex w-full items-center justify-center gap-4 text-left" data-testid="poster-contact">
          <svg
            viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
            width="160"
            height="160"
            role="img"
            aria-label={`QR code para ${url}`}
            shapeRendering="crispEdges"
            className="poster-qr shrink-0"
          >
            <rect x="-2" y="-2" width={qr.size + 4} height={qr.size + 4} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          {whatsapp ? (
            <div className="min-w-0">
              <p className="text-lg font-bold text-slate-900">Ligue ou chame no WhatsApp:</p>
              <p className="poster-number font-black text-slate-900" style={{ "--poster-chars": whatsapp.length } as CSSProperties}>
                {whatsapp}
              </p>
            </div>
          ) : (
            <div className="min-w-0">
              <p className="text-2xl font-bold text-slate-900">Fale com quem anunciou pelo site</p>
              <p className="mt-1 text-base text-slate-800">
                Aponte a câmera do celular para o QR code: o anúncio tem as fotos e o contato.
              </p>
            </div>
          )}
        </div>
        <p className="text-sm text-slate-700">
          Anúncio completo: <span className="font-semibold break-all">{url}</span>
        </p>
        <p className="text-xs text-slate-500">Patas Conectadas · patasconectadas.com.br</p>
      </article>
    </div>
  );
}
