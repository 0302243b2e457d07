// Who is signed in, and the guards of spec §2 and §6. Every protected loader and action
// calls one of these; hiding a button is never the protection.
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/context.server";
import type { AccountType } from "~/db/schema";
import { dashboardPathFor, dashboardTypeAt } from "~/lib/accounts";
import { notFound } from "~/lib/not-found";
import { getSessionUser, type SessionUser } from "~/models/users.server";
import { endUserSession, getSession } from "./session.server";

export type CurrentUser = Omit<SessionUser, "sessionsRevokedAt" | "suspendedAt">;

// Loaders run in parallel; the user is read from D1 once per request.
const currentUserContext = createContext<Promise<CurrentUser | null> | null>(null);

export function getCurrentUser(context: Readonly<RouterContextProvider>): Promise<CurrentUser | null> {
  const cached = context.get(currentUserContext);
  if (cached) return cached;
  const pending = loadCurrentUser(context);
  (context as RouterContextProvider).set(currentUserContext, pending);
  return pending;
}

async function loadCurrentUser(context: Readonly<RouterContextProvider>) {
  const session = getSession(context);
  const userId = session.get("userId");
  if (!userId) return null;
  const user = await getSessionUser(getDb(context), userId);
  const signedInAt = session.get("signedInAt") ?? 0;
  // Account gone, its password was reset after this session began, or it is suspended
  // (docs/decisions/0035: every session of a suspended account ends on its next request).
  if (!user || user.suspendedAt || (user.sessionsRevokedAt && signedInAt < user.sessionsRevokedAt.getTime())) {
    endUserSession(context);
    return null;
  }
  const { sessionsRevokedAt: _revoked, suspendedAt: _suspended, ...current } = user;
  return current;
}

/** The page the user asked for: client navigations fetch "/x.data?_routes=…" instead. */
function pathOf(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const query = url.searchParams.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

export function signInPath(request: Request, base = "/entrar") {
  return `${base}?redirectTo=${encodeURIComponent(pathOf(request))}`;
}

/** A signed-in user, or a redirect to sign in that comes back here afterwards. */
export async function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
  signInBase = "/entrar",
): Promise<CurrentUser> {
  const user = await getCurrentUser(context);
  if (!user) throw redirect(signInPath(request, signInBase));
  return user;
}

/**
 * A signed-in user of one account type. No session: to `signInBase`; another type: to
 * `otherwise` (its own dashboard when not given).
 */
export async function requireAccountType(
  context: Readonly<RouterContextProvider>,
  request: Request,
  type: AccountType,
  { signInBase = "/entrar", otherwise }: { signInBase?: string; otherwise?: string } = {},
): Promise<CurrentUser> {
  const user = await requireUser(context, request, signInBase);
  if (user.accountType !== type) throw redirect(otherwise ?? dashboardPathFor(user.accountType));
  return user;
}

/** The company guard (spec §2/§6): no session -> /empresas; another type -> /dashboard. */
export function requireCompany(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentUser> {
  return requireAccountType(context, request, "company", { signInBase: "/empresas", otherwise: "/dashboard" });
}

/** The NGO guard (spec §2/§6): unauthenticated or non-NGO users -> /entrar. */
export function requireNgo(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentUser> {
  return requireAccountType(context, request, "ngo", { otherwise: "/entrar" });
}

/**
 * The guard of the dashboard the request's URL is in, for the tabs the three dashboards
 * share (Meus Pets, Meus Alertas, Meu Perfil: issue 23): the same answers as that
 * dashboard's own guard, so a tab never shows one kind of account another's dashboard.
 */
export function requireDashboardAccount(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentUser> {
  const type = dashboardTypeAt(new URL(request.url).pathname);
  if (type === "company") return requireCompany(context, request);
  if (type === "ngo") return requireNgo(context, request);
  return requireAccountType(context, request, "personal");
}

/**
 * The moderation pages (docs/decisions/0035): admins only. Everyone else, signed in or
 * not, gets the site's 404, so the pages do not even say that they exist.
 */
export async function requireAdmin(context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const user = await getCurrentUser(context);
  if (!user?.isAdmin) throw notFound();
  return user;
}

/** Pages for visitors only (sign-in, sign-up): a signed-in user goes to their dashboard. */
export async function requireAnonymous(context: Readonly<RouterContextProvider>) {
  const user = await getCurrentUser(context);
  if (user) throw redirect(dashboardPathFor(user.accountType));
}
