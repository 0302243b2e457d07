import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/pet.whatsapp";
import { notFound } from "~/lib/not-found";
import { PET_NOT_FOUND } from "~/lib/not-found-screens";
import { getCloudflare, getDb } from "~/context.server";
import { parseId, whatsappLink } from "~/lib/links";
import { getPetContact } from "~/models/pets.server";
import { getCurrentUser } from "~/platform/auth.server";
import { visitorIdOf } from "~/services/favorites.server";
import { clientIp, ipRule, takeRateLimits, RATE_LIMITED_ADVICE, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";

// "Chamar no WhatsApp" on /pet/{id}: the owner's number is in no page or loader data, only
// in this redirect, counted per client and per visitor (docs/decisions/0022). A plain link
// (target="_blank"), so it works without JavaScript.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.reason === "rate-limited" ? "Muitas tentativas | Patas Conectadas" : "Pet não encontrado | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

/** The same greeting the page's link carried before the number left it. */
function whatsappGreeting(title: string) {
  return `Olá! Vi o anúncio de ${title} na Patas Conectadas.`;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const contact = id ? await getPetContact(getDb(context), id) : null;
  const chat = contact?.contactWhatsapp ? whatsappLink(contact.contactWhatsapp, whatsappGreeting(contact.title)) : null;
  if (!id || !contact || !chat) throw notFound(PET_NOT_FOUND, { reason: "not-found" });

  const { env } = getCloudflare(context);
  const user = await getCurrentUser(context);
  const visitorId = user ? null : await visitorIdOf(context, request);
  const person = user ? `usuario:${user.id}` : visitorId ? `visitante:${visitorId}` : null;
  const limits = [
    { limit: "client", bucket: "whatsapp-ip", subject: clientIp(request), rule: ipRule(RATE_LIMITS.whatsappPerIp, env) },
    ...(person
      ? [{ limit: "person", bucket: "whatsapp-person", subject: await subjectHash(person), rule: RATE_LIMITS.whatsappPerVisitor }]
      : []),
  ];
  const taken = await takeRateLimits(env, limits);
  if (!taken.allowed) return rateLimited(id, taken.retryAfterSeconds);
  // Personal and short-lived: no cache may keep it, no search engine may list it.
  return redirect(chat, { status: 302, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

function rateLimited(petId: number, retryAfterSeconds: number) {
  return data(
    { reason: "rate-limited" as const, petId, message: RATE_LIMITED_ADVICE },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "private, no-store" } },
  );
}

export default function PetWhatsapp({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page grid place-items-center py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Muitas tentativas</h1>
      <p className="mt-2 text-slate-600">{loaderData.message}</p>
      {/* Not a dead end: a message reaches the poster too, and keeps the number private
          (docs/decisions/0033 §2). */}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={href("/pet/:id/mensagem", { id: String(loaderData.petId) })} className="btn btn-primary">
          Enviar mensagem
        </Link>
        <Link to={href("/pet/:id", { id: String(loaderData.petId) })} className="btn btn-outline">
          Voltar ao anúncio
        </Link>
      </div>
    </section>
  );
}
