// Light pages (docs/decisions/0042-light-pages-for-everyone.md, superseding the first-visit
// rule of 0020). The public pages that only show things (home, search, listings, detail
// pages, public profiles, static pages, the 404) go out as server HTML plus one small
// script of our own (app/browser/light.ts), for everyone: signed in or not, with
// or without a cookie. The app's scripts load only on the pages whose forms gain from
// them (posting and editing, dashboards, sign-in, the plan dialog).
//
// A route opts in with both exports:
//   export const handle = pagePolicy({ light: true, ... });   (app/lib/page-policy.ts)
//   export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;
// The handle tells the server to render the page without <Scripts> (isLightPage); the
// middleware makes the app, when it navigates to such a page, load it as a document
// instead of rendering it in the browser (a light page rendered by the app would be
// hydrated after all).
import { redirectDocument, type DataStrategyResult } from "react-router";

/**
 * In the browser only: a navigation of the app to a light page becomes a document load
 * (a link, a GET form or an action's redirect alike). Submissions pass through, so their
 * redirect takes this way in turn. The address is the middleware's `url` (the location
 * being navigated to), not `request.url`: a request has no fragment, and a link or a
 * redirect such as `/pet/1#avistamentos` should still land on its section.
 */
type Results = Record<string, DataStrategyResult>;

export const LIGHT_PAGE_CLIENT_MIDDLEWARE = [
  async ({ request, url }: { request: Request; url: URL }, next: () => Promise<Results>): Promise<Results> => {
    if (request.method !== "GET") return next();
    throw redirectDocument(`${url.pathname}${url.search}${url.hash}`);
  },
];
