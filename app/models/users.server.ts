import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/context.server";
import { companies, profiles, users, type AccountType } from "~/db/schema";
import { mailboxKey } from "~/lib/email-address";
import { claimCnpjStatement, isCnpjHeldByAnother } from "./companies.server";
import { hasHeldPaymentFor } from "./payments.server";

/** The signed-in user as every page needs them (header, guards). */
export async function getSessionUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      accountType: users.accountType,
      sessionsRevokedAt: users.sessionsRevokedAt,
      // Moderation (docs/decisions/0035): a suspended account is signed out everywhere.
      suspendedAt: users.suspendedAt,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
      pendingEmail: users.pendingEmail,
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
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** An account by id, with whether it has a password (Google-only accounts have none). */
export async function findUserById(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      accountType: users.accountType,
      hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findUserByGoogleSubject(db: Database, subject: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, accountType: users.accountType, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.googleSubject, subject))
    .limit(1);
  return row ?? null;
}

/** Whether a confirmed account holds the CNPJ: an unconfirmed one holds none (docs/decisions/0028). */
export async function isCnpjTaken(db: Database, cnpj: string) {
  return isCnpjHeldByAnother(db, cnpj);
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

/** A taken address or mailbox (the unique indexes on users and profiles). */
function isEmailTaken(error: unknown) {
  return ["users.email", "users.mailbox_key", "profiles.email"].some((column) => isUniqueViolation(error, column));
}

/**
 * The user, their profile and (for companies) the company row, in one batch. A CNPJ held
 * by a confirmed account is refused; otherwise an unconfirmed sign-up shares it until one
 * confirms its e-mail (docs/decisions/0028). A mailbox that already has an account is
 * refused like its very address (docs/decisions/0007).
 */
export async function createAccount(db: Database, account: NewAccount): Promise<CreateAccountResult> {
  const id = crypto.randomUUID();
  const email = account.email.trim().toLowerCase();
  // Except for whoever paid Premium for it at checkout with this very address: their account
  // is let in (holding nothing until confirmed) so a moderator can give them what they paid
  // for (docs/decisions/0028).
  if (account.company && (await isCnpjTaken(db, account.company.cnpj)) && !(await hasHeldPaymentFor(db, account.company.cnpj, email))) {
    return { ok: false, reason: "cnpj-taken" };
  }
  const userRow = db.insert(users).values({
    id,
    email,
    accountType: account.accountType,
    passwordHash: account.passwordHash ?? null,
    googleSubject: account.googleSubject ?? null,
    emailVerified: account.emailVerified ?? false,
    emailVerifiedAt: account.emailVerified ? new Date() : null,
    mailboxKey: mailboxKey(email),
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
          // Born confirmed (the e2e session route): it holds its CNPJ at once.
          cnpjClaimedAt: account.emailVerified ? new Date() : null,
        }),
      ]);
    } else {
      await db.batch([userRow, profileRow]);
    }
  } catch (error) {
    if (isEmailTaken(error)) return { ok: false, reason: "email-taken" };
    if (isUniqueViolation(error, "companies.cnpj")) return { ok: false, reason: "cnpj-taken" };
    throw error;
  }
  return { ok: true, user: { id, email, accountType: account.accountType } };
}

/**
 * Links a Google account. When the address had never been confirmed, whoever set the
 * password may not own it (someone can sign up with another person's e-mail and wait):
 * Google has just proved who does, so the password and every open session end. Google's
 * word confirms the address: a company takes its CNPJ if free, in the same batch (0028).
 */
export async function linkGoogleSubject(db: Database, userId: string, subject: string, { wasVerified }: { wasVerified: boolean }) {
  const now = new Date();
  const confirmedAt = confirmedSince(now);
  await db.batch([
    db
      .update(users)
      .set(
        wasVerified
          ? { googleSubject: subject, emailVerified: true, emailVerifiedAt: confirmedAt, updatedAt: now }
          : {
              googleSubject: subject,
              emailVerified: true,
              emailVerifiedAt: confirmedAt,
              passwordHash: null,
              sessionsRevokedAt: now,
              updatedAt: now,
            },
      )
      .where(eq(users.id, userId)),
    claimCnpjStatement(db, userId, now),
  ]);
}

/** When the address was first confirmed: kept when it already was (docs/decisions/0035). */
function confirmedSince(now: Date) {
  return sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`;
}

/**
 * Marks the address confirmed; with `email`, only while it is still the account's. A
 * company whose CNPJ no confirmed account holds takes it in the same batch: the first to
 * confirm keeps it (docs/decisions/0028).
 */
export async function markEmailVerified(db: Database, userId: string, email?: string): Promise<boolean> {
  const now = new Date();
  const [rows] = await db.batch([
    db
      .update(users)
      .set({ emailVerified: true, emailVerifiedAt: confirmedSince(now), updatedAt: now })
      .where(and(eq(users.id, userId), email ? eq(users.email, email) : undefined))
      .returning({ id: users.id }),
    claimCnpjStatement(db, userId, now),
  ]);
  return rows.length > 0;
}

/** New password; every session that started before now stops being valid. */
export async function resetPassword(db: Database, userId: string, passwordHash: string, now = new Date()) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionsRevokedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/**
 * What the public profile shows to anyone, found by its public id or by an e-mail the
 * owner confirmed and chose to show (docs/decisions/0011). The e-mail and phone are only
 * returned when the owner chose to show them.
 */
export async function getPublicProfile(db: Database, key: { publicId: string } | { email: string }) {
  const found = await getPublicProfileWithOwner(db, key);
  return found?.profile ?? null;
}

/**
 * The public profile, and apart from it (for the loader only, never the page) whose it is
 * and its moderation state (docs/decisions/0035).
 */
export async function getPublicProfileWithOwner(db: Database, key: { publicId: string } | { email: string }) {
  const where =
    "publicId" in key
      ? eq(profiles.publicId, key.publicId)
      : and(eq(profiles.email, key.email.trim().toLowerCase()), eq(profiles.showEmail, true), eq(users.emailVerified, true));
  const [row] = await db
    .select({
      publicId: profiles.publicId,
      name: profiles.name,
      email: profiles.email,
      emailVerified: users.emailVerified,
      showEmail: profiles.showEmail,
      phone: profiles.phone,
      showPhone: profiles.showPhone,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      facebook: profiles.facebook,
      instagram: profiles.instagram,
      // For the loader only, never the page (docs/decisions/0035).
      ownerId: profiles.id,
      moderation: profiles.moderation,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(where)
    .limit(1);
  if (!row) return null;
  const { email, emailVerified, showEmail, phone, showPhone, ownerId, moderation, ...shown } = row;
  const profile = {
    ...shown,
    // An address nobody confirmed is never published, whatever the box says.
    email: showEmail && emailVerified ? email : null,
    phone: showPhone ? phone : null,
  };
  return { profile, ownerId, moderation };
}

export type PublicProfile = NonNullable<Awaited<ReturnType<typeof getPublicProfile>>>;

/** The owner's own profile (the /dashboard/perfil form). */
export async function getOwnProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      publicId: profiles.publicId,
      name: profiles.name,
      email: users.email,
      emailVerified: users.emailVerified,
      pendingEmail: users.pendingEmail,
      hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      facebook: profiles.facebook,
      instagram: profiles.instagram,
      showEmail: profiles.showEmail,
      showPhone: profiles.showPhone,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The stored password hash (null for Google-only accounts), to re-check the password. */
export async function getPasswordHash(db: Database, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

export interface ProfileChanges {
  name: string;
  phone: string | null;
  bio: string | null;
  facebook: string | null;
  instagram: string | null;
  showEmail: boolean;
  showPhone: boolean;
  // Undefined keeps the current photo; null removes it.
  avatarUrl?: string | null;
}

/** Saves every field of the profile (DESIGN decision 4). The e-mail changes apart. */
export async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/** Whether another account already uses the address, or another spelling of its mailbox (docs/decisions/0007). */
export async function isEmailTakenByAnother(db: Database, userId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.email, email.trim().toLowerCase()), eq(users.mailboxKey, mailboxKey(email))), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The address of the account that holds this mailbox, as typed or spelled another way
 * (docs/decisions/0007), or null: a visitor's ad form signs in to that account
 * (docs/decisions/0044).
 */
export async function findAccountEmailByMailbox(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(or(eq(users.email, email.trim().toLowerCase()), eq(users.mailboxKey, mailboxKey(email))))
    .limit(1);
  return row?.email ?? null;
}

/** Remembers the address the owner asked for; it applies when its link is followed. */
export async function setPendingEmail(db: Database, userId: string, email: string | null) {
  await db
    .update(users)
    .set({ pendingEmail: email?.trim().toLowerCase() ?? null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export type ApplyEmailChangeResult = { ok: true; previousEmail: string } | { ok: false; reason: "not-pending" | "email-taken" };

/**
 * The link mailed to the new address was followed: the account (and its profile) take
 * the address, confirmed, in one batch — only while it is still the pending one. Its
 * mailbox may have got an account since it was asked for: refused like a taken address.
 */
export async function applyPendingEmail(db: Database, userId: string, email: string): Promise<ApplyEmailChangeResult> {
  const address = email.trim().toLowerCase();
  const [current] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.pendingEmail, address)))
    .limit(1);
  if (!current) return { ok: false, reason: "not-pending" };
  const now = new Date();
  try {
    await db.batch([
      db
        .update(users)
        .set({
          email: address,
          mailboxKey: mailboxKey(address),
          emailVerified: true,
          emailVerifiedAt: confirmedSince(now),
          pendingEmail: null,
          updatedAt: now,
        })
        .where(and(eq(users.id, userId), eq(users.pendingEmail, address))),
      db.update(profiles).set({ email: address, updatedAt: now }).where(eq(profiles.id, userId)),
      // The new address is confirmed: a company that held no CNPJ may take it now (0028).
      claimCnpjStatement(db, userId, now),
    ]);
  } catch (error) {
    if (isEmailTaken(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
  return { ok: true, previousEmail: current.email };
}
