// The sub-tabs of a favourites list (URLs: …/favoritos, …/favoritos/produtos, …) and the
// spec §2 texts of their empty states.
import type { FavoriteKind } from "./favorites";

/** A sub-tab: its label, the empty state's "Você ainda não adicionou {none} aos favoritos." and where to find more. */
function section<Kind extends FavoriteKind>(kind: Kind, label: string, none: string, explore: { to: string; label: string }) {
  return { kind, label, empty: `Você ainda não adicionou ${none} aos favoritos.`, explore };
}

export const FAVORITE_SECTIONS = {
  pets: section("pets", "Pets", "nenhum pet", { to: "/pets", label: "Explorar pets" }),
  produtos: section("products", "Produtos", "nenhum produto", { to: "/produtos", label: "Explorar produtos" }),
  ongs: section("organizations", "ONGs", "nenhuma ONG", { to: "/ongs", label: "Explorar ONGs" }),
  eventos: section("events", "Eventos", "nenhum evento", { to: "/eventos", label: "Explorar eventos" }),
  clinicas: section("clinics", "Clínicas", "nenhuma clínica", { to: "/clinicas", label: "Explorar clínicas" }),
};

export type FavoriteSection = keyof typeof FAVORITE_SECTIONS;

/** The owner dashboard shows the spec's three; the visitors' page shows all five. */
export const DASHBOARD_SECTIONS: FavoriteSection[] = ["pets", "produtos", "ongs"];
export const ALL_SECTIONS = Object.keys(FAVORITE_SECTIONS) as FavoriteSection[];

/** The section named by the URL segment (none = the first), or null for an unknown one. */
export function sectionFromParam(param: string | undefined, allowed: FavoriteSection[]): FavoriteSection | null {
  if (param === undefined) return allowed[0]!;
  // The first tab has no segment of its own: one URL per tab.
  if (param === allowed[0]) return null;
  return (allowed as string[]).includes(param) ? (param as FavoriteSection) : null;
}

export interface FavoriteItem {
  id: number;
  name: string;
  href: string;
  imageUrl: string | null;
  imageKind: "pet" | "product" | "organization" | "event" | "clinic";
  details: string;
  /** Products: the price, shown prominently. */
  price?: string;
}
