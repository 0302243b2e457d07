import type { ReactNode } from "react";
import { Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import type { FavoriteKind } from "~/lib/favorites";
import { formatDistance, formatTimeAgo, timeAgoDateTime } from "~/lib/format";

/**
 * The card's foot: the heart and the share of a listing's card, or a list's own actions
 * (the favourites' 'Remover', a dashboard's 'Editar' and 'Excluir'); `actions={null}` for
 * none (the home's 'Casos resolvidos': closed ads, nothing to favourite).
 */
type ItemCardActions = { kind: FavoriteKind; id: number; actions?: undefined } | { actions: ReactNode; kind?: undefined; id?: undefined };

/**
 * The frame every card of a list shares (pet, product, clinic, organization, event, a
 * favourite, a dashboard's item): its anchor, the photo and badges the `.item-card`
 * stylesheet places over it, the heading that links to the item's page, the card's own
 * lines, then the heart and the share or the list's own actions (docs/decisions/0041). On
 * phones the stylesheet makes it a row, the photo at the left. Each card says only what
 * differs.
 */
export function ItemCard({
  anchor,
  testId,
  className,
  name,
  path,
  photo,
  badges,
  children,
  ...foot
}: {
  /** The card's id: `voltar` of its heart comes back to it. */
  anchor: string;
  testId: string;
  /** Beside `item-card`. */
  className?: string;
  /** The heading's text, and what the heart and the share name. */
  name: string;
  path: string;
  photo: ReactNode;
  badges?: ReactNode;
  children: ReactNode;
} & ItemCardActions) {
  const classes = ["item-card", foot.kind === undefined ? "own-actions" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <article id={anchor} className={classes} data-testid={testId}>
      {photo}
      {badges}
      <h3>
        <Link to={path}>{name}</Link>
      </h3>
      {children}
      {foot.kind === undefined ? (
        foot.actions == null ? null : (
          <div className="item-card-actions">{foot.actions}</div>
        )
      ) : (
        <CardActions kind={foot.kind} id={foot.id} name={name} path={path} anchor={anchor} />
      )}
    </article>
  );
}

/**
 * A card's place, and its distance from the city the visitor gave when there is one
 * (docs/decisions/0041): 'Centro, Campinas - SP · a 12 km'.
 */
export function PlaceLine({ location, distanceKm }: { location: string; distanceKm?: number | null }) {
  return <p className="icon-pin">{distanceKm == null ? location : `${location} · ${formatDistance(distanceKm)}`}</p>;
}

/**
 * How long ago the item was posted: 'há 2 horas' (docs/decisions/0041). The server's
 * text stays when the page hydrates a little later (a minute may have turned meanwhile).
 */
export function TimeAgo({ date }: { date: Date | number | string }) {
  return (
    <time dateTime={timeAgoDateTime(date)} suppressHydrationWarning>
      {formatTimeAgo(date)}
    </time>
  );
}

/** A Premium company's product or clinic on its listing (docs/decisions/0014, 0015). */
export function HighlightBadge({ shown }: { shown: boolean | undefined }) {
  return shown ? (
    <span className="badge bg-amber-400 text-amber-950" data-testid="destaque">
      Destaque
    </span>
  ) : null;
}
