import { redirect } from "react-router";
import type { Route } from "./+types/reenviar-confirmacao";
import { dashboardPathFor } from "~/lib/accounts";
import { safeRedirectPath } from "~/lib/links";
import { cancelEmailChange, resendEmailConfirmation } from "~/services/accounts.server";
import { requireUser } from "~/platform/auth.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { flashToast } from "~/platform/session.server";
import { readFormData } from "~/platform/form-data.server";

// POST only: "Reenviar confirmação" and "Cancelar troca de e-mail" from the dashboards'
// notice (docs/decisions/0011). A GET has nothing to show: back to the dashboard.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return redirect(dashboardPathFor(user.accountType));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const formData = await readFormData(request);
  const back = safeRedirectPath(String(formData.get("voltar") ?? ""), dashboardPathFor(user.accountType));
  if (formData.get("intent") === "cancelar-troca") {
    await cancelEmailChange(context, user.id);
    flashToast(context, { type: "info", title: "Troca de e-mail cancelada", description: `Sua conta continua com ${user.email}.` });
    return redirect(back, 303);
  }
  const result = await resendEmailConfirmation(context, { ...user, name: user.name ?? "" });
  if (result.ok) {
    flashToast(context, {
      type: "success",
      title: "Link de confirmação reenviado",
      description: `Verifique a caixa de entrada de ${user.pendingEmail ?? user.email}.`,
    });
  } else if (result.reason === "rate-limited") {
    flashToast(context, { type: "error", title: "Erro", description: RATE_LIMITED_MESSAGE });
  } else {
    flashToast(context, { type: "info", title: "Seu e-mail já está confirmado" });
  }
  return redirect(back, 303);
}
