import { redirect } from "react-router";
import type { Route } from "./+types/auth.google";
import { getCloudflare } from "~/context.server";
import { createGoogleAuthenticator, isGoogleConfigured } from "~/services/google.server";
import { flashToast } from "~/services/session.server";

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
  return createGoogleAuthenticator(env, request).authenticate("google", request);
}

export function loader() {
  return redirect("/entrar");
}
