// The site's own address, for every absolute link that leaves a request: mails, Mercado
// Pago's preference, Google's redirect_uri, and the Cron Trigger's mails. It comes from
// SITE_URL (wrangler.toml), never from the request: a request may carry any Host, and a
// reset link must not point at the sender's site (docs/decisions/0011).
export function siteOrigin(env: Pick<Env, "SITE_URL">): string {
  return (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, "");
}
