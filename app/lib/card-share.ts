// What a card's share button does once JavaScript runs: the device's share sheet, else
// copy the link (with a toast), else WhatsApp. The same order and texts as the detail
// pages' ShareMenu and the light pages' script (docs/decisions/0020).
import { showToast } from "~/lib/client-toasts";
import { SHARE_MESSAGES } from "~/lib/share";

export async function shareFromCard({ title, url, whatsapp }: { title: string; url: string; whatsapp: string }) {
  try {
    if (typeof navigator.share === "function") {
      await navigator.share({ title, text: title, url });
    } else if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: SHARE_MESSAGES.copied });
    } else {
      window.open(whatsapp, "_blank", "noopener,noreferrer");
    }
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    showToast({ type: "error", title: SHARE_MESSAGES.failed });
  }
}
