// Mercado Pago Checkout Pro over HTTP: preferences (POST /checkout/preferences), payments
// (GET /v1/payments/{id}) and the signature of its webhook notifications. Locally, with no
// access token, the same interface is answered by the app's own sandbox
// (mercado-pago-sandbox.server.ts). See docs/decisions/0014.
import { href } from "react-router";
import { PREMIUM_PLAN_NAME, PREMIUM_PRICE_CENTS } from "~/lib/plans";
import { constantTimeEqual } from "./constant-time.server";

export const DEFAULT_MERCADOPAGO_API_URL = "https://api.mercadopago.com";
/** How long we wait for Mercado Pago before giving up (the user is waiting too). */
export const MERCADOPAGO_TIMEOUT_MS = 8000;
/** Notifications whose `ts` is older (or further in the future) than this are refused. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000;
/** The webhook secret of the local sandbox, used only when none is configured in dev. */
export const SANDBOX_WEBHOOK_SECRET = "segredo-local-do-sandbox-mercado-pago";

export type PaymentReturnKind = "success" | "failure" | "pending";

export interface PreferenceInput {
  paymentId: string;
  planType: "premium";
  companyName: string;
  cnpj: string;
  email: string;
  /** The signed-in company's id, or null for a guest. */
  userId: string | null;
  /** The app's public origin ("https://patasconectadas.com.br"). */
  origin: string;
}

/** The body of POST /checkout/preferences (Checkout Pro). */
export interface PreferenceBody {
  items: { id: string; title: string; quantity: number; currency_id: "BRL"; unit_price: number }[];
  payer: { email: string };
  external_reference: string;
  back_urls: Record<PaymentReturnKind, string>;
  auto_return: "approved";
  notification_url: string;
  metadata: { planType: string; companyName: string; cnpj: string; email: string; userId: string };
}

export interface Preference {
  id: string;
  init_point: string;
}

/** The fields of GET /v1/payments/{id} we read. */
export interface ProviderPayment {
  id: number | string;
  status: string;
  currency_id: string;
  transaction_amount: number;
  external_reference: string | null;
}

export interface MercadoPagoApi {
  createPreference(body: PreferenceBody): Promise<Preference>;
  /** null when Mercado Pago does not know the payment (404). */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

/** Mercado Pago could not be reached or answered something unusable. */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MercadoPagoError";
  }
}

export function buildPreferenceBody(input: PreferenceInput): PreferenceBody {
  // A signed-in company comes back to its dashboard; a guest to the landing page.
  const back = input.userId ? `${input.origin}${href("/empresa/dashboard")}` : `${input.origin}${href("/empresa-landing")}`;
  return {
    items: [{ id: input.planType, title: PREMIUM_PLAN_NAME, quantity: 1, currency_id: "BRL", unit_price: PREMIUM_PRICE_CENTS / 100 }],
    payer: { email: input.email },
    external_reference: input.paymentId,
    back_urls: {
      success: `${back}?payment=success`,
      failure: `${back}?payment=failure`,
      pending: `${back}?payment=pending`,
    },
    auto_return: "approved",
    notification_url: `${input.origin}${href("/webhooks/mercado-pago")}`,
    metadata: {
      planType: input.planType,
      companyName: input.companyName,
      cnpj: input.cnpj,
      email: input.email,
      userId: input.userId ?? "guest",
    },
  };
}

/** The real HTTP client. `fetchImpl` is the global fetch (tests swap it). */
export function httpMercadoPago(options: { baseUrl: string; accessToken: string; timeoutMs?: number }): MercadoPagoApi {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? MERCADOPAGO_TIMEOUT_MS;
  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${options.accessToken}`, Accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MercadoPagoError(`Mercado Pago inacessível: ${error instanceof Error ? error.name : String(error)}`);
    }
  }
  async function json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new MercadoPagoError("Resposta do Mercado Pago não é JSON", response.status);
    }
  }
  return {
    async createPreference(body) {
      const response = await call("/checkout/preferences", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Idempotency-Key": body.external_reference },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new MercadoPagoError(`Preferência recusada (${response.status})`, response.status);
      const answer = (await json(response)) as Partial<Preference> | null;
      if (!answer || typeof answer.id !== "string" || typeof answer.init_point !== "string" || !/^https?:\/\//.test(answer.init_point)) {
        throw new MercadoPagoError("Preferência sem init_point", response.status);
      }
      return { id: answer.id, init_point: answer.init_point };
    },
    async getPayment(id) {
      const response = await call(`/v1/payments/${encodeURIComponent(id)}`, { method: "GET" });
      if (response.status === 404) return null;
      if (!response.ok) throw new MercadoPagoError(`Pagamento não consultado (${response.status})`, response.status);
      const answer = (await json(response)) as Partial<ProviderPayment> | null;
      if (!answer || typeof answer.status !== "string" || typeof answer.transaction_amount !== "number") {
        throw new MercadoPagoError("Pagamento em formato inesperado", response.status);
      }
      return {
        id: answer.id ?? id,
        status: answer.status,
        currency_id: String(answer.currency_id ?? ""),
        transaction_amount: answer.transaction_amount,
        external_reference: typeof answer.external_reference === "string" ? answer.external_reference : null,
      };
    },
  };
}

// --- webhook signature ------------------------------------------------------------------------

/** Mercado Pago's rule: an alphanumeric data.id is signed in lower case. */
export function signedDataId(dataId: string): string {
  return /^[0-9a-zA-Z]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
}

export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${signedDataId(dataId)};request-id:${requestId};ts:${ts};`;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The `x-signature` header Mercado Pago would send (the sandbox and the tests sign with it). */
export async function signNotification(secret: string, dataId: string, requestId: string, ts: string): Promise<string> {
  return `ts=${ts},v1=${await hmacHex(secret, signatureManifest(dataId, requestId, ts))}`;
}

/** `ts` is documented in seconds; some notifications carry milliseconds: accept both. */
function tsToMs(ts: string): number | null {
  if (!/^\d{1,16}$/.test(ts)) return null;
  const n = Number(ts);
  return n > 1e12 ? n : n * 1000;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" | "no-secret" };

/** Verifies `x-signature` over `id:{data.id};request-id:{x-request-id};ts:{ts};`. */
export async function verifyNotificationSignature(request: Request, secret: string | null, now = Date.now()): Promise<SignatureCheck> {
  if (!secret) return { ok: false, reason: "no-secret" };
  const header = request.headers.get("x-signature");
  const requestId = request.headers.get("x-request-id");
  const dataId = new URL(request.url).searchParams.get("data.id");
  if (!header || !requestId || !dataId) return { ok: false, reason: "missing" };
  const parts = new Map(
    header.split(",").map((part) => {
      const [k, ...v] = part.split("=");
      return [k!.trim(), v.join("=").trim()] as const;
    }),
  );
  const ts = parts.get("ts");
  const v1 = parts.get("v1");
  if (!ts || !v1 || requestId.length > 200 || dataId.length > 100) return { ok: false, reason: "malformed" };
  const tsMs = tsToMs(ts);
  if (tsMs === null) return { ok: false, reason: "malformed" };
  if (Math.abs(now - tsMs) > SIGNATURE_MAX_AGE_MS) return { ok: false, reason: "stale" };
  const expected = await hmacHex(secret, signatureManifest(dataId, requestId, ts));
  return constantTimeEqual(expected, v1.toLowerCase()) ? { ok: true } : { ok: false, reason: "mismatch" };
}
