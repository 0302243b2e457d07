import type { MouseEvent } from "react";
import { ShareIcon } from "~/components/icons";
import { showToast } from "~/lib/client-toasts";
import { shareLinks } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { SHARE_MESSAGES } from "~/lib/share";

/**
 * Share (spec §4 and §7). Without JavaScript the summary opens a small menu of links
 * (WhatsApp, Facebook, the address to copy). With JavaScript the same summary opens the
 * device's share sheet, else copies the link, else opens WhatsApp.
 */
export function ShareMenu({
  path,
  title,
  text = title,
  withLabel = false,
  floating = false,
}: {
  path: string;
  title: string;
  text?: string;
  withLabel?: boolean;
  // On cards the menu opens over the card instead of pushing the grid apart.
  floating?: boolean;
}) {
  const origin = useRootData()?.origin ?? "";
  const url = `${origin}${path}`;
  const links = shareLinks(url, text);
  // Runs only once React is in charge (without JavaScript the summary just opens the menu).
  async function share(event: MouseEvent<HTMLElement>) {
    event.preventDefault();
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text, url });
      } else if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        showToast({ type: "success", title: SHARE_MESSAGES.copied });
      } else {
        window.open(links.whatsapp, "_blank", "noopener,noreferrer");
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      showToast({ type: "error", title: SHARE_MESSAGES.failed });
    }
  }

  const label = `Compartilhar ${title}`;
  return (
    // The data-share-* attributes feed the light pages' script (docs/decisions/0042).
    <details data-testid="share-menu" data-share-url={url} data-share-title={title} data-share-text={text}>
      <summary
        onClick={share}
        aria-label={withLabel ? undefined : label}
        className={`icon-btn hover:text-brand-700 ${withLabel ? "icon-btn-labelled" : ""}`}
      >
        <ShareIcon />
        {withLabel ? <span>Compartilhar</span> : null}
      </summary>
      <div className={`share-panel ${floating ? "absolute inset-x-2 bottom-full z-20" : "mt-2 max-w-sm"}`}>
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </a>{" "}
        <a href={links.facebook} target="_blank" rel="noopener noreferrer" className="ml-3">
          Facebook
        </a>
        <label className="block text-xs text-slate-600">
          Copie o link:
          <input readOnly value={url} className="input mt-1 py-1 text-xs" />
        </label>
      </div>
    </details>
  );
}
