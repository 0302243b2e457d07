import { redirect } from "react-router";
import type { Route } from "./+types/auth.google";
import { getCloudflare } from "~/context.server";
import { createGoogleAuthenticator, isGoogleConfigured } from "~/platform/google.server";
import { flashToast } from "~/platform/session.server";

// POST from the "Entrar com Google" button: remix-auth answers with the redirect to
// Google (state and PKCE verifier kept in a short-lived cookie).
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  if (!isGoogleConfigured(env)) {
    flashToast(context, {
      type: "error",
      title: "Erro ao entrar com Google",
      description: "O login com Google está indisponível no momento.",
    });
    return redirect("/entrar");
  }
  // The library treats any request with ?state as Google's callback: start from a clean
  // URL, so a forged query string cannot make this POST answer 500.
  const start = new Request(new URL("/auth/google", request.url), {
    method: "POST",
    headers: { Cookie: request.headers.get("Cookie") ?? "" },
  });
  try {
    return await createGoogleAuthenticator(env, start).authenticate("google", start);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("Falha ao iniciar o login com Google:", error instanceof Error ? error.name : "erro");
    flashToast(context, { type: "error", title: "Erro ao entrar com Google" });
    return redirect("/entrar");
  }
}

export function loader() {
  return redirect("/entrar");
}
