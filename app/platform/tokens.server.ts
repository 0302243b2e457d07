// Single-use tokens (password reset, e-mail confirmation, account deletion) in KV with a
// TTL. Only a SHA-256 of the token is stored, so a KV dump cannot be replayed as links.
// Each key carries its user in KV metadata, so a deleted account's tokens can be found by
// listing, without reading every value (docs/decisions/0036).
import { randomToken } from "~/lib/random-token";

export type TokenPurpose = "password-reset" | "email-confirmation" | "account-deletion";

const TOKEN_PREFIX = "token:";

async function keyFor(purpose: TokenPurpose, token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${TOKEN_PREFIX}${purpose}:${hex}`;
}

/** What a token stands for: its user and, for an e-mail confirmation, the address. */
export interface TokenRecord {
  userId: string;
  email?: string;
}

export async function createOneTimeToken(
  kv: KVNamespace,
  purpose: TokenPurpose,
  userId: string,
  ttlSeconds: number,
  extra: Omit<TokenRecord, "userId"> = {},
): Promise<string> {
  const token = randomToken();
  await kv.put(await keyFor(purpose, token), JSON.stringify({ ...extra, userId }), {
    expirationTtl: Math.max(60, ttlSeconds),
    metadata: { userId },
  });
  return token;
}

async function readToken(kv: KVNamespace, purpose: TokenPurpose, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const value = await kv.get<TokenRecord>(await keyFor(purpose, token), "json");
  return value?.userId ? value : null;
}

/** The token's user while it is valid, without using it up (to show the form). */
export async function peekOneTimeToken(kv: KVNamespace, purpose: TokenPurpose, token: string) {
  return (await readToken(kv, purpose, token))?.userId ?? null;
}

/** Uses the token up: returns what it stands for once, then never again. */
export async function consumeOneTimeTokenRecord(kv: KVNamespace, purpose: TokenPurpose, token: string) {
  const record = await readToken(kv, purpose, token);
  if (record) await kv.delete(await keyFor(purpose, token));
  return record;
}

/** Uses the token up: returns its user once, then never again. */
export async function consumeOneTimeToken(kv: KVNamespace, purpose: TokenPurpose, token: string) {
  return (await consumeOneTimeTokenRecord(kv, purpose, token))?.userId ?? null;
}

/**
 * Deletes every outstanding token of a user (a deleted account, docs/decisions/0036).
 * Tokens live hours or days, so the list is short; a key written before tokens carried
 * metadata is read to know its user.
 */
export async function deleteTokensOfUser(kv: KVNamespace, userId: string) {
  let cursor: string | undefined;
  do {
    const page = await kv.list<{ userId?: string }>({ prefix: TOKEN_PREFIX, cursor });
    const owned = await Promise.all(
      page.keys.map(async (key) => {
        const owner = key.metadata?.userId ?? (await kv.get<TokenRecord>(key.name, "json"))?.userId;
        return owner === userId ? key.name : null;
      }),
    );
    await Promise.all(owned.filter((name): name is string => name !== null).map((name) => kv.delete(name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
