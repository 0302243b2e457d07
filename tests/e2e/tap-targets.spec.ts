import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Tap targets on a 360 px phone (docs/decisions/0033 §12): every visible link,
// button and control of the header, the main content and the footer is at least 44×44 CSS px, or its
// label is (checkboxes, radios, file inputs); text fields, selects and text areas are at
// least 44 px tall. A link set inline in running text (a sentence of a paragraph, a list
// item or a label) is exempt: WCAG 2.5.8's inline exception. Closed <details> are opened
// first, since one tap opens them (the header menu, the filter panel, the share menus).
// Each page is measured in one evaluate; a test lists every offender of its pages at once.

const MIN = 44;

interface Offender {
  tag: string;
  name: string;
  width: number;
  height: number;
}

/** Every element of the header, <main> and the footer under 44 px, by the rule above. */
function offendersIn(page: Page): Promise<Offender[]> {
  return page.evaluate((min) => {
    const roots = [...document.querySelectorAll("body > header, header[role=banner], main, body > footer")];
    for (const root of roots) for (const details of root.querySelectorAll("details:not([open])")) details.setAttribute("open", "");

    /**
     * A link set in running text (WCAG 2.5.8's inline exception): laid out inline, in a block
     * (a <p>, an <li>, a label's sentence) that has other words beside it. A link that is a
     * flex or grid item, a button-like inline-flex, or alone in its block is not.
     */
    function inRunningText(link: HTMLElement): boolean {
      const inline = (el: Element) => ["inline", "contents"].includes(getComputedStyle(el).display);
      if (!inline(link)) return false;
      let block = link.parentElement;
      while (block && inline(block)) block = block.parentElement;
      const rest = (block?.textContent ?? "").replace(link.textContent ?? "", "");
      return /\p{L}/u.test(rest);
    }
    const nameOf = (el: Element) =>
      (el.getAttribute("aria-label") || (el as HTMLElement).innerText || el.getAttribute("name") || el.getAttribute("type") || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 50);

    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], label';
    const seen = new Set<Element>();
    const offenders: { tag: string; name: string; width: number; height: number }[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>(selector)) {
        if (seen.has(el)) continue;
        seen.add(el);
        if (!el.checkVisibility({ checkOpacity: false, visibilityProperty: true })) continue;
        const box = el.getBoundingClientRect();
        const tag = el.tagName.toLowerCase();
        const type = tag === "input" ? (el as HTMLInputElement).type : "";
        if (tag === "label") {
          // A label counts through its control (below); other labels are not targets.
          continue;
        }
        if (["checkbox", "radio", "file"].includes(type)) {
          // The control passes if it or one of its labels is big enough.
          const boxes = [box, ...[...((el as HTMLInputElement).labels ?? [])].map((label) => label.getBoundingClientRect())];
          if (boxes.some((b) => b.width >= min && b.height >= min)) continue;
          const best = boxes.reduce((a, b) => (b.height * b.width > a.height * a.width ? b : a));
          const label = (el as HTMLInputElement).labels?.[0];
          offenders.push({ tag: `input[${type}]`, name: label ? nameOf(label) : nameOf(el), width: best.width, height: best.height });
          continue;
        }
        // Screen-reader-only text (a skip link until focused) and the honeypot, moved off
        // the page, are not targets on screen.
        if (box.width <= 1 || box.height <= 1 || box.right <= 0) continue;
        const field =
          tag === "select" ||
          tag === "textarea" ||
          (tag === "input" && type !== "submit" && type !== "button" && type !== "image" && type !== "reset");
        if (field ? box.height >= min : box.width >= min && box.height >= min) continue;
        if (tag === "a" && inRunningText(el)) continue;
        offenders.push({ tag: type ? `input[${type}]` : tag, name: nameOf(el), width: box.width, height: box.height });
      }
    }
    return offenders.map((o) => ({ ...o, width: Math.round(o.width), height: Math.round(o.height) }));
  }, MIN);
}

/** Visits each path at 360×740 and fails once, listing every offender by page. */
async function expectTapTargets(page: Page, paths: string[]) {
  await page.setViewportSize({ width: 360, height: 740 });
  const report: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect.soft(response?.status(), `status de ${path}`).toBe(200);
    for (const o of await offendersIn(page)) report.push(`${path}: <${o.tag}> "${o.name}" ${o.width}×${o.height}`);
  }
  expect(report, `alvos de toque menores que ${MIN}×${MIN} px:\n${report.join("\n")}`).toEqual([]);
}

test.describe("alvos de toque de 44×44 px num celular de 360 px", () => {
  test.describe.configure({ mode: "parallel" });

  test("páginas públicas", async ({ page }) => {
    await expectTapTargets(page, [
      "/",
      "/pets",
      "/buscar-pets",
      "/pet/1",
      "/pet/15",
      "/eventos",
      "/evento/1",
      "/ongs",
      "/ong/1",
      "/produtos",
      "/produto/1",
      "/clinicas",
      "/clinica/1",
    ]);
  });

  test("entrar e formulários de visitante", async ({ page }) => {
    await expectTapTargets(page, [
      "/entrar",
      "/entrar?aba=cadastrar",
      "/cadastrar-pet?aba=perdido",
      "/anunciar",
      "/contato",
      "/denunciar/pet/1",
    ]);
  });

  test("painel da pessoa", async ({ page, login }) => {
    await login("personal");
    // The seed's personal account owns pet 1: its edit form has the photos' 'Remover'.
    await expectTapTargets(page, [
      "/dashboard",
      "/dashboard/perfil",
      "/dashboard/pets",
      "/dashboard/favoritos",
      "/dashboard/alertas",
      "/pet/1/edit",
      "/meus-dados",
      "/meus-dados/excluir",
    ]);
  });

  test("painel da empresa", async ({ page, login }) => {
    await login("company");
    await expectTapTargets(page, [
      "/empresa/dashboard",
      "/empresa/dashboard/produtos/1/editar",
      "/empresa/dashboard/produtos/1/excluir",
      "/empresa/dashboard/clinicas",
      "/empresa/dashboard/clinicas/nova",
      "/empresa/dashboard/perfil",
      "/empresa/dashboard/pets",
      "/empresa/dashboard/alertas",
      "/empresa/dashboard/meu-perfil",
    ]);
  });

  test("painel da ONG", async ({ page, login }) => {
    await login("ngo");
    // Seven tabs in one row that scrolls sideways (docs/decisions/0033, 'Dashboards on a phone').
    await expectTapTargets(page, [
      "/ong/dashboard",
      "/ong/dashboard/cadastrar",
      "/ong/dashboard/eventos",
      "/ong/dashboard/novo-evento",
      "/ong/dashboard/evento/1/edit",
      "/ong/dashboard/evento/1/excluir",
      "/ong/dashboard/pets",
      "/ong/dashboard/alertas",
      "/ong/dashboard/meu-perfil",
    ]);
  });
});
