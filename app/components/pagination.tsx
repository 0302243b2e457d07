import { Link, useLocation } from "react-router";
import { hrefForPage, visiblePages } from "~/lib/pagination";

/** Page links (plain <a>), so paging works without JavaScript. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const url = new URL(`${location.pathname}${location.search}`, "http://local");
  const item = "grid min-w-11 h-11 place-items-center rounded-lg border px-3 text-sm font-medium";
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefForPage(url, page - 1)} rel="prev" className={`${item} border-slate-300 hover:bg-slate-50`}>
          Anterior
        </Link>
      ) : null}
      {visiblePages(page, totalPages).map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} className="px-1 text-slate-400">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${item} border-brand-600 bg-brand-600 text-white`}>
            {p}
          </span>
        ) : (
          <Link key={p} to={hrefForPage(url, p)} className={`${item} border-slate-300 hover:bg-slate-50`} aria-label={`Página ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefForPage(url, page + 1)} rel="next" className={`${item} border-slate-300 hover:bg-slate-50`}>
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}
