import { redirect } from "react-router";
import { LIGHT_SCRIPT } from "~/lib/light-script.server";

// The light pages' script is a file of the build, `/js/leve/{hash}.js`, served by the
// asset layer with a year's cache (docs/decisions/0042). Only an address of an earlier
// build reaches the Worker (a page rendered before a deploy, still in the edge cache for
// a few minutes): it is sent to the current script, briefly, since any version of this
// progressive script works on any page.
export function loader() {
  return redirect(LIGHT_SCRIPT.src, { headers: { "Cache-Control": "public, max-age=300" } });
}
