import { FavoriteButton } from "~/components/favorite-button";
import { ShareMenu } from "~/components/share-menu";
import type { FavoriteKind } from "~/lib/favorites";

/** The heart and the share menu at the foot of every card (spec §1: favourite and share). */
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
    <div className="relative flex justify-end border-t border-slate-100 px-2">
      <FavoriteButton kind={kind} id={id} name={name} anchor={anchor} />
      <ShareMenu path={path} title={name} floating />
    </div>
  );
}
