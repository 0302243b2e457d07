// Who is signed in, and the guards of spec §2 and §6: one per role. The dashboards and the
// moderation pages run theirs once, in their layout's middleware (`guardMiddleware`), and
// their child routes read the account it let in (`guardedAccount`); a page outside those
// layouts calls its guard itself. Hiding a button is never the protection.
import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/context.server";
import type { AccountType } from "~/db/schema";
import { dashboardPathFor } from "~/lib/accounts";
import { notFound } from "~/lib/not-found";
import type { Toast } from "~/lib/toast";
import { getSessionUser, type SessionUser } from "~/models/users.server";
import { endUserSession, flashToast, getSession } from "./session.server";

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

/** The personal guard (spec §2/§6): no session -> /entrar?redirectTo=…; another type -> its own dashboard. */
export function requirePersonal(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentUser> {
  return requireAccountType(context, request, "personal");
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

// --- guarded layouts (docs/decisions/0034, Guards as middleware) ---------------------------

/** The area a guarded layout covers: a dashboard (by its kind of account) or moderation. */
export type GuardedArea = AccountType | "admin";

const guardedContext = createContext<{ account: CurrentUser; area: GuardedArea } | { refusal: unknown; area: GuardedArea } | null>(null);

const GUARDS: Record<GuardedArea, (context: Readonly<RouterContextProvider>, request: Request) => Promise<CurrentUser>> = {
  personal: requirePersonal,
  company: requireCompany,
  ngo: requireNgo,
  admin: (context) => requireAdmin(context),
};

/**
 * A guarded layout's middleware: its area's guard, run once before any loader or action
 * of the layout and its children (documents, `.data` requests and form posts alike).
 * `signedOutNotice` names, by the route pattern a form was sent to, the spec's message
 * for a form whose session has ended (e.g. 'Você precisa estar logado para atualizar um
 * produto.'), left as a toast on the sign-in page the guard sends it to.
 */
export function guardMiddleware(
  area: GuardedArea,
  { signedOutNotice }: { signedOutNotice?: (pattern: string) => Toast | null } = {},
): MiddlewareFunction<Response> {
  return async ({ request, context, pattern }) => {
    if (signedOutNotice && request.method !== "GET" && request.method !== "HEAD" && !(await getCurrentUser(context))) {
      // The pattern without its leading slash ("empresa/dashboard/produtos/novo").
      const notice = signedOutNotice(pattern.replace(/^\//, ""));
      if (notice) flashToast(context, notice);
    }
    try {
      const account = await GUARDS[area](context, request);
      (context as RouterContextProvider).set(guardedContext, { account, area });
    } catch (refusal) {
      // A redirect leaves at once. Anything else (moderation's 404) is thrown by the
      // loaders and actions instead (`guardedAccount`): thrown here, it would skip the
      // root loader too, and the 404 would show a signed-out header to a signed-in member.
      if (refusal instanceof Response && refusal.status >= 300 && refusal.status < 400) throw refusal;
      (context as RouterContextProvider).set(guardedContext, { refusal, area });
    }
  };
}

function guarded(context: Readonly<RouterContextProvider>) {
  const entry = context.get(guardedContext);
  // A programming error, not a visitor's: the route is outside every guarded layout.
  if (!entry) throw new Error("guardedAccount: esta rota não está sob um layout com guarda (app/routes.ts)");
  if ("refusal" in entry) throw entry.refusal;
  return entry;
}

/** The account the guarded layout above this route let in. */
export function guardedAccount(context: Readonly<RouterContextProvider>): CurrentUser {
  return guarded(context).account;
}

/**
 * The dashboard this route is under, from its layout (not from the URL): the tabs the
 * three dashboards share (Meus Pets, Meus Alertas, Meu Perfil) answer for it.
 */
export function dashboardKind(context: Readonly<RouterContextProvider>): AccountType {
  const { area } = guarded(context);
  if (area === "admin") throw new Error("dashboardKind: a moderação não é um painel");
  return area;
}
