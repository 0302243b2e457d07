import type { ReactNode } from "react";
import { Link } from "react-router";
import { ItemCard } from "~/components/cards/item-card";
import { type PlaceholderKind, SafeImage } from "~/components/safe-image";
import { DeleteLink } from "~/components/owner-actions";
import { viewsLabel } from "~/lib/text";

/** One owned item of a dashboard tab: its photo, title, facts and edit/delete links. */
export interface DashboardItem {
  id: number;
  title: string;
  /** Its public page; the title links there. */
  page: string;
  imageUrl: string | null;
  category: string;
  /** The lines under the title (date, place, price…), in order; the views come after them. */
  facts: { text: ReactNode; strong?: boolean }[];
  views: number;
  /** Null when the item cannot be edited now (a clinic after Premium lapses, 0015). */
  edit: string | null;
  remove: string;
}

/**
 * The item list of the owner's tabs: Meus Eventos, Minhas Clínicas, Meus Produtos
 * (docs/decisions/0034), on the listings' card (docs/decisions/0041) with 'Editar' and
 * 'Excluir' at its foot; the photo stays above the text on phones (`stacked`). 'Editar X'
 * / 'Excluir X' name the item for screen readers; `label` names the list when a tab has
 * more than one.
 */
export function DashboardItemList({
  items,
  kind,
  label,
  testId,
  wide = false,
  className = "",
}: {
  items: DashboardItem[];
  kind: PlaceholderKind;
  label?: string;
  testId: string;
  /** Three columns from `lg` (products fit more in a row). */
  wide?: boolean;
  className?: string;
}) {
  // Events are 16:9 everywhere (their cards and page); the others 4:3 (docs/decisions/0018).
  const event = kind === "event";
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""} ${className}`.trim()} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="grid">
          <ItemCard
            anchor={`${testId}-${item.id}`}
            testId={testId}
            className={event ? "event-card stacked" : "stacked"}
            name={item.title}
            path={item.page}
            photo={<SafeImage src={item.imageUrl} kind={kind} alt="" width={400} height={event ? 225 : 300} variant="card" />}
            badges={<span className="badge bg-white/95 text-slate-800">{item.category}</span>}
            actions={
              <>
                {item.edit ? (
                  <Link to={item.edit} className="btn btn-primary" aria-label={`Editar ${item.title}`}>
                    Editar
                  </Link>
                ) : null}
                <DeleteLink to={item.remove} label={`Excluir ${item.title}`} />
              </>
            }
          >
            {item.facts.map((fact, index) => (
              <p key={index} className={fact.strong ? "text-lg font-bold text-brand-700" : undefined}>
                {fact.text}
              </p>
            ))}
            <p>{viewsLabel(item.views)}</p>
          </ItemCard>
        </li>
      ))}
    </ul>
  );
}
