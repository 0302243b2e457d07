import type { ReactNode } from "react";
import { Link } from "react-router";
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
 * (docs/decisions/0034). 'Editar X' / 'Excluir X' name the item for screen
 * readers; `label` names the list when a tab has more than one.
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
  const height = kind === "event" ? 225 : 300;
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""} ${className}`.trim()} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="card flex flex-col" data-testid={testId}>
          <SafeImage
            src={item.imageUrl}
            kind={kind}
            alt={item.title}
            width={400}
            height={height}
            variant="card"
            className={`${kind === "event" ? "aspect-video" : "aspect-[4/3]"} w-full rounded-t-xl bg-slate-100 object-cover`}
          />
          <div className="flex flex-1 flex-col gap-1 p-3">
            <p className="text-xs font-medium text-slate-500">{item.category}</p>
            <h3 className="font-semibold text-slate-900">
              {/* A 44 px tall target, as the listing cards' titles (docs/decisions/0033). */}
              <Link to={item.page} className="card-link hover:text-brand-700">
                {item.title}
              </Link>
            </h3>
            {item.facts.map((fact, index) => (
              <p key={index} className={fact.strong ? "text-lg font-bold text-brand-700" : "text-sm text-slate-600"}>
                {fact.text}
              </p>
            ))}
            <p className="text-sm text-slate-500">{viewsLabel(item.views)}</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              {item.edit ? (
                <Link to={item.edit} className="btn btn-primary" aria-label={`Editar ${item.title}`}>
                  Editar
                </Link>
              ) : null}
              <DeleteLink to={item.remove} label={`Excluir ${item.title}`} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
