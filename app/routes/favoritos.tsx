import { data, redirect } from "react-router";
import type { Route } from "./+types/favoritos";
import { favoriteSchema } from "~/forms/favorite";
import { safeRedirectPath } from "~/lib/links";
import { getCurrentUser } from "~/platform/auth.server";
import { changeFavorite } from "~/services/favorites.server";
import { RATE_LIMITED_ADVICE, RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { flashToast } from "~/platform/session.server";
import { readFormData } from "~/platform/form-data.server";
import { escapeHtml } from "~/lib/html";
import { FAVORITE_TEXTS } from "~/lib/favorites";

// The heart on every card and detail page posts here (it works without JavaScript:
// the answer is a redirect back to the page it came from).
export async function action({ request, context }: Route.ActionArgs) {
  // A card's heart sends its fields in the action's query, with an empty body
  // (docs/decisions/0041); fields in the body win.
  const fields = { ...Object.fromEntries(new URL(request.url).searchParams), ...Object.fromEntries(await readFormData(request)) };
  const parsed = favoriteSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ ok: false as const, message: "Não foi possível atualizar seus favoritos." }, { status: 400 });
  }
  const { tipo, id, favorito, voltar, resposta } = parsed.data;
  const change = await changeFavorite(context, request, tipo, id, favorito);
  if (!change.ok) return rateLimited(change.retryAfterSeconds, resposta === "dados", safeRedirectPath(voltar));
  const headers = new Headers();
  if (change.setCookie) headers.append("Set-Cookie", change.setCookie);
  if (resposta === "dados") return data({ ok: true as const, favorito }, { headers });
  flashToast(context, {
    type: "success",
    title: favorito ? FAVORITE_TEXTS.added : FAVORITE_TEXTS.removed,
  });
  return redirect(safeRedirectPath(voltar), { status: 303, headers });
}

/**
 * Too many anonymous hearts (docs/decisions/0012): the enhanced heart gets JSON and puts
 * itself back with the message; without JavaScript a small page says it and links back.
 * No toast: flashing one would store a session for a client that may be a script.
 */
function rateLimited(retryAfterSeconds: number, asData: boolean, back: string) {
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (asData) return data({ ok: false as const, message: RATE_LIMITED_MESSAGE }, { status: 429, headers });
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Muitas tentativas | Patas Conectadas</title></head><body><main><h1>Muitas tentativas</h1><p>${RATE_LIMITED_ADVICE}</p><p><a href="${escapeHtml(back)}">Voltar</a></p></main></body></html>`;
  return new Response(page, { status: 429, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

// The header's heart: personal accounts keep their list in the dashboard; everyone else
// (visitors included) has /meus-favoritos.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  return redirect(user?.accountType === "personal" ? "/dashboard/favoritos" : "/meus-favoritos");
}
