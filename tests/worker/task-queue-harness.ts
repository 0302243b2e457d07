// Drives the task queue's consumer as the platform would (docs/decisions/0037): batches of
// up to 10 messages made with createMessageBatch, the consumer's acks and retries read with
// getQueueResult, and the follow-up messages it sends fed back in until none is left.
import { createExecutionContext, createMessageBatch, getQueueResult, type QueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { planDailyWork } from "~/services/daily-jobs.server";
import type { JobMessage } from "~/services/job-messages";
import { type ConsumerOptions, consumeTasks } from "~/services/task-queue.server";

let nextId = 0;

/** The consumer's options, and the bindings it runs with (e.g. a SITE_URL for the links). */
export type HarnessOptions = ConsumerOptions & { env?: Env };

/** The test bindings with the site's address the mails link to. */
export const siteEnv = { ...env, SITE_URL: "https://patas.example" } as Env;

export interface Drained {
  /** Every message the consumer took, in order. */
  processed: JobMessage[];
  /** The results of each batch (acks, retries). */
  results: (QueueResult & { delays: (number | undefined)[] })[];
}

/** One batch, as the platform delivers it; `attempts` as the platform counts them. */
export async function consumeOnce(
  messages: unknown[],
  options: HarnessOptions & { queue?: string; attempts?: number } = {},
): Promise<QueueResult & { delays: (number | undefined)[] }> {
  const batch = createMessageBatch(
    options.queue ?? "patas-tarefas",
    messages.map((body) => ({ id: `msg-${++nextId}`, timestamp: new Date(), attempts: options.attempts ?? 1, body })),
  );
  // getQueueResult does not report a retry's delay: each message's retry() notes it here.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, "retry", {
      value: (retryOptions?: QueueRetryOptions) => {
        delays.push(retryOptions?.delaySeconds);
        retry(retryOptions);
      },
    });
  }
  const ctx = createExecutionContext();
  await consumeTasks(batch, options.env ?? env, options);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

/** Runs `messages` and everything they lead to; a retried message is not run again. */
export async function drain(messages: JobMessage[], options: HarnessOptions = {}): Promise<Drained> {
  const pending = [...messages];
  const drained: Drained = { processed: [], results: [] };
  while (pending.length > 0) {
    const bodies = pending.splice(0, 10);
    drained.processed.push(...bodies);
    drained.results.push(
      await consumeOnce(bodies, {
        ...options,
        sink: async (more) => {
          pending.push(...more);
        },
      }),
    );
  }
  return drained;
}

/** The daily plan at `now`, then all its work through the consumer. */
export async function runDailyWork(now: Date, options: HarnessOptions = {}) {
  const { sent, sink } = recordingSink();
  const plan = await planDailyWork(options.env ?? siteEnv, now, sink);
  const drained = await drain(sent, { env: siteEnv, now, ...options });
  return { plan, ...drained };
}

/** A sink that keeps what the planner sends. */
export function recordingSink() {
  const sent: JobMessage[] = [];
  return { sent, sink: async (messages: JobMessage[]) => void sent.push(...messages) };
}

type ProviderBody = { to: string[] }[] | { to: string[] };

/**
 * A local stand-in for the mail provider's HTTP API (Resend's, docs/decisions/0052): records
 * each call and answers as told; an accepted call's `Idempotency-Key` is kept, so the same
 * key again sends nothing (the same answer) and the same key with another payload is
 * refused with 409 `invalid_idempotent_request`, as Resend does for 24 hours. `delivered`
 * lists the mails that really went out.
 */
export function fakeProvider(answer: (call: { url: string; body: ProviderBody }) => Response = () => Response.json({ data: [] })) {
  const calls: { url: string; idempotencyKey: string | null; body: unknown }[] = [];
  const delivered: { to: string[]; subject: string }[] = [];
  const keys = new Map<string, string>();
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const text = String(init?.body);
    const body = JSON.parse(text) as ProviderBody;
    const idempotencyKey = new Headers(init?.headers).get("Idempotency-Key");
    calls.push({ url: String(input), idempotencyKey, body });
    const seen = idempotencyKey === null ? undefined : keys.get(idempotencyKey);
    if (seen === text) return Response.json({ data: [] });
    if (seen !== undefined) return Response.json({ statusCode: 409, name: "invalid_idempotent_request", message: "…" }, { status: 409 });
    const response = answer({ url: String(input), body });
    if (response.ok) {
      if (idempotencyKey !== null) keys.set(idempotencyKey, text);
      delivered.push(...(Array.isArray(body) ? body : [body]).map((m) => m as { to: string[]; subject: string }));
    }
    return response;
  }) as typeof fetch;
  return { calls, delivered, keys, fetcher };
}

/** The test bindings with the provider configured (its URL a stand-in's). */
export const providerEnv = { ...siteEnv, MAIL_API_KEY: "chave", MAIL_API_URL: "https://mail.example/emails" } as Env;
