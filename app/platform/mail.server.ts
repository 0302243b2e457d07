// Outgoing e-mail behind one small interface. In production a provider's HTTP API
// (Resend-compatible: POST JSON with a bearer key; URL configurable); locally, with no
// key configured, an outbox in KV that the developer reads at /dev/caixa-de-saida.
// Message bodies carry tokens, so they are never logged.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on alerts (docs/decisions/0026). */
  headers?: Record<string, string>;
  /** Where a reply goes, e.g. the sender of a message to a poster (docs/decisions/0033). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Up to MAIL_BATCH_SIZE mails in one call to the provider's batch endpoint; the same
   * `idempotencyKey` within a day sends nothing twice (docs/decisions/0037).
   */
  sendBatch(messages: MailMessage[], idempotencyKey: string): Promise<void>;
}

/** The provider's batch endpoint takes at most this many mails a call. */
export const MAIL_BATCH_SIZE = 100;

/**
 * The provider refused the request. `permanent`: the request itself is wrong (a malformed
 * address: 4xx other than 408, 429 and a 409 `concurrent_idempotent_requests`), so sending
 * it again cannot help; otherwise it may pass later, after `retryAfterSeconds` when the
 * provider said so (429, 5xx, network). `providerError`: the provider's error name, when it gave one
 * (Resend's JSON error body, e.g. `invalid_idempotent_request`; docs/decisions/0052).
 */
export class MailRefused extends Error {
  constructor(
    readonly status: number,
    readonly permanent: boolean,
    readonly retryAfterSeconds: number | null,
    readonly providerError: string | null = null,
  ) {
    super(`Falha ao enviar e-mail (HTTP ${status}${providerError ? `, ${providerError}` : ""}).`);
  }
}

/** Resend's 409: another request with the same idempotency key is still running. */
const CONCURRENT_REQUEST = "concurrent_idempotent_requests";

async function refusal(response: Response) {
  const retryAfter = Number(response.headers.get("Retry-After"));
  // The error body names the error; it never holds the mail (only our request did).
  const body = await response.text().catch(() => "");
  let name: string | null = null;
  try {
    const parsed = JSON.parse(body) as { name?: unknown };
    if (typeof parsed?.name === "string") name = parsed.name;
  } catch {}
  const permanent =
    response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408 && name !== CONCURRENT_REQUEST;
  return new MailRefused(response.status, permanent, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, name);
}

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: number;
}

export interface MailEnv {
  KV: KVNamespace;
  MAIL_API_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_FROM?: string;
}

const OUTBOX_PREFIX = "outbox:";
const OUTBOX_TTL_SECONDS = 60 * 60 * 24;
/** The local mailer's idempotency keys, kept as long as the provider keeps them (24 h). */
const IDEMPOTENCY_PREFIX = "idempotencia-email:";
/** The local mailer's keys being sent now: a second call meanwhile is refused as Resend does. */
const sendingNow = new Set<string>();
const DEFAULT_FROM = "Patas Conectadas <nao-responda@patasconectadas.com.br>";

/** An address as the logs show it: never whole. */
export function maskAddress(address: string) {
  const [user = "", domain = ""] = address.split("@");
  return `${user.slice(0, 2)}***@${domain}`;
}

export function createMailer(env: MailEnv, fetcher: typeof fetch = fetch): Mailer {
  if (env.MAIL_API_KEY) {
    const url = env.MAIL_API_URL || "https://api.resend.com/emails";
    const payload = (message: MailMessage) => ({
      from: env.MAIL_FROM || DEFAULT_FROM,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.replyTo ? { reply_to: message.replyTo } : {}),
    });
    const post = async (target: string, body: unknown, idempotencyKey?: string) => {
      const response = await fetcher(target, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${env.MAIL_API_KEY}`,
          "Content-Type": "application/json",
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw await refusal(response);
    };
    return {
      send: (message) => post(url, payload(message)),
      sendBatch: (messages, idempotencyKey) =>
        messages.length === 0 ? Promise.resolve() : post(`${url.replace(/\/$/, "")}/batch`, messages.map(payload), idempotencyKey),
    };
  }
  const local: Mailer = {
    async send(message) {
      const sentAt = Date.now();
      const id = crypto.randomUUID();
      // Newest first when listed: KV lists keys in ascending order.
      const key = `${OUTBOX_PREFIX}${String(9_999_999_999_999 - sentAt).padStart(13, "0")}:${id}`;
      const entry: OutboxEntry = { ...message, id, sentAt };
      await env.KV.put(key, JSON.stringify(entry), { expirationTtl: OUTBOX_TTL_SECONDS });
      console.log(`[mail] e-mail para ${maskAddress(message.to)} guardado na caixa de saída local.`);
    },
    // As the provider: the same key within a day sends nothing again (docs/decisions/0052),
    // so dev, the e2e tests and the worker tests see what production sends.
    // A call while the same key is being sent gets the provider's 409 for it (for now).
    async sendBatch(messages, idempotencyKey) {
      const marker = `${IDEMPOTENCY_PREFIX}${idempotencyKey}`;
      if (sendingNow.has(marker)) throw new MailRefused(409, false, null, CONCURRENT_REQUEST);
      sendingNow.add(marker);
      try {
        if (await env.KV.get(marker)) return;
        for (const message of messages) await local.send(message);
        await env.KV.put(marker, "1", { expirationTtl: OUTBOX_TTL_SECONDS });
      } finally {
        sendingNow.delete(marker);
      }
    },
  };
  return local;
}

const RETRY_DELAYS_MS = [500, 2000];

/**
 * Sends after the response, so a mail provider that is down or slow never fails or
 * delays the request that asked for the mail (docs/decisions/0011). Tries up to three
 * times; a final failure is logged (address masked, body never) and the user can ask for
 * the mail again where that matters (the confirmation link).
 */
export function sendInBackground(ctx: ExecutionContext, mailer: Mailer, message: MailMessage): Promise<boolean> {
  const attempt = async (): Promise<boolean> => {
    for (let i = 0; ; i += 1) {
      try {
        await mailer.send(message);
        return true;
      } catch (error) {
        if (i >= RETRY_DELAYS_MS.length) {
          console.error(
            `[mail] falha ao enviar "${message.subject}" para ${maskAddress(message.to)}:`,
            error instanceof Error ? error.message : error,
          );
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[i]));
      }
    }
  };
  const done = attempt();
  ctx.waitUntil(done);
  return done;
}

export async function listOutbox(kv: KVNamespace, limit = 50): Promise<OutboxEntry[]> {
  const { keys } = await kv.list({ prefix: OUTBOX_PREFIX, limit });
  const entries = await Promise.all(keys.map((k) => kv.get<OutboxEntry>(k.name, "json")));
  return entries.filter((e): e is OutboxEntry => e !== null);
}
