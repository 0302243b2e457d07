import type { Route } from "./+types/dev.mercado-pago.payment";
import { getCloudflare } from "~/context.server";
import { getSandboxPayment, isSandboxEnabled } from "~/platform/mercado-pago-sandbox.server";
import { notFound } from "~/lib/not-found";

// The local sandbox's GET /v1/payments/{id} (docs/decisions/0014). 404 outside local
// development.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  if (!isSandboxEnabled(env)) throw notFound();
  const payment = await getSandboxPayment(env.KV, params.id);
  if (!payment) return Response.json({ message: "Payment not found", status: 404 }, { status: 404 });
  return Response.json(payment);
}
