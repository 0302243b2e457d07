import { data, isRouteErrorResponse } from "react-router";

/**
 * What the one general error boundary (app/root.tsx) shows for a thrown answer: the
 * page's own words (docs/decisions/0034, One error boundary). The heading is also the
 * tab's title.
 */
export interface ErrorScreen {
  title: string;
  message?: string;
  /** A second, smaller line under the message. */
  note?: string;
  /** The message answers what the visitor just did (a link that no longer works): an alert. */
  alert?: boolean;
  /** "card": inside the narrow card of the account pages (`AuthLayout`). */
  look?: "page" | "card";
  back?: { to: string; label: string };
}

type Said = string | ErrorScreen;

function answer(status: number, said: Said | undefined, details: Record<string, unknown> | undefined) {
  const screen = typeof said === "object" ? said : undefined;
  const message = typeof said === "string" ? said : screen?.message;
  return data({ ...details, ...(screen ? { screen } : {}), error: message ?? null }, { status });
}

/**
 * The one way a route says "this is not here" (docs/decisions/0034, Not found): a loader
 * or action `throw`s what these return, with the page's `ErrorScreen` (or only a message),
 * and the general boundary renders it with the status kept. The message travels as
 * `{ error }`, read back by `thrownMessage`; without a screen the site's 404 page shows.
 */
export function notFound<Details extends Record<string, unknown>>(said?: Said, details?: Details) {
  return answer(404, said, details);
}

/** A closed ad past its public days (docs/decisions/0023): 410 for anyone but its owner. */
export function gone<Details extends Record<string, unknown>>(details?: Details, said?: Said) {
  return answer(410, said, details);
}

/** A URL the route cannot read at all (a malformed handle): 400, with the message. */
export function badUrl(said: Said) {
  return answer(400, said, undefined);
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
export function forbidden(said?: Said) {
  return answer(403, said, undefined);
}

/** The screen a thrown answer carries, if any. */
export function thrownScreen(error: unknown): ErrorScreen | null {
  if (!isRouteErrorResponse(error)) return null;
  const payload = error.data as { screen?: ErrorScreen } | null;
  return payload && typeof payload === "object" && payload.screen && typeof payload.screen.title === "string" ? payload.screen : null;
}

/**
 * `error` with `screen` when it is a thrown 404 or 410 without a screen of its own: for a
 * pipeline that throws on behalf of several pages (the detail pages) and knows whose.
 */
export function withScreen(error: unknown, screen: ErrorScreen): unknown {
  const thrown = error as { type?: unknown; data?: unknown; init?: ResponseInit | null } | null;
  if (!thrown || typeof thrown !== "object" || thrown.type !== "DataWithResponseInit") return error;
  const status = thrown.init?.status;
  const payload = thrown.data;
  if ((status !== 404 && status !== 410) || !payload || typeof payload !== "object" || "screen" in payload) return error;
  return data({ ...payload, screen }, thrown.init ?? undefined);
}
