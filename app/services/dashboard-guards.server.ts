// The guards of the three dashboards and of the moderation pages, each run once by its
// layout's middleware (docs/decisions/0034, Guards as middleware): the role is written
// here, once. Child routes read the account with `guardedAccount(context)`.
import { guardMiddleware } from "~/platform/auth.server";
import { CLINIC_SIGNED_OUT_TOAST } from "./clinics.server";
import { PRODUCT_SIGNED_OUT_TOAST } from "./company-products.server";
import { ORGANIZATION_SIGNED_OUT_TOAST } from "./organizations.server";

/** /dashboard (spec §2/§6): no session -> /entrar?redirectTo=…; company or NGO -> their own. */
export const personalDashboardGuard = guardMiddleware("personal");

/**
 * /empresa/dashboard (spec §2/§6): no session -> /empresas; another account -> /dashboard.
 * A product or clinic form whose session ended leaves the spec's message (§5, §8).
 */
export const companyDashboardGuard = guardMiddleware("company", {
  signedOutNotice: (pattern) => {
    if (pattern.startsWith("empresa/dashboard/produtos/")) return PRODUCT_SIGNED_OUT_TOAST;
    if (pattern.startsWith("empresa/dashboard/clinicas")) return CLINIC_SIGNED_OUT_TOAST;
    return null;
  },
});

/**
 * /ong/dashboard (spec §2/§6): anyone but a signed-in NGO -> /entrar. The organization's
 * forms (its profile and 'Cadastrar ONG') whose session ended leave the spec's message (§5).
 */
export const ngoDashboardGuard = guardMiddleware("ngo", {
  signedOutNotice: (pattern) =>
    pattern === "ong/dashboard" || pattern === "ong/dashboard/cadastrar" ? ORGANIZATION_SIGNED_OUT_TOAST : null,
});

/** /moderacao and below (docs/decisions/0035): admins only; everyone else gets the site's 404. */
export const moderationGuard = guardMiddleware("admin");
