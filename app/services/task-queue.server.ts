// The task queue's consumer (wrangler.toml `[[queues.consumers]]`; docs/decisions/0037).
// Each message is one piece of work, done and acknowledged on its own; a failure is
// retried later with a growing delay, and after max_retries the platform moves the message
// to the dead-letter queue, whose batches are recorded here for whoever runs the site.
// Every job is idempotent (its writes carry their own conditions and keys), so a message
// delivered twice does its work once.
import { createActivityDatabase, createDatabase } from "~/context.server";
import { recordFailedJob } from "~/models/mail-deliveries.server";
import { type JobSink, queueSink, retryDelaySeconds } from "~/platform/job-queue.server";
import { MAIL_BATCH_SIZE, MailRefused } from "~/platform/mail.server";
import { summarizeAdInbox } from "./ad-inbox.server";
import { expireAds, remindAds } from "./ad-lifecycle.server";
import type { JobContext } from "./job-context";
import { archivePets, moveSightingsToArchive } from "./pet-archive.server";
import { chunked, type JobMessage, parseJobMessage } from "./job-messages";
import { deliverMails } from "./mail-delivery.server";
import { alertNewPet } from "./instant-alerts.server";
import { matchNewPet } from "./pet-matches.server";
import { digestSearches } from "./search-alerts.server";

export interface ConsumerOptions {
  /** Where follow-up messages go (the mails a job wrote); the JOBS binding by default. */
  sink?: JobSink<JobMessage>;
  /** The mail provider's HTTP client (tests hand in a local fake). */
  fetcher?: typeof fetch;
  now?: Date;
}

/**
 * Does one message's work; returns the keys of the mails it left in the outbox (the
 * provider could not take them now), for delivery (docs/decisions/0052).
 */
async function run(job: JobContext, message: JobMessage, fetcher: typeof fetch): Promise<string[]> {
  switch (message.kind) {
    case "reminders":
      return remindAds(job, message.petIds);
    case "expiries":
      await expireAds(job, message.petIds);
      return [];
    case "digests":
      return digestSearches(job, message.searchIds, message.newestPetId);
    case "instant-alerts":
      return alertNewPet(job, message);
    case "matches":
      return (
        await matchNewPet(
          { env: job.env, db: job.db, activityDb: job.activityDb, origin: message.origin, now: job.now, fetcher },
          message.petId,
        )
      ).mailKeys;
    case "inbox-summary":
      return summarizeAdInbox(job, message);
    case "deliveries":
      await deliverMails(job.env, job.activityDb, message.keys, job.now, fetcher);
      return [];
    case "archive-sightings":
      await moveSightingsToArchive({ ...job, bucket: job.env.IMAGES }, message.petIds);
      return [];
    case "archive-pets":
      await archivePets({ ...job, bucket: job.env.IMAGES }, message.petIds);
      return [];
  }
}

/** Is this batch from the dead-letter queue (its name is a var: staging has its own)? */
function isDeadLetterBatch(batch: MessageBatch, env: Env) {
  return batch.queue === (env.JOBS_DEAD_LETTER_QUEUE ?? "patas-tarefas-falhas");
}

export async function consumeTasks(batch: MessageBatch<unknown>, env: Env, options: ConsumerOptions = {}) {
  const db = createDatabase(env.DB);
  const now = options.now ?? new Date();
  if (isDeadLetterBatch(batch, env)) {
    for (const message of batch.messages) {
      console.error(`[fila] mensagem desistida após ${message.attempts} tentativas:`, JSON.stringify(message.body).slice(0, 300));
      await recordFailedJob(db, { queue: batch.queue, body: JSON.stringify(message.body), attempts: message.attempts }, now);
      message.ack();
    }
    return;
  }
  const sink = options.sink ?? queueSink<JobMessage>(env.JOBS);
  const fetcher = options.fetcher ?? fetch;
  const activityDb = createActivityDatabase(env.ACTIVITY_DB);
  for (const message of batch.messages) {
    const body = parseJobMessage(message.body);
    if (!body) {
      // Not one of ours: retrying cannot help; kept for reading.
      await recordFailedJob(db, { queue: batch.queue, body: JSON.stringify(message.body), attempts: message.attempts }, now);
      message.ack();
      continue;
    }
    try {
      const keys = await run({ env, db, activityDb, now, sink, fetcher }, body, fetcher);
      // Should this send fail, the mails are pending: the half-hourly sweep sends them.
      if (keys.length > 0) await sink(chunked(keys, MAIL_BATCH_SIZE).map((k): JobMessage => ({ kind: "deliveries", keys: k })));
      message.ack();
    } catch (error) {
      const askedFor = error instanceof MailRefused ? error.retryAfterSeconds : null;
      console.error(`[fila] "${body.kind}" falhou (tentativa ${message.attempts}):`, error instanceof Error ? error.message : error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, askedFor) });
    }
  }
}
