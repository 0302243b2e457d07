// The hearts (spec §4; docs/decisions/0010, 0042): `form[data-heart]` (the attribute holds
// the item's name) is a POST form that works without JavaScript. With it, the submit is
// sent in the background to the form's action with the same fields plus `resposta=dados`
// (same-origin, so the Origin check of 0006 holds), one at a time. The server's answer
// sets every heart of that item on the page and a toast says it; "too many" (429) shows
// the server's message and leaves the heart; any other failure submits the form as
// without JavaScript.
import { FAVORITE_TEXTS, heartLabel } from "~/lib/favorites";
import { showToast } from "./toasts";

// A heart's fields: a detail page's are inputs; a card's are in its action's query, to
// spare four inputs per card (docs/decisions/0041). The body wins, as on the server.
function heartFields(form: HTMLFormElement) {
  const fields = new URL(form.action, location.href).searchParams;
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.set(name, value);
  return fields;
}

function itemOf(form: HTMLFormElement) {
  const fields = heartFields(form);
  return `${fields.get("tipo")}:${fields.get("id")}`;
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
  if (button.hasAttribute("aria-label")) button.setAttribute("aria-label", heartLabel(on, form.dataset.heart ?? ""));
  const words = button.querySelector("span");
  if (words) words.textContent = on ? FAVORITE_TEXTS.pressed : FAVORITE_TEXTS.unpressed;
  button.querySelector("svg")?.setAttribute("fill", on ? "currentColor" : "none");
}

// One request at a time: each rewrites the whole list on the server (docs/decisions/0010).
let queue: Promise<unknown> = Promise.resolve();

function send(form: HTMLFormElement) {
  const body = new FormData(form);
  body.set("resposta", "dados");
  const button = form.querySelector("button");
  button?.setAttribute("aria-busy", "true");
  queue = queue.then(async () => {
    try {
      const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
      const answer = (await response.json().catch(() => null)) as { ok?: boolean; favorito?: boolean; message?: string } | null;
      if (response.status === 429) {
        // Too many hearts: say so and leave the heart as it was.
        showToast("error", answer?.message ?? FAVORITE_TEXTS.failed);
        return;
      }
      if (!response.ok || answer?.ok !== true) throw new Error(String(response.status));
      const on = answer.favorito === true;
      // Every heart of the same item on the page follows.
      const item = itemOf(form);
      for (const other of document.querySelectorAll<HTMLFormElement>("form[data-heart]")) {
        if (itemOf(other) === item) showHeart(other, on);
      }
      showToast("success", on ? FAVORITE_TEXTS.added : FAVORITE_TEXTS.removed);
    } catch {
      // Offline, refused, a server error: the plain form says what happened.
      form.submit();
    } finally {
      button?.removeAttribute("aria-busy");
    }
  });
}

let installed = false;

/** Listens once per document, for every heart there is or will be. */
export function installHearts() {
  if (installed) return;
  installed = true;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.heart === undefined || event.defaultPrevented) return;
    event.preventDefault();
    send(form);
  });
}
