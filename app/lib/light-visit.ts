// First visits without JavaScript (docs/decisions/0020-javascript-budget.md). The pages
// people land on from a shared link or a search engine (/, /buscar-pets, /pet/{id}) are
// served to a visitor without cookies as plain HTML, the way they work with JavaScript
// off, plus a tiny inline script for the share sheet: no framework to download, parse and
// hydrate on a cheap phone. Once the visitor has a cookie (signed in, a heart) or moves
// to another page, the app loads as usual.
import type { UIMatch } from "react-router";

export type LightVisitHandle = { lightFirstVisit?: boolean };

/** For the route modules that opt in. */
export const LIGHT_FIRST_VISIT: LightVisitHandle = { lightFirstVisit: true };

/** Whether this document goes out without the app's scripts. */
export function isLightVisit(matches: UIMatch[], cookieLess: boolean | undefined): boolean {
  if (!cookieLess) return false;
  const leaf = matches[matches.length - 1];
  return (leaf?.handle as LightVisitHandle | undefined)?.lightFirstVisit === true;
}
