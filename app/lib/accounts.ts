import type { AccountType } from "~/db/schema";

/** Where each kind of account lives (spec §2: redirects after sign-in). */
export function dashboardPathFor(type: AccountType): string {
  if (type === "company") return "/empresa/dashboard";
  if (type === "ngo") return "/ong/dashboard";
  return "/dashboard";
}
