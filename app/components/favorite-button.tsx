import type { FormEvent } from "react";
import { useLocation } from "react-router";
import { HeartIcon } from "~/components/icons";
import { showToast } from "~/lib/client-toasts";
import { enqueue, HeartFailure, heartFailureMessage, setFavoriteOverride, useFavoriteState } from "~/lib/favorite-overrides";
import { FAVORITE_TEXTS, heartLabel, type FavoriteKind } from "~/lib/favorites";
import { useRootData } from "~/lib/root-data";

const FAILURE = FAVORITE_TEXTS.failed;

/**
 * The heart (spec §4): a POST form that works without JavaScript (the server redirects
 * back to this page, to `anchor` when given). With JavaScript the heart flips at once
 * and the change is sent in the background.
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
  const root = useRootData();
  const favorites = root?.favorites;
  const on = useFavoriteState(kind, id, favorites);
  const location = useLocation();
  const back = `${location.pathname}${location.search}${anchor ? `#${anchor}` : ""}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set("resposta", "dados");
    const wanted = !on;
    setFavoriteOverride(kind, id, wanted, favorites);
    enqueue(async () => {
      const response = await fetch("/favoritos", { method: "POST", body, credentials: "same-origin", keepalive: true });
      if (!response.ok) throw new HeartFailure(await heartFailureMessage(response));
    }).catch((error: unknown) => {
      setFavoriteOverride(kind, id, !wanted, favorites);
      showToast({ type: "error", title: error instanceof HeartFailure ? error.message : FAILURE });
    });
  }

  const label = heartLabel(on, name);
  return (
    // data-heart (the item's name) is how the light pages' script finds the hearts
    // (docs/decisions/0042).
    <form method="post" action="/favoritos" onSubmit={onSubmit} data-heart={name}>
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
