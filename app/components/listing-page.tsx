import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";

interface ListingPageProps {
  title: string;
  subtitle: string;
  emptyMessage: string;
  isEmpty: boolean;
  page: number;
  totalPages: number;
  filters?: ReactNode;
  children: ReactNode;
}

/** The frame shared by /pets, /produtos, /ongs, /eventos and /clinicas. */
export function ListingPage({ title, subtitle, emptyMessage, isEmpty, page, totalPages, filters, children }: ListingPageProps) {
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{subtitle}</p>
      {filters ? <div className="mt-4">{filters}</div> : null}
      {isEmpty ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">{emptyMessage}</p>
      ) : (
        <ResultsSection className="mt-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">{children}</div>
        </ResultsSection>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

/** A listing's results, under a hidden 'Resultados' heading. */
export function ResultsSection({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section aria-labelledby="resultados" className={className}>
      {/* The cards' h3 titles need an h2 above them (heading order, docs/decisions/0021). */}
      <h2 id="resultados" className="sr-only">
        Resultados
      </h2>
      {children}
    </section>
  );
}
