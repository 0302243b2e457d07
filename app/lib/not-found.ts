import { data, isRouteErrorResponse } from "react-router";

/**
 * The one way a route says "this is not here" (docs/decisions/0034, Not found): a loader
 * or action `throw`s what these return, and the route's ErrorBoundary renders the spec's
 * text with the status kept. A `message` travels as `{ error }`, read back by
 * `thrownMessage`.
 */
export function notFound<Details extends Record<string, unknown>>(message?: string, details?: Details) {
  return data({ ...details, error: message ?? null }, { status: 404 });
}

/** A closed ad past its public days (docs/decisions/0023): 410 for anyone but its owner. */
export function gone<Details extends Record<string, unknown>>(details?: Details, message?: string) {
  return data({ ...details, error: message ?? null }, { status: 410 });
}

/** A URL the route cannot read at all (a malformed handle): 400, with the message. */
export function badUrl(message: string) {
  return data({ error: message }, { status: 400 });
}

/** True for what `notFound()` and `gone()` throw. */
export function isNotFound(error: unknown) {
  return isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);
}

/** The message a thrown answer carries, if any. */
export function thrownMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const payload: unknown = error.data;
  if (typeof payload === "string") return payload || null;
  if (payload && typeof payload === "object" && typeof (payload as { error?: unknown }).error === "string") {
    return (payload as { error: string }).error || null;
  }
  return null;
}

/** Someone else's item where the page says so ('Sem permissão'): 403. */
export function forbidden() {
  return data({ error: null }, { status: 403 });
}

/** True for what `forbidden()` throws. */
export function isForbidden(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 403;
}
