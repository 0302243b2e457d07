import type { z } from "zod";
import { formProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, href, Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/empresa-landing";
import { RequiredLegend } from "~/components/form/field";
import { TextInput } from "~/components/form/inputs";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { getDb } from "~/context.server";
import { type PlanChoice, planDialogSchema } from "~/forms/plan-dialog";
import { CNPJ_HINT, formatCnpj } from "~/lib/cnpj";
import { PREMIUM_PRICE_LABEL } from "~/lib/plans";
import { getCompany } from "~/models/companies.server";
import { getCurrentUser } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { CHECKOUT_ERROR_MESSAGE, startPremiumCheckout } from "~/services/payments.server";
import { paymentReturnMiddleware } from "~/services/payment-return.server";

export const meta: Route.MetaFunction = () => [
  { title: "Para Empresas: planos | Patas Conectadas" },
  {
    name: "description",
    content: `Divulgue seus produtos, serviços e clínicas para a comunidade pet. Plano Básico grátis e Plano Premium por ${PREMIUM_PRICE_LABEL}.`,
  },
];

function planFrom(value: string | null): PlanChoice | null {
  return value === "basico" || value === "premium" ? value : null;
}

// A guest back from Mercado Pago (spec §4): only a toast (docs/decisions/0014).
export const middleware: Route.MiddlewareFunction[] = [paymentReturnMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(context);
  const company = user?.accountType === "company" ? await getCompany(getDb(context), user.id) : null;
  return {
    plan: planFrom(url.searchParams.get("plano")),
    // A signed-in company's own data fills the dialog (spec §5).
    defaults: company
      ? { companyName: company.companyName, cnpj: formatCnpj(company.cnpj), email: company.email }
      : { companyName: "", cnpj: "", email: "" },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: planDialogSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { plano, companyName, cnpj, email } = submission.value;

  if (plano === "basico") {
    // The free plan is the ordinary company sign-up, with what was typed filled in.
    const query = new URLSearchParams({ aba: "cadastrar", companyName, cnpj: formatCnpj(cnpj), email });
    return redirect(`${href("/empresas")}?${query}`, 303);
  }

  const user = await getCurrentUser(context);
  const result = await startPremiumCheckout(context, request, {
    companyName,
    cnpj,
    email,
    // A signed-in company gets the plan on its account; anyone else pays as a guest,
    // held against the CNPJ (docs/decisions/0014).
    userId: user?.accountType === "company" ? user.id : null,
  });
  if (result.ok) return redirect(result.initPoint, 303);
  if (result.reason === "rate-limited") {
    return data({ result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }) }, { status: 429 });
  }
  // Not a 5xx: the page answers normally and shows the spec's message with what was typed.
  return data({ result: submission.reply({ formErrors: [CHECKOUT_ERROR_MESSAGE] }) }, { status: 200 });
}

const BENEFITS = [
  "Alcance milhares de tutores de pets da sua região",
  "Divulgue seus produtos e serviços em poucos minutos",
  "Cadastre sua clínica ou pet shop com veterinários e serviços",
  "Ganhe destaque nos resultados de busca",
  "Receba contatos direto no WhatsApp, sem intermediários",
];

const PLAN_TITLES: Record<PlanChoice, string> = {
  basico: "Plano Básico",
  premium: "Plano Premium",
};

export default function EmpresaLanding({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, defaults } = loaderData;
  const landing = href("/empresa-landing");
  return (
    <div>
      <section className="bg-brand-700 text-white">
        <div className="container-page py-14 text-center">
          <h1 className="text-3xl font-bold sm:text-4xl">Impulsione seu Negócio Pet Conosco!</h1>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Apresente seus produtos, serviços e clínicas para uma comunidade apaixonada por pets.
          </p>
          <Link to={`${landing}?plano=basico`} className="btn btn-accent mt-6" preventScrollReset>
            Cadastre sua Empresa Agora
          </Link>
        </div>
      </section>

      <section className="container-page py-10" aria-labelledby="beneficios">
        <h2 id="beneficios" className="text-2xl font-bold text-slate-900">
          Por que anunciar na Patas Conectadas
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="beneficios">
          {BENEFITS.map((benefit) => (
            <TickedItem key={benefit} className="flex items-start gap-2 text-slate-700">
              {benefit}
            </TickedItem>
          ))}
        </ul>
      </section>

      <section className="container-page pb-14" aria-labelledby="planos">
        <h2 id="planos" className="text-2xl font-bold text-slate-900">
          Nossos planos
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <PlanCard
            title="Plano Básico"
            price="Grátis"
            lines={["Até 5 produtos anunciados", "Perfil da sua empresa", "Contato direto com os clientes"]}
            action={<ChoosePlanLink landing={landing} plan="basico" className="btn btn-outline w-full" />}
          />
          <PlanCard
            title="Plano Premium"
            price={PREMIUM_PRICE_LABEL}
            highlight
            lines={["Anúncios ilimitados", "Inclusão de clínica/pet shop", "Destaque nos resultados de busca", "Suporte prioritário"]}
            action={<ChoosePlanLink landing={landing} plan="premium" className="btn btn-primary w-full" />}
          />
          <PlanCard
            title="Plano Personalizado"
            price="Entre em Contato"
            lines={["Para redes, franquias e hospitais", "Condições sob medida", "Atendimento dedicado"]}
            action={
              <Link to={href("/contato")} className="btn btn-outline w-full">
                Falar com Consultor
              </Link>
            }
          />
        </div>
      </section>

      {plan ? <PlanDialog key={plan} plan={plan} defaults={defaults} lastResult={actionData?.result} closeTo={landing} /> : null}
    </div>
  );
}

function PlanCard({
  title,
  price,
  lines,
  action,
  highlight = false,
}: {
  title: string;
  price: string;
  lines: string[];
  action: React.ReactNode;
  highlight?: boolean;
}) {
  const id = `plano-${title
    .toLowerCase()
    .replace(/\s+/g, "-")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")}`;
  return (
    <article
      aria-labelledby={id}
      className={`card flex flex-col gap-4 p-6 ${highlight ? "border-2 border-brand-600" : ""}`}
      data-testid="plano"
    >
      <div>
        <h3 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-2xl font-bold text-brand-700">{price}</p>
      </div>
      <ul className="flex-1 space-y-2 text-sm text-slate-700">
        {lines.map((line) => (
          <TickedItem key={line} className="flex gap-2">
            {line}
          </TickedItem>
        ))}
      </ul>
      {action}
    </article>
  );
}

/** A plan card's button: opens that plan's dialog over this page, where the reader is. */
function ChoosePlanLink({ landing, plan, className }: { landing: string; plan: PlanChoice; className: string }) {
  return (
    <Link to={`${landing}?plano=${plan}`} className={className} preventScrollReset>
      Escolher Plano
    </Link>
  );
}

/** A line with a green tick: a benefit, or what a plan gives. */
function TickedItem({ className, children }: { className: string; children: string }) {
  return (
    <li className={className}>
      <span aria-hidden="true" className="text-emerald-600">
        ✓
      </span>
      {children}
    </li>
  );
}

/**
 * The plan dialog is a URL (?plano=...): the server renders it open, so it works without
 * JavaScript; with JavaScript it becomes a real modal <dialog> (focus kept inside, Esc
 * closes it by going back to the page without ?plano).
 */
function PlanDialog({
  plan,
  defaults,
  lastResult,
  closeTo,
}: {
  plan: PlanChoice;
  defaults: { companyName: string; cnpj: string; email: string };
  lastResult: FormAnswer | undefined;
  closeTo: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const upgrading = useRef(false);
  const navigate = useNavigate();
  const [form, fields] = useFormFields<z.input<typeof planDialogSchema>>({
    id: `plano-${plan}`,
    answer: lastResult,
    defaults,
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    // Reopen the server-rendered dialog as a modal; the close event this causes is ours.
    upgrading.current = true;
    dialog.close();
    dialog.showModal();
    dialog.dataset.modal = "1";
  }, []);

  const title = PLAN_TITLES[plan];
  return (
    <>
      <Link to={closeTo} aria-hidden="true" tabIndex={-1} className="fixed inset-0 z-40 bg-slate-900/50" preventScrollReset />
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby="plano-dialogo-titulo"
        onClose={() => {
          if (upgrading.current) {
            upgrading.current = false;
            return;
          }
          navigate(closeTo, { preventScrollReset: true });
        }}
        className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
        data-testid="plano-dialogo"
      >
        <h2 id="plano-dialogo-titulo" className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {plan === "premium"
            ? `${PREMIUM_PRICE_LABEL}. Você será levado ao Mercado Pago para concluir o pagamento.`
            : "Grátis, com até 5 produtos anunciados. Depois é só criar a senha da sua conta."}
        </p>
        <Form method="post" action={`${closeTo}?plano=${plan}`} className="mt-4 space-y-4" {...formProps(form)}>
          <input type="hidden" name="plano" value={plan} />
          <ErrorSummary title="Erro" errors={summaryErrors(form)} />
          <RequiredLegend />
          <TextInput meta={fields.companyName} label="Nome da empresa" autoComplete="organization" required />
          <TextInput meta={fields.cnpj} label="CNPJ" hint={CNPJ_HINT} maxLength={18} required />
          <TextInput meta={fields.email} label="E-mail" type="email" autoComplete="email" required />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeTo} className="btn btn-ghost" preventScrollReset>
              Cancelar
            </Link>
            <SubmitButton busyLabel="Processando..." className="btn btn-primary">
              {plan === "premium" ? "Ir para o pagamento" : "Continuar"}
            </SubmitButton>
          </div>
        </Form>
      </dialog>
    </>
  );
}
