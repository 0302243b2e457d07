import type { AccountType } from "~/db/schema";

/** Where each kind of account lives (spec §2: redirects after sign-in). */
export function dashboardPathFor(type: AccountType): string {
  if (type === "company") return "/empresa/dashboard";
  if (type === "ngo") return "/ong/dashboard";
  return "/dashboard";
}

/** Where each kind of account sees its own details, the e-mail among them (0033, finding 8). */
export function profilePathFor(type: AccountType): string {
  if (type === "company") return "/empresa/dashboard/perfil";
  if (type === "ngo") return "/ong/dashboard";
  return "/dashboard/perfil";
}
