// Whose favourites a request reads and writes: the signed-in user's, or an anonymous
// visitor's, named by a signed cookie set on their first heart (DESIGN decision 3).
import { createCookie, type MiddlewareFunction } from "react-router";
import { getCloudflare, type RequestContext } from "~/context.server";
import { emptyFavorites, type FavoriteKind, type Favorites } from "~/lib/favorites";
import { type FavoritesOwner, mergeFavorites, readFavorites, setFavorite, VISITOR_FAVORITES_TTL_SECONDS } from "~/models/favorites.server";
import { getCurrentUser } from "~/platform/auth.server";
import { VISITOR_COOKIE_NAME } from "~/platform/cookie-names.server";
import { clientIp, consumeRateLimit, ipRule, RATE_LIMITS } from "~/platform/rate-limit.server";
import { userSignedInThisRequest } from "~/platform/session.server";

function visitorCookie(secret: string) {
  return createCookie(VISITOR_COOKIE_NAME, {
    secrets: [secret],
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: VISITOR_FAVORITES_TTL_SECONDS,
  });
}

const VISITOR_ID = /^[0-9a-f-]{36}$/;

/** The anonymous visitor's id from their signed cookie, or null (no or forged cookie). */
export async function visitorIdOf(context: RequestContext, request: Request): Promise<string | null> {
  const { env } = getCloudflare(context);
  const value: unknown = await visitorCookie(env.SESSION_SECRET).parse(request.headers.get("Cookie"));
  return typeof value === "string" && VISITOR_ID.test(value) ? value : null;
}

/** The current owner of favourites, or null for a visitor who never favourited anything. */
export async function favoritesOwner(context: RequestContext, request: Request): Promise<FavoritesOwner | null> {
  const user = await getCurrentUser(context);
  if (user) return { type: "user", id: user.id };
  const visitorId = await visitorIdOf(context, request);
  return visitorId ? { type: "visitor", id: visitorId } : null;
}

export async function loadFavorites(context: RequestContext, request: Request): Promise<Favorites> {
  const owner = await favoritesOwner(context, request);
  if (!owner) return emptyFavorites();
  return readFavorites(getCloudflare(context).env.KV, owner);
}

export type FavoriteChange =
  | { ok: true; favorites: Favorites; setCookie: string | null }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Sets one favourite on or off. A first-time visitor gets an id: the returned cookie
 * must be sent with the response. Anonymous hearts are rate-limited: new visitor lists
 * per address (a coarse ceiling) and hearts per visitor (docs/decisions/0012).
 */
export async function changeFavorite(
  context: RequestContext,
  request: Request,
  kind: FavoriteKind,
  id: number,
  on: boolean,
): Promise<FavoriteChange> {
  const { env } = getCloudflare(context);
  let owner = await favoritesOwner(context, request);
  if (!owner) {
    // Nothing to remove for someone who never favourited anything.
    if (!on) return { ok: true, favorites: emptyFavorites(), setCookie: null };
    const rule = ipRule(RATE_LIMITS.newVisitorFavoritesPerIp, env);
    const limit = await consumeRateLimit(env, "favorites-new-visitor", clientIp(request), rule);
    if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
    owner = { type: "visitor", id: crypto.randomUUID() };
  } else if (owner.type === "visitor") {
    const limit = await consumeRateLimit(env, "favorites-visitor", owner.id, RATE_LIMITS.heartsPerVisitor);
    if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const favorites = await setFavorite(env.KV, owner, kind, id, on);
  // A visitor's cookie is renewed with every change, as the KV entry's expiry is.
  const setCookie = owner.type === "visitor" ? await visitorCookie(env.SESSION_SECRET).serialize(owner.id) : null;
  return { ok: true, favorites, setCookie };
}

/**
 * At sign-in (any way: password, sign-up, Google) a visitor's favourites move into the
 * account and the visitor cookie is cleared. Runs after the route, inside the session
 * middleware.
 */
export const favoritesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const userId = userSignedInThisRequest(context);
  if (!userId) return response;
  const visitorId = await visitorIdOf(context, request);
  if (!visitorId) return response;
  const { env } = getCloudflare(context);
  try {
    await mergeFavorites(env.KV, { type: "visitor", id: visitorId }, { type: "user", id: userId });
    response.headers.append("Set-Cookie", await visitorCookie(env.SESSION_SECRET).serialize("", { maxAge: 0, expires: new Date(0) }));
  } catch (error) {
    // Signing in matters more than the merge; the visitor cookie stays for a later try.
    console.error("Falha ao juntar favoritos:", error instanceof Error ? error.message : error);
  }
  return response;
};
