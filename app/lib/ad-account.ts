// The account part of a signed-out visitor's pet ad form (docs/decisions/0044), named once
// for the form and the service that reads it.

/** Which account fields the form shows: a new account's, or an existing one's password. */
export type AdAccountStep = "cadastrar" | "entrar";

/** The intent of the visitor's second button: keep the draft and sign in first. */
export const SIGN_IN_FIRST = "entrar-antes";
