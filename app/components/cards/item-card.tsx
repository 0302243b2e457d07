import type { ReactNode } from "react";
import { Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import type { FavoriteKind } from "~/lib/favorites";

/**
 * The frame every listing card shares (pet, product, clinic, organization, event): its
 * anchor, the photo and badges the `.item-card` stylesheet places over it, the heading that
 * links to the item's page, the card's own lines, then the heart and the share
 * (docs/decisions/0041). Each card says only what differs.
 */
export function ItemCard({
  anchor,
  testId,
  className,
  kind,
  id,
  name,
  path,
  photo,
  badges,
  children,
}: {
  /** The card's id: `voltar` of its heart comes back to it. */
  anchor: string;
  testId: string;
  /** Beside `item-card`. */
  className?: string;
  kind: FavoriteKind;
  id: number;
  /** The heading's text, and what the heart and the share name. */
  name: string;
  path: string;
  photo: ReactNode;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <article id={anchor} className={className ? `item-card ${className}` : "item-card"} data-testid={testId}>
      {photo}
      {badges}
      <h3>
        <Link to={path}>{name}</Link>
      </h3>
      {children}
      <CardActions kind={kind} id={id} name={name} path={path} anchor={anchor} />
    </article>
  );
}

/** A Premium company's product or clinic on its listing (docs/decisions/0014, 0015). */
export function HighlightBadge({ shown }: { shown: boolean | undefined }) {
  return shown ? (
    <span className="badge absolute top-2 right-2 bg-amber-400 text-amber-950" data-testid="destaque">
      Destaque
    </span>
  ) : null;
}
