import type { FormEvent, MouseEvent } from "react";
import { href, useLocation } from "react-router";
import { shareFromCard } from "~/lib/card-share";
import { showToast } from "~/lib/client-toasts";
import { enqueue, HeartFailure, heartFailureMessage, setFavoriteOverride, useFavoriteState } from "~/lib/favorite-overrides";
import { FAVORITE_TEXTS, type FavoriteKind } from "~/lib/favorites";
import { useRootData } from "~/lib/root-data";

const FAILURE = FAVORITE_TEXTS.failed;

/**
 * A card's heart: a POST form of one button, the item and the state wanted in the action's
 * query instead of four hidden inputs, the icon drawn by the stylesheet (docs/decisions/0041). Without
 * JavaScript the server redirects back to the card; with it the heart flips at once and
 * the change is sent in the background, as the detail pages' FavoriteButton does.
 */
function CardHeart({ kind, id, name, anchor }: { kind: FavoriteKind; id: number; name: string; anchor: string }) {
  const favorites = useRootData()?.favorites;
  const on = useFavoriteState(kind, id, favorites);
  const location = useLocation();
  const back = `${location.pathname}${location.search}#${anchor}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = !on;
    const body = new FormData();
    for (const [field, value] of Object.entries({ tipo: kind, id: String(id), favorito: wanted ? "1" : "0", voltar: back, resposta: "dados" })) {
      body.set(field, value);
    }
    setFavoriteOverride(kind, id, wanted, favorites);
    enqueue(async () => {
      const response = await fetch(href("/favoritos"), { method: "POST", body, credentials: "same-origin", keepalive: true });
      if (!response.ok) throw new HeartFailure(await heartFailureMessage(response));
    }).catch((error: unknown) => {
      setFavoriteOverride(kind, id, !wanted, favorites);
      showToast({ type: "error", title: error instanceof HeartFailure ? error.message : FAILURE });
    });
  }

  // '/' may stay as it is in a query: a few bytes on every card.
  const query = new URLSearchParams({ tipo: kind, id: String(id), favorito: on ? "0" : "1", voltar: back }).toString().replace(/%2F/g, "/");
  return (
    <form
      method="post"
      action={`${href("/favoritos")}?${query}`}
      onSubmit={onSubmit}
      // The light pages' script sends it in the background (docs/decisions/0042).
      data-heart={name}
    >
      <button
        aria-pressed={on}
        aria-label={on ? `Remover ${name} dos favoritos` : `Adicionar ${name} aos favoritos`}
        className="icon-btn icon-heart"
      />
    </form>
  );
}

/**
 * A card's share: the summary opens the device's share sheet with JavaScript (the app's
 * handler, or the light pages' script, which looks for `details[data-share-url]`); without
 * it, it opens one WhatsApp link. The full menu (Facebook, the link to copy) is on the
 * item's own page: a hidden menu in every card cost ~8 elements each (docs/decisions/0041).
 */
function CardShare({ path, name }: { path: string; name: string }) {
  const url = `${useRootData()?.origin ?? ""}${path}`;
  // Only the address (WhatsApp's preview shows the page's title and photo); ':' and '/'
  // may stay as they are in a query.
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(url).replace(/%3A/g, ":").replace(/%2F/g, "/")}`;
  function share(event: MouseEvent<HTMLElement>) {
    event.preventDefault();
    void shareFromCard({ title: name, url, whatsapp });
  }
  return (
    // The address as a path and no title: the light pages' script makes it absolute and
    // reads the card's heading (bytes on every card, docs/decisions/0041).
    <details data-share-url={path}>
      <summary onClick={share} aria-label={`Compartilhar ${name}`} className="icon-btn icon-share" />
      <a href={whatsapp}>
        WhatsApp
      </a>
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
