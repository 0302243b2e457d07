import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** What the root loader gives every page: user, favourites, the site's origin. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
