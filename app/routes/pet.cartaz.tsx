import { Link, href } from "react-router";
import type { Route } from "./+types/pet.cartaz";
import { PetErrorBoundary } from "~/components/pet-not-found";
import { gone, notFound } from "~/lib/not-found";
import { PrintButton } from "~/components/print-button";
import { SafeImage } from "~/components/safe-image";
import { getDb } from "~/context.server";
import { labelOf, PET_SPECIES_LABELS } from "~/lib/labels";
import { parseId } from "~/lib/links";
import { qrCodePath } from "~/lib/qr";
import { getPublicPet } from "~/models/pets.server";
import { getCurrentUser } from "~/platform/auth.server";
import { moderationBannerFor } from "~/services/moderation.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.pet ? `Cartaz: ${loaderData.pet.name} | Patas Conectadas` : "Pet não encontrado" },
  { name: "robots", content: "noindex" },
];

const HEADLINES: Record<string, string> = {
  perdido: "PROCURA-SE",
  encontrado: "ENCONTRADO",
  avistado: "VISTO POR AQUI",
  adocao: "ADOTE",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id ? await getPublicPet(getDb(context), id) : null;
  if (!found) throw notFound(undefined, { pet: null });
  const { pet, ownerId, contactWhatsapp } = found;
  // Held, removed or suspended: its owner and the admins only (docs/decisions/0035).
  await moderationBannerFor(context, pet.moderation, ownerId);
  const user = await getCurrentUser(context);
  const isOwner = user?.id === ownerId;
  // A closed case needs no more posters: 410 for everyone but its owner (docs/decisions/0023).
  if (pet.closedAs && !isOwner) throw gone({ pet: null });
  const url = `${new URL(request.url).origin}${href("/pet/:id", { id: String(pet.id) })}`;
  // The number goes on the paper only when its owner prints it: anyone else's poster leads
  // to the ad through the QR code, where the WhatsApp button is rate-limited
  // (docs/decisions/0022).
  const whatsapp = isOwner ? contactWhatsapp : null;
  return { pet, url, qr: qrCodePath(url), whatsapp };
}

export default function Cartaz({ loaderData }: Route.ComponentProps) {
  const { pet, url, qr, whatsapp } = loaderData;
  
  const facts = [labelOf(PET_SPECIES_LABELS, pet.type), pet.breed, pet.gender, pet.size, pet.color, pet.age]
    .filter(Boolean)
    .join(" · ");
  return (
    <div className="container-page py-6 print:p-0">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <PrintButton />
        <Link to={href("/pet/:id", { id: String(pet.id) })} className="btn btn-ghost">
          Voltar ao anúncio
        </Link>
        <p className="text-sm text-slate-600">Dica: use "Imprimir" do navegador, em folha A4.</p>
      </div>
      <article className="poster mx-auto flex max-w-[210mm] flex-col items-center gap-4 border-4 border-slate-900 p-6 text-center print:border-8">
        <h1 className="text-5xl font-black tracking-tight text-red-700 sm:text-7xl">{HEADLINES[pet.status]}</h1>
        <p className="text-4xl font-extrabold text-slate-900">{pet.name}</p>
        <SafeImage
          src={pet.mainImageUrl}
          kind="pet"
          alt={`Foto de ${pet.name}`}
          width={640}
          height={480}
          loading="eager"
          className="aspect-[4/3] w-full max-w-[150mm] object-cover"
        />
        <p className="text-xl font-semibold text-slate-800">{facts}</p>
        <p className="text-xl text-slate-800">{pet.location}</p>
        {pet.status === "perdido" && pet.missingSince ? (
          <p className="text-xl font-bold text-slate-900">
            Desaparecido desde {pet.missingSince.split("-").reverse().join("/")}
          </p>
        ) : null}
        {whatsapp ? (
          <p className="text-3xl font-black text-slate-900">WhatsApp: {whatsapp}</p>
        ) : pet.hasWhatsapp ? (
          <p className="text-2xl font-bold text-slate-900">Fale com quem anunciou pelo QR code abaixo</p>
        ) : null}
        <div className="flex items-center gap-4">
          <svg
            viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
            width="160"
            height="160"
            role="img"
            aria-label={`QR code para ${url}`}
            shapeRendering="crispEdges"
          >
            <rect x="-2" y="-2" width={qr.size + 4} height={qr.size + 4} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          <p className="max-w-[60mm] text-left text-sm text-slate-700">
            Aponte a câmera do celular para ver o anúncio completo:
            <br />
            <span className="font-semibold break-all">{url}</span>
          </p>
        </div>
        <p className="text-xs text-slate-500">Patas Conectadas · patasconectadas.com.br</p>
      </article>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PetErrorBoundary error={error} />;
}
