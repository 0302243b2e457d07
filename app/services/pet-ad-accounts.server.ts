// The account part of a pet ad form sent by a signed-out visitor (docs/decisions/0044):
// one submit creates the account (or signs in to the one the e-mail has) and the ad is
// published as it. Only called once the ad itself can be published, so that no account is
// made for an ad that is not.
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb, type RequestContext } from "~/context.server";
import type { AccountType } from "~/db/values";
import type { AdAccountStep } from "~/lib/ad-account";
import { adAccountSignInSchema, adAccountSignUpSchema } from "~/forms/auth";
import { findAccountEmailByMailbox } from "~/models/users.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { startUserSession } from "~/platform/session.server";
import { isMailboxTakenForSignUp, registerAccount, signInWithPassword } from "./accounts.server";
import { signInFailure } from "./sign-in.server";

/** The form fields of the account part: never kept in a draft. */
export const AD_ACCOUNT_FIELDS = ["account", "accountName", "email", "password", "terms", "website"];

export const EMAIL_HAS_ACCOUNT = "Este e-mail já tem conta: digite sua senha.";
export const EMAIL_HAS_NO_ACCOUNT = "Este e-mail ainda não tem conta: confira o endereço ou crie sua conta com ele.";
export const WRONG_PASSWORD = "Senha incorreta.";

/** The step the form was at and its account fields as parsed (their errors join the ad's). */
export function parseAdAccount(formData: FormData) {
  const step: AdAccountStep = formData.get("account") === "entrar" ? "entrar" : "cadastrar";
  const signUp = step === "cadastrar" ? parseWithZod(formData, { schema: adAccountSignUpSchema }) : null;
  const signIn = step === "entrar" ? parseWithZod(formData, { schema: adAccountSignInSchema }) : null;
  const errors: Record<string, string[]> = {};
  const parsed = signUp ?? signIn!;
  const found = parsed.status === "success" ? {} : (parsed.error ?? {});
  for (const [name, list] of Object.entries(found)) if (list?.length) errors[name] = list;
  return {
    step,
    errors,
    email: formData.get("email"),
    signUp: signUp?.status === "success" ? signUp.value : null,
    signIn: signIn?.status === "success" ? signIn.value : null,
  };
}

export type ParsedAdAccount = ReturnType<typeof parseAdAccount>;

export type AdAccountResult =
  | { ok: true; user: { id: string; email: string; accountType: AccountType }; created: boolean }
  | {
      ok: false;
      /** The step the form comes back at. */
      step: AdAccountStep;
      fieldErrors?: Record<string, string[]>;
      formErrors?: string[];
      status: 400 | 403 | 429;
    };

const askPassword = (): AdAccountResult => ({ ok: false, step: "entrar", fieldErrors: { password: [EMAIL_HAS_ACCOUNT] }, status: 400 });
const rateLimited = (step: AdAccountStep): AdAccountResult => ({ ok: false, step, formErrors: [RATE_LIMITED_MESSAGE], status: 429 });

/**
 * Signs the visitor in for an ad that can be published: a new personal account, made and
 * confirmed by mail as the sign-up does (its limits and checks, one account per mailbox),
 * or the account the e-mail already has, with its password and the sign-in's limits.
 */
export async function accountForAd(context: RequestContext, request: Request, account: ParsedAdAccount): Promise<AdAccountResult> {
  const { step, errors, signUp, signIn } = account;
  if (signUp) {
    const created = await registerAccount(context, request, {
      name: signUp.accountName,
      email: signUp.email,
      password: signUp.password,
      accountType: "personal",
    });
    if (created.ok) {
      startUserSession(context, created.user);
      return { ok: true, user: created.user, created: true };
    }
    return created.reason === "email-taken" ? askPassword() : rateLimited(step);
  }
  if (signIn) {
    // However the mailbox was spelled, its account is the one signed in to, and its limits
    // are the ones counted (docs/decisions/0007).
    const address = await findAccountEmailByMailbox(getDb(context), signIn.email);
    const signedIn = await signInWithPassword(context, request, { email: address ?? signIn.email, password: signIn.password });
    if (signedIn.ok) return { ok: true, user: signedIn.user, created: false };
    if (signedIn.reason !== "credentials") {
      const { message, status } = signInFailure(context, signedIn.reason);
      return { ok: false, step, formErrors: [message], status };
    }
    return address
      ? { ok: false, step, fieldErrors: { password: [WRONG_PASSWORD] }, status: 400 }
      : { ok: false, step: "cadastrar", fieldErrors: { email: [EMAIL_HAS_NO_ACCOUNT] }, status: 400 };
  }
  // A person who has an account may type only the e-mail and a password: that is said
  // first, rather than asking them for a name and the terms.
  if (step === "cadastrar" && !errors.email && typeof account.email === "string") {
    const check = await isMailboxTakenForSignUp(context, request, account.email);
    if (!check.ok) return rateLimited(step);
    if (check.taken) return askPassword();
  }
  return { ok: false, step, fieldErrors: errors, status: 400 };
}
