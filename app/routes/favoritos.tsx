import { data, redirect } from "react-router";
import type { Route } from "./+types/favoritos";
import { favoriteSchema } from "~/forms/favorite";
import { safeRedirectPath } from "~/lib/links";
import { getCurrentUser } from "~/services/auth.server";
import { changeFavorite } from "~/services/favorites.server";
import { flashToast } from "~/services/session.server";

// The heart on every card and detail page posts here (it works without JavaScript:
// the answer is a redirect back to the page it came from).
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = favoriteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ ok: false as const, message: "Não foi possível atualizar seus favoritos." }, { status: 400 });
  }
  const { tipo, id, favorito, voltar, resposta } = parsed.data;
  const { setCookie } = await changeFavorite(context, request, tipo, id, favorito);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (resposta === "dados") return data({ ok: true as const, favorito }, { headers });
  flashToast(context, {
    type: "success",
    title: favorito ? "Adicionado aos favoritos" : "Removido dos favoritos",
  });
  return redirect(safeRedirectPath(voltar), { status: 303, headers });
}

// The header's heart: personal accounts keep their list in the dashboard; everyone else
// (visitors included) has /meus-favoritos.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  return redirect(user?.accountType === "personal" ? "/dashboard/favoritos" : "/meus-favoritos");
}
