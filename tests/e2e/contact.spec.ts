import { waitForHydration } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("contact form", () => {
  // With JavaScript the server's answer is shown in place, without a reload.
  test("invalid input shows Portuguese messages and keeps what was typed", { tag: "@js" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/contato");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Nome").fill("Joana Prado");
    await page.getByLabel("E-mail").fill("joana-sem-arroba");
    await page.getByLabel("Mensagem").fill("curta");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(page.getByRole("main").getByRole("alert").getByText("Informe um e-mail válido.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert").getByText("Escolha um assunto.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert").getByText("A mensagem precisa ter pelo menos 10 caracteres.")).toBeVisible();
    await expect(page.getByLabel("Nome")).toHaveValue("Joana Prado");
    await expect(page.getByLabel("E-mail")).toHaveValue("joana-sem-arroba");
    await expect(page.getByLabel("Mensagem")).toHaveValue("curta");
  });

  test("a valid message is saved and the sender is thanked", async ({ page }, testInfo) => {
    await page.goto("/contato");
    await page.getByLabel("Nome").fill("Carlos Souza");
    // One sender may write 3 times an hour (docs/decisions/0012): one address per project and attempt.
    await page.getByLabel("E-mail").fill(`carlos.${testInfo.project.name}.${testInfo.retry}@exemplo.com.br`);
    await page.getByLabel("Assunto").selectOption("Parceria");
    await page.getByLabel("Mensagem").fill("Tenho um pet shop e gostaria de ser parceiro do site.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(page).toHaveURL(/\/contato\?enviado=1$/);
    await expect(page.getByRole("heading", { name: "Obrigado pela sua mensagem!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Mensagem enviada!");
    // The toast is shown once.
    await page.reload();
    await expect(page.getByRole("region", { name: "Notifications" })).not.toContainText("Mensagem enviada!");
  });
});

test.describe("platform", () => {
  test("pages carry a Content-Security-Policy and refuse cross-site posts", async ({ page, request }) => {
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");

    const forged = await request.post("/contato", {
      headers: { Origin: "https://site-malicioso.example" },
      form: { name: "x", email: "x@x.com", subject: "Outro", message: "mensagem maliciosa" },
    });
    expect(forged.status()).toBe(403);
  });

  test("personal pages are private, no-store; public ones are left to the edge", async ({ request, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "HTTP headers do not depend on JavaScript");
    // docs/decisions/0012: decided by the request's cookies, not by the page.
    const publicPage = await request.get("/pets", { headers: { Cookie: "" } });
    expect(publicPage.headers()["cache-control"] ?? "").not.toContain("no-store");
    for (const cookie of ["__Host-session=qualquer", "__Host-visitante=qualquer"]) {
      const page = await request.get("/pets", { headers: { Cookie: cookie } });
      expect(page.headers()["cache-control"], cookie).toBe("private, no-store");
      const data = await request.get("/pets.data", { headers: { Cookie: cookie } });
      expect(data.headers()["cache-control"], cookie).toBe("private, no-store");
    }
  });

  test("pages run their scripts without CSP or console errors when JavaScript is on", { tag: "@js" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "only meaningful with JavaScript");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // Public pages are light (docs/decisions/0042): our one script, no app.
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    await page.getByRole("contentinfo").getByRole("link", { name: "Quem Somos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Quem Somos" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    // A form's page loads the app; a client-side navigation proves the router took over.
    await page.goto("/contato");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("banner").getByRole("link", { name: "Entrar" }).first().click();
    await expect(page).toHaveURL(/\/entrar$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});
