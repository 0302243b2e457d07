// Light pages (docs/decisions/0042-light-pages-for-everyone.md, superseding the first-visit
// rule of 0020). The public pages that only show things (home, search, listings, detail
// pages, public profiles, static pages, the 404) go out as server HTML plus one small
// script of our own (app/lib/light-enhancements.ts), for everyone: signed in or not, with
// or without a cookie. The app's scripts load only on the pages whose forms gain from
// them (posting and editing, dashboards, sign-in, the plan dialog).
//
// A route opts in with both exports:
//   export const handle = LIGHT_PAGE;
//   export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;
// The handle tells the server to render the page without <Scripts>; the middleware makes
// the app, when it navigates to such a page, load it as a document instead of rendering it
// in the browser (a light page rendered by the app would be hydrated after all).
import { redirectDocument, type DataStrategyResult, type UIMatch } from "react-router";

export type LightPageHandle = { lightPage?: boolean };

/** The handle of a light route. */
export const LIGHT_PAGE: LightPageHandle = { lightPage: true };

/** Whether this document goes out without the app's scripts: decided by its leaf route. */
export function isLightPage(matches: Pick<UIMatch, "handle">[]): boolean {
  const leaf = matches[matches.length - 1];
  return (leaf?.handle as LightPageHandle | undefined)?.lightPage === true;
}

// The router's pending location: its request drops the fragment, and a link such as
// `/pet/1#avistamentos` should still land on its section.
function pendingHash(): string {
  const router = (globalThis as { __reactRouterDataRouter?: { state?: { navigation?: { location?: { hash?: string } } } } })
    .__reactRouterDataRouter;
  return router?.state?.navigation?.location?.hash ?? "";
}

/**
 * In the browser only: a navigation of the app to a light page becomes a document load
 * (a link, a GET form or an action's redirect alike). Submissions pass through, so their
 * redirect takes this way in turn.
 */
type Results = Record<string, DataStrategyResult>;

export const LIGHT_PAGE_CLIENT_MIDDLEWARE = [
  async ({ request }: { request: Request }, next: () => Promise<Results>): Promise<Results> => {
    if (request.method !== "GET") return next();
    const url = new URL(request.url);
    throw redirectDocument(`${url.pathname}${url.search}${pendingHash()}`);
  },
];
