import type { Route } from "./+types/webhooks.mercado-pago";
import { handleMercadoPagoWebhook } from "~/services/payments.server";

// Mercado Pago's payment notifications (a resource route: no page). The signature is
// checked before anything is read; the plan changes only from what Mercado Pago's API
// says about the payment (docs/decisions/0014).
export async function action({ request, context }: Route.ActionArgs) {
  return handleMercadoPagoWebhook(context, request);
}
