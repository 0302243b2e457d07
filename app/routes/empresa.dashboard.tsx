import { href, Link, Outlet } from "react-router";
import type { Route } from "./+types/empresa.dashboard";
import { DashboardShell } from "~/components/dashboard-shell";
import { type DashboardTab, personalTabs } from "~/components/tabs";
import { personalTabsFor } from "~/lib/accounts";
import { getCloudflare, getDb } from "~/context.server";
import { formatShortDate } from "~/lib/format";
import { effectivePlan, PREMIUM_PRICE_LABEL } from "~/lib/plans";
import { getCompany, isCnpjHeldByAnother } from "~/models/companies.server";
import { cnpjHeldMessage } from "~/services/accounts.server";
import { strandedPaymentNoticeFor } from "~/services/payments.server";
import { guardedAccount } from "~/platform/auth.server";
import { companyDashboardGuard } from "~/services/dashboard-guards.server";
import { paymentReturnMiddleware } from "~/services/payment-return.server";

// 'Painel', not 'Dashboard' (docs/decisions/0033, 'Dashboards on a phone'); the URLs stay.
export const meta: Route.MetaFunction = () => [{ title: "Painel da Empresa | Patas Conectadas" }];

// Back from Mercado Pago (spec §4): only a message, in a middleware so that the root
// loader cannot take the toast before it is flashed. The plan changes when the signed
// webhook says the payment was approved, never because of this URL (docs/decisions/0014).
// Then the role's one guard for every tab (spec §2/§6: no session -> /empresas; another
// account type -> /dashboard), before any loader or action runs.
export const middleware: Route.MiddlewareFunction[] = [paymentReturnMiddleware, companyDashboardGuard];

// The plan on every tab.
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const db = getDb(context);
  const company = await getCompany(db, user.id);
  const plan = company ? effectivePlan(company) : "basic";
  // An account that lost its CNPJ to a confirmed one is told whom to write to (0028).
  const lostCnpj = company !== null && company.cnpjClaimedAt === null && (await isCnpjHeldByAnother(db, company.cnpj, user.id));
  // Its own Premium payment waits for a moderator because of that CNPJ: said so, and why.
  const paymentNotice = await strandedPaymentNoticeFor(context, user);
  return {
    user,
    company: company ? { companyName: company.companyName } : null,
    plan,
    premiumUntil: plan === "premium" && company?.planExpiresAt ? formatShortDate(company.planExpiresAt) : null,
    cnpjNotice: lostCnpj && !paymentNotice ? cnpjHeldMessage(getCloudflare(context).env) : null,
    paymentNotice,
    contactEmail: getCloudflare(context).env.CONTACT_EMAIL,
  };
}

// Meus Produtos is the index; its form and confirmation pages live under /produtos.
const TABS: DashboardTab[] = [
  { to: href("/empresa/dashboard"), label: "Meus Produtos", end: true, also: ["/empresa/dashboard/produtos/"] },
  { to: href("/empresa/dashboard/clinicas"), label: "Minhas Clínicas" },
  { to: href("/empresa/dashboard/perfil"), label: "Perfil da Empresa" },
  // The personal dashboard's own tabs (docs/decisions/0033 §8).
  ...personalTabs(personalTabsFor("company")),
];

export default function EmpresaDashboard({ loaderData }: Route.ComponentProps) {
  const { user, company, plan, premiumUntil, cnpjNotice, paymentNotice, contactEmail } = loaderData;
  return (
    <DashboardShell
      title="Painel da Empresa"
      user={{ ...user, name: company?.companyName ?? user.name }}
      tabs={TABS}
      tabsLabel="Seções da empresa"
    >
      {cnpjNotice ? <CnpjNotice text={cnpjNotice} contactEmail={contactEmail} /> : null}
      {paymentNotice ? <CnpjNotice text={paymentNotice} contactEmail={contactEmail} testId="pagamento-esperando" /> : null}
      <PlanCard plan={plan} premiumUntil={premiumUntil} />
      <Outlet />
    </DashboardShell>
  );
}

/** The CNPJ is another confirmed account's: the address in the text becomes a link. */
function CnpjNotice({ text, contactEmail, testId = "cnpj-de-outra-conta" }: { text: string; contactEmail: string; testId?: string }) {
  const [before, after] = text.split(contactEmail);
  return (
    <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid={testId}>
      <p>
        {before}
        <a href={`mailto:${contactEmail}`} className="font-semibold [overflow-wrap:anywhere] underline">
          {contactEmail}
        </a>
        {after}
      </p>
    </div>
  );
}

function PlanCard({ plan, premiumUntil }: { plan: "basic" | "premium"; premiumUntil: string | null }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="plano-atual"
    >
      <p className="font-semibold text-slate-900">
        {plan === "premium" ? `Plano Premium até ${premiumUntil ?? ""}`.trim() : "Plano Básico"}
        {plan === "basic" ? <span className="block text-sm font-normal text-slate-600">Até 5 produtos anunciados.</span> : null}
      </p>
      {/* The price on the button, the one the checkout charges (docs/decisions/0014). */}
      {plan === "basic" ? (
        <Link to="/empresa-landing?plano=premium" className="btn btn-primary">
          Assinar Premium por <span className="whitespace-nowrap">{PREMIUM_PRICE_LABEL}</span>
        </Link>
      ) : null}
    </div>
  );
}
