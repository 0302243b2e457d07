import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, createActivityDatabase, createDatabase } from "../app/context.server";
import { CardImageJobs, makeCardImagesAfterResponse } from "../app/platform/card-image-jobs.server";
import { applyCachePolicy } from "../app/platform/cache-policy.server";
import { runScheduled } from "../app/services/daily-jobs.server";
import { consumeTasks } from "../app/services/task-queue.server";
import { countCachedPageView } from "../app/services/views.server";
import { fromPageCache } from "../app/platform/edge-cache.server";
import { setRouteTable } from "../app/platform/page-table.server";
import { googleAuthorizationOrigin } from "../app/platform/google.server";
import { withNearbyCity } from "../app/platform/nearby-city.server";
import { acceptOneClickUnsubscribe, createNonce, isCrossOriginWrite, withSecurityHeaders } from "../app/platform/security.server";

const serverBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);

// Each route declares its page policy in its handle (light page, cache key, what a write
// purges); the edge cache reads it through the build's route table, for requests and for
// the queue's purges alike (docs/decisions/0019, "Where the policy lives").
async function readPagePolicies() {
  setRouteTable((await serverBuild()).routes);
}

async function render(request: Request, env: Env, ctx: ExecutionContext, nonce: string) {
  const context = new RouterContextProvider();
  const cardImages = new CardImageJobs();
  context.set(cloudflareContext, {
    env,
    ctx,
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce,
    cardImages,
  });
  try {
    return await requestHandler(request, context);
  } finally {
    // Off the response path, and after the action moved or deleted what it uploaded
    // (docs/decisions/0029).
    makeCardImagesAfterResponse(cardImages, env, ctx);
  }
}

export default {
  async fetch(incoming, env, ctx) {
    // The one route a foreign POST may reach: RFC 8058 unsubscribe (docs/decisions/0026).
    const request = acceptOneClickUnsubscribe(incoming);
    const nonce = createNonce();
    await readPagePolicies();
    if (isCrossOriginWrite(request)) {
      const refused = new Response("Origem da requisição não permitida.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
      return withSecurityHeaders(request, refused, nonce);
    }
    const renderPage = (page: Request, pageNonce: string) => render(page, env, ctx, pageNonce);
    // The shared copy of the home page is rendered without the visitor's location; their
    // 'Perto de você' link is written in here (docs/decisions/0032).
    const cached = await fromPageCache({ request, env, ctx, nonce, render: renderPage, countView: countCachedPageView });
    const response = cached ? await withNearbyCity(cached, request, createDatabase(env.DB)) : await renderPage(request, nonce);
    // A refusal answered before the body was read (someone else's event or ad, posted with
    // photos) still reads it: an unread body breaks the connection, and `wrangler dev`'s
    // proxy then loses the next request sent on it.
    if (request.body && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
    // Sign-in forms post to us and are redirected on to Google: CSP form-action covers it.
    const formActions = [googleAuthorizationOrigin(env)].filter((o): o is string => Boolean(o));
    // withSecurityHeaders returns a copy whose headers can be set; then personal answers
    // get `private, no-store` (docs/decisions/0012).
    return applyCachePolicy(request, withSecurityHeaders(request, response, nonce, formActions));
  },
  // The Cron Triggers (wrangler.toml) only plan: the work goes to the task queue
  // (docs/decisions/0037).
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env));
  },
  // The task queue and its dead-letter queue.
  async queue(batch, env) {
    await readPagePolicies();
    await consumeTasks(batch, env);
  },
} satisfies ExportedHandler<Env>;

// Durable Objects (docs/decisions/0051): the runtime finds a class among the entry's exports.
export { RateCounters, ViewCounter } from "./durable-objects";
