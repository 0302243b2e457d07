// Links that leave a request (mails, Mercado Pago's preference, Google's redirect_uri) are
// built from SITE_URL, never from the request's Host: a request sent to the Worker with a
// foreign Host must not make us mail a reset link to the sender's site (docs/decisions/0011).
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCloudflare } from "~/context.server";
import { users } from "~/db/schema";
import { brasiliaNow } from "~/lib/format";
import { createGoogleAuthenticator } from "~/platform/google.server";
import { listOutbox } from "~/platform/mail.server";
import type { PreferenceBody } from "~/platform/mercado-pago.server";
import { hashPassword } from "~/platform/password.server";
import { sendDeletionLink } from "~/services/account-deletion.server";
import { registerAccount, requestEmailChange, requestPasswordReset, resendEmailConfirmation } from "~/services/accounts.server";
import { startPremiumCheckout } from "~/services/payments.server";
import { sendPetMessage } from "~/services/pet-messages.server";
import { saveSearchAlert } from "~/services/search-alerts.server";
import { reportSighting } from "~/services/sightings.server";
import { makeContext } from "./context";
import { createPet, createUser, db } from "./fixtures";

const SITE = env.SITE_URL.replace(/\/+$/, "");
const FOREIGN = "evil.example";

let serial = 0;
const nextIp = () => `198.51.${(++serial >> 8) & 255}.${serial & 255}`;
const uniqueEmail = (name: string) => `${name}${++serial}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`;

/** A POST that reached the Worker with someone else's Host. */
const foreign = (path: string) =>
  new Request(`http://${FOREIGN}${path}`, { method: "POST", headers: { Host: FOREIGN, "CF-Connecting-IP": nextIp() } });

async function withContext<T>(
  run: (context: Awaited<ReturnType<typeof makeContext>>["context"]) => Promise<T>,
  bindings: Partial<Env> = {},
) {
  const { context } = await makeContext(null, bindings);
  const result = await run(context);
  await waitOnExecutionContext(getCloudflare(context).ctx);
  return result;
}

/** The mails sent to `address`; each must carry links, all on the site's own address. */
async function expectSiteLinksOnly(address: string) {
  const mails = (await listOutbox(env.KV, 1000)).filter((m) => m.to === address);
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    for (const body of [mail.text, mail.html ?? ""]) {
      expect(body).not.toContain(FOREIGN);
    }
    expect(mail.text).toContain(`${SITE}/`);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("links that leave a request come from SITE_URL, whatever the Host", () => {
  it("is not the foreign host in the test setup itself", () => {
    expect(SITE).toMatch(/^https?:\/\//);
    expect(SITE).not.toContain(FOREIGN);
  });

  it("the sign-up confirmation and 'Reenviar confirmação'", async () => {
    const email = uniqueEmail("cadastro");
    const created = await withContext((context) =>
      registerAccount(context, foreign("/entrar"), { name: "Ana", email, password: "senha-forte-1", accountType: "personal" }),
    );
    if (!created.ok) throw new Error(created.reason);
    await withContext((context) =>
      resendEmailConfirmation(context, { ...created.user, name: "Ana", emailVerified: false, pendingEmail: null }),
    );
    expect((await listOutbox(env.KV, 1000)).filter((m) => m.to === email).length).toBe(2);
    await expectSiteLinksOnly(email);
  });

  it("the password reset", async () => {
    const user = await createUser();
    await withContext((context) => requestPasswordReset(context, foreign("/esqueci-senha"), user.email));
    await expectSiteLinksOnly(user.email);
  });

  it("the new e-mail's confirmation", async () => {
    const user = await createUser();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword("senha-forte-1") })
      .where(eq(users.id, user.id));
    const newEmail = uniqueEmail("novo");
    const changed = await withContext((context) =>
      requestEmailChange(context, foreign("/dashboard/perfil"), { ...user, name: "Ana" }, { newEmail, currentPassword: "senha-forte-1" }),
    );
    expect(changed).toEqual({ ok: true });
    await expectSiteLinksOnly(newEmail);
  });

  it("the account deletion link (an account without a password)", async () => {
    const user = await createUser();
    expect(await withContext((context) => sendDeletionLink(context, foreign("/meus-dados/excluir"), user.id))).toEqual({ ok: true });
    await expectSiteLinksOnly(user.email);
  });

  it("the poster's mail about a message and a sighting", async () => {
    const owner = await createUser();
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));
    const pet = await createPet(owner.id, { missingSince: brasiliaNow().slice(0, 10) });
    const sent = await withContext((context) =>
      sendPetMessage(context, foreign(`/pet/${pet.id}/mensagem`), pet.id, {
        name: "Joana",
        email: uniqueEmail("joana"),
        phone: "(11) 91234-5678",
        message: "Vi um cachorro parecido perto da praça.",
      }),
    );
    expect(sent).toMatchObject({ ok: true });
    const seen = await withContext((context) =>
      reportSighting(
        context,
        foreign(`/pet/${pet.id}/avistamentos`),
        pet.id,
        {
          place: "Praça da Sé",
          seenAt: brasiliaNow(new Date(Date.now() - 30 * 60_000)),
          city: undefined,
          notes: "Com coleira azul.",
          contact: undefined,
        },
        [],
      ),
    );
    expect(seen).toMatchObject({ ok: true });
    await expectSiteLinksOnly(owner.email);
  });

  it("the saved search's confirmation", async () => {
    const email = uniqueEmail("alerta");
    const saved = await withContext((context) =>
      saveSearchAlert(context, foreign("/alertas/novo"), { criteria: "q=caramelo", email, user: null }),
    );
    expect(saved).toMatchObject({ ok: true });
    await expectSiteLinksOnly(email);
  });

  it("Mercado Pago's back_urls and notification_url, and the local sandbox's checkout page", async () => {
    const bodies: PreferenceBody[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      bodies.push((await request.json()) as PreferenceBody);
      return Response.json(
        { id: "pref-1", init_point: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-1" },
        { status: 201 },
      );
    });
    const input = { companyName: "Pet Shop", cnpj: "11.222.333/0001-81", email: "contato@petshop.com.br", userId: null };
    const paid = await withContext((context) => startPremiumCheckout(context, foreign("/empresa-landing?plano=premium"), input), {
      MERCADOPAGO_ACCESS_TOKEN: "TEST-token",
      MERCADOPAGO_API_URL: "https://api.mercadopago.test",
    });
    expect(paid).toMatchObject({ ok: true });
    const [body] = bodies;
    const urls = [...Object.values(body!.back_urls), body!.notification_url];
    for (const url of urls) expect(url.startsWith(`${SITE}/`)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(FOREIGN);

    vi.unstubAllGlobals();
    const sandbox = await withContext((context) => startPremiumCheckout(context, foreign("/empresa-landing?plano=premium"), input), {
      DEV_MERCADO_PAGO: "1",
    });
    if (!sandbox.ok) throw new Error(sandbox.reason);
    expect(sandbox.initPoint.startsWith(`${SITE}/`)).toBe(true);
  });

  it("Google's redirect_uri", async () => {
    const request = new Request(`http://${FOREIGN}/auth/google`, { method: "POST", headers: { Host: FOREIGN } });
    const google = { ...env, GOOGLE_CLIENT_ID: "cliente", GOOGLE_CLIENT_SECRET: "segredo" } as Env;
    const thrown = await createGoogleAuthenticator(google, request)
      .authenticate("google", request)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(thrown).toBeInstanceOf(Response);
    const location = new URL((thrown as Response).headers.get("Location")!);
    expect(location.searchParams.get("redirect_uri")).toBe(`${SITE}/auth/google/callback`);
  });
});
