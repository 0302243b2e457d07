// Links in e-mails need the site's address. Inside a request it is the request's own
// origin; the Cron Trigger has no request, so it reads SITE_URL (wrangler.toml).
export function siteOrigin(env: Pick<Env, "SITE_URL">, request?: Request): string {
  if (request) return new URL(request.url).origin;
  return (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, "");
}
