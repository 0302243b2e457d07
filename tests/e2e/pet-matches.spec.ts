// docs/decisions/0025 and 0032: posting a found dog that matches a lost dog mails the
// lost dog's owner and lists it under 'Possíveis correspondências' on the lost dog's page,
// for the owner only, across city lines: lost in Osasco, found in São Paulo, 15.5 km apart
// (docs/decisions/0025, 0032). JavaScript off, and on (@js).
import type { Page } from "@playwright/test";
import path from "node:path";
import { fillPetAd } from "./support/pet-form";
import { toasts, waitForHydration } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";

const PHOTO = path.join(process.cwd(), "public/seed/pets/cachorro-01.webp");
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
// Letters only: this run's names and colour word, so its pets are told apart from the
// other pets of the region (seed, parallel tests), which may be candidates too.
const word = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const petIdFrom = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());

async function publish(page: Page, javaScriptEnabled: boolean, fields: Parameters<typeof fillPetAd>[1] & { category: string }) {
  // A found or sighted pet is posted from 'Encontrei um pet' (docs/decisions/0045).
  const finder = fields.category !== "perdido";
  await page.goto(finder ? "/cadastrar-pet?aba=encontrado" : "/cadastrar-pet?aba=perdido");
  await waitForHydration(page, javaScriptEnabled);
  if (finder) await page.getByLabel("Categoria").selectOption(fields.category);
  await fillPetAd(page, fields);
  await page.getByLabel("Fotos").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page).toHaveURL(/\/pet\/\d+$/);
  await expect(toasts(page)).toContainText("Anúncio publicado!");
  return petIdFrom(page);
}

// `@js` although the pages are light: this flow was asked for with JavaScript on too (docs/decisions/0003).
test("a dog found in São Paulo that matches a dog lost in Osasco mails its owner and shows under 'Possíveis correspondências'", {
  tag: "@js",
}, async ({ page, javaScriptEnabled, login }) => {
  const tag = word();
  const location = "Butantã, São Paulo - SP";
  const lostName = `Paçoca ${tag}`;
  const foundName = `Cão da praça ${tag}`;
  const common = { species: "cachorro", gender: "Macho", size: "Médio" };

  const owner = await login({ tag: "tutor" });
  const lostId = await publish(page, javaScriptEnabled, {
    ...common,
    category: "perdido",
    name: lostName,
    breed: "Vira-lata",
    color: `Caramelo com branco ${tag}`,
    lostOn: isoDay(2),
    location: "osasco sp",
    neighbourhood: "Centro",
  });
  await expect(page.getByText("Centro, Osasco - SP").first()).toBeVisible();
  const matches = page.getByRole("region", { name: "Possíveis correspondências" });
  // Other pets of the region (the parallel run's, the seed's) may already be listed.
  await expect(matches).toBeVisible();
  await expect(matches).not.toContainText(foundName);

  // Someone else finds a dog that looks the same, in the next municipality.
  await login({ tag: "achou" });
  const foundId = await publish(page, javaScriptEnabled, {
    ...common,
    category: "encontrado",
    name: foundName,
    breed: "SRD",
    color: `branco e caramelo ${tag}`,
    lostOn: isoDay(1),
    location,
  });
  await expect(toasts(page)).toContainText("Seu anúncio de pet encontrado foi publicado.");
  // Matches are listed on lost pets' pages only.
  await expect(page.getByRole("region", { name: "Possíveis correspondências" })).toHaveCount(0);

  // The lost dog's owner gets one mail with both links (sent after the response).
  const mail = page
    .getByTestId("outbox-message")
    .filter({ hasText: owner.email })
    .filter({ has: page.locator(`a[href$="/pet/${foundId}"]`) });
  await expect(async () => {
    await page.goto("/dev/caixa-de-saida");
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(mail.getByRole("heading", { level: 2 })).toHaveText(`Possível correspondência para ${lostName}`);
  await expect(mail.locator(`a[href$="/pet/${lostId}"]`)).toHaveCount(1);

  // Someone who is not the owner does not see the list.
  await page.goto(`/pet/${lostId}`);
  await expect(page.getByRole("heading", { level: 1, name: lostName })).toBeVisible();
  await expect(page.getByText("Possíveis correspondências")).toHaveCount(0);
  expect(await page.content()).not.toContain(foundName);

  // The owner sees the found dog there, and follows it.
  await login({ email: owner.email });
  await page.goto(`/pet/${lostId}`);
  await waitForHydration(page, javaScriptEnabled);
  const card = matches.getByTestId("pet-match").filter({ hasText: foundName });
  await expect(card).toContainText("Encontrado");
  await expect(card).toContainText(location);
  await card.getByRole("link", { name: new RegExp(foundName) }).click();
  await expect(page).toHaveURL(new RegExp(`/pet/${foundId}$`));
  await expect(page.getByRole("heading", { level: 1, name: foundName })).toBeVisible();

  await page.goBack();
  await expect(card).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);
});

// Both sides see each other (docs/decisions/0046): the finder's own page lists the lost dog
// at once for everyone, and both posters get the match mail from the task queue.
test("a found ad lists the similar lost pet nearby, and both owners get the match mail", { tag: "@js" }, async ({
  page,
  javaScriptEnabled,
  login,
}) => {
  const tag = word();
  const lostName = `Pipoca ${tag}`;
  const foundName = `Cadelinha da feira ${tag}`;
  const common = { species: "cachorro", gender: "Fêmea", size: "Pequeno", location: "guarulhos sp", neighbourhood: "Centro" };

  const owner = await login({ tag: "dona" });
  const lostId = await publish(page, javaScriptEnabled, {
    ...common,
    category: "perdido",
    name: lostName,
    breed: "Poodle",
    color: `Branca ${tag}`,
    lostOn: isoDay(3),
  });

  const finder = await login({ tag: "achou" });
  const foundId = await publish(page, javaScriptEnabled, {
    ...common,
    category: "encontrado",
    name: foundName,
    breed: "Poodle",
    color: `branca ${tag}`,
    lostOn: isoDay(1),
  });
  // The matching runs on the queue a moment after the page: look again until it is there.
  const similar = page.getByRole("region", { name: "Pets perdidos parecidos perto daqui" });
  const card = similar.getByTestId("pet-match").filter({ hasText: lostName });
  await expect(async () => {
    await page.goto(`/pet/${foundId}`);
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText("Guarulhos - SP");

  // Both posters are mailed, each about their own pet, with both links.
  for (const [account, mine, theirs, title] of [
    [owner, lostId, foundId, lostName],
    [finder, foundId, lostId, foundName],
  ] as const) {
    const mail = page
      .getByTestId("outbox-message")
      .filter({ hasText: account.email })
      .filter({ has: page.locator(`a[href$="/pet/${theirs}"]`) });
    await expect(async () => {
      await page.goto("/dev/caixa-de-saida");
      await expect(mail).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(mail.getByRole("heading", { level: 2 })).toHaveText(`Possível correspondência para ${title}`);
    await expect(mail.locator(`a[href$="/pet/${mine}"]`)).toHaveCount(1);
  }

  // Everyone sees the list: a visitor too, who follows it to the lost dog.
  await page.context().clearCookies();
  await page.goto(`/pet/${foundId}`);
  await waitForHydration(page, javaScriptEnabled);
  await card.getByRole("link", { name: new RegExp(lostName) }).click();
  await expect(page).toHaveURL(new RegExp(`/pet/${lostId}$`));
  await expect(page.getByRole("heading", { level: 1, name: lostName })).toBeVisible();
  await page.goBack();
  await expect(card).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);
});
