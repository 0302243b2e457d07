import {
  header,
  NEW_PASSWORD,
  pathPattern,
  SEED,
  SEED_PASSWORD,
  type SeedType,
  signIn,
  submitSignIn,
  toasts,
  uniqueEmail,
  waitForHydration,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "parallel" });

const SIGNED_OUT_PAGES = [
  ["/dashboard", "/entrar?redirectTo=%2Fdashboard"],
  ["/empresa/dashboard", "/empresas?redirectTo=%2Fempresa%2Fdashboard"],
  ["/ong/dashboard", "/entrar?redirectTo=%2Fong%2Fdashboard"],
] as const;

test.describe("signed out", () => {
  for (const [path, target] of SIGNED_OUT_PAGES) {
    test(`${path} sends visitors to ${target}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(pathPattern(target));
      await expect(page.getByRole("main").getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    });
  }
});

test.describe("sign-in", () => {
  // Each seed account signs in once per project: successful sign-ins never count
  // towards the per-account failure limit.
  const cases: [SeedType, string, string[]][] = [
    // [type, dashboard heading, [page visited while signed in, where it leads]...]
    ["personal", "Minha conta", ["/entrar", "/dashboard", "/empresa/dashboard", "/dashboard", "/ong/dashboard", "/dashboard"]],
    [
      "company",
      "Painel da Empresa",
      ["/entrar", "/empresa/dashboard", "/empresas", "/empresa/dashboard", "/dashboard", "/empresa/dashboard"],
    ],
    ["ngo", "Painel ONG/Voluntário", ["/entrar", "/ong/dashboard", "/dashboard", "/ong/dashboard", "/cadastrar-ong", "/ong/dashboard"]],
  ];
  for (const [type, heading, visits] of cases) {
    test(`the ${type} seed account lands on ${SEED[type].dashboard} and is kept off the wrong pages`, async ({ page }) => {
      await signIn(page, SEED[type].email, SEED_PASSWORD, SEED[type].dashboard);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(header(page).getByRole("link", { name: /Minha conta/ })).toHaveAttribute("href", SEED[type].dashboard);

      for (let i = 0; i < visits.length; i += 2) {
        await page.goto(visits[i]!);
        await expect(page, `${visits[i]} as ${type}`).toHaveURL(pathPattern(visits[i + 1]!));
      }
    });
  }

  test("redirectTo is honoured: /dashboard signed out, sign in, back on /dashboard", { tag: "@js" }, async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
    await submitSignIn(page, SEED.personal.email, SEED_PASSWORD);
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");
    await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
  });

  test("redirectTo to another page of the site is followed after sign-in", async ({ page, newAccount }) => {
    const account = await newAccount();
    await page.goto("/entrar?redirectTo=%2Fquem-somos");
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(pathPattern("/quem-somos"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");
    await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();
  });

  for (const external of ["//evil.example", "https://evil.example/roubar"]) {
    test(`an external redirectTo (${external}) is ignored`, async ({ page, baseURL, newAccount }) => {
      const account = await newAccount();
      await page.goto(`/entrar?redirectTo=${encodeURIComponent(external)}`);
      await expect(page.locator('input[name="redirectTo"][value*="evil"]')).toHaveCount(0);
      await submitSignIn(page, account.email, account.password);
      // The unsafe target is dropped: the user lands on their own dashboard.
      await expect(page).toHaveURL(pathPattern("/dashboard"));
      await expect(toasts(page)).toContainText("Login realizado com sucesso");
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(page.url()).not.toContain("evil");
      await expect(header(page).getByRole("button", { name: "Sair" })).toBeVisible();
    });
  }

  test("after a client-side navigation to a protected page, sign-in comes back to it", { tag: "@js" }, async ({
    page,
    context,
    javaScriptEnabled,
    login,
  }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    const account = await login({ tag: "navegacao" });
    await page.goto("/");
    await waitForHydration(page, javaScriptEnabled);
    // The session ends elsewhere (another tab, expiry); this page still shows the avatar.
    await context.clearCookies();
    await header(page)
      .getByRole("link", { name: /Minha conta/ })
      .click();
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
  });

  test("the header's Sair button signs out; /dashboard then asks to sign in", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    await login();
    await page.goto("/dashboard");
    await waitForHydration(page, javaScriptEnabled);
    await header(page).getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(pathPattern("/"));
    await expect(toasts(page)).toContainText("Logout realizado");
    await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Sair" })).toHaveCount(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathPattern("/entrar?redirectTo=%2Fdashboard"));
    await expect(toasts(page)).not.toContainText("Logout realizado");
  });

  test("signing out also works with GET /sair (no-op, back home)", async ({ page }) => {
    await page.goto("/sair");
    await expect(page).toHaveURL(pathPattern("/"));
  });
});

test.describe("failed sign-in", () => {
  test("a wrong password keeps the e-mail, never sends the password back and says why", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
    newAccount,
  }) => {
    const account = await newAccount({ tag: "senha-errada" });
    await page.goto("/entrar");
    await waitForHydration(page, javaScriptEnabled);

    const wrong = "Senha-Errada-999";
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/entrar"));
    await submitSignIn(page, account.email, wrong);
    const response = await answer;
    if (!javaScriptEnabled) expect(response.status()).toBe(400);
    // Passwords are never echoed back by the server.
    expect(await response.text()).not.toContain(wrong);

    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Erro no login");
    await expect(alert).toContainText("Credenciais incorretas ou usuário não existe");
    await expect(page).toHaveURL(pathPattern("/entrar"));
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(account.email);
    // Never sent back by the server, and cleared in the browser too.
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
    await expect(header(page).getByRole("link", { name: "Entrar" })).toBeVisible();

    // The right password still works afterwards.
    await submitSignIn(page, account.email, NEW_PASSWORD);
    await expect(page).toHaveURL(pathPattern("/dashboard"));
    await expect(toasts(page)).toContainText("Login realizado com sucesso");
  });

  test("an unknown e-mail gets the same answer", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "desconhecido");
    await page.goto("/entrar");
    await submitSignIn(page, email, "Qualquer-Senha-1");
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Erro no login");
    await expect(alert).toContainText("Credenciais incorretas ou usuário não existe");
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  });

  test("the 6th wrong password for one e-mail is refused with 'Muitas tentativas'", async ({ page, javaScriptEnabled }, testInfo) => {
    const email = uniqueEmail(testInfo, "limite");
    await page.goto("/entrar");
    await waitForHydration(page, javaScriptEnabled);
    const alert = page.getByRole("main").getByRole("alert");

    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/entrar"));
      await submitSignIn(page, email, `Errada-${attempt}-xyz`);
      const response = await answer;
      if (attempt < 6) {
        await expect(alert, `attempt ${attempt}`).toContainText("Credenciais incorretas ou usuário não existe");
        if (!javaScriptEnabled) expect(response.status()).toBe(400);
      } else {
        await expect(alert).toContainText("Muitas tentativas. Aguarde alguns minutos e tente novamente.");
        await expect(alert).not.toContainText("Credenciais incorretas");
        if (!javaScriptEnabled) expect(response.status()).toBe(429);
      }
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    }
  });
});
