// One form, one submit, even without an account (docs/decisions/0044): a signed-out
// visitor's lost, found or adoption form ends with the account fields; one submit creates
// the account (or, for an e-mail that has one, signs in with its password), publishes the
// ad and mails the confirmation. Nothing typed is lost on the way, photos included.
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pets, profiles, users } from "~/db/schema";
import { getCloudflare } from "~/context.server";
import { listOutbox } from "~/platform/mail.server";
import { hashPassword } from "~/platform/password.server";
import { consumeRateLimit, RATE_LIMITED_MESSAGE, RATE_LIMITS, subjectHash } from "~/platform/rate-limit.server";
import { takeToasts } from "~/platform/session.server";
import { loadDraft } from "~/services/pet-drafts.server";
import { action as newPetAction } from "~/routes/cadastrar-pet";
import { action as adsAction } from "~/routes/anunciar";
import { tinyJpeg } from "../support/tiny-images";
import { makeContext } from "./context";
import { createUser, db } from "./fixtures";

type Fields = Record<string, string | File | (string | File)[]>;
type Reply = {
  data: {
    accountStep?: string;
    keptPhotos?: string[];
    result: { error: Record<string, string[] | null> | null; initialValue: Record<string, unknown> | null };
  };
  init: { status: number };
};

let fileCount = 0;
const jpeg = () => new File([tinyJpeg(++fileCount)], `foto-${fileCount}.jpg`, { type: "image/jpeg" });

let ipCount = 0;
/** Each test its own address, so that the per-address limits of one never reach another. */
const nextIp = () => `198.51.100.${++ipCount}`;

/** A browser that keeps its session cookie between requests, from one address. */
function browser(ip = nextIp()) {
  let cookie: string | null = null;
  return {
    async post(route: (args: never) => Promise<unknown>, path: string, fields: Fields) {
      const { context, session, storage } = await makeContext(cookie);
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
      }
      const headers: Record<string, string> = { "CF-Connecting-IP": ip };
      if (cookie) headers.Cookie = cookie;
      const request = new Request(`http://localhost${path}`, { method: "POST", body, headers });
      const result = await route({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
      // The confirmation mail goes out after the response.
      await waitOnExecutionContext(getCloudflare(context).ctx);
      cookie = (await storage.commitSession(session)).split(";")[0]!;
      return { result, reply: result as Reply, toasts: takeToasts(context), session };
    },
  };
}

let emailCount = 0;
const newEmail = () => `dona${++emailCount}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;

const lostFields = (overrides: Fields = {}): Fields => ({
  kind: "perdido",
  category: "perdido",
  name: "Thor",
  type: "cachorro",
  breed: "Vira-lata",
  age: "3 anos",
  gender: "Macho",
  size: "Médio",
  color: "Caramelo",
  missingSince: "2026-01-10",
  contactWhatsapp: "(11) 98765-4321",
  city: "Vila Mariana, São Paulo - SP",
  ...overrides,
});

const newAccount = (email = newEmail()): Fields => ({
  accountName: "Joana Dona",
  email,
  password: "senha-forte-1",
  terms: "on",
});

const petIdFrom = (result: unknown) => Number((result as Response).headers.get("Location")!.split("/").pop());
const accountOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0] ?? null;
const petsOf = async (userId: string) => db.select().from(pets).where(eq(pets.userId, userId));
const mailsTo = async (email: string) => (await listOutbox(env.KV, 1000)).filter((m) => m.to === email);

/** An account with a known password, as if it had signed up before. */
async function existingAccount(type: "personal" | "ngo" | "company" = "personal") {
  const user = await createUser(type);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword("senha-da-conta") })
    .where(eq(users.id, user.id));
  return user;
}

describe("a visitor publishes with one submit, creating the account", () => {
  it("creates the personal account, signs it in, publishes the lost pet and mails the confirmation", async () => {
    const email = newEmail();
    const me = browser();
    const { result, toasts, session } = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ ...newAccount(email), photos: [jpeg()] }),
    );
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toMatch(/^\/pet\/\d+$/);

    const account = (await accountOf(email))!;
    expect(account.accountType).toBe("personal");
    expect(account.emailVerified).toBe(false);
    expect(account.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, account.id));
    expect(profile!.name).toBe("Joana Dona");
    // Signed in on a new session.
    expect(session.get("userId")).toBe(account.id);
    // The ad is theirs, published.
    const [pet] = await petsOf(account.id);
    expect(pet!.id).toBe(petIdFrom(result));
    expect(pet!.status).toBe("perdido");
    expect(pet!.name).toBe("Thor");
    // The e-mail confirmation, as the sign-up sends it.
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Confirme seu e-mail na Patas Conectadas"]);
    expect(toasts.map((t) => t.title)).toEqual(expect.arrayContaining(["Anúncio publicado!", "Cadastro realizado com sucesso"]));
  });

  it("does the same for an adoption ad on /anunciar", async () => {
    const email = newEmail();
    const { result } = await browser().post(adsAction, "/anunciar?aba=adocao", {
      kind: "adocao",
      name: "Mel",
      type: "gato",
      breed: "SRD",
      age: "1 ano",
      gender: "Fêmea",
      size: "Pequeno",
      temperament: "Dócil",
      contactWhatsapp: "(11) 98765-4321",
      city: "Centro, São Paulo - SP",
      photos: [jpeg()],
      ...newAccount(email),
    });
    expect((result as Response).status).toBe(303);
    const account = (await accountOf(email))!;
    expect((await petsOf(account.id)).map((p) => p.status)).toEqual(["adocao"]);
  });

  it("bad input anywhere: every error at once, everything typed kept, no account and no ad", async () => {
    const email = newEmail();
    const me = browser();
    const { reply } = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ name: "", accountName: "Joana Dona", email, password: "curta", photos: [jpeg()] }),
    );
    expect(reply.init.status).toBe(400);
    const errors = reply.data.result.error!;
    expect(errors.name).toEqual(["Por favor, preencha o nome do pet."]);
    expect(errors.password).toEqual(["A senha deve ter pelo menos 8 caracteres."]);
    expect(errors.terms).toEqual(["Você precisa aceitar os termos de uso para se cadastrar."]);
    // What was typed comes back, the password aside; the photo waits as a kept draft.
    expect(reply.data.result.initialValue).toMatchObject({ accountName: "Joana Dona", email, color: "Caramelo" });
    expect(reply.data.result.initialValue).not.toHaveProperty("password");
    expect(reply.data.keptPhotos).toHaveLength(1);
    expect(reply.data.accountStep).toBe("cadastrar");
    expect(await accountOf(email)).toBeNull();
  });

  it("an account is made only with an ad that can be published", async () => {
    const email = newEmail();
    // Account fields all right, but no photo.
    const { reply } = await browser().post(newPetAction, "/cadastrar-pet?aba=perdido", lostFields(newAccount(email)));
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error!.photos).toEqual(["Envie pelo menos uma foto do pet."]);
    expect(await accountOf(email)).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("the sign-up limits apply: past the per-address ceiling, nothing is created and nothing lost", async () => {
    const email = newEmail();
    for (let i = 0; i < RATE_LIMITS.signUpPerEmail.limit; i++) {
      await consumeRateLimit(env, "signup-email", await subjectHash(email), RATE_LIMITS.signUpPerEmail);
    }
    const { reply } = await browser().post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ ...newAccount(email), photos: [jpeg()] }),
    );
    expect(reply.init.status).toBe(429);
    expect(reply.data.result.error![""]).toEqual([RATE_LIMITED_MESSAGE]);
    expect(reply.data.result.initialValue).toMatchObject({ name: "Thor", email });
    expect(reply.data.keptPhotos).toHaveLength(1);
    expect(await accountOf(email)).toBeNull();
  });

  it("a bot that fills the hidden field gets nowhere and stores nothing", async () => {
    const email = newEmail();
    const before = (await env.IMAGES.list({ prefix: "rascunhos/" })).objects.length;
    const { result } = await browser().post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ ...newAccount(email), website: "http://spam.example", photos: [jpeg()] }),
    );
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(await accountOf(email)).toBeNull();
    expect((await env.IMAGES.list({ prefix: "rascunhos/" })).objects.length).toBe(before);
  });
});

describe("an e-mail that already has an account", () => {
  it("asks for its password on the same page, keeping everything, then signs in and publishes in one submit", async () => {
    const owner = await existingAccount();
    const me = browser();
    const first = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ ...newAccount(owner.email.toUpperCase()), notes: "Coleira azul.", photos: [jpeg(), jpeg()] }),
    );
    expect(first.reply.init.status).toBe(400);
    expect(first.reply.data.accountStep).toBe("entrar");
    expect(first.reply.data.result.error!.password).toEqual(["Este e-mail já tem conta: digite sua senha."]);
    expect(first.reply.data.result.initialValue).toMatchObject({ name: "Thor", notes: "Coleira azul.", color: "Caramelo" });
    expect(first.reply.data.result.initialValue).not.toHaveProperty("password");
    const kept = first.reply.data.keptPhotos!;
    expect(kept).toHaveLength(2);
    // No second account, nothing published, no mail.
    expect(await db.$count(users, eq(users.mailboxKey, owner.email))).toBe(1);
    expect(await petsOf(owner.id)).toEqual([]);
    expect(await mailsTo(owner.email.toUpperCase())).toEqual([]);

    const second = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ account: "entrar", email: owner.email, password: "senha-da-conta", notes: "Coleira azul.", keptPhoto: kept }),
    );
    expect((second.result as Response).status).toBe(303);
    expect(second.session.get("userId")).toBe(owner.id);
    const [pet] = await petsOf(owner.id);
    expect(pet!.id).toBe(petIdFrom(second.result));
    expect(pet!.description).toContain("Coleira azul.");
    expect(second.toasts.map((t) => t.title)).toContain("Anúncio publicado!");
    expect(second.toasts.map((t) => t.title)).not.toContain("Cadastro realizado com sucesso");
  });

  it("typed with a password only (no name, no terms), it is asked for the password, not for a name", async () => {
    const owner = await existingAccount();
    const { reply } = await browser().post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ email: owner.email, password: "senha-da-conta", photos: [jpeg()] }),
    );
    expect(reply.init.status).toBe(400);
    expect(reply.data.accountStep).toBe("entrar");
    expect(reply.data.result.error).toEqual({ password: ["Este e-mail já tem conta: digite sua senha."] });
  });

  it("the address of a mailbox that has an account (a +tag) is that account", async () => {
    const owner = await existingAccount();
    const alias = owner.email.replace("@", "+pets@");
    const me = browser();
    const first = await me.post(newPetAction, "/cadastrar-pet?aba=perdido", lostFields({ ...newAccount(alias), photos: [jpeg()] }));
    expect(first.reply.data.accountStep).toBe("entrar");
    expect(await accountOf(alias)).toBeNull();
    const second = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ account: "entrar", email: alias, password: "senha-da-conta", keptPhoto: first.reply.data.keptPhotos! }),
    );
    expect((second.result as Response).status).toBe(303);
    expect(await petsOf(owner.id)).toHaveLength(1);
  });

  it("a wrong password keeps everything; the sign-in limits hold even for the right one after", async () => {
    const owner = await existingAccount();
    const me = browser();
    const first = await me.post(newPetAction, "/cadastrar-pet?aba=perdido", lostFields({ ...newAccount(owner.email), photos: [jpeg()] }));
    let kept = first.reply.data.keptPhotos!;
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerClient.limit; i++) {
      const wrong = await me.post(
        newPetAction,
        "/cadastrar-pet?aba=perdido",
        lostFields({ account: "entrar", email: owner.email, password: `errada-${i}`, keptPhoto: kept }),
      );
      expect(wrong.reply.init.status).toBe(400);
      expect(wrong.reply.data.accountStep).toBe("entrar");
      expect(wrong.reply.data.result.error!.password).toEqual(["Senha incorreta."]);
      expect(wrong.reply.data.result.initialValue).toMatchObject({ name: "Thor", email: owner.email });
      kept = wrong.reply.data.keptPhotos!;
      expect(kept).toHaveLength(1);
    }
    const limited = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({ account: "entrar", email: owner.email, password: "senha-da-conta", keptPhoto: kept }),
    );
    expect(limited.reply.init.status).toBe(429);
    expect(limited.reply.data.result.error![""]).toEqual([RATE_LIMITED_MESSAGE]);
    expect(limited.reply.data.keptPhotos).toHaveLength(1);
    expect(limited.session.get("userId")).toBeUndefined();
    expect(await petsOf(owner.id)).toEqual([]);
  });

  it("an e-mail changed at the password step to one without an account goes back to creating one", async () => {
    const owner = await existingAccount();
    const me = browser();
    const first = await me.post(newPetAction, "/cadastrar-pet?aba=perdido", lostFields({ ...newAccount(owner.email), photos: [jpeg()] }));
    const email = newEmail();
    const second = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=perdido",
      lostFields({
        account: "entrar",
        accountName: "Joana Dona",
        terms: "on",
        email,
        password: "senha-forte-1",
        keptPhoto: first.reply.data.keptPhotos!,
      }),
    );
    expect(second.reply.init.status).toBe(400);
    expect(second.reply.data.accountStep).toBe("cadastrar");
    expect(second.reply.data.result.error!.email).toEqual([
      "Este e-mail ainda não tem conta: confira o endereço ou crie sua conta com ele.",
    ]);
    expect(second.reply.data.result.initialValue).toMatchObject({ accountName: "Joana Dona", email });
    expect(await accountOf(email)).toBeNull();
  });

  it("an NGO signs in from the form and posts its adoption ad, as it may today", async () => {
    const ngo = await existingAccount("ngo");
    const me = browser();
    const fields: Fields = {
      kind: "adocao",
      name: "Mel",
      type: "gato",
      breed: "SRD",
      age: "1 ano",
      gender: "Fêmea",
      size: "Pequeno",
      temperament: "Dócil",
      contactWhatsapp: "(11) 98765-4321",
      city: "Centro, São Paulo - SP",
    };
    const first = await me.post(adsAction, "/anunciar?aba=adocao", { ...fields, ...newAccount(ngo.email), photos: [jpeg()] });
    expect(first.reply.data.accountStep).toBe("entrar");
    const second = await me.post(adsAction, "/anunciar?aba=adocao", {
      ...fields,
      account: "entrar",
      email: ngo.email,
      password: "senha-da-conta",
      keptPhoto: first.reply.data.keptPhotos!,
    });
    expect((second.result as Response).status).toBe(303);
    expect(second.session.get("accountType")).toBe("ngo");
    expect((await petsOf(ngo.id)).map((p) => p.status)).toEqual(["adocao"]);
  });
});

describe("'Entrar antes de publicar' keeps the draft for those who prefer to sign in first", () => {
  it("saves what was typed (never the password) with the photos and goes to Entrar, back to the same form", async () => {
    const me = browser();
    const { result, session } = await me.post(
      newPetAction,
      "/cadastrar-pet?aba=encontrado",
      lostFields({
        category: "encontrado",
        name: "",
        intent: "entrar-antes",
        email: "eu@exemplo.com.br",
        password: "segredo-123",
        photos: [jpeg()],
      }),
    );
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/entrar\?redirectTo=/);
    expect(new URL(location, "http://localhost").searchParams.get("redirectTo")).toBe("/cadastrar-pet?aba=encontrado");
    const draft = (await loadDraft(env.KV, session.get("petDraftId")))!;
    expect(draft.fields).toMatchObject({ category: "encontrado", color: "Caramelo", city: expect.stringContaining("São Paulo - SP") });
    expect(JSON.stringify(draft)).not.toContain("segredo-123");
    expect(draft.fields).not.toHaveProperty("email");
    expect(draft.photoUrls).toHaveLength(1);
  });
});
