import { eq } from "drizzle-orm";
import type { Database } from "~/context.server";
import { profiles, users } from "~/db/schema";

/** What the header needs about the signed-in user. */
export async function getHeaderUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      accountType: users.accountType,
      name: profiles.name,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type HeaderUser = NonNullable<Awaited<ReturnType<typeof getHeaderUser>>>;
