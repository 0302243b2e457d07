import { redirect } from "react-router";
import type { Route } from "./+types/confirmar-email";
import { confirmEmail } from "~/services/accounts.server";
import { flashToast } from "~/services/session.server";

// The link in the sign-up e-mail: confirms the address once, then goes home.
export async function loader({ params, context }: Route.LoaderArgs) {
  const confirmed = await confirmEmail(context, params.token);
  flashToast(
    context,
    confirmed
      ? { type: "success", title: "E-mail confirmado", description: "Obrigado! Seu cadastro está completo." }
      : { type: "error", title: "Link inválido", description: "Este link de confirmação já foi usado ou expirou." },
  );
  return redirect("/");
}
