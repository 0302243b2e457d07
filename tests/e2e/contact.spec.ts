import { expect, test } from "@playwright/test";

test.describe("contact form", () => {
  test("invalid input shows Portuguese messages and keeps what was typed", async ({ page }) => {
    await page.goto("/contato");
    await page.getByLabel("Nome").fill("Joana Prado");
    await page.getByLabel("E-mail").fill("joana-sem-arroba");
    await page.getByLabel("Mensagem").fill("curta");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
    await expect(page.getByText("Escolha um assunto.")).toBeVisible();
    await expect(page.getByText("A mensagem precisa ter pelo menos 10 caracteres.")).toBeVisible();
    await expect(page.getByLabel("Nome")).toHaveValue("Joana Prado");
    await expect(page.getByLabel("E-mail")).toHaveValue("joana-sem-arroba");
    await expect(page.getByLabel("Mensagem")).toHaveValue("curta");
  });

  test("a valid message is saved and the sender is thanked", async ({ page }) => {
    await page.goto("/contato");
    await page.getByLabel("Nome").fill("Carlos Souza");
    await page.getByLabel("E-mail").fill("carlos@exemplo.com.br");
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

  test("pages hydrate without CSP or console errors when JavaScript is on", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "only meaningful with JavaScript");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    // A client-side navigation proves the router took over.
    await page.getByRole("contentinfo").getByRole("link", { name: "Quem Somos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Quem Somos" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
