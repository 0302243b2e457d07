// What a stranger can learn about an account, and
// links that must not act on a GET (docs/decisions/0011).
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getCloudflare } from "~/context.server";
import { profiles, users } from "~/db/schema";
import { markEmailVerified, updateProfile } from "~/models/users.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirmar-email";
import { loader as petLoader } from "~/routes/pet";
import { loader as posterLoader } from "~/routes/pet.cartaz";
import { loader as profileLoader } from "~/routes/perfil";
import { action as resendAction } from "~/routes/reenviar-confirmacao";
import { sendEmailConfirmation } from "~/services/accounts.server";
import { listOutbox } from "~/platform/mail.server";
import { takeToasts } from "~/platform/session.server";
import { makeContext, signedInContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

type Ctx = Parameters<typeof getCloudflare>[0];
const flushMail = (context: Ctx) => waitOnExecutionContext(getCloudflare(context).ctx);
const verified = async (id: string) => (await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;
const publicIdOf = async (id: string) => (await db.select({ p: profiles.publicId }).from(profiles).where(eq(profiles.id, id)))[0]!.p!;
const call = <T>(fn: (args: never) => Promise<T>, args: object) =>
  fn(args as never).catch((thrown: unknown) => thrown) as Promise<T | Response>;

async function mailedToken(user: { id: string; email: string }) {
  const { context } = await makeContext();
  await sendEmailConfirmation(context, { ...user, name: "Pessoa" });
  await flushMail(context);
  const message = (await listOutbox(env.KV)).find((m) => m.to === user.email)!;
  return message.text.match(/confirmar-email\/([\w-]+)/)![1]!;
}

describe("/confirmar-email/:token", () => {
  it("a GET (a mail scanner, a link preview) confirms nothing; the page's POST button does, once", async () => {
    const user = await createUser();
    const token = await mailedToken(user);
    for (let i = 0; i < 2; i++) {
      const page = await call(confirmLoader, {
        params: { token },
        context: (await makeContext()).context,
        request: new Request(`http://localhost/confirmar-email/${token}`),
      });
      expect(page).toMatchObject({ data: { valid: true } });
    }
    expect(await verified(user.id)).toBe(false);

    const { context } = await makeContext();
    const request = new Request(`http://localhost/confirmar-email/${token}`, { method: "POST" });
    const done = (await call(confirmAction, { params: { token }, context, request })) as Response;
    expect(done.status).toBe(303);
    expect(takeToasts(context)).toEqual([
      { type: "success", title: "E-mail confirmado", description: "Obrigado! Seu cadastro está completo." },
    ]);
    expect(await verified(user.id)).toBe(true);

    const again = await call(confirmAction, { params: { token }, context: (await makeContext()).context, request });
    expect(again).toMatchObject({ init: { status: 410 }, data: { error: "Este link de confirmação já foi usado ou expirou." } });
    const gone = await call(confirmLoader, { params: { token }, context: (await makeContext()).context, request });
    expect(gone).toMatchObject({ init: { status: 410 }, data: { valid: false } });
  });
});

describe("/reenviar-confirmacao", () => {
  const post = async (user: { id: string }, intent = "reenviar") => {
    const context = await signedInContext(user);
    const body = new URLSearchParams({ intent, voltar: "/dashboard" });
    const request = new Request("http://localhost/reenviar-confirmacao", { method: "POST", body });
    const response = (await call(resendAction, { request, context, params: {} })) as Response;
    await flushMail(context);
    return { response, toasts: takeToasts(context) };
  };

  it("mails the link again for an unconfirmed address, a few times an hour at most", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) {
      const { response, toasts } = await post(user);
      expect(response.headers.get("Location")).toBe("/dashboard");
      expect(toasts[0]).toMatchObject({ type: "success", title: "Link de confirmação reenviado" });
    }
    expect((await listOutbox(env.KV)).filter((m) => m.to === user.email)).toHaveLength(3);
    const { toasts } = await post(user);
    expect(toasts[0]).toMatchObject({ type: "error", description: "Muitas tentativas. Aguarde alguns minutos e tente novamente." });
    expect((await listOutbox(env.KV)).filter((m) => m.to === user.email)).toHaveLength(3);
  });

  it("sends nothing for a confirmed address; visitors go to sign in", async () => {
    const user = await createUser();
    await markEmailVerified(db, user.id);
    const { toasts } = await post(user);
    expect(toasts[0]).toMatchObject({ title: "Seu e-mail já está confirmado" });
    expect((await listOutbox(env.KV)).some((m) => m.to === user.email)).toBe(false);

    const { context } = await makeContext();
    const request = new Request("http://localhost/reenviar-confirmacao", {
      method: "POST",
      body: new URLSearchParams({ intent: "reenviar" }),
    });
    const visitor = (await call(resendAction, { request, context, params: {} })) as Response;
    expect(visitor.headers.get("Location")).toMatch(/^\/entrar\?redirectTo=/);
  });

  it("cancels a pending e-mail change", async () => {
    const user = await createUser();
    await db.update(users).set({ pendingEmail: "novo@exemplo.com.br" }).where(eq(users.id, user.id));
    await post(user, "cancelar-troca");
    expect((await db.select({ p: users.pendingEmail }).from(users).where(eq(users.id, user.id)))[0]!.p).toBeNull();
  });
});

describe("/perfil/{handle}", () => {
  const open = async (handle: string) =>
    call(profileLoader, { params: { handle }, context: (await makeContext()).context, request: new Request("http://localhost/") });

  it("is found by its public id; by e-mail only when the owner confirmed and shows it", async () => {
    const user = await createUser();
    const publicId = await publicIdOf(user.id);
    expect(await open(publicId)).toMatchObject({ profile: { email: null, phone: null } });
    // A stranger cannot find, nor confirm the existence of, an account by its e-mail.
    expect(await open(user.email)).toMatchObject({ init: { status: 404 }, data: { error: "Perfil não encontrado." } });
    await updateProfile(db, user.id, {
      name: "Ana",
      phone: "(11) 98765-4321",
      bio: null,
      facebook: null,
      instagram: null,
      showEmail: true,
      showPhone: false,
    });
    expect(await open(user.email)).toMatchObject({ init: { status: 404 } });
    await markEmailVerified(db, user.id);
    expect(await open(encodeURIComponent(user.email).replace("%40", "@"))).toMatchObject({
      profile: { name: "Ana", email: user.email, phone: null },
    });
  });

  it("answers the spec's messages for a malformed handle or an unknown one", async () => {
    expect(await open("isto-nao-e-email")).toMatchObject({
      init: { status: 400 },
      data: { error: "E-mail do usuário não fornecido na URL." },
    });
    expect(await open("a@b")).toMatchObject({ init: { status: 400 } });
    expect(await open("0123456789abcdef")).toMatchObject({ init: { status: 404 } });
  });
});

describe("pet page and poster data", () => {
  it("carry neither the owner's account id nor their e-mail", async () => {
    const owner = await createUser();
    const pet = await createPet(owner.id);
    const request = new Request(`http://localhost/pet/${pet.id}.data`);
    for (const loader of [petLoader, posterLoader]) {
      const { context } = await makeContext();
      const result = await call(loader as (args: never) => Promise<unknown>, { params: { id: String(pet.id) }, context, request });
      const json = JSON.stringify(result);
      expect(json).toContain(pet.name);
      expect(json).not.toContain(owner.id);
      expect(json).not.toContain(owner.email);
      await waitOnExecutionContext(getCloudflare(context).ctx);
    }
    // The owner is still told apart on the server.
    const mine = await call(petLoader, { params: { id: String(pet.id) }, context: await signedInContext(owner), request });
    expect(mine).toMatchObject({ isOwner: true });
  });
});
