import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/icons";

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
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className={tone === "muted" ? "bg-slate-50 py-10" : "py-10"}
    >
      <div className="container-page">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={`${id}-titulo`} className="text-2xl font-bold text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-600">{subtitle}</p>
          </div>
          <Link to={viewAllTo} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
            {viewAllLabel} <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
        {isEmpty ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
            {emptyMessage}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {children}
          </div>
        )}
      </div>
    </section>
  );
}
