// A guest's Premium payment is held against its CNPJ and goes only to a company account
// whose confirmed e-mail is the one typed at checkout; an unconfirmed account holds no
// CNPJ; the first account to confirm its e-mail keeps it (docs/decisions/0028). Each
// variant of the attack is reproduced here.
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCloudflare } from "~/context.server";
import { companies, payments, users } from "~/db/schema";
import { updateCompanyProfile } from "~/models/companies.server";
import { holdApprovedPayment, insertPayment } from "~/models/payments.server";
import * as companyDashboardRoute from "~/routes/empresa.dashboard";
import * as moderationRoute from "~/routes/moderacao";
import { formatCnpj } from "~/lib/cnpj";
import { moderationLogPage } from "~/models/moderation.server";
import { takeToasts } from "~/platform/session.server";
import * as companyProfileRoute from "~/routes/empresa.dashboard.perfil";
import {
  confirmEmail,
  registerAccount,
  registrationFailure,
  requestEmailChange,
  signInWithGoogle,
  signInWithPassword,
} from "~/services/accounts.server";
import { createOneTimeToken } from "~/platform/tokens.server";
import { makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind their layouts' guards, as React Router runs them (docs/decisions/0034).
const { loader: dashboardLoader } = throughLayouts(companyDashboardRoute);
const { action: moderationAction, loader: moderationLoader } = throughLayouts(moderationRoute);
const { action: profileAction } = throughLayouts(companyProfileRoute);
import { db, testCnpj } from "./fixtures";

const PASSWORD = "senha-forte-1";
const CONTACT = "contato@patasconectadas.com.br";
const HELD_NOTICE = `Este CNPJ já pertence a outra conta confirmada. Se ele é da sua empresa, escreva para ${CONTACT}.`;

let serial = 0;
const ip = () => `10.19.${(++serial >> 8) & 255}.${serial & 255}`;
const uniqueEmail = (tag: string) => `${tag}-${++serial}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;
const request = (path = "/empresas") =>
  new Request(`https://patas.example${path}`, { method: "POST", headers: { "CF-Connecting-IP": ip() } });

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A guest's approved Premium payment, held against `cnpj`: the rows the checkout and the
 * signed webhook write for a visitor (the webhook itself is tested in mercado-pago.test.ts).
 */
async function heldPayment(cnpj: string, email: string) {
  const id = crypto.randomUUID();
  await insertPayment(db, {
    id,
    userId: null,
    planType: "premium",
    companyName: "Pet Shop Vítima",
    cnpj,
    email,
    amountCents: 4990,
    preferenceId: `pref-${id}`,
  });
  await holdApprovedPayment(db, id, `mp-${id}`);
  return id;
}

async function signUpCompany(email: string, cnpj: string) {
  const { context } = await makeContext();
  const result = await registerAccount(context, request(), {
    name: "Pet Shop",
    email,
    password: PASSWORD,
    accountType: "company",
    company: { companyName: "Pet Shop", cnpj },
  });
  await waitOnExecutionContext(getCloudflare(context).ctx);
  return result;
}

async function signUpOk(email: string, cnpj: string) {
  const result = await signUpCompany(email, cnpj);
  if (!result.ok) throw new Error(`cadastro recusado: ${result.reason}`);
  return result.user;
}

/** Follows the confirmation link of `email` (as the POST of /confirmar-email does). */
async function confirm(userId: string, email: string) {
  const token = await createOneTimeToken(env.KV, "email-confirmation", userId, 3600, { email });
  return confirmEmail((await makeContext()).context, token);
}

async function signIn(email: string, password = PASSWORD) {
  return signInWithPassword((await makeContext()).context, request("/empresas"), { email, password });
}

const companyOf = async (id: string) => (await db.select().from(companies).where(eq(companies.id, id)))[0]!;
const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;

async function expectStillHeld(paymentId: string, companyId: string) {
  expect((await companyOf(companyId)).plan, "a empresa continua no Plano Básico").toBe("basic");
  expect(await paymentOf(paymentId), "o pagamento continua guardado").toMatchObject({ userId: null, appliedAt: null, status: "approved" });
}

async function expectAppliedTo(paymentId: string, companyId: string) {
  expect((await companyOf(companyId)).plan).toBe("premium");
  const row = await paymentOf(paymentId);
  expect(row.userId).toBe(companyId);
  expect(row.appliedAt).toBeInstanceOf(Date);
}

/** What the company dashboard's layout shows (plan card and notices). */
async function dashboard(user: { id: string }) {
  const context = await signedInContext(user, "company");
  const request = new Request("http://localhost/empresa/dashboard");
  return dashboardLoader({ request, context, params: {} } as never) as Promise<{
    plan: string;
    premiumUntil: string | null;
    cnpjNotice: string | null;
    paymentNotice: string | null;
  }>;
}

/** The Perfil da Empresa form, as the browser posts it. */
async function postProfile(user: { id: string }, values: Record<string, string>) {
  const context = await signedInContext(user, "company");
  const body = new FormData();
  const fields = {
    companyName: "Pet Shop Atacante",
    email: "contato@atacante.com.br",
    phone: "(11) 3456-7890",
    address: "Rua A, 1 - São Paulo, SP",
    description: "Loja.",
    website: "",
    ...values,
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const req = new Request("http://localhost/empresa/dashboard/perfil", { method: "POST", body });
  return profileAction({ request: req, context, params: {} } as never).catch((thrown: unknown) => thrown);
}

type Refusal = {
  data: { result: { error: Record<string, string[] | null> | null; initialValue: Record<string, unknown> } };
  init: { status: number };
};

describe("pagamento guardado: só vai para a conta com o e-mail confirmado do checkout", () => {
  it("cadastro com o CNPJ e outro e-mail (nunca confirmado): nada é aplicado; o painel mostra o Plano Básico", async () => {
    const cnpj = testCnpj(190_001);
    const paid = await heldPayment(cnpj, "financeiro@vitima.com.br");
    const attacker = await signUpOk(uniqueEmail("atacante"), cnpj);
    await expectStillHeld(paid, attacker.id);
    const page = await dashboard(attacker);
    expect(page.plan).toBe("basic");
    expect(page.premiumUntil).toBeNull();
    // Nor when the attacker signs in again.
    expect((await signIn(attacker.email)).ok).toBe(true);
    await expectStillHeld(paid, attacker.id);
  });

  it("cadastro com o CNPJ e o próprio e-mail do checkout, sem confirmar: nada é aplicado", async () => {
    const cnpj = testCnpj(190_002);
    const paid = await heldPayment(cnpj, "financeiro2@vitima.com.br");
    const squatter = await signUpOk("financeiro2@vitima.com.br", cnpj);
    await expectStillHeld(paid, squatter.id);
    expect((await signIn(squatter.email)).ok).toBe(true);
    await expectStillHeld(paid, squatter.id);
  });

  it("a empresa que paga confirma o e-mail (digitado com outras maiúsculas): o Premium é dela, uma vez só", async () => {
    const cnpj = testCnpj(190_003);
    const paid = await heldPayment(cnpj, "Financeiro@Vitima3.com.br");
    const owner = await signUpOk("financeiro@vitima3.com.br", cnpj);
    await expectStillHeld(paid, owner.id);
    expect(await confirm(owner.id, owner.email)).toEqual({ ok: true, kind: "confirmed" });
    await expectAppliedTo(paid, owner.id);
    const after = await companyOf(owner.id);
    expect((await signIn(owner.email)).ok).toBe(true);
    expect(await companyOf(owner.id)).toEqual(after);
    expect((await dashboard(owner)).plan).toBe("premium");
  });

  it("uma conta já confirmada recebe o pagamento ao entrar com a senha", async () => {
    const cnpj = testCnpj(190_004);
    const owner = await signUpOk("financeiro@vitima4.com.br", cnpj);
    await confirm(owner.id, owner.email);
    const paid = await heldPayment(cnpj, "financeiro@vitima4.com.br");
    await expectStillHeld(paid, owner.id);
    expect((await signIn(owner.email)).ok).toBe(true);
    await expectAppliedTo(paid, owner.id);
  });

  it("uma conta confirmada com outro e-mail não recebe o pagamento, nem com o CNPJ", async () => {
    const cnpj = testCnpj(190_005);
    const other = await signUpOk(uniqueEmail("outra"), cnpj);
    await confirm(other.id, other.email);
    const paid = await heldPayment(cnpj, "financeiro@vitima5.com.br");
    expect((await signIn(other.email)).ok).toBe(true);
    await expectStillHeld(paid, other.id);
  });

  it("entrar com Google aplica o pagamento à empresa com aquele e-mail (o Google confirma o endereço)", async () => {
    const cnpj = testCnpj(190_006);
    const owner = await signUpOk("financeiro@vitima6.com.br", cnpj);
    const paid = await heldPayment(cnpj, "financeiro@vitima6.com.br");
    const result = await signInWithGoogle((await makeContext()).context, {
      subject: `g-${owner.id}`,
      email: owner.email,
      emailVerified: true,
      name: "Financeiro",
    });
    expect(result).toMatchObject({ ok: true, user: { id: owner.id } });
    await expectAppliedTo(paid, owner.id);
  });

  it("entrar com Google numa conta já ligada também aplica um pagamento novo", async () => {
    const cnpj = testCnpj(190_007);
    const owner = await signUpOk("financeiro@vitima7.com.br", cnpj);
    const google = { subject: `g-${owner.id}`, email: owner.email, emailVerified: true, name: "Financeiro" };
    expect((await signInWithGoogle((await makeContext()).context, google)).ok).toBe(true);
    const paid = await heldPayment(cnpj, owner.email);
    expect((await signInWithGoogle((await makeContext()).context, google)).ok).toBe(true);
    await expectAppliedTo(paid, owner.id);
  });

  it("troca de e-mail: o pagamento segue o e-mail do checkout só quando o novo endereço é confirmado", async () => {
    const cnpj = testCnpj(190_008);
    const company = await signUpOk(uniqueEmail("antigo"), cnpj);
    await confirm(company.id, company.email);
    const paid = await heldPayment(cnpj, "financeiro@vitima8.com.br");
    const { context } = await makeContext();
    expect(
      await requestEmailChange(
        context,
        request("/dashboard"),
        { id: company.id, email: company.email, name: "Pet Shop" },
        {
          newEmail: "financeiro@vitima8.com.br",
          currentPassword: PASSWORD,
        },
      ),
    ).toEqual({ ok: true });
    await waitOnExecutionContext(getCloudflare(context).ctx);
    // Asked for, not confirmed: the account's confirmed address is still the old one.
    expect((await signIn(company.email)).ok).toBe(true);
    await expectStillHeld(paid, company.id);
    expect(await confirm(company.id, "financeiro@vitima8.com.br")).toEqual({ ok: true, kind: "changed" });
    await expectAppliedTo(paid, company.id);
  });
});

describe("CNPJ: uma conta sem e-mail confirmado não o segura", () => {
  it("um segundo cadastro com o mesmo CNPJ entra enquanto nenhuma conta confirmada o tem; o primeiro a confirmar fica com ele", async () => {
    const cnpj = testCnpj(190_101);
    const attacker = await signUpOk(uniqueEmail("atacante"), cnpj);
    // Today's bug: 'Este CNPJ já está cadastrado.' for the real company.
    const real = await signUpOk(uniqueEmail("empresa-real"), cnpj);
    expect((await dashboard(real)).cnpjNotice).toBeNull();

    expect(await confirm(real.id, real.email)).toEqual({ ok: true, kind: "confirmed" });
    expect((await companyOf(real.id)).cnpjClaimedAt).toBeInstanceOf(Date);
    expect((await dashboard(real)).cnpjNotice).toBeNull();
    // The other account learns the CNPJ is someone else's, and how to reach us...
    expect((await dashboard(attacker)).cnpjNotice).toBe(HELD_NOTICE);
    // ...also after confirming its own e-mail later: the CNPJ stays with the first.
    expect(await confirm(attacker.id, attacker.email)).toEqual({ ok: true, kind: "confirmed" });
    expect((await companyOf(attacker.id)).cnpjClaimedAt).toBeNull();
    expect((await dashboard(attacker)).cnpjNotice).toBe(HELD_NOTICE);

    // Once a confirmed account holds it, a new sign-up with it is refused, with where to write.
    const late = await signUpCompany(uniqueEmail("tarde"), cnpj);
    expect(late).toEqual({ ok: false, reason: "cnpj-taken" });
    expect(registrationFailure("cnpj-taken", CONTACT).message).toBe(
      `Este CNPJ já está cadastrado. Se ele é da sua empresa, escreva para ${CONTACT}.`,
    );
  });

  it("duas confirmações ao mesmo tempo: uma só conta fica com o CNPJ", async () => {
    const cnpj = testCnpj(190_102);
    const a = await signUpOk(uniqueEmail("a"), cnpj);
    const b = await signUpOk(uniqueEmail("b"), cnpj);
    const results = await Promise.all([confirm(a.id, a.email), confirm(b.id, b.email)]);
    expect(results).toEqual([
      { ok: true, kind: "confirmed" },
      { ok: true, kind: "confirmed" },
    ]);
    const holders = await db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, cnpj));
    const claimed = await Promise.all(holders.map(async (h) => (await companyOf(h.id)).cnpjClaimedAt));
    expect(claimed.filter(Boolean)).toHaveLength(1);
  });

  it("o banco garante um só dono confirmado por CNPJ (índice único parcial)", async () => {
    const cnpj = testCnpj(190_103);
    const a = await signUpOk(uniqueEmail("a"), cnpj);
    const b = await signUpOk(uniqueEmail("b"), cnpj);
    await env.DB.prepare("UPDATE companies SET cnpj_claimed_at = 1 WHERE id = ?").bind(a.id).run();
    await expect(env.DB.prepare("UPDATE companies SET cnpj_claimed_at = 1 WHERE id = ?").bind(b.id).run()).rejects.toThrow(/UNIQUE/);
  });
});

describe("Perfil da Empresa: trocar o CNPJ pede a senha atual e nunca move um pagamento", () => {
  async function basicCompanyWithPassword() {
    const user = await signUpOk(uniqueEmail("basica"), testCnpj(190_200 + ++serial));
    await confirm(user.id, user.email);
    return user;
  }

  it("uma empresa básica troca para o CNPJ do pagamento e entra de novo: continua no Básico", async () => {
    const cnpj = testCnpj(190_201);
    const paid = await heldPayment(cnpj, "financeiro@vitima201.com.br");
    const attacker = await basicCompanyWithPassword();
    const saved = await postProfile(attacker, { cnpj, currentPassword: PASSWORD });
    expect((saved as Response).status).toBe(303);
    expect((await companyOf(attacker.id)).cnpj).toBe(cnpj);
    await expectStillHeld(paid, attacker.id);
    expect((await signIn(attacker.email)).ok).toBe(true);
    await expectStillHeld(paid, attacker.id);
  });

  it("sem a senha atual, ou com a senha errada: 400 em português, nada salvo e o que foi digitado volta", async () => {
    const company = await basicCompanyWithPassword();
    const before = await companyOf(company.id);
    const cnpj = testCnpj(190_202);

    const missing = (await postProfile(company, { cnpj, companyName: "Nome Digitado" })) as Refusal;
    expect(missing.init.status).toBe(400);
    expect(missing.data.result.error!.currentPassword).toEqual(["Digite sua senha atual para trocar o CNPJ."]);
    expect(missing.data.result.initialValue).toMatchObject({ cnpj, companyName: "Nome Digitado" });

    const wrong = (await postProfile(company, { cnpj, companyName: "Nome Digitado", currentPassword: "errada-123" })) as Refusal;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.result.error!.currentPassword).toEqual(["Senha atual incorreta."]);
    expect(wrong.data.result.initialValue).toMatchObject({ cnpj, companyName: "Nome Digitado" });
    // The password is never sent back.
    expect(wrong.data.result.initialValue.currentPassword).toBeUndefined();

    expect(await companyOf(company.id)).toEqual(before);
  });

  it("sem trocar o CNPJ, salva sem pedir a senha", async () => {
    const company = await basicCompanyWithPassword();
    const { cnpj } = await companyOf(company.id);
    expect(((await postProfile(company, { cnpj, companyName: "Só o Nome" })) as Response).status).toBe(303);
    expect((await companyOf(company.id)).companyName).toBe("Só o Nome");
  });

  it("o CNPJ de uma conta confirmada é recusado, mesmo com a senha certa; o de uma conta não confirmada, não", async () => {
    const holder = await basicCompanyWithPassword();
    const company = await basicCompanyWithPassword();
    const held = await postProfile(company, { cnpj: (await companyOf(holder.id)).cnpj, currentPassword: PASSWORD });
    expect((held as Refusal).init.status).toBe(400);
    expect((held as Refusal).data.result.error!.cnpj).toEqual([HELD_NOTICE]);

    const unconfirmed = await signUpOk(uniqueEmail("nao-confirmada"), testCnpj(190_203));
    const free = await postProfile(company, { cnpj: testCnpj(190_203), currentPassword: PASSWORD });
    expect((free as Response).status).toBe(303);
    // The confirmed account that moved to it holds it now; the unconfirmed one is told.
    expect((await companyOf(company.id)).cnpjClaimedAt).toBeInstanceOf(Date);
    expect((await dashboard(unconfirmed)).cnpjNotice).toBe(HELD_NOTICE);
  });

  it("o próprio UPDATE recusa o CNPJ de um dono confirmado (se a checagem da rota perder uma corrida)", async () => {
    const holder = await basicCompanyWithPassword();
    const unconfirmed = await signUpOk(uniqueEmail("nao-confirmada"), testCnpj(190_205));
    const changes = {
      companyName: "X",
      email: "x@exemplo.com.br",
      phone: "(11) 3456-7890",
      address: "Rua A, 1",
      description: "Loja.",
      website: null,
    };
    expect(await updateCompanyProfile(db, unconfirmed.id, { ...changes, cnpj: (await companyOf(holder.id)).cnpj })).toEqual({
      ok: false,
      reason: "cnpj-taken",
    });
    // A free CNPJ: saved, but an unconfirmed account does not hold it.
    expect(await updateCompanyProfile(db, unconfirmed.id, { ...changes, cnpj: testCnpj(190_206) })).toEqual({ ok: true });
    expect(await companyOf(unconfirmed.id)).toMatchObject({ cnpj: testCnpj(190_206), cnpjClaimedAt: null });
  });

  it("uma conta só do Google (sem senha) é mandada definir uma senha para trocar o CNPJ", async () => {
    const company = await basicCompanyWithPassword();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, company.id));
    const refused = (await postProfile(company, { cnpj: testCnpj(190_204), currentPassword: PASSWORD })) as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error!.currentPassword).toEqual([
      'Sua conta entra pelo Google: defina uma senha em "Esqueci minha senha" para trocar o CNPJ.',
    ]);
  });
});

describe("pagamento preso: o CNPJ pago por um visitante já é de outra conta confirmada", () => {
  type Stranded = {
    id: string;
    companyName: string;
    cnpj: string;
    email: string;
    holder: string;
    payer: { name: string; email: string } | null;
  };
  type ModerationPage = { strandedPayments: Stranded[] };

  async function admin() {
    const user = await signUpOk(uniqueEmail("admin"), testCnpj(190_300 + ++serial));
    await db.update(users).set({ isAdmin: true, emailVerified: true }).where(eq(users.id, user.id));
    return user;
  }

  async function moderationPage(user: { id: string }) {
    const context = await signedInContext(user, "company");
    return (await moderationLoader({ request: new Request("http://localhost/moderacao"), context, params: {} } as never)) as ModerationPage;
  }

  async function grant(user: { id: string }, fields: Record<string, string>) {
    const context = await signedInContext(user, "company");
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const req = new Request("http://localhost/moderacao", { method: "POST", body, headers: { Origin: "http://localhost" } });
    const outcome = await moderationAction({ request: req, context, params: {} } as never).catch((thrown: unknown) => thrown);
    return { outcome, toasts: takeToasts(context) };
  }

  /** A confirmed company holds the CNPJ; then a visitor pays Premium for it with their own e-mail. */
  async function strandedScene(n: number) {
    const cnpj = testCnpj(190_400 + n);
    const holder = await signUpOk(uniqueEmail("dona"), cnpj);
    await confirm(holder.id, holder.email);
    const payerEmail = `financeiro@pagante${n}.com.br`;
    const paid = await heldPayment(cnpj, payerEmail);
    return { cnpj, holder, payerEmail, paid };
  }

  it("quem pagou consegue se cadastrar, confirma o e-mail e vê o pagamento esperando, e por quê", async () => {
    const { cnpj, holder, payerEmail, paid } = await strandedScene(1);
    // Today's bug: 'Este CNPJ já está cadastrado.' for the one who paid.
    const payer = await signUpOk(payerEmail, cnpj);
    // Nothing is said before the address is proved: anyone may type an e-mail.
    expect((await dashboard(payer)).paymentNotice).toBeNull();
    expect(await confirm(payer.id, payer.email)).toEqual({ ok: true, kind: "confirmed" });
    // Confirming does not take the plan or the CNPJ from the confirmed holder: a person decides.
    await expectStillHeld(paid, payer.id);
    expect((await signIn(payer.email)).ok).toBe(true);
    await expectStillHeld(paid, payer.id);
    expect((await companyOf(holder.id)).cnpjClaimedAt).toBeInstanceOf(Date);
    const page = await dashboard(payer);
    expect(page.paymentNotice).toBe(
      `Seu pagamento do Plano Premium foi aprovado, mas o CNPJ ${formatCnpj(cnpj)} já pertence a outra conta. ` +
        `Nossa equipe vai analisar e, confirmado que o CNPJ é da sua empresa, o plano e o CNPJ passam para esta conta. Dúvidas: ${CONTACT}.`,
    );
    // The holder sees nothing about someone else's payment.
    expect((await dashboard(holder)).paymentNotice).toBeNull();
  });

  it("aparece em /moderacao, e 'Entregar plano e CNPJ' dá os dois à conta confirmada de quem pagou, com registro", async () => {
    const { cnpj, holder, payerEmail, paid } = await strandedScene(2);
    const moderator = await admin();
    // Listed even before the payer has an account: the moderators see who must sign up.
    const early = (await moderationPage(moderator)).strandedPayments.find((p) => p.id === paid)!;
    expect(early).toMatchObject({ cnpj: formatCnpj(cnpj), email: payerEmail, payer: null });
    expect(early.holder).toContain(holder.email);

    const payer = await signUpOk(payerEmail, cnpj);
    await confirm(payer.id, payer.email);
    const listed = (await moderationPage(moderator)).strandedPayments.find((p) => p.id === paid)!;
    expect(listed.payer).toMatchObject({ email: payerEmail });

    const { outcome, toasts } = await grant(moderator, { paymentId: paid, reason: "Contrato social conferido: o CNPJ é de quem pagou." });
    expect((outcome as Response).status).toBe(303);
    expect((outcome as Response).headers.get("Location")).toBe("/moderacao");
    expect(toasts.map((t) => t.title)).toContain("Plano e CNPJ entregues");
    await expectAppliedTo(paid, payer.id);
    expect((await companyOf(payer.id)).cnpjClaimedAt).toBeInstanceOf(Date);
    expect((await companyOf(holder.id)).cnpjClaimedAt).toBeNull();
    expect((await dashboard(payer)).paymentNotice).toBeNull();
    expect((await dashboard(holder)).cnpjNotice).toBe(HELD_NOTICE);
    expect((await moderationPage(moderator)).strandedPayments.find((p) => p.id === paid)).toBeUndefined();

    const { entries } = await moderationLogPage(db);
    expect(entries[0]).toMatchObject({
      action: "grant-payment",
      itemKind: "profile",
      adminId: moderator.id,
      reason: "Contrato social conferido: o CNPJ é de quem pagou.",
    });
    expect(entries[0]!.subject).toContain(formatCnpj(cnpj));

    // Sent twice: nothing more, nothing logged again.
    const again = await grant(moderator, { paymentId: paid, reason: "De novo." });
    expect((again.outcome as { init: { status: number } }).init.status).toBe(409);
    expect((await moderationLogPage(db)).entries[0]!.id).toBe(entries[0]!.id);
  });

  it("sem conta confirmada de quem pagou, a entrega é recusada com o motivo; nada muda", async () => {
    const { paid, holder } = await strandedScene(3);
    const moderator = await admin();
    const { outcome } = await grant(moderator, { paymentId: paid, reason: "Documentos conferidos." });
    const refused = outcome as { data: { paymentId: string; result: { error: Record<string, string[]> } }; init: { status: number } };
    expect(refused.init.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual([
      "Quem pagou ainda não tem uma conta de empresa com o e-mail do pagamento confirmado. Peça que se cadastre e confirme o e-mail.",
    ]);
    await expectStillHeld(paid, holder.id);
    expect((await companyOf(holder.id)).cnpjClaimedAt).toBeInstanceOf(Date);
  });

  it("entrada inválida: 400 em português, com o motivo digitado de volta", async () => {
    const moderator = await admin();
    const { outcome } = await grant(moderator, { paymentId: "não-é-um-id", reason: "" });
    const refused = outcome as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error.reason).toEqual(["Escreva o motivo da decisão."]);
    expect(refused.data.result.error.paymentId).toEqual(["Pagamento não encontrado."]);
  });

  it("só administradores: qualquer outra conta recebe 404", async () => {
    const { paid } = await strandedScene(4);
    const someone = await signUpOk(uniqueEmail("curiosa"), testCnpj(190_499));
    await expect(moderationPage(someone)).rejects.toMatchObject({ init: { status: 404 } });
    const { outcome } = await grant(someone, { paymentId: paid, reason: "Quero." });
    expect((outcome as { init: { status: number } }).init.status).toBe(404);
  });
});
