import { useEffect } from "react";
import { installShare } from "~/browser/share";
import { ShareIcon } from "~/components/icons";
import { shareLinks } from "~/lib/links";
import { useRootData } from "~/lib/root-data";

/**
 * Share (spec §4 and §7). Without JavaScript the summary opens a small menu of links
 * (WhatsApp, Facebook, the address to copy). With JavaScript the same summary opens the
 * device's share sheet, else copies the link, else opens WhatsApp: app/browser/share.ts,
 * which the light pages' script installs too, reads the data-share-* attributes.
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
  useEffect(installShare, []);

  const label = `Compartilhar ${title}`;
  return (
    <details data-testid="share-menu" data-share-url={url} data-share-title={title} data-share-text={text}>
      <summary
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
