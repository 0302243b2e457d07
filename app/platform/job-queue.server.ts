// The task queue (Cloudflare Queues; wrangler.toml `[[queues.producers]]` JOBS and its
// consumers; docs/decisions/0037): sending in the platform's batches, and the backoff of a
// message that failed. Locally `wrangler dev` and the worker tests run it in Miniflare.

/** sendBatch takes at most 100 messages (and 256 KB) a call; ours are a few hundred bytes. */
const SEND_BATCH_MAX = 100;

/** Where work goes: the JOBS binding in the Worker; tests may hand in their own. */
export type JobSink<Body> = (bodies: Body[]) => Promise<void>;

export function queueSink<Body>(queue: Queue<Body>): JobSink<Body> {
  return async (bodies) => {
    for (let i = 0; i < bodies.length; i += SEND_BATCH_MAX) {
      await queue.sendBatch(bodies.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: "json" as const })));
    }
  };
}

/**
 * Seconds before a failed message is tried again: what the provider asked for (Retry-After),
 * else 30 s doubled per attempt, at most an hour. With max_retries 8 a message keeps trying
 * for about two hours before it goes to the dead-letter queue.
 */
export function retryDelaySeconds(attempts: number, askedFor: number | null = null) {
  if (askedFor !== null) return Math.min(Math.max(1, Math.ceil(askedFor)), 60 * 60);
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 60 * 60);
}
