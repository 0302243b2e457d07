import { notFound } from "~/lib/not-found";
import type { Route } from "./+types/meus-dados.baixar";
import { requireUser } from "~/platform/auth.server";
import { buildAccountExport, exportFileName } from "~/services/account-export.server";

// 'Baixar meus dados' (LGPD art. 18; docs/decisions/0036): a file, not a page. A GET that
// only reads: a cross-site page can start the download but never read it.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const now = new Date();
  const file = await buildAccountExport(context, request, user.id, now);
  if (!file) throw notFound();
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
