// Premium payments through Mercado Pago (docs/decisions/0014): the preference we send,
// the webhook's signature and idempotency, a guest's payment held until its CNPJ's company
// confirms the checkout e-mail (docs/decisions/0028; the attacks are in held-payments.test.ts),
// Mercado Pago down, and the local sandbox. Mercado Pago itself is a fake `fetch` (docs/decisions/0003).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { companies, payments, users } from "~/db/schema";
import { PREMIUM_DAYS } from "~/lib/plans";
import { confirmEmail, registerAccount, signInWithPassword } from "~/services/accounts.server";
import { hashPassword } from "~/platform/password.server";
import { httpMercadoPago, type PreferenceBody, signNotification } from "~/platform/mercado-pago.server";
import { CHECKOUT_ERROR_MESSAGE, handleMercadoPagoWebhook, startPremiumCheckout } from "~/services/payments.server";
import { paymentReturnMiddleware } from "~/services/payment-return.server";
import { getSession, takeToasts } from "~/platform/session.server";
import { applyApprovedPayment, holdApprovedPayment } from "~/models/payments.server";
import { createOneTimeToken } from "~/platform/tokens.server";
import { makeContext } from "./context";
import { createUser, db, testCnpj } from "./fixtures";
import { type Actor, contextFor, invoke, postForm, routeEntries } from "./route-harness";

const API = "https://mp.invalid";
const SECRET = "segredo-do-webhook";
// The back URLs come from the site's address (docs/decisions/0011), here the requests' own.
const MP: Partial<Env> = {
  MERCADOPAGO_ACCESS_TOKEN: "TEST-token",
  MERCADOPAGO_API_URL: API,
  MERCADOPAGO_WEBHOOK_SECRET: SECRET,
  SITE_URL: "https://patas.example",
};
const DAY = 24 * 60 * 60 * 1000;

interface FakePayment {
  id: string;
  status: string;
  currency_id: string;
  transaction_amount: number;
  external_reference: string;
}

/** A fake Mercado Pago: records every request; payments answered from `paymentsById`. */
function fakeMercadoPago(
  options: {
    preference?: (body: PreferenceBody) => Response | Promise<Response>;
    payment?: (id: string) => Response | Promise<Response>;
  } = {},
) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const paymentsById = new Map<string, FakePayment>();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.json() : null;
    calls.push({ url: request.url, method: request.method, headers: request.headers, body });
    if (url.pathname === "/checkout/preferences" && request.method === "POST") {
      if (options.preference) return options.preference(body as PreferenceBody);
      return Response.json(
        { id: "pref-123", init_point: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-123" },
        { status: 201 },
      );
    }
    const match = url.pathname.match(/^\/v1\/payments\/(.+)$/);
    if (match && request.method === "GET") {
      if (options.payment) return options.payment(match[1]!);
      const payment = paymentsById.get(match[1]!);
      return payment ? Response.json(payment) : Response.json({ message: "not found" }, { status: 404 });
    }
    return new Response("não encontrado", { status: 404 });
  });
  return { calls, paymentsById };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

let serial = 0;
async function companyAccount() {
  const user = await createUser("company");
  const [company] = await db.select().from(companies).where(eq(companies.id, user.id));
  return { ...user, cnpj: company!.cnpj, companyName: company!.companyName };
}

async function checkout(userId: string | null, cnpj: string, bindings: Partial<Env> = MP, email = "contato@petshopteste.com.br") {
  const { context } = await makeContext(null, bindings);
  // Each checkout from its own address (there is a per-IP ceiling, tested below).
  const ip = `10.77.${++serial >> 8}.${serial & 255}`;
  return startPremiumCheckout(
    context,
    new Request("https://patas.example/empresa-landing?plano=premium", { method: "POST", headers: { "CF-Connecting-IP": ip } }),
    {
      companyName: "Pet Shop Teste",
      cnpj,
      email,
      userId,
    },
  );
}

/** Our payments row made by the last checkout. */
async function lastPayment() {
  const rows = await db.select().from(payments).orderBy(payments.createdAt);
  return rows.at(-1)!;
}

/** A notification as Mercado Pago sends it, signed with `secret` unless told otherwise. */
async function notification(
  dataId: string,
  options: { secret?: string; ts?: number; requestId?: string; signature?: string | null; type?: string } = {},
) {
  const requestId = options.requestId ?? crypto.randomUUID();
  const ts = String(Math.floor((options.ts ?? Date.now()) / 1000));
  const headers: Record<string, string> = { "Content-Type": "application/json", "x-request-id": requestId };
  const signature =
    options.signature === undefined ? await signNotification(options.secret ?? SECRET, dataId, requestId, ts) : options.signature;
  if (signature !== null) headers["x-signature"] = signature;
  return new Request(`https://patas.example/webhooks/mercado-pago?data.id=${dataId}&type=${options.type ?? "payment"}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: dataId } }),
  });
}

async function deliver(request: Request, bindings: Partial<Env> = MP) {
  const { context } = await makeContext(null, bindings);
  return handleMercadoPagoWebhook(context, request);
}

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

async function paymentRow(id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** A signed-in company's checkout, and Mercado Pago's payment for it. */
async function paidCheckout(status = "approved", overrides: Partial<FakePayment> = {}) {
  const mp = fakeMercadoPago();
  const company = await companyAccount();
  expect(await checkout(company.id, company.cnpj)).toMatchObject({ ok: true });
  const ours = await lastPayment();
  const providerId = String(1_000_000 + ++serial);
  mp.paymentsById.set(providerId, {
    id: providerId,
    status,
    currency_id: "BRL",
    transaction_amount: 49.9,
    external_reference: ours.id,
    ...overrides,
  });
  return { mp, company, ours, providerId };
}

describe("preferência do Checkout Pro", () => {
  it("envia o item, o pagador, a referência, as URLs de volta e os metadados; guarda o pagamento", async () => {
    const mp = fakeMercadoPago();
    const company = await companyAccount();
    const result = await checkout(company.id, company.cnpj);
    expect(result).toEqual({ ok: true, initPoint: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-123" });

    expect(mp.calls).toHaveLength(1);
    const call = mp.calls[0]!;
    expect(call.url).toBe(`${API}/checkout/preferences`);
    expect(call.method).toBe("POST");
    expect(call.headers.get("Authorization")).toBe("Bearer TEST-token");
    const ours = await lastPayment();
    expect(call.body).toEqual({
      items: [{ id: "premium", title: "Plano Premium", quantity: 1, currency_id: "BRL", unit_price: 49.9 }],
      payer: { email: "contato@petshopteste.com.br" },
      external_reference: ours.id,
      back_urls: {
        success: "https://patas.example/empresa/dashboard?payment=success",
        failure: "https://patas.example/empresa/dashboard?payment=failure",
        pending: "https://patas.example/empresa/dashboard?payment=pending",
      },
      auto_return: "approved",
      notification_url: "https://patas.example/webhooks/mercado-pago",
      metadata: {
        planType: "premium",
        companyName: "Pet Shop Teste",
        cnpj: company.cnpj,
        email: "contato@petshopteste.com.br",
        userId: company.id,
      },
    });
    expect(ours).toMatchObject({
      userId: company.id,
      status: "pending",
      amountCents: 4990,
      preferenceId: "pref-123",
      cnpj: company.cnpj,
      appliedAt: null,
    });
  });

  it("um visitante volta para /empresa-landing e vai como 'guest'", async () => {
    const mp = fakeMercadoPago();
    await checkout(null, "11.222.333/0001-81");
    const body = mp.calls[0]!.body as PreferenceBody;
    expect(body.back_urls.success).toBe("https://patas.example/empresa-landing?payment=success");
    expect(body.metadata.userId).toBe("guest");
    expect(body.metadata.cnpj).toBe("11222333000181");
    expect((await lastPayment()).userId).toBeNull();
  });

  it.each([
    ["responde 500", () => new Response("erro", { status: 500 })],
    ["responde 503", () => new Response("manutenção", { status: 503 })],
    ["responde sem init_point", () => Response.json({ id: "pref-x" }, { status: 201 })],
    ["responde algo que não é JSON", () => new Response("<html>", { status: 200 })],
    ["demora demais (timeout)", () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"))],
  ])("Mercado Pago fora do ar (%s): erro, e nada é gravado", async (_label, preference) => {
    fakeMercadoPago({ preference });
    const before = await db.$count(payments);
    expect(await checkout(null, "11222333000181")).toEqual({ ok: false, reason: "provider" });
    expect(await db.$count(payments)).toBe(before);
  });

  it("sem token e sem o sandbox local, não há Mercado Pago: erro, nada gravado", async () => {
    const before = await db.$count(payments);
    expect(await checkout(null, "11222333000181", {})).toEqual({ ok: false, reason: "provider" });
    expect(await db.$count(payments)).toBe(before);
  });

  it("no máximo 30 preferências por hora por endereço: depois, recusado sem chamar o Mercado Pago", async () => {
    const mp = fakeMercadoPago();
    const { context } = await makeContext(null, MP);
    const request = () =>
      new Request("https://patas.example/empresa-landing", { method: "POST", headers: { "CF-Connecting-IP": "10.99.0.1" } });
    const input = { companyName: "Pet", cnpj: "11222333000181", email: "a@exemplo.com.br", userId: null };
    for (let i = 0; i < 30; i++) expect((await startPremiumCheckout(context, request(), input)).ok).toBe(true);
    expect(await startPremiumCheckout(context, request(), input)).toEqual({ ok: false, reason: "rate-limited" });
    expect(mp.calls).toHaveLength(30);
  });

  it("o cliente HTTP desiste depois do timeout", async () => {
    vi.stubGlobal(
      "fetch",
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
    );
    const api = httpMercadoPago({ baseUrl: API, accessToken: "t", timeoutMs: 30 });
    await expect(api.getPayment("1")).rejects.toThrow(/inacessível/);
  });
});

describe("webhook do Mercado Pago", () => {
  it("assinatura válida e pagamento aprovado: Premium por 30 dias, com o id do pagamento e a hora", async () => {
    const { company, ours, providerId } = await paidCheckout();
    const start = Date.now();
    const response = await deliver(await notification(providerId));
    expect(response.status).toBe(200);
    const row = await companyRow(company.id);
    expect(row.plan).toBe("premium");
    expect(row.planExpiresAt!.getTime()).toBeGreaterThanOrEqual(start + PREMIUM_DAYS * DAY);
    expect(row.planExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + PREMIUM_DAYS * DAY);
    expect(await paymentRow(ours.id)).toMatchObject({ status: "approved", providerPaymentId: providerId });
    expect((await paymentRow(ours.id)).appliedAt).toBeInstanceOf(Date);
  });

  it("a mesma notificação duas vezes (replay) não muda nada na segunda", async () => {
    const { company, ours, providerId } = await paidCheckout();
    expect((await deliver(await notification(providerId))).status).toBe(200);
    const first = await companyRow(company.id);
    const applied = await paymentRow(ours.id);
    expect((await deliver(await notification(providerId))).status).toBe(200);
    expect(await companyRow(company.id)).toEqual(first);
    expect(await paymentRow(ours.id)).toEqual(applied);
  });

  it("aprovado e depois um 'pending' atrasado: nada muda", async () => {
    const { mp, company, ours, providerId } = await paidCheckout();
    await deliver(await notification(providerId));
    const first = await companyRow(company.id);
    const applied = await paymentRow(ours.id);
    mp.paymentsById.set(providerId, { ...mp.paymentsById.get(providerId)!, status: "pending" });
    expect((await deliver(await notification(providerId))).status).toBe(200);
    expect(await companyRow(company.id)).toEqual(first);
    expect(await paymentRow(ours.id)).toEqual(applied);
  });

  it("um segundo pagamento enquanto ainda é Premium estende a partir do vencimento atual", async () => {
    const { mp, company, providerId } = await paidCheckout();
    await deliver(await notification(providerId));
    const firstExpiry = (await companyRow(company.id)).planExpiresAt!.getTime();
    expect(await checkout(company.id, company.cnpj)).toMatchObject({ ok: true });
    const second = await lastPayment();
    mp.paymentsById.set("777", {
      id: "777",
      status: "approved",
      currency_id: "BRL",
      transaction_amount: 49.9,
      external_reference: second.id,
    });
    await deliver(await notification("777"));
    expect((await companyRow(company.id)).planExpiresAt!.getTime()).toBe(firstExpiry + PREMIUM_DAYS * DAY);
  });

  it.each([
    ["sem assinatura", { signature: null }],
    ["assinatura com outro segredo", { secret: "outro-segredo" }],
    ["assinatura adulterada", { signature: "ts=1,v1=abc" }],
    ["assinatura sem v1", { signature: `ts=${Math.floor(Date.now() / 1000)}` }],
    ["timestamp de 10 minutos atrás", { ts: Date.now() - 10 * 60 * 1000 }],
    ["timestamp no futuro", { ts: Date.now() + 10 * 60 * 1000 }],
  ])("%s: 401 e nada muda", async (_label, options) => {
    const { mp, company, ours, providerId } = await paidCheckout();
    const lookups = mp.calls.length;
    const response = await deliver(await notification(providerId, options));
    expect(response.status).toBe(401);
    expect(mp.calls.length, "nem consulta o Mercado Pago").toBe(lookups);
    expect((await companyRow(company.id)).plan).toBe("basic");
    expect(await paymentRow(ours.id)).toEqual(ours);
  });

  it("assinatura válida para outro data.id (id trocado na URL): 401", async () => {
    const { company, providerId } = await paidCheckout();
    const requestId = crypto.randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = await signNotification(SECRET, "999", requestId, ts);
    const request = new Request(`https://patas.example/webhooks/mercado-pago?data.id=${providerId}&type=payment`, {
      method: "POST",
      headers: { "x-request-id": requestId, "x-signature": signature },
    });
    expect((await deliver(request)).status).toBe(401);
    expect((await companyRow(company.id)).plan).toBe("basic");
  });

  it("sem segredo configurado, nenhuma notificação é aceita", async () => {
    const { company, providerId } = await paidCheckout();
    const response = await deliver(await notification(providerId), { ...MP, MERCADOPAGO_WEBHOOK_SECRET: undefined });
    expect(response.status).toBe(401);
    expect((await companyRow(company.id)).plan).toBe("basic");
  });

  it.each([
    ["valor errado", { transaction_amount: 0.5 }],
    ["moeda errada", { currency_id: "USD" }],
  ])("%s: 200 (para de reenviar), mas a empresa continua no Básico", async (_label, overrides) => {
    const { company, ours, providerId } = await paidCheckout("approved", overrides);
    expect((await deliver(await notification(providerId))).status).toBe(200);
    expect((await companyRow(company.id)).plan).toBe("basic");
    expect(await paymentRow(ours.id)).toMatchObject({ status: "pending", appliedAt: null });
  });

  it("recusado: só o status do pagamento muda", async () => {
    const { company, ours, providerId } = await paidCheckout("rejected");
    expect((await deliver(await notification(providerId))).status).toBe(200);
    expect((await companyRow(company.id)).plan).toBe("basic");
    expect(await paymentRow(ours.id)).toMatchObject({ status: "rejected", providerPaymentId: providerId, appliedAt: null });
  });

  it("pagamento que não é nosso: 200 e nada muda", async () => {
    const mp = fakeMercadoPago();
    mp.paymentsById.set("555", {
      id: "555",
      status: "approved",
      currency_id: "BRL",
      transaction_amount: 49.9,
      external_reference: "outra-loja",
    });
    const before = await db.$count(payments);
    expect((await deliver(await notification("555"))).status).toBe(200);
    expect((await deliver(await notification("556"))).status).toBe(200); // Mercado Pago does not know it
    expect(await db.$count(payments)).toBe(before);
  });

  it.each([
    ["responde 500", () => new Response("erro", { status: 500 })],
    ["demora demais (timeout)", () => Promise.reject(new DOMException("timeout", "TimeoutError"))],
  ])("Mercado Pago fora do ar na consulta (%s): 503 para ele tentar de novo, nada muda", async (_label, payment) => {
    const { company, ours, providerId } = await paidCheckout();
    fakeMercadoPago({ payment });
    expect((await deliver(await notification(providerId))).status).toBe(503);
    expect((await companyRow(company.id)).plan).toBe("basic");
    expect(await paymentRow(ours.id)).toEqual(ours);
  });
});

describe("pagamento de visitante, guardado pelo CNPJ e pelo e-mail do checkout", () => {
  async function guestApproved(cnpj: string, email: string) {
    const mp = fakeMercadoPago();
    expect(await checkout(null, cnpj, MP, email)).toMatchObject({ ok: true });
    const ours = await lastPayment();
    const providerId = String(2_000_000 + ++serial);
    mp.paymentsById.set(providerId, {
      id: providerId,
      status: "approved",
      currency_id: "BRL",
      transaction_amount: 49.9,
      external_reference: ours.id,
    });
    expect((await deliver(await notification(providerId))).status).toBe(200);
    expect(await paymentRow(ours.id)).toMatchObject({ status: "approved", userId: null, appliedAt: null });
    return ours;
  }

  it("não é aplicado no cadastro; é aplicado quando a empresa confirma o e-mail do checkout, uma vez só", async () => {
    const cnpj = testCnpj(700_001);
    const ours = await guestApproved(cnpj, "visitante-cnpj@exemplo.com.br");
    const { context } = await makeContext();
    const result = await registerAccount(
      context,
      new Request("http://localhost/empresas", { headers: { "CF-Connecting-IP": "10.9.0.1" } }),
      {
        name: "Pet Shop Visitante",
        email: "visitante-cnpj@exemplo.com.br",
        password: "senha-forte-1",
        accountType: "company",
        company: { companyName: "Pet Shop Visitante", cnpj },
      },
    );
    expect(result.ok).toBe(true);
    const id = result.ok ? result.user.id : "";
    // Anyone can type a CNPJ and an address: nothing until the address is confirmed.
    expect((await companyRow(id)).plan).toBe("basic");
    expect(await paymentRow(ours.id)).toMatchObject({ userId: null, appliedAt: null });
    const token = await createOneTimeToken(env.KV, "email-confirmation", id, 3600, { email: "visitante-cnpj@exemplo.com.br" });
    expect(await confirmEmail((await makeContext()).context, token)).toEqual({ ok: true, kind: "confirmed" });
    const row = await companyRow(id);
    expect(row.plan).toBe("premium");
    expect(await paymentRow(ours.id)).toMatchObject({ userId: id, status: "approved" });
    expect((await paymentRow(ours.id)).appliedAt).toBeInstanceOf(Date);
  });

  it("é aplicado quando a empresa já cadastrada, com o e-mail do checkout confirmado, entra com a senha", async () => {
    const company = await companyAccount();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1"), emailVerified: true })
      .where(eq(users.id, company.id));
    const ours = await guestApproved(company.cnpj, company.email);
    expect((await companyRow(company.id)).plan).toBe("basic");
    const { context } = await makeContext();
    const request = new Request("http://localhost/empresas", { headers: { "CF-Connecting-IP": "10.9.0.2" } });
    expect(await signInWithPassword(context, request, { email: company.email, password: "senha-forte-1" })).toMatchObject({ ok: true });
    const after = await companyRow(company.id);
    expect(after.plan).toBe("premium");
    // A second sign-in applies nothing more.
    const { context: again } = await makeContext();
    await signInWithPassword(again, new Request("http://localhost/empresas", { headers: { "CF-Connecting-IP": "10.9.0.3" } }), {
      email: company.email,
      password: "senha-forte-1",
    });
    expect(await companyRow(company.id)).toEqual(after);
    expect((await paymentRow(ours.id)).userId).toBe(company.id);
  });
});

describe("/empresa-landing (ação do diálogo de plano)", () => {
  const landing = () => routeEntries().find((r) => r.id === "empresa-landing")!;
  const post = async (fields: Record<string, string>, bindings: Partial<Env> = {}) =>
    invoke(landing(), "action", postForm("/empresa-landing?plano=premium", fields), {}, await contextFor(null, { bindings }));

  it("campos em branco (depois do trim): as mensagens da especificação, 400", async () => {
    const outcome = await post({ plano: "premium", companyName: "  ", cnpj: " ", email: "" });
    expect(outcome.status).toBe(400);
    const { result } = outcome.data as { result: { error: Record<string, string[]> } };
    expect(result.error.companyName).toEqual(["Por favor, preencha o nome da empresa"]);
    expect(result.error.cnpj).toEqual(["Por favor, preencha o CNPJ"]);
    expect(result.error.email).toEqual(["Por favor, preencha o email"]);
  });

  it("CNPJ com dígitos verificadores errados e e-mail inválido são recusados", async () => {
    const outcome = await post({ plano: "premium", companyName: "Pet", cnpj: "11.222.333/0001-82", email: "nao-e-email" });
    expect(outcome.status).toBe(400);
    const { result } = outcome.data as { result: { error: Record<string, string[]> } };
    expect(result.error.cnpj).toEqual(["CNPJ inválido. Confira os 14 caracteres digitados."]);
    expect(result.error.email).toEqual(["Informe um e-mail válido."]);
  });

  it("Básico: vai para o cadastro de empresa com os campos preenchidos", async () => {
    const outcome = await post({ plano: "basico", companyName: " Pet Feliz ", cnpj: "11222333000181", email: "Contato@PetFeliz.com.br" });
    expect(outcome.status).toBe(303);
    const url = new URL(outcome.location!, "http://localhost");
    expect(url.pathname).toBe("/empresas");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      aba: "cadastrar",
      companyName: "Pet Feliz",
      cnpj: "11.222.333/0001-81",
      email: "contato@petfeliz.com.br",
    });
  });

  it("Premium com o Mercado Pago fora do ar: 'Erro ao processar. Tente novamente.' e o que foi digitado fica", async () => {
    fakeMercadoPago({ preference: () => new Response("erro", { status: 502 }) });
    const before = await db.$count(payments);
    const outcome = await post(
      { plano: "premium", companyName: "Pet Feliz", cnpj: "11222333000181", email: "contato@petfeliz.com.br" },
      MP,
    );
    expect(outcome.status).toBe(200);
    const { result } = outcome.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]).toEqual([CHECKOUT_ERROR_MESSAGE]);
    expect(result.initialValue).toMatchObject({ companyName: "Pet Feliz", cnpj: "11222333000181", email: "contato@petfeliz.com.br" });
    expect(await db.$count(payments)).toBe(before);
  });

  it("Premium: 303 para o init_point do Mercado Pago", async () => {
    fakeMercadoPago();
    const outcome = await post(
      { plano: "premium", companyName: "Pet Feliz", cnpj: "11222333000181", email: "contato@petfeliz.com.br" },
      MP,
    );
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-123");
  });

  it.each([
    // Anyone may type ?payment=success: without an approved checkout of theirs, no welcome.
    ["http://localhost/empresa-landing?payment=success", "/empresa-landing", PAYMENT_CONFIRMING],
    [
      "http://localhost/empresa-landing.data?plano=premium&payment=failure&_routes=root",
      "/empresa-landing?plano=premium",
      "Pagamento não foi aprovado. Tente novamente.",
    ],
    [
      "http://localhost/empresa/dashboard.data?payment=pending",
      "/empresa/dashboard",
      "Pagamento está sendo processado. Você receberá uma confirmação em breve.",
    ],
  ])("a volta do Mercado Pago (%s) só mostra a mensagem e tira o parâmetro", async (url, location, title) => {
    const call = await contextFor(null);
    const next = vi.fn(async () => new Response("página"));
    let thrown: unknown;
    try {
      await paymentReturnMiddleware(
        { request: new Request(url), context: call.context, params: {}, url: new URL(url), pattern: "" } as never,
        next,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(location);
    expect(next).not.toHaveBeenCalled();
    expect(takeToasts(call.context)).toEqual([expect.objectContaining({ title })]);
  });
});

const PAYMENT_CONFIRMING =
  "Estamos confirmando seu pagamento. Assim que o Mercado Pago aprovar, o Plano Premium é ativado e avisamos você.";
const WELCOME = "Pagamento aprovado! Bem-vindo ao Plano Premium!";

describe("a volta com ?payment=success só dá as boas-vindas a um pagamento aprovado", () => {
  /** The toast the return URL shows to this browser (its session cookie) or account. */
  async function returnToast(path: string, who: { cookie?: string | null; actor?: Actor | null } = {}) {
    const call = await contextFor(who.actor ?? null, { cookie: who.cookie ?? null });
    const url = `http://localhost${path}`;
    const thrown = await Promise.resolve()
      .then(() =>
        paymentReturnMiddleware(
          { request: new Request(url), context: call.context, params: {}, url: new URL(url), pattern: "" } as never,
          vi.fn(async () => new Response("página")),
        ),
      )
      .catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    return takeToasts(call.context).map((t) => t.title);
  }

  /** A guest's checkout started in a browser: its session cookie, and the payment row. */
  async function guestCheckout(cnpj: string) {
    const { context, session, storage } = await makeContext(null, MP);
    const started = await startPremiumCheckout(
      context,
      new Request("https://patas.example/empresa-landing", {
        method: "POST",
        headers: { "CF-Connecting-IP": `10.78.0.${++serial & 255}` },
      }),
      {
        companyName: "Pet Shop Visitante",
        cnpj,
        email: "contato@visitante.com.br",
        userId: null,
      },
    );
    expect(started.ok).toBe(true);
    expect(getSession(context)).toBe(session);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    return { cookie, payment: await lastPayment() };
  }

  it("um visitante que só abre a URL lê que o pagamento está sendo confirmado", async () => {
    expect(await returnToast("/empresa-landing?payment=success")).toEqual([PAYMENT_CONFIRMING]);
  });

  it("o visitante que pagou: boas-vindas só depois da aprovação, e só no navegador do checkout", async () => {
    fakeMercadoPago();
    const { cookie, payment } = await guestCheckout(testCnpj(340_001));
    expect(await returnToast("/empresa-landing?payment=success", { cookie })).toEqual([PAYMENT_CONFIRMING]);
    await holdApprovedPayment(db, payment.id, `mp-${payment.id}`);
    expect(await returnToast("/empresa-landing?payment=success", { cookie })).toEqual([WELCOME]);
    // Another browser with the same URL (no checkout of its own).
    expect(await returnToast("/empresa-landing?payment=success")).toEqual([PAYMENT_CONFIRMING]);
  });

  it("uma empresa: boas-vindas quando o pagamento mais recente da conta está aprovado", async () => {
    const company = await companyAccount();
    const actor: Actor = { id: company.id, email: company.email, accountType: "company" };
    expect(await returnToast("/empresa/dashboard?payment=success", { actor })).toEqual([PAYMENT_CONFIRMING]);
    fakeMercadoPago();
    expect((await checkout(company.id, company.cnpj)).ok).toBe(true);
    const payment = await lastPayment();
    expect(await returnToast("/empresa/dashboard?payment=success", { actor })).toEqual([PAYMENT_CONFIRMING]);
    await applyApprovedPayment(db, {
      paymentId: payment.id,
      companyId: company.id,
      providerPaymentId: `mp-${payment.id}`,
      days: PREMIUM_DAYS,
    });
    expect(await returnToast("/empresa/dashboard?payment=success", { actor })).toEqual([WELCOME]);
  });
});

describe("sandbox local do Mercado Pago", () => {
  const SANDBOX: Partial<Env> = { DEV_MERCADO_PAGO: "1" };
  const route = (id: string) => routeEntries().find((r) => r.id === id)!;

  it.each([
    ["aprovar", "/empresa/dashboard?payment=success", "premium", "approved"],
    ["recusar", "/empresa/dashboard?payment=failure", "basic", "rejected"],
    ["pendente", "/empresa/dashboard?payment=pending", "basic", "pending"],
  ])("%s: notificação assinada ao webhook, e o navegador volta à URL certa", async (decisao, back, plan, status) => {
    const company = await companyAccount();
    const { context } = await makeContext(null, SANDBOX);
    const started = await startPremiumCheckout(context, new Request("http://localhost/empresa-landing", { method: "POST" }), {
      companyName: company.companyName,
      cnpj: company.cnpj,
      email: company.email,
      userId: company.id,
    });
    expect(started.ok).toBe(true);
    const initPoint = new URL(started.ok ? started.initPoint : "");
    expect(initPoint.pathname).toMatch(/^\/dev\/mercado-pago\/checkout\/sandbox-/);
    const preferenceId = initPoint.pathname.split("/").pop()!;

    const page = await invoke(
      route("dev.mercado-pago.checkout"),
      "loader",
      new Request(initPoint),
      { preferenceId },
      await contextFor(null, { bindings: SANDBOX }),
    );
    expect(page.data).toMatchObject({ title: "Plano Premium", price: "R$ 49,90" });

    const outcome = await invoke(
      route("dev.mercado-pago.checkout"),
      "action",
      postForm(initPoint.pathname, { decisao }),
      { preferenceId },
      await contextFor(null, { bindings: SANDBOX }),
    );
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(back);
    expect((await companyRow(company.id)).plan).toBe(plan);
    expect((await lastPayment()).status).toBe(status);
  });

  it("a API JSON do sandbox responde como o Checkout Pro (preferência e pagamento)", async () => {
    const call = await contextFor(null, { bindings: SANDBOX });
    const create = await invoke(
      route("dev.mercado-pago.preferences"),
      "action",
      new Request("http://localhost/dev/mercado-pago/checkout/preferences", {
        method: "POST",
        headers: { Authorization: "Bearer qualquer", "Content-Type": "application/json" },
        body: JSON.stringify({
          items: [{ id: "premium", title: "Plano Premium", quantity: 1, currency_id: "BRL", unit_price: 49.9 }],
          external_reference: "ref-1",
          back_urls: { success: "http://localhost/a", failure: "http://localhost/b", pending: "http://localhost/c" },
        }),
      }),
      {},
      call,
    );
    expect(create.status).toBe(201);
    const missing = await invoke(
      route("dev.mercado-pago.payment"),
      "loader",
      new Request("http://localhost/dev/mercado-pago/v1/payments/123"),
      { id: "123" },
      call,
    );
    expect(missing.status).toBe(404);
  });

  it("sem a variável local, toda rota do sandbox responde 404", async () => {
    const call = await contextFor(null, { bindings: { ...MP } });
    const checkoutPage = await invoke(
      route("dev.mercado-pago.checkout"),
      "loader",
      new Request("http://localhost/dev/mercado-pago/checkout/x"),
      { preferenceId: "x" },
      call,
    );
    expect(checkoutPage.status).toBe(404);
    const payment = await invoke(
      route("dev.mercado-pago.payment"),
      "loader",
      new Request("http://localhost/dev/mercado-pago/v1/payments/1"),
      { id: "1" },
      call,
    );
    expect(payment.status).toBe(404);
    const withToken = await contextFor(null, { bindings: { ...MP, DEV_MERCADO_PAGO: "1" } });
    const create = await invoke(
      route("dev.mercado-pago.preferences"),
      "action",
      postForm("/dev/mercado-pago/checkout/preferences", {}),
      {},
      withToken,
    );
    expect(create.status, "um token real desliga o sandbox").toBe(404);
  });
});
