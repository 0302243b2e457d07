import type { Route } from "./+types/dev.mercado-pago.preferences";
import { getCloudflare } from "~/context.server";
import { createSandboxPreference, isSandboxEnabled } from "~/platform/mercado-pago-sandbox.server";
import type { PreferenceBody } from "~/platform/mercado-pago.server";
import { notFound } from "~/lib/not-found";
import { siteOrigin } from "~/platform/site-url.server";

// The local sandbox's POST /checkout/preferences (docs/decisions/0014): a JSON API that
// answers like Checkout Pro. 404 outside local development.
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  if (!isSandboxEnabled(env)) throw notFound();
  if (!/^Bearer \S+$/.test(request.headers.get("Authorization") ?? "")) {
    return Response.json({ message: "unauthorized" }, { status: 401 });
  }
  let body: PreferenceBody;
  try {
    body = (await request.json()) as PreferenceBody;
  } catch {
    return Response.json({ message: "invalid json" }, { status: 400 });
  }
  const item = Array.isArray(body?.items) ? body.items[0] : undefined;
  if (
    !item ||
    typeof item.unit_price !== "number" ||
    typeof body.external_reference !== "string" ||
    typeof body.back_urls?.success !== "string"
  ) {
    return Response.json({ message: "invalid preference" }, { status: 400 });
  }
  const preference = await createSandboxPreference(env.KV, siteOrigin(env), body);
  return Response.json({ id: preference.id, init_point: preference.init_point }, { status: 201 });
}
