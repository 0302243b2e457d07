// The activity database (binding ACTIVITY_DB, docs/decisions/0050): the rows written on
// almost every request or job and read only by key: sightings and the mail outbox (the
// view marks and rate-limit counters moved to Durable Objects, docs/decisions/0051). They
// grow (or churn) far faster than the ads, so they live apart from the main database
// (app/db/schema.ts) and its single thread.
// D1 has no foreign keys across databases: a pet's or an account's deletion removes their
// rows here explicitly, and the daily sweep catches what a failure left behind.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, moderatedIndex, moderation } from "./columns";

// "Vi este pet" (docs/decisions/0024): anyone reports where and when they saw a lost pet.
// The reporter's contact is for the owner only; a hidden sighting (spam) shows to no one.
// `petId`, `municipalityCode` and `reporterUserId` name rows of the main database.
export const sightings = sqliteTable(
  "sightings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id").notNull(),
    place: text("place").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: integer("municipality_code"),
    // Brasília wall-clock "yyyy-MM-ddTHH:mm" (docs/decisions/0005).
    seenAt: text("seen_at").notNull(),
    notes: text("notes"),
    imageUrl: text("image_url"),
    contact: text("contact"),
    reporterUserId: text("reporter_user_id"),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    moderation: moderation(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sightings_pet_id_idx").on(t.petId, t.id),
    moderatedIndex("sightings_moderation_idx", t.moderation),
    // The account's export and deletion: the sightings it sent.
    index("sightings_reporter_user_id_idx").on(t.reporterUserId).where(sql`${t.reporterUserId} IS NOT NULL`),
  ],
);

// Legacy, written by no code since docs/decisions/0051 (the counters and the view marks
// live in Durable Objects): kept for one version, so the Worker of the previous version
// still runs between the migrations and the deploy (docs/decisions/0039); the next
// version drops them. Their rows are hashes and random ids and expire within a day.
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").primaryKey(),
    n: integer("n").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("rate_counters_expires_at_idx").on(t.expiresAt)],
);
export const viewMarks = sqliteTable("view_marks", {
  key: text("key").primaryKey(),
});

// Mail the queue consumer sends (docs/decisions/0037, 0050): written before the state change
// that calls for it (a reminder claimed, a saved search advanced) in the main database;
// `key` says which mail it is ('lembrete:<pet>:<day>', 'resumo:<search>:<newest pet>', …),
// so a message processed twice, or retried after the change failed, writes it once. Sent
// rows keep only their key and are swept after a week; the pending ones are delivered
// again by the half-hourly sweep, so a provider outage delays mail and never loses it.
export const mailDeliveries = sqliteTable(
  "mail_deliveries",
  {
    key: text("key").primaryKey(),
    // The address, lower-cased: the account's deletion removes its rows (docs/decisions/0036).
    recipient: text("recipient").notNull(),
    // The MailMessage as JSON; empty once sent (only the key is needed then: 0037).
    message: text("message").notNull(),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    // A delivery took it until then: another delivery of the same key waits (no mail twice).
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    // Refused for good by the provider (a bad address): never tried again.
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // The sweep's pending mail, oldest first.
    index("mail_deliveries_pending_idx").on(t.createdAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index("mail_deliveries_sent_at_idx").on(t.sentAt),
    index("mail_deliveries_failed_at_idx").on(t.failedAt).where(sql`${t.failedAt} IS NOT NULL`),
    index("mail_deliveries_recipient_idx").on(t.recipient),
  ],
);
