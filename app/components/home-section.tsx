import type { ReactNode } from "react";
import { Link } from "react-router";

interface HomeSectionProps {
  id: string;
  title: string;
  subtitle: string;
  viewAllTo: string;
  viewAllLabel: string;
  emptyMessage: string;
  isEmpty: boolean;
  children: ReactNode;
  tone?: "white" | "muted";
}

/** One home section: title, count, its few cards (HOME_SECTION_SIZES) or the empty message, a "view all" link. */
export function HomeSection({
  id,
  title,
  subtitle,
  viewAllTo,
  viewAllLabel,
  emptyMessage,
  isEmpty,
  children,
  tone = "white",
}: HomeSectionProps) {
  // Few wrappers (docs/decisions/0041): the section itself is the page-wide band and keeps
  // the content to the page's width with its padding (as .container-page would).
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className={`home-section ${tone === "muted" ? "bg-slate-50" : ""}`}>
      {/* 'Ver todos' beside the title on phones too, the count below both: two short lines. */}
      <div className="mb-3 grid grid-cols-[1fr_auto] items-center gap-x-3 sm:mb-5 sm:items-end">
        <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        <p className="col-span-2 text-sm text-slate-600 sm:col-span-1">{subtitle}</p>
        <Link
          to={viewAllTo}
          className="icon-arrow col-start-2 row-span-2 row-start-1 inline-flex min-h-11 items-center gap-1 text-right text-sm font-semibold text-brand-700 hover:underline"
        >
          {viewAllLabel}
        </Link>
      </div>
      {isEmpty ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{emptyMessage}</p>
      ) : (
        // A row that scrolls sideways on a phone: the section is as tall as one card.
        <div className="card-row sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">{children}</div>
      )}
    </section>
  );
}
