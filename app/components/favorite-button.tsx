import { useEffect } from "react";
import { useLocation } from "react-router";
import { installHearts } from "~/browser/hearts";
import { HeartIcon } from "~/components/icons";
import { FAVORITE_TEXTS, heartLabel, isFavorite, type FavoriteKind } from "~/lib/favorites";
import { useRootData } from "~/lib/root-data";

/**
 * The heart (spec §4): a POST form that works without JavaScript (the server redirects
 * back to this page, to `anchor` when given). With JavaScript the change is sent in the
 * background by app/browser/hearts.ts, which finds the form by `data-heart` (the item's
 * name), as on the light pages.
 */
export function FavoriteButton({
  kind,
  id,
  name,
  anchor,
  withLabel = false,
}: {
  kind: FavoriteKind;
  id: number;
  name: string;
  anchor?: string;
  withLabel?: boolean;
}) {
  const on = isFavorite(useRootData()?.favorites, kind, id);
  const location = useLocation();
  const back = `${location.pathname}${location.search}${anchor ? `#${anchor}` : ""}`;
  useEffect(installHearts, []);

  const label = heartLabel(on, name);
  return (
    <form method="post" action="/favoritos" data-heart={name}>
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="favorito" value={on ? "0" : "1"} />
      <input type="hidden" name="voltar" value={back} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={withLabel ? undefined : label}
        data-testid="favorite-button"
        className={`icon-btn hover:text-red-600 ${withLabel ? "icon-btn-labelled" : ""}`}
      >
        <HeartIcon filled={on} />
        {withLabel ? <span>{on ? FAVORITE_TEXTS.pressed : FAVORITE_TEXTS.unpressed}</span> : null}
      </button>
    </form>
  );
}
