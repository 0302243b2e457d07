import { redirect } from "react-router";
import type { Route } from "./+types/auth.google.callback";
import { getCloudflare } from "~/context.server";
import { registrationFailure, signInWithGoogle } from "~/services/accounts.server";
import { createGoogleAuthenticator, isGoogleConfigured } from "~/platform/google.server";
import { flashToast } from "~/platform/session.server";
import { suspendedMessage } from "~/lib/moderation";

// Google sends the browser back here with ?code&state (or ?error).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const failed = () => {
    flashToast(context, { type: "error", title: "Erro ao entrar com Google" });
    return redirect("/entrar");
  };
  if (!isGoogleConfigured(env)) return failed();
  try {
    const profile = await createGoogleAuthenticator(env, request).authenticate("google", request);
    const result = await signInWithGoogle(context, profile);
    if (result.ok === false && result.reason === "suspended") {
      // The same words as the password form (docs/decisions/0035).
      flashToast(context, { type: "error", title: suspendedMessage(env.CONTACT_EMAIL) });
      return redirect("/entrar");
    }
    if (result.ok === false && result.reason === "email-taken") {
      // Another spelling of a mailbox that has an account: the sign-up form's words (0007).
      flashToast(context, { type: "error", title: registrationFailure("email-taken").message });
      return redirect("/entrar");
    }
    if (result.ok === false && result.reason === "unverified-email") {
      flashToast(context, {
        type: "error",
        title: "Erro ao entrar com Google",
        description: "O Google não confirmou este e-mail. Confirme o e-mail na sua conta Google ou entre com e-mail e senha.",
      });
      return redirect("/entrar");
    }
    if (!result.ok) return failed();
  } catch (error) {
    if (error instanceof Response) throw error;
    // Only the kind of failure is logged: never codes or tokens.
    console.warn("Falha no login com Google:", error instanceof Error ? error.name : "erro");
    return failed();
  }
  flashToast(context, { type: "success", title: "Login realizado com sucesso", description: "Você está conectado!" });
  // Spec §2: Google sign-in lands on /dashboard, which sends other account types on.
  return redirect("/dashboard");
}
