import { useEffect } from "react";
import { href, useLocation } from "react-router";
import { installHearts } from "~/browser/hearts";
import { installShare } from "~/browser/share";
import { heartLabel, isFavorite, type FavoriteKind } from "~/lib/favorites";
import { useRootData } from "~/lib/root-data";

/**
 * A card's heart: a POST form of one button, the item and the state wanted in the action's
 * query instead of four hidden inputs, the icon drawn by the stylesheet (docs/decisions/0041). Without
 * JavaScript the server redirects back to the card; with it app/browser/hearts.ts sends
 * the change in the background, as for the detail pages' FavoriteButton.
 */
function CardHeart({ kind, id, name, anchor }: { kind: FavoriteKind; id: number; name: string; anchor: string }) {
  const on = isFavorite(useRootData()?.favorites, kind, id);
  const location = useLocation();
  const back = `${location.pathname}${location.search}#${anchor}`;
  useEffect(installHearts, []);

  // '/' may stay as it is in a query: a few bytes on every card.
  const query = new URLSearchParams({ tipo: kind, id: String(id), favorito: on ? "0" : "1", voltar: back }).toString().replace(/%2F/g, "/");
  return (
    <form method="post" action={`${href("/favoritos")}?${query}`} data-heart={name}>
      <button aria-pressed={on} aria-label={heartLabel(on, name)} className="icon-btn icon-heart" />
    </form>
  );
}

/**
 * A card's share: with JavaScript the summary opens the device's share sheet
 * (app/browser/share.ts, which looks for `details[data-share-url]`); without it, it opens
 * one WhatsApp link. The full menu (Facebook, the link to copy) is on the item's own page:
 * a hidden menu in every card cost ~8 elements each (docs/decisions/0041).
 */
function CardShare({ path, name }: { path: string; name: string }) {
  const url = `${useRootData()?.origin ?? ""}${path}`;
  // Only the address (WhatsApp's preview shows the page's title and photo); ':' and '/'
  // may stay as they are in a query.
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(url).replace(/%3A/g, ":").replace(/%2F/g, "/")}`;
  useEffect(installShare, []);
  return (
    // The address as a path and no title: the share module makes it absolute and reads
    // the card's heading (bytes on every card, docs/decisions/0041).
    <details data-share-url={path}>
      <summary aria-label={`Compartilhar ${name}`} className="icon-btn icon-share" />
      <a href={whatsapp}>WhatsApp</a>
    </details>
  );
}

/**
 * The heart and the share button at the foot of every card (spec §1: favourite and share),
 * without a wrapper: the card's stylesheet places them (docs/decisions/0041).
 */
export function CardActions({
  kind,
  id,
  name,
  path,
  anchor,
}: {
  kind: FavoriteKind;
  id: number;
  name: string;
  path: string;
  anchor: string;
}) {
  return (
    <>
      <CardHeart kind={kind} id={id} name={name} anchor={anchor} />
      <CardShare path={path} name={name} />
    </>
  );
}
