// Back from Mercado Pago (`?payment=success|failure|pending`, spec §4): a toast and the
// same page without the parameter. Only a message: the plan changes when the signed
// webhook says so, never because of this URL (docs/decisions/0014). Anyone can type
// `?payment=success`, so its welcome is said only for an approved payment of the account
// or of this browser's checkout; otherwise the payment is being confirmed.
//
// A route middleware, not a loader: loaders run in parallel with the root loader, which
// may take the session's toasts before a child loader flashes one (the toast would be
// lost in the redirect). Middleware runs before every loader.
import { type MiddlewareFunction, redirect } from "react-router";
import { isPaymentReturn, PAYMENT_CONFIRMING_TOAST, PAYMENT_RETURN_TOASTS } from "~/lib/plans";
import { getCurrentUser } from "~/platform/auth.server";
import { flashToast } from "~/platform/session.server";
import { isReturnedPaymentApproved } from "./payments.server";

/** The page's own URL: client navigations ask for "/x.data?_routes=…" instead. */
export function pageUrlWithout(request: Request, param: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete(param);
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const query = url.searchParams.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

export const paymentReturnMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const payment = new URL(request.url).searchParams.get("payment");
  if (request.method === "GET" && isPaymentReturn(payment)) {
    const welcome = payment !== "success" || (await isReturnedPaymentApproved(context, (await getCurrentUser(context))?.id ?? null));
    flashToast(context, welcome ? PAYMENT_RETURN_TOASTS[payment] : PAYMENT_CONFIRMING_TOAST);
    throw redirect(pageUrlWithout(request, "payment"));
  }
  return next();
};
