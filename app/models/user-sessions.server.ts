// The D1 list of an account's signed-in sessions, kept beside their KV records by the
// session storage (docs/decisions/0002, 0036). The KV record is the session; this row
// says which account it belongs to, so that 'Meus dados' can list them and a deleted
// account can end every one.
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { userSessions } from "~/db/schema";

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Writes or updates the row of a signed-in session. Only for an account that exists: the
 * INSERT … SELECT writes nothing for an id that is gone (a session of a deleted account
 * still being saved), rather than failing on the foreign key.
 */
export async function recordSession(db: Database, s: SessionRecord) {
  await db.run(sql`
    INSERT INTO user_sessions (id, user_id, created_at, last_seen_at, expires_at)
    SELECT ${s.id}, id, ${s.createdAt}, ${s.lastSeenAt}, ${s.expiresAt} FROM users WHERE id = ${s.userId}
    ON CONFLICT (id) DO UPDATE SET
      user_id = excluded.user_id,
      last_seen_at = excluded.last_seen_at,
      expires_at = excluded.expires_at`);
}

export async function forgetSession(db: Database, id: string) {
  await db.delete(userSessions).where(eq(userSessions.id, id));
}

/** Rows of sessions whose KV record has expired on its own (the daily job). */
export async function deleteExpiredSessions(db: Database, now = new Date()) {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}
