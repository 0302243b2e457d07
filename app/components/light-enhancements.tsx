// The only script of a light first visit (docs/decisions/0020-javascript-budget.md): the
// share summary opens the device's share sheet (else copies the link, else opens
// WhatsApp), as ShareMenu does once React is in charge. Written as a plain function and
// sent as its own source, so it is type-checked here and weighs well under 1 KB.
import { SHARE_MESSAGES } from "~/lib/share";
import { TOAST_CLASSES } from "~/lib/toast";

type Messages = typeof SHARE_MESSAGES;

function enhanceShareMenus(messages: Messages, classes: typeof TOAST_CLASSES) {
  function toast(type: "success" | "error", title: string) {
    const region = document.querySelector('[aria-label="Notifications"]');
    if (!region) return;
    const box = document.createElement("div");
    box.setAttribute("role", type === "error" ? "alert" : "status");
    box.dataset.type = type;
    box.className = `toast pointer-events-auto rounded-lg border p-4 shadow-lg ${classes[type]}`;
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
    const { shareTitle: title, shareText: text, shareUrl: url = "" } = menu.dataset;
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text, url });
      } else if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        toast("success", messages.copied);
      } else {
        window.open(menu.querySelector("a")?.href ?? url, "_blank", "noopener,noreferrer");
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast("error", messages.failed);
    }
  });
}

const SOURCE = `(${enhanceShareMenus.toString()})(${JSON.stringify(SHARE_MESSAGES)},${JSON.stringify(TOAST_CLASSES)})`;

export function LightEnhancements({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SOURCE }} />;
}
