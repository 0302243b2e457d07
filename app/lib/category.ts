/**
 * `?categoria=` when it is one of the listing's known values; the first one counts
 * (docs/decisions/0012). Pure, for loaders and services alike.
 */
export function categoryFromUrl<T extends string>(url: URL, categories: readonly T[]): T | undefined {
  const value = url.searchParams.get("categoria");
  return categories.find((c) => c === value);
}
