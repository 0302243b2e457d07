// The local Mercado Pago sandbox (docs/decisions/0014): with no access token and
// DEV_MERCADO_PAGO=1 (written to .dev.vars by `npm start`, passed by the e2e server), the
// app answers Checkout Pro itself, so the whole payment flow runs with no account anywhere.
// Preferences and payments live in KV for a day. The same store answers the JSON routes
// under /dev/mercado-pago/ (for anyone who points the HTTP client at them) and, in
// process, the app's own calls: a Worker fetching its own origin does not work under
// `wrangler dev`. In production (no flag) every sandbox route answers 404.
import { href } from "react-router";
import type { MercadoPagoApi, Preference, PreferenceBody, ProviderPayment } from "./mercado-pago.server";

const PREFIX = "mp-sandbox:";
const TTL_SECONDS = 60 * 60 * 24;

export interface SandboxPreference extends Preference {
  body: PreferenceBody;
}

export interface SandboxPayment extends ProviderPayment {
  id: string;
  preference_id: string;
  date_created: string;
}

/** Whether this environment serves the sandbox (local only, and never beside a real token). */
export function isSandboxEnabled(env: Pick<Env, "DEV_MERCADO_PAGO" | "MERCADOPAGO_ACCESS_TOKEN">): boolean {
  return env.DEV_MERCADO_PAGO === "1" && !env.MERCADOPAGO_ACCESS_TOKEN;
}

export function sandboxCheckoutUrl(origin: string, preferenceId: string): string {
  return `${origin}${href("/dev/mercado-pago/checkout/:preferenceId", { preferenceId })}`;
}

function randomDigits(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join("");
}

export async function createSandboxPreference(kv: KVNamespace, origin: string, body: PreferenceBody): Promise<SandboxPreference> {
  const id = `sandbox-${crypto.randomUUID()}`;
  const preference: SandboxPreference = { id, init_point: sandboxCheckoutUrl(origin, id), body };
  await kv.put(`${PREFIX}preference:${id}`, JSON.stringify(preference), { expirationTtl: TTL_SECONDS });
  return preference;
}

export async function getSandboxPreference(kv: KVNamespace, id: string): Promise<SandboxPreference | null> {
  if (!/^sandbox-[0-9a-f-]{36}$/.test(id)) return null;
  return kv.get<SandboxPreference>(`${PREFIX}preference:${id}`, "json");
}

export const SANDBOX_DECISIONS = {
  aprovar: { status: "approved", back: "success" },
  recusar: { status: "rejected", back: "failure" },
  pendente: { status: "pending", back: "pending" },
} as const;
export type SandboxDecision = keyof typeof SANDBOX_DECISIONS;

/** The buyer's decision on the checkout page becomes a payment, as Mercado Pago would store it. */
export async function createSandboxPayment(
  kv: KVNamespace,
  preference: SandboxPreference,
  decision: SandboxDecision,
): Promise<SandboxPayment> {
  const item = preference.body.items[0]!;
  const payment: SandboxPayment = {
    id: randomDigits(12),
    status: SANDBOX_DECISIONS[decision].status,
    currency_id: item.currency_id,
    transaction_amount: item.unit_price * item.quantity,
    external_reference: preference.body.external_reference,
    preference_id: preference.id,
    date_created: new Date().toISOString(),
  };
  await kv.put(`${PREFIX}payment:${payment.id}`, JSON.stringify(payment), { expirationTtl: TTL_SECONDS });
  return payment;
}

export async function getSandboxPayment(kv: KVNamespace, id: string): Promise<SandboxPayment | null> {
  if (!/^\d{1,20}$/.test(id)) return null;
  return kv.get<SandboxPayment>(`${PREFIX}payment:${id}`, "json");
}

/** The sandbox as the client interface, read and written in process. */
export function sandboxMercadoPago(kv: KVNamespace, origin: string): MercadoPagoApi {
  return {
    createPreference: async (body) => {
      const { id, init_point } = await createSandboxPreference(kv, origin, body);
      return { id, init_point };
    },
    getPayment: (id) => getSandboxPayment(kv, id),
  };
}
