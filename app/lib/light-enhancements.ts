// The one script of the light pages (docs/decisions/0042-light-pages-for-everyone.md):
// plain JavaScript, no framework. Each part finds its elements by their attributes and does
// nothing where there are none; without the script (JavaScript off, an old browser, a
// failed download) every page works as plain HTML, links and forms.
// - Share: the share summary opens the device's share sheet, else copies the link, else
//   opens WhatsApp, as ShareMenu does in the app (docs/decisions/0010).
// - Hearts (`form[data-heart]`): sent in the background with the same fields and action
//   (the Origin check of 0006 holds: it is a same-origin fetch), one at a time; the answer
//   sets every heart of that item and a toast says it. Any failure but "too many" submits
//   the form as without JavaScript.
// - Filters (`[data-submit-on-change]`): ticking a box or choosing an order applies it, as
//   the search page does in the app. The folding itself is a <details> and needs no script.
// - City suggestions (`input[data-city-suggestions]`): as CityFields does in the app.
// - Toasts raised here join the flash messages' live region and leave after 6 s, as the
//   app's do; the flash messages fade out by CSS.
// Written as one self-contained function and sent as its own source, so it is
// type-checked here; served as a small file with a year's cache (routes/js.leve.tsx).
import { FAVORITE_TEXTS } from "./favorites";
import { SHARE_MESSAGES } from "./share";
import { TOAST_CLASSES } from "./toast";

interface Settings {
  share: typeof SHARE_MESSAGES;
  hearts: typeof FAVORITE_TEXTS;
  toasts: typeof TOAST_CLASSES;
}

function enhance({ share, hearts, toasts }: Settings) {
  function toast(type: "success" | "error", title: string) {
    const region = document.querySelector('[aria-label="Notifications"]');
    if (!region) return;
    const box = document.createElement("div");
    box.setAttribute("role", type === "error" ? "alert" : "status");
    box.dataset.type = type;
    box.className = `toast pointer-events-auto rounded-lg border p-4 shadow-lg ${toasts[type]}`;
    const text = document.createElement("p");
    text.className = "text-sm font-semibold";
    text.textContent = title;
    box.appendChild(text);
    region.appendChild(box);
    setTimeout(() => box.remove(), 6000);
  }

  document.addEventListener("click", async (event) => {
    const summary = (event.target as Element | null)?.closest?.("details[data-share-url] > summary");
    const menu = summary?.parentElement;
    if (!menu) return;
    event.preventDefault();
    const { shareText: text } = menu.dataset;
    // A card gives its path and no title (docs/decisions/0041): the address is made whole
    // here and the title is the card's heading.
    const url = new URL(menu.dataset.shareUrl ?? "", location.href).href;
    const title = menu.dataset.shareTitle ?? menu.closest("article")?.querySelector("h3")?.textContent ?? undefined;
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text, url });
      } else if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        toast("success", share.copied);
      } else {
        window.open(menu.querySelector("a")?.href ?? url, "_blank", "noopener,noreferrer");
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast("error", share.failed);
    }
  });

  // A heart's fields: a detail page's are inputs; a card's are in its action's query, to
  // spare four inputs per card (docs/decisions/0041). The body wins, as on the server.
  function heartFields(form: HTMLFormElement) {
    const fields = new URL(form.action, location.href).searchParams;
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.set(name, value);
    return fields;
  }

  // Shows one heart as on or off: pressed state, the wanted state it sends next, its words.
  function showHeart(form: HTMLFormElement, on: boolean) {
    const button = form.querySelector("button");
    if (!button) return;
    const wanted = form.elements.namedItem("favorito");
    if (wanted instanceof HTMLInputElement) wanted.value = on ? "0" : "1";
    else {
      const action = new URL(form.action, location.href);
      action.searchParams.set("favorito", on ? "0" : "1");
      form.action = action.pathname + action.search;
    }
    button.setAttribute("aria-pressed", String(on));
    const name = form.dataset.heart ?? "";
    if (button.hasAttribute("aria-label")) {
      button.setAttribute("aria-label", (on ? hearts.remove : hearts.add).replace("%", () => name));
    }
    const words = button.querySelector("span");
    if (words) words.textContent = on ? hearts.pressed : hearts.unpressed;
    button.querySelector("svg")?.setAttribute("fill", on ? "currentColor" : "none");
  }

  // One request at a time: each rewrites the whole list on the server (docs/decisions/0010).
  let queue: Promise<unknown> = Promise.resolve();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.heart === undefined || event.defaultPrevented) return;
    event.preventDefault();
    const body = new FormData(form);
    body.set("resposta", "dados");
    const button = form.querySelector("button");
    button?.setAttribute("aria-busy", "true");
    queue = queue.then(async () => {
      try {
        const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
        const answer = (await response.json().catch(() => null)) as { ok?: boolean; favorito?: boolean; message?: string } | null;
        if (response.status === 429) {
          // Too many hearts: say so and leave the heart as it was, like the app.
          toast("error", answer?.message ?? hearts.failed);
          return;
        }
        if (!response.ok || answer?.ok !== true) throw new Error(String(response.status));
        const on = answer.favorito === true;
        // Every heart of the same item on the page follows.
        const item = (of: HTMLFormElement) => {
          const fields = heartFields(of);
          return `${fields.get("tipo")}:${fields.get("id")}`;
        };
        for (const other of document.querySelectorAll<HTMLFormElement>("form[data-heart]")) {
          if (item(other) === item(form)) showHeart(other, on);
        }
        toast("success", on ? hearts.added : hearts.removed);
      } catch {
        // Offline, refused, a server error: the plain form says what happened.
        form.submit();
      } finally {
        button?.removeAttribute("aria-busy");
      }
    });
  });

  document.addEventListener("change", (event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (!field.form || !field.closest?.("[data-submit-on-change]")) return;
    if (field.type === "checkbox" || field.tagName === "SELECT") field.form.requestSubmit();
  });

  // 'Cidade' (the pet page's sighting form): municipalities suggested as one types, from
  // the same endpoint as the app's CityFields; the server resolves what is typed anyway.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = "";
  document.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    const endpoint = input.dataset?.citySuggestions;
    const list = input.list;
    if (!endpoint || !list) return;
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < 2 || q === asked) return;
    timer = setTimeout(async () => {
      asked = q;
      try {
        const response = await fetch(`${endpoint}?q=${encodeURIComponent(q)}`);
        const body = response.ok ? ((await response.json()) as { options?: string[] }) : null;
        if (asked !== q || !Array.isArray(body?.options)) return;
        list.replaceChildren(...body.options.map((label) => Object.assign(document.createElement("option"), { value: label })));
      } catch {
        // A convenience only.
      }
    }, 200);
  });

  // Tells tests (and the curious) that the page is enhanced.
  document.documentElement.dataset.enhanced = "";
}

/** The script's source, with its words and classes written in. */
export const LIGHT_SCRIPT_SOURCE = `(${enhance.toString()})(${JSON.stringify({
  share: SHARE_MESSAGES,
  hearts: FAVORITE_TEXTS,
  toasts: TOAST_CLASSES,
} satisfies Settings)});\n`;

// FNV-1a over the source: a new script gets a new address, so browsers may keep each
// version for a year.
function versionOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const LIGHT_SCRIPT_FILE = `${versionOf(LIGHT_SCRIPT_SOURCE)}.js`;
