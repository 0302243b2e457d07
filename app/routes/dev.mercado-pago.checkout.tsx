import { data, Form, redirect, href } from "react-router";
import type { Route } from "./+types/dev.mercado-pago.checkout";
import { getCloudflare } from "~/context.server";
import { formatBRL } from "~/lib/format";
import { readFormData } from "~/platform/form-data.server";
import {
  createSandboxPayment,
  getSandboxPreference,
  isSandboxEnabled,
  SANDBOX_DECISIONS,
  type SandboxDecision,
} from "~/platform/mercado-pago-sandbox.server";
import { signNotification } from "~/platform/mercado-pago.server";
import { handleMercadoPagoWebhook, webhookSecretFor } from "~/services/payments.server";
import { notFound } from "~/lib/not-found";
import { siteOrigin } from "~/platform/site-url.server";

// The local sandbox's checkout page (docs/decisions/0014): stands in for Mercado Pago's
// payment page. Each button stores a payment, sends the webhook a correctly signed
// notification (in process: a Worker cannot fetch its own origin under `wrangler dev`)
// and sends the browser to the matching back URL, as Mercado Pago does. 404 outside local
// development.
export const meta: Route.MetaFunction = () => [
  { title: "Mercado Pago (sandbox local) | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

async function preferenceOr404(context: Route.LoaderArgs["context"], id: string) {
  const { env } = getCloudflare(context);
  if (!isSandboxEnabled(env)) throw notFound();
  const preference = await getSandboxPreference(env.KV, id);
  if (!preference) throw notFound();
  return { env, preference };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { preference } = await preferenceOr404(context, params.preferenceId);
  const item = preference.body.items[0]!;
  return {
    title: item.title,
    price: formatBRL(Math.round(item.unit_price * item.quantity * 100)),
    email: preference.body.payer.email,
    companyName: preference.body.metadata.companyName,
  };
}

function isDecision(value: unknown): value is SandboxDecision {
  return typeof value === "string" && Object.hasOwn(SANDBOX_DECISIONS, value);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env, preference } = await preferenceOr404(context, params.preferenceId);
  const decision = (await readFormData(request)).get("decisao");
  if (!isDecision(decision)) throw data(null, { status: 400 });
  const payment = await createSandboxPayment(env.KV, preference, decision);

  // The back URLs were built from SITE_URL (docs/decisions/0011).
  const origin = siteOrigin(env);
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const notification = new Request(`${origin}${href("/webhooks/mercado-pago")}?data.id=${payment.id}&type=payment`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "x-request-id": requestId,
      "x-signature": await signNotification(webhookSecretFor(env)!, payment.id, requestId, ts),
    },
    body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: payment.id } }),
  });
  const answer = await handleMercadoPagoWebhook(context, notification);
  if (!answer.ok) console.error(`[sandbox mercado pago] o webhook respondeu ${answer.status}`);

  // Back to the app, like Mercado Pago's back_urls (only to this origin).
  const back = preference.body.back_urls[SANDBOX_DECISIONS[decision].back];
  return redirect(back.startsWith(`${origin}/`) ? back.slice(origin.length) : "/", 303);
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-md py-10">
      <p className="text-sm font-semibold text-sky-700">Mercado Pago · sandbox local</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Pagamento</h1>
      <div className="card mt-4 p-5">
        <p className="text-slate-600">{loaderData.companyName}</p>
        <p className="mt-2 text-lg font-semibold text-slate-900">{loaderData.title}</p>
        <p className="text-3xl font-bold text-slate-900">{loaderData.price}</p>
        <p className="mt-2 text-sm text-slate-600">Pagador: {loaderData.email}</p>
      </div>
      <p className="mt-4 text-sm text-slate-600">Ambiente de desenvolvimento: nenhum pagamento real é feito. Escolha o resultado.</p>
      <Form method="post" className="mt-4 grid gap-2">
        <button type="submit" name="decisao" value="aprovar" className="btn btn-primary">
          Aprovar pagamento
        </button>
        <button type="submit" name="decisao" value="recusar" className="btn btn-outline">
          Recusar pagamento
        </button>
        <button type="submit" name="decisao" value="pendente" className="btn btn-outline">
          Deixar pendente
        </button>
      </Form>
    </div>
  );
}
