import type { Route } from "./+types/imagens";
import { getCloudflare } from "~/context.server";
import { serveImage } from "~/platform/images.server";

// Resource route: /imagens/<key> streams the R2 object.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return serveImage(getCloudflare(context).env.IMAGES, params["*"] ?? "", request);
}
