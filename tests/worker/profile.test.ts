import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, users, type AccountType } from "~/db/schema";
import { getOwnProfile, getPublicProfile, markEmailVerified, updateProfile } from "~/models/users.server";
import * as profileRoute from "~/routes/dashboard.perfil";
import { getCloudflare } from "~/context.server";
import { confirmEmail } from "~/services/accounts.server";
import { hashPassword } from "~/platform/password.server";
import { listOutbox } from "~/platform/mail.server";
import { takeToasts } from "~/platform/session.server";
import { makeContext, signedInContext } from "./context";
import { throughLayouts } from "./route-harness";

// Behind the dashboard's guard, as React Router runs it (docs/decisions/0034).
const { action, loader } = throughLayouts(profileRoute);
import { createUser, db } from "./fixtures";
import { tinyPng } from "../support/tiny-images";

const EMAIL_TAKEN = "Este e-mail já está em uso por outra conta.";

const png = tinyPng; // a real 1 × 1 PNG of this grey

let n = 0;
const uniqueEmail = () => `perfil${++n}-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;

type Fields = Record<string, string | File>;

async function submit(user: { id: string } | null, fields: Fields, accountType: AccountType = "personal") {
  const context = user ? await signedInContext(user, accountType) : (await makeContext()).context;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  // Multipart, as the browser sends it.
  const request = new Request("http://localhost/dashboard/perfil", { method: "POST", body });
  const result = await action({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
  return { result, context };
}

type Failure = { data: { result: { error: Record<string, string[] | null> | null } }; init: { status: number } };

const profileOf = async (id: string) => (await getOwnProfile(db, id))!;
const hidden = { name: "", phone: null, bio: null, facebook: null, instagram: null, showEmail: false, showPhone: false };
const PASSWORD = "Senha-Atual-123";
async function withPassword<T extends { id: string }>(user: T) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return user;
}
/** Mail goes out after the response (ctx.waitUntil): wait for it before reading the outbox. */
const flushMail = (context: Parameters<typeof getCloudflare>[0]) => waitOnExecutionContext(getCloudflare(context).ctx);
const tokenIn = (text: string) => text.match(/http:\/\/localhost\/confirmar-email\/([\w-]+)/)![1]!;
const emailVerifiedOf = async (id: string) => (await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;
const avatarKeys = async () => (await env.IMAGES.list({ prefix: "avatares/" })).objects.map((o) => o.key);
const keyOf = (url: string) => url.replace(/^\/imagens\//, "");

function baseFields(user: { email: string }, overrides: Fields = {}): Fields {
  return {
    name: "Maria Souza",
    email: user.email,
    phone: "(11) 98765-4321",
    facebook: "facebook.com/maria.souza",
    instagram: "@mariasouza",
    bio: "Protetora de animais há 10 anos.",
    ...overrides,
  };
}

describe("profile model", () => {
  it("reads the owner's own profile", async () => {
    const user = await createUser();
    expect(await getOwnProfile(db, user.id)).toMatchObject({
      email: user.email,
      name: expect.stringMatching(/^Pessoa/),
      phone: null,
      avatarUrl: null,
      publicId: expect.stringMatching(/^[0-9a-f]{16}$/),
      showEmail: false,
      showPhone: false,
      pendingEmail: null,
      hasPassword: false,
    });
    expect(await getOwnProfile(db, "nao-existe")).toBeNull();
  });

  it("saves every profile field and the visibility choices; the e-mail is not among them", async () => {
    const user = await createUser();
    expect(
      await updateProfile(db, user.id, {
        name: "Ana Lima",
        phone: "(21) 99999-0000",
        bio: "Gosto de gatos.",
        facebook: "facebook.com/ana",
        instagram: "@ana",
        showEmail: true,
        showPhone: true,
        avatarUrl: "/imagens/avatares/x.png",
      }),
    ).toBe(true);
    expect(await getOwnProfile(db, user.id)).toMatchObject({
      name: "Ana Lima",
      email: user.email,
      phone: "(21) 99999-0000",
      avatarUrl: "/imagens/avatares/x.png",
      bio: "Gosto de gatos.",
      facebook: "facebook.com/ana",
      instagram: "@ana",
      showEmail: true,
      showPhone: true,
    });
    expect(await updateProfile(db, "nao-existe", { ...hidden, name: "X" })).toBe(false);
  });

  it("the public profile shows e-mail and phone only when chosen, and the e-mail only once confirmed", async () => {
    const user = await createUser();
    const { publicId } = await profileOf(user.id);
    await updateProfile(db, user.id, { ...hidden, name: "Ana", phone: "(21) 99999-0000" });
    expect(await getPublicProfile(db, { publicId: publicId! })).toMatchObject({ name: "Ana", email: null, phone: null });
    // Not findable by an address that is hidden.
    expect(await getPublicProfile(db, { email: user.email })).toBeNull();

    await updateProfile(db, user.id, { ...hidden, name: "Ana", phone: "(21) 99999-0000", showEmail: true, showPhone: true });
    // Chosen, but nobody confirmed the address yet: still not published.
    expect(await getPublicProfile(db, { publicId: publicId! })).toMatchObject({ email: null, phone: "(21) 99999-0000" });
    expect(await getPublicProfile(db, { email: user.email })).toBeNull();

    await markEmailVerified(db, user.id);
    expect(await getPublicProfile(db, { publicId: publicId! })).toMatchObject({ email: user.email });
    expect(await getPublicProfile(db, { email: ` ${user.email.toUpperCase()} ` })).toMatchObject({ name: "Ana" });
  });
});

describe("/dashboard/perfil profile action and loader", () => {
  it("loads the signed-in owner's profile; visitors go to sign in, companies to their dashboard", async () => {
    const user = await createUser();
    const { profile } = await loader({
      request: new Request("http://localhost/dashboard/perfil"),
      context: await signedInContext(user),
      params: {},
    } as never);
    expect(profile).toMatchObject({ email: user.email });

    const { context } = await makeContext();
    const visitor = await loader({ request: new Request("http://localhost/dashboard/perfil"), context, params: {} } as never).catch(
      (thrown: unknown) => thrown as Response,
    );
    expect((visitor as Response).headers.get("Location")).toBe("/entrar?redirectTo=%2Fdashboard%2Fperfil");

    const company = await createUser("company");
    const { result } = await submit(company, baseFields(company), "company");
    expect((result as Response).headers.get("Location")).toBe("/empresa/dashboard");
    expect((await profileOf(company.id)).name).not.toBe("Maria Souza");
  });

  it("saves every field, redirects 303 with a toast, and sends no mail when the e-mail stays", async () => {
    const user = await createUser();
    await markEmailVerified(db, user.id);
    const { result, context } = await submit(user, baseFields(user, { email: `  ${user.email.toUpperCase()}  `, showPhone: "on" }));
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard/perfil");
    expect(takeToasts(context)).toEqual([{ type: "success", title: "Seu perfil foi atualizado com sucesso!" }]);
    expect(await profileOf(user.id)).toMatchObject({
      name: "Maria Souza",
      email: user.email,
      phone: "(11) 98765-4321",
      facebook: "facebook.com/maria.souza",
      instagram: "@mariasouza",
      bio: "Protetora de animais há 10 anos.",
      avatarUrl: null,
      showEmail: false,
      showPhone: true,
    });
    expect(await emailVerifiedOf(user.id)).toBe(true);
    await flushMail(context);
    expect((await listOutbox(env.KV)).some((m) => m.to === user.email)).toBe(false);
  });

  it("clears optional fields left blank", async () => {
    const user = await createUser();
    await submit(user, baseFields(user));
    const { result } = await submit(user, baseFields(user, { phone: "", facebook: "  ", instagram: "", bio: "" }));
    expect((result as Response).status).toBe(303);
    expect(await profileOf(user.id)).toMatchObject({ name: "Maria Souza", phone: null, facebook: null, instagram: null, bio: null });
  });

  it("refuses invalid fields with 400 and saves nothing", async () => {
    const user = await createUser();
    const before = await profileOf(user.id);
    const { result } = await submit(user, baseFields(user, { name: "M", email: "sem-arroba", phone: "12" }));
    const { data, init } = result as Failure;
    expect(init.status).toBe(400);
    expect(data.result.error!.name).toEqual(["Por favor, preencha seu nome."]);
    expect(data.result.error!.email).toEqual(["Informe um e-mail válido."]);
    expect(data.result.error!.phone).toEqual(["Informe um telefone com DDD, por exemplo (11) 98765-4321."]);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it("a new e-mail needs the current password; without it, or with a wrong one, nothing is saved or mailed", async () => {
    const user = await withPassword(await createUser());
    const before = await profileOf(user.id);
    const email = uniqueEmail();
    const missing = await submit(user, baseFields(user, { email, name: "Nome Novo" }));
    expect((missing.result as Failure).init.status).toBe(400);
    expect((missing.result as Failure).data.result.error!.currentPassword).toEqual(["Digite sua senha atual para trocar o e-mail."]);
    const wrong = await submit(user, baseFields(user, { email, name: "Nome Novo", currentPassword: "errada-123" }));
    expect((wrong.result as Failure).data.result.error!.currentPassword).toEqual(["Senha atual incorreta."]);
    expect(await profileOf(user.id)).toEqual(before);
    await flushMail(wrong.context);
    expect((await listOutbox(env.KV)).some((m) => m.to === email || m.to === user.email)).toBe(false);
  });

  it("refuses an e-mail used by another account and changes nothing", async () => {
    const user = await withPassword(await createUser());
    const other = await createUser();
    const before = await profileOf(user.id);
    const { result, context } = await submit(
      user,
      baseFields(user, { email: ` ${other.email.toUpperCase()} `, name: "Nome Novo", currentPassword: PASSWORD }),
    );
    const { data, init } = result as Failure;
    expect(init.status).toBe(400);
    expect(data.result.error!.email).toEqual([EMAIL_TAKEN]);
    expect(data.result.error![""]).toEqual(["Não foi possível atualizar seu perfil."]);
    expect(await profileOf(user.id)).toEqual(before);
    expect(await profileOf(other.id)).toMatchObject({ email: other.email });
    expect(takeToasts(context)).toEqual([]);
  });

  it("a new e-mail waits for its link: the old one stays (and is told) until the link is followed", async () => {
    const user = await withPassword(await createUser());
    await markEmailVerified(db, user.id);
    const email = uniqueEmail();
    const { result, context } = await submit(user, baseFields(user, { email: email.toUpperCase(), currentPassword: PASSWORD }));
    expect((result as Response).status).toBe(303);
    expect(takeToasts(context)).toEqual([
      {
        type: "success",
        title: "Seu perfil foi atualizado com sucesso!",
        description: `Enviamos um link de confirmação para ${email}. Seu e-mail muda quando você abrir o link.`,
      },
    ]);
    // Nothing public changed yet: the account keeps its confirmed address.
    const [row] = await db
      .select({ email: users.email, v: users.emailVerified, pending: users.pendingEmail })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ email: user.email, v: true, pending: email });
    expect((await profileOf(user.id)).email).toBe(user.email);

    await flushMail(context);
    const outbox = await listOutbox(env.KV);
    expect(outbox.find((m) => m.to === user.email)?.subject).toBe("Pedido de troca de e-mail na Patas Conectadas");
    const message = outbox.find((m) => m.to === email);
    expect(message?.subject).toBe("Confirme seu e-mail na Patas Conectadas");
    expect(message?.text).toContain("Olá, Maria Souza!");

    const { context: confirmContext } = await makeContext();
    expect(await confirmEmail(confirmContext, tokenIn(message!.text))).toEqual({ ok: true, kind: "changed" });
    const [after] = await db
      .select({ email: users.email, v: users.emailVerified, pending: users.pendingEmail })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toEqual({ email, v: true, pending: null });
    const [profileRow] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, user.id));
    expect(profileRow!.email).toBe(email);
    await flushMail(confirmContext);
    expect((await listOutbox(env.KV)).some((m) => m.to === user.email && m.subject === "Seu e-mail na Patas Conectadas foi alterado")).toBe(
      true,
    );
    // The link works once.
    expect(await confirmEmail(confirmContext, tokenIn(message!.text))).toEqual({ ok: false, reason: "invalid" });
  });

  it("a link for an address that is no longer the pending one confirms nothing", async () => {
    const user = await withPassword(await createUser());
    const first = uniqueEmail();
    const { context } = await submit(user, baseFields(user, { email: first, currentPassword: PASSWORD }));
    await flushMail(context);
    const link = (await listOutbox(env.KV)).find((m) => m.to === first)!;
    // The owner asks for yet another address before following the first link.
    await submit(user, baseFields(user, { email: uniqueEmail(), currentPassword: PASSWORD }));
    const { context: confirmContext } = await makeContext();
    expect(await confirmEmail(confirmContext, tokenIn(link.text))).toEqual({ ok: false, reason: "invalid" });
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it("limits e-mail change mails per account (no spam relay)", async () => {
    const user = await withPassword(await createUser());
    for (let i = 0; i < 3; i++) {
      const { result } = await submit(user, baseFields(user, { email: uniqueEmail(), currentPassword: PASSWORD }));
      expect((result as Response).status).toBe(303);
    }
    const { result } = await submit(user, baseFields(user, { email: uniqueEmail(), currentPassword: PASSWORD }));
    expect((result as Failure).init.status).toBe(429);
    expect((result as Failure).data.result.error!.email).toEqual(["Muitas tentativas. Aguarde alguns minutos e tente novamente."]);
  });

  it("stores an avatar in R2, replaces it on a second upload and removes it on request", async () => {
    const user = await createUser();
    const first = png(0x10);
    const { result } = await submit(user, baseFields(user, { avatar: new File([first], "eu.png", { type: "image/png" }) }));
    expect((result as Response).status).toBe(303);
    const firstUrl = (await profileOf(user.id)).avatarUrl!;
    expect(firstUrl).toMatch(/^\/imagens\/avatares\/[0-9a-f-]{36}\.png$/);
    const object = await env.IMAGES.get(keyOf(firstUrl));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(first);

    // Saving without a file keeps the photo.
    await submit(user, baseFields(user, { name: "Sem Foto Nova" }));
    expect((await profileOf(user.id)).avatarUrl).toBe(firstUrl);

    const second = png(0xf0);
    // The browser's name and type are not trusted: the bytes decide.
    await submit(user, baseFields(user, { avatar: new File([second], "foto.gif", { type: "application/octet-stream" }) }));
    const secondUrl = (await profileOf(user.id)).avatarUrl!;
    expect(secondUrl).toMatch(/^\/imagens\/avatares\/[0-9a-f-]{36}\.png$/);
    expect(secondUrl).not.toBe(firstUrl);
    expect(new Uint8Array(await (await env.IMAGES.get(keyOf(secondUrl)))!.arrayBuffer())).toEqual(second);
    expect(await env.IMAGES.head(keyOf(firstUrl))).toBeNull();

    const { result: removed } = await submit(user, baseFields(user, { removeAvatar: "on" }));
    expect((removed as Response).status).toBe(303);
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
    expect(await env.IMAGES.head(keyOf(secondUrl))).toBeNull();
  });

  it("an empty file input (no photo chosen) keeps the photo", async () => {
    const user = await createUser();
    await submit(user, baseFields(user, { avatar: new File([png(1)], "a.png") }));
    const url = (await profileOf(user.id)).avatarUrl!;
    const { result } = await submit(user, baseFields(user, { avatar: new File([], "", { type: "application/octet-stream" }) }));
    expect((result as Response).status).toBe(303);
    expect((await profileOf(user.id)).avatarUrl).toBe(url);
    expect(await env.IMAGES.head(keyOf(url))).not.toBeNull();
  });

  it("a new upload wins over 'remove photo' in the same submission", async () => {
    const user = await createUser();
    await submit(user, baseFields(user, { avatar: new File([png(2)], "a.png") }));
    const oldUrl = (await profileOf(user.id)).avatarUrl!;
    await submit(user, baseFields(user, { avatar: new File([png(3)], "b.png"), removeAvatar: "on" }));
    const newUrl = (await profileOf(user.id)).avatarUrl!;
    expect(newUrl).toMatch(/^\/imagens\/avatares\//);
    expect(newUrl).not.toBe(oldUrl);
    expect(await env.IMAGES.head(keyOf(oldUrl))).toBeNull();
    expect(await env.IMAGES.head(keyOf(newUrl))).not.toBeNull();
  });

  it("refuses a file that is not an image, storing and changing nothing", async () => {
    const user = await createUser();
    const before = await profileOf(user.id);
    const keysBefore = await avatarKeys();
    const fake = new File(["<svg onload=alert(1)></svg> não é uma foto"], "foto.png", { type: "image/png" });
    const { result } = await submit(user, baseFields(user, { avatar: fake }));
    const { data, init } = result as Failure;
    expect(init.status).toBe(400);
    expect(data.result.error!.avatar).toEqual(['O arquivo "foto.png" não é uma imagem aceita (JPEG, PNG, WebP, GIF ou AVIF).']);
    expect(await profileOf(user.id)).toEqual(before);
    expect(await avatarKeys()).toEqual(keysBefore);
  });

  it("an e-mail taken by another account leaves the photo alone and stores no upload", async () => {
    const user = await createUser();
    const other = await createUser();
    const keysBefore = await avatarKeys();
    const { result } = await submit(
      await withPassword(user),
      baseFields(user, { email: other.email, currentPassword: PASSWORD, avatar: new File([png(4)], "a.png") }),
    );
    expect((result as Failure).init.status).toBe(400);
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
    expect(await avatarKeys()).toEqual(keysBefore);
  });
});
