import { href } from "react-router";
import type { AccountType } from "~/db/schema";

/** Where each kind of account lives (spec §2: redirects after sign-in). */
export function dashboardPathFor(type: AccountType): string {
  if (type === "company") return "/empresa/dashboard";
  if (type === "ngo") return "/ong/dashboard";
  return "/dashboard";
}

/**
 * The tabs every dashboard has for the account's own pet ads, saved searches and personal
 * profile (docs/decisions/0033 §8): one module each, registered under the three dashboards.
 */
export function personalTabsFor(type: AccountType) {
  if (type === "company") {
    return {
      pets: href("/empresa/dashboard/pets"),
      alerts: href("/empresa/dashboard/alertas"),
      profile: href("/empresa/dashboard/meu-perfil"),
    };
  }
  if (type === "ngo") {
    return { pets: href("/ong/dashboard/pets"), alerts: href("/ong/dashboard/alertas"), profile: href("/ong/dashboard/meu-perfil") };
  }
  return { pets: href("/dashboard/pets"), alerts: href("/dashboard/alertas"), profile: href("/dashboard/perfil") };
}

/**
 * Where each kind of account edits its sign-in e-mail: the personal profile tab, which
 * every dashboard has (0033 §8).
 */
export function profilePathFor(type: AccountType): string {
  return personalTabsFor(type).profile;
}
