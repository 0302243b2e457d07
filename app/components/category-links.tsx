import { Link } from "react-router";

/** The listing with another category (or none), keeping the search text (and `keep`). */
function categoryHref(basePath: string, category: string | null, q: string, keep: Record<string, string> = {}) {
  const params = new URLSearchParams(keep);
  if (category) params.set("categoria", category);
  if (q) params.set("q", q);
  const query = params.toString();
  return `${basePath}${query ? `?${query}` : ""}`;
}

/** A listing's category filter as plain links ("Todas" first): works without JavaScript. */
export function CategoryLinks({
  basePath,
  categories,
  labels,
  current,
  q,
  keep,
}: {
  basePath: string;
  categories: readonly string[];
  labels: Record<string, string>;
  current: string | null;
  q: string;
  /** Other filters the links keep (e.g. /eventos?quando=passados). */
  keep?: Record<string, string>;
}) {
  const options = [{ value: null, label: "Todas" }, ...categories.map((value) => ({ value, label: labels[value] ?? value }))];
  return (
    <nav aria-label="Categorias" className="mt-3 flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === current;
        return (
          <Link
            key={option.value ?? "todas"}
            to={categoryHref(basePath, option.value, q, keep)}
            aria-current={active ? "page" : undefined}
            className={`chip ${active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}
