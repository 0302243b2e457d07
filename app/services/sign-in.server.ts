// The e-mail and password sign-in POST, shared by /entrar and /empresas.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { signInSchema } from "~/forms/auth";
import { dashboardPathFor } from "~/lib/accounts";
import { safeRedirectPath } from "~/lib/links";
import { suspendedMessage } from "~/lib/moderation";
import { getCloudflare } from "~/context.server";
import { ACCOUNT_LOCKED_MESSAGE, type SignInResult, signInWithPassword } from "./accounts.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { flashToast } from "~/platform/session.server";

// Passwords are never sent back to the browser.
export const SECRET_FIELDS = ["password", "confirmPassword"];

export async function passwordSignInAction(context: Readonly<RouterContextProvider>, request: Request, formData: FormData) {
  const intent = "entrar" as const;
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const result = await signInWithPassword(context, request, submission.value);
  if (!result.ok) {
    const { message, status } = signInFailure(context, result.reason);
    return data({ intent, result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) }, { status });
  }
  flashToast(context, { type: "success", title: "Login realizado com sucesso", description: "Você está conectado!" });
  return redirect(safeRedirectPath(submission.value.redirectTo, dashboardPathFor(result.user.accountType)));
}

/** What a refused password sign-in says, and the status it answers with. */
export function signInFailure(
  context: Readonly<RouterContextProvider>,
  reason: Extract<SignInResult, { ok: false }>["reason"],
): { message: string; status: 400 | 403 | 429 } {
  const message = {
    "rate-limited": RATE_LIMITED_MESSAGE,
    "account-locked": ACCOUNT_LOCKED_MESSAGE,
    suspended: suspendedMessage(getCloudflare(context).env.CONTACT_EMAIL),
    credentials: "Credenciais incorretas ou usuário não existe",
  }[reason];
  const status = ({ "rate-limited": 429, "account-locked": 429, suspended: 403, credentials: 400 } as const)[reason];
  return { message, status };
}
