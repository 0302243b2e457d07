// Column helpers shared by the main database's schema and the activity database's
// (app/db/activity-schema.ts, docs/decisions/0050).
import { type AnySQLiteColumn, index, integer, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { MODERATION_STATES } from "./values";

export const now = sql`(unixepoch() * 1000)`;

export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
export const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now);
export const views = () => integer("views").notNull().default(0);

/**
 * Why the public does not see an item (docs/decisions/0035): 'held' while reports wait for
 * a moderator, 'removed' by a moderator, 'suspended' while its owner's account is. Null:
 * public. Every public read filters `moderation IS NULL`; the owner and admins still see it.
 */
export const moderation = () => text("moderation", { enum: MODERATION_STATES });
/**
 * The few moderated rows of a table (the admins' lists of removed items and suspended
 * accounts): a partial index, so public rows (almost all) cost it nothing.
 */
export const moderatedIndex = (name: string, column: AnySQLiteColumn) => index(name).on(column).where(sql`${column} IS NOT NULL`);
