import { and, eq } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies, profiles, users, type AccountType } from "~/db/schema";

/** The signed-in user as every page needs them (header, guards). */
export async function getSessionUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      accountType: users.accountType,
      sessionsRevokedAt: users.sessionsRevokedAt,
      name: profiles.name,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      accountType: users.accountType,
      passwordHash: users.passwordHash,
      googleSubject: users.googleSubject,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserByGoogleSubject(db: Database, subject: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, accountType: users.accountType })
    .from(users)
    .where(eq(users.googleSubject, subject))
    .limit(1);
  return row ?? null;
}

export async function isCnpjTaken(db: Database, cnpj: string) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, cnpj)).limit(1);
  return Boolean(row);
}

export interface NewAccount {
  email: string;
  accountType: AccountType;
  name: string;
  passwordHash?: string | null;
  googleSubject?: string | null;
  emailVerified?: boolean;
  company?: { companyName: string; cnpj: string };
}

export type CreateAccountResult =
  | { ok: true; user: { id: string; email: string; accountType: AccountType } }
  | { ok: false; reason: "email-taken" | "cnpj-taken" };

function isUniqueViolation(error: unknown, column: string) {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("UNIQUE") && text.includes(column);
}

/** The user, their profile and (for companies) the company row, in one batch. */
export async function createAccount(db: Database, account: NewAccount): Promise<CreateAccountResult> {
  const id = crypto.randomUUID();
  const email = account.email.trim().toLowerCase();
  const userRow = db.insert(users).values({
    id,
    email,
    accountType: account.accountType,
    passwordHash: account.passwordHash ?? null,
    googleSubject: account.googleSubject ?? null,
    emailVerified: account.emailVerified ?? false,
  });
  const profileRow = db.insert(profiles).values({ id, email, name: account.name.trim() });
  try {
    if (account.company) {
      await db.batch([
        userRow,
        profileRow,
        db.insert(companies).values({
          id,
          email,
          companyName: account.company.companyName.trim(),
          cnpj: account.company.cnpj,
        }),
      ]);
    } else {
      await db.batch([userRow, profileRow]);
    }
  } catch (error) {
    if (isUniqueViolation(error, "users.email") || isUniqueViolation(error, "profiles.email")) {
      return { ok: false, reason: "email-taken" };
    }
    if (isUniqueViolation(error, "companies.cnpj")) return { ok: false, reason: "cnpj-taken" };
    throw error;
  }
  return { ok: true, user: { id, email, accountType: account.accountType } };
}

/**
 * Links a Google account. When the address had never been confirmed, whoever set the
 * password may not own it (someone can sign up with another person's e-mail and wait):
 * Google has just proved who does, so the password and every open session end.
 */
export async function linkGoogleSubject(
  db: Database,
  userId: string,
  subject: string,
  { wasVerified }: { wasVerified: boolean },
) {
  const now = new Date();
  await db
    .update(users)
    .set(
      wasVerified
        ? { googleSubject: subject, emailVerified: true, updatedAt: now }
        : { googleSubject: subject, emailVerified: true, passwordHash: null, sessionsRevokedAt: now, updatedAt: now },
    )
    .where(eq(users.id, userId));
}

/** Marks the address confirmed; with `email`, only while it is still the account's. */
export async function markEmailVerified(db: Database, userId: string, email?: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), email ? eq(users.email, email) : undefined))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** New password; every session that started before now stops being valid. */
export async function resetPassword(db: Database, userId: string, passwordHash: string, now = new Date()) {
  await db
    .update(users)
    .set({ passwordHash, sessionsRevokedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

/** What /perfil/{email} shows to anyone (spec §6: the public profile). */
export async function getPublicProfile(db: Database, email: string) {
  const [row] = await db
    .select({
      name: profiles.name,
      email: profiles.email,
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      facebook: profiles.facebook,
      instagram: profiles.instagram,
    })
    .from(profiles)
    .where(eq(profiles.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The owner's own profile (the /dashboard form). */
export async function getOwnProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      name: profiles.name,
      email: users.email,
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      facebook: profiles.facebook,
      instagram: profiles.instagram,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export interface ProfileChanges {
  name: string;
  email: string;
  phone: string | null;
  bio: string | null;
  facebook: string | null;
  instagram: string | null;
  // Undefined keeps the current photo; null removes it.
  avatarUrl?: string | null;
}

export type UpdateProfileResult = { ok: true; emailChanged: boolean } | { ok: false; reason: "email-taken" | "not-found" };

/**
 * Saves every field of the profile (DESIGN decision 4) and, when the e-mail changes,
 * the account's e-mail too (unconfirmed again), in one batch.
 */
export async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<UpdateProfileResult> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current) return { ok: false, reason: "not-found" };
  const email = changes.email.trim().toLowerCase();
  const emailChanged = email !== current.email;
  const now = new Date();
  const { email: _email, ...profileFields } = changes;
  try {
    await db.batch([
      db
        .update(users)
        .set(emailChanged ? { email, emailVerified: false, updatedAt: now } : { updatedAt: now })
        .where(eq(users.id, userId)),
      db
        .update(profiles)
        .set({ ...profileFields, email, updatedAt: now })
        .where(eq(profiles.id, userId)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "users.email") || isUniqueViolation(error, "profiles.email")) {
      return { ok: false, reason: "email-taken" };
    }
    throw error;
  }
  return { ok: true, emailChanged };
}
