// Share (spec §4 and §7; docs/decisions/0010): a share summary (`details[data-share-url] >
// summary`) opens the device's share sheet, else copies the link with a toast, else opens
// the menu's first link (WhatsApp). Without JavaScript the summary opens the menu of links.
// A detail page's menu gives the whole address, its title and text; a card's gives its
// path and no title, which is the card's heading (bytes on every card, docs/decisions/0041).
import { SHARE_MESSAGES } from "~/lib/share";
import { showToast } from "./toasts";

async function share(menu: HTMLElement) {
  const text = menu.dataset.shareText;
  const url = new URL(menu.dataset.shareUrl ?? "", location.href).href;
  const title = menu.dataset.shareTitle ?? menu.closest("article")?.querySelector("h3")?.textContent ?? undefined;
  try {
    if (typeof navigator.share === "function") {
      await navigator.share({ title, text, url });
    } else if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      showToast("success", SHARE_MESSAGES.copied);
    } else {
      window.open(menu.querySelector("a")?.href ?? url, "_blank", "noopener,noreferrer");
    }
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    showToast("error", SHARE_MESSAGES.failed);
  }
}

let installed = false;

/** Listens once per document, for every share summary there is or will be. */
export function installShare() {
  if (installed) return;
  installed = true;
  document.addEventListener("click", (event) => {
    const summary = (event.target as Element | null)?.closest?.("details[data-share-url] > summary");
    const menu = summary?.parentElement;
    if (!menu) return;
    event.preventDefault();
    void share(menu);
  });
}
