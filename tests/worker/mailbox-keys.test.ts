// One mailbox is one account (docs/decisions/0007, 0035): atk+1@ and atk+2@, or
// fulano@gmail.com and f.ulano@googlemail.com, reach one person. Every way an account is
// made or takes an address refuses a mailbox that already has an account, with the answer a
// taken e-mail gets; the migration gives existing accounts the key mailboxKey() computes.
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { getCloudflare } from "~/context.server";
import { mailboxKey } from "~/lib/email-address";
import { listOutbox } from "~/platform/mail.server";
import { confirmEmail, registerAccount, registrationFailure, requestEmailChange, signInWithGoogle } from "~/services/accounts.server";
import { hashPassword } from "~/platform/password.server";
import { USERS as SEED_USERS } from "../../scripts/seed/data.mjs";
import { makeContext } from "./context";
import { createUser, db, testCnpj } from "./fixtures";
import { contextFor, invoke, postForm, routeEntries } from "./route-harness";

let n = 0;
const ip = () => `198.51.${(++n >> 8) & 255}.${n & 255}`;

async function register(email: string, accountType: "personal" | "company" | "ngo" = "personal") {
  const { context } = await makeContext();
  const request = new Request("https://patas.example/entrar", { method: "POST", headers: { "CF-Connecting-IP": ip() } });
  const result = await registerAccount(context, request, {
    name: "Pessoa Teste",
    email,
    password: "senha-forte-1",
    accountType,
    ...(accountType === "company" ? { company: { companyName: "Pet Teste", cnpj: testCnpj(1000 + n) } } : {}),
  });
  await waitOnExecutionContext(getCloudflare(context).ctx);
  return result;
}

const keyOf = async (id: string) => (await db.select({ key: users.mailboxKey }).from(users).where(eq(users.id, id)))[0]?.key;

describe("sign-up: one account per mailbox", () => {
  it("stores the mailbox key; an alias of an existing mailbox is refused exactly like a taken e-mail", async () => {
    const first = await register("Atk+1@Exemplo.net");
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(await keyOf(first.user.id)).toBe("atk@exemplo.net");
    const duplicate = await register("atk+1@exemplo.net");
    expect(duplicate).toEqual({ ok: false, reason: "email-taken" });
    for (const alias of ["atk@exemplo.net", "atk+2@exemplo.net", "ATK+3@EXEMPLO.NET"]) {
      expect(await register(alias), alias).toEqual(duplicate);
    }
    // Gmail ignores dots and answers at googlemail.com too.
    expect((await register("fulano@gmail.com")).ok).toBe(true);
    for (const alias of ["f.ulano@gmail.com", "fulano@googlemail.com", "f.u.l.a.n.o+x@googlemail.com"]) {
      expect(await register(alias), alias).toEqual(duplicate);
    }
    // Company and NGO sign-ups share the rule.
    expect(await register("atk+empresa@exemplo.net", "company")).toEqual(duplicate);
    expect(await register("atk+ong@exemplo.net", "ngo")).toEqual(duplicate);
    // Elsewhere a dot is part of the name: another person.
    expect((await register("a.tk@exemplo.net")).ok).toBe(true);
  });

  it("the sign-up form answers an alias with the taken e-mail's words and status", async () => {
    expect((await register("maria.alias@exemplo.org")).ok).toBe(true);
    const route = routeEntries().find((r) => r.id === "entrar")!;
    const answer = async (email: string) => {
      const request = postForm(
        "/entrar",
        {
          intent: "cadastrar",
          accountType: "personal",
          name: "Outra Pessoa",
          email,
          password: "senha-forte-1",
          confirmPassword: "senha-forte-1",
          terms: "on",
        },
        { "CF-Connecting-IP": ip() },
      );
      const outcome = await invoke(route, "action", request, {}, await contextFor(null));
      return { status: outcome.status, errors: JSON.stringify(outcome.data) };
    };
    const exact = await answer("maria.alias@exemplo.org");
    const alias = await answer("maria.alias+2@exemplo.org");
    expect(exact.status).toBe(400);
    expect(exact.errors).toContain(registrationFailure("email-taken").message);
    expect(alias).toEqual({ ...exact, errors: exact.errors.replaceAll("maria.alias@", "maria.alias+2@") });
  });

  it("Google does not make a second account for a mailbox that has one", async () => {
    expect((await register("beltrano@gmail.com")).ok).toBe(true);
    const { context } = await makeContext();
    const result = await signInWithGoogle(context, {
      subject: "google-beltrano",
      email: "bel.trano@gmail.com",
      emailVerified: true,
      name: "Beltrano",
    });
    expect(result).toEqual({ ok: false, reason: "email-taken" });
    expect(await db.$count(users, eq(users.googleSubject, "google-beltrano"))).toBe(0);
  });

  it("an e-mail change to another account's mailbox is refused like a taken e-mail, also when it was free when asked", async () => {
    expect((await register("ciclano@exemplo.com.br")).ok).toBe(true);
    const owner = await createUser();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1") })
      .where(eq(users.id, owner.id));
    const { context } = await makeContext();
    const request = new Request("https://patas.example/dashboard/perfil", { method: "POST" });
    const user = { id: owner.id, email: owner.email, name: "Dono" };
    expect(
      await requestEmailChange(context, request, user, { newEmail: "ciclano+novo@exemplo.com.br", currentPassword: "senha-forte-1" }),
    ).toEqual({
      ok: false,
      reason: "email-taken",
    });
    // Its own mailbox, spelled another way, is fine.
    const own = mailboxKey(owner.email).replace("@", "+outro@");
    expect(await requestEmailChange(context, request, user, { newEmail: own, currentPassword: "senha-forte-1" })).toEqual({ ok: true });

    // Asked while free; another account takes the mailbox before the link is followed.
    expect(
      await requestEmailChange(context, request, user, { newEmail: "livre+x@exemplo.com.br", currentPassword: "senha-forte-1" }),
    ).toEqual({ ok: true });
    await waitOnExecutionContext(getCloudflare(context).ctx);
    const link = (await listOutbox(env.KV, 100))
      .find((m) => m.to === "livre+x@exemplo.com.br")!
      .text.match(/confirmar-email\/([^\s]+)/)![1]!;
    expect((await register("livre@exemplo.com.br")).ok).toBe(true);
    expect(await confirmEmail(context, link)).toEqual({ ok: false, reason: "email-taken" });
    expect((await db.select({ email: users.email }).from(users).where(eq(users.id, owner.id)))[0]!.email).toBe(owner.email);
  });
});

describe("the migration's backfill", () => {
  // The statement migrations/ ships, run again over rows written without a key.
  const backfill = () => {
    const statements = env.TEST_MIGRATIONS.flatMap((m) => m.queries).filter((q) => /UPDATE\s+"?users"?\s+SET\s+"?mailbox_key"?/i.test(q));
    expect(statements).toHaveLength(1);
    return env.DB.prepare(statements[0]!).run();
  };

  async function insertWithoutKey(email: string, { verified = true, createdAt = Date.now() } = {}) {
    const id = crypto.randomUUID();
    await db.run(
      sql`INSERT INTO users (id, email, account_type, email_verified, created_at, updated_at) VALUES (${id}, ${email}, 'personal', ${verified ? 1 : 0}, ${createdAt}, ${createdAt})`,
    );
    return id;
  }

  it("computes mailboxKey() for the seed's addresses and for tricky ones", async () => {
    const tricky = [
      "joana+promo@backfill.example",
      "joana+a+b@backfill2.example",
      "+tag@backfill.example",
      "+a+b@backfill.example",
      "vi.t.ima+x@gmail.com",
      "ou.tra@googlemail.com",
      "a.b@gmail.com.br",
      "a.b@mail.gmail.com",
      "a.b@notgmail.com",
      "...@gmail.com",
      ".+x@googlemail.com",
      "sem-arroba-backfill",
      "@backfill.example",
      "final-arroba@",
      '"a@b"@backfill3.example',
      "josé.ção+x@gmail.com",
      "ümlaut+1@exämple.de",
      "maria.silva@hotmail.com",
    ];
    const addresses = [...SEED_USERS.map((u) => u.email.toLowerCase()), ...tricky];
    const ids = new Map<string, string>();
    for (const [i, email] of addresses.entries()) ids.set(email, await insertWithoutKey(email, { createdAt: Date.now() - 1000 + i }));
    await backfill();
    for (const [email, id] of ids) expect(await keyOf(id), email).toBe(mailboxKey(email));
  });

  it("a mailbox with several accounts: the first confirmed one keeps the key, the others are left without", async () => {
    const unconfirmedOldest = await insertWithoutKey("dup+1@duplicado.example", { verified: false, createdAt: 1000 });
    const confirmed = await insertWithoutKey("dup+2@duplicado.example", { createdAt: 2000 });
    const laterConfirmed = await insertWithoutKey("dup@duplicado.example", { createdAt: 3000 });
    await backfill();
    expect(await keyOf(confirmed)).toBe("dup@duplicado.example");
    expect(await keyOf(unconfirmedOldest)).toBeNull();
    expect(await keyOf(laterConfirmed)).toBeNull();
  });
});
