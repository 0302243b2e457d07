import type { Route } from "./+types/js.leve";
import { LIGHT_SCRIPT_FILE, LIGHT_SCRIPT_SOURCE } from "~/lib/light-enhancements";

// The light pages' script (docs/decisions/0042): its address carries its version, so a
// phone downloads each version once. An address of another version (a page rendered
// before a deploy) gets the current script, kept only briefly: it is progressive, and any
// version works on any page.
export function loader({ params }: Route.LoaderArgs) {
  const current = params.arquivo === LIGHT_SCRIPT_FILE;
  return new Response(LIGHT_SCRIPT_SOURCE, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
