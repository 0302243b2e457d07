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

/** One home section: title, count, up to 8 cards or the empty message, a "view all" link. */
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
      <div className="mb-5 grid items-end gap-x-3 sm:grid-cols-[1fr_auto]">
        <h2 id={`${id}-titulo`} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{subtitle}</p>
        <Link
          to={viewAllTo}
          className="icon-arrow inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline sm:col-start-2 sm:row-span-2 sm:row-start-1"
        >
          {viewAllLabel}
        </Link>
      </div>
      {isEmpty ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{emptyMessage}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">{children}</div>
      )}
    </section>
  );
}
