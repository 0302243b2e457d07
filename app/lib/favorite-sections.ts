// The sub-tabs of a favourites list (URLs: …/favoritos, …/favoritos/produtos, …) and the
// spec §2 texts of their empty states.
import type { FavoriteKind } from "./favorites";

export const FAVORITE_SECTIONS = {
  pets: {
    kind: "pets",
    label: "Pets",
    empty: "Você ainda não adicionou nenhum pet aos favoritos.",
    explore: { to: "/pets", label: "Explorar pets" },
  },
  produtos: {
    kind: "products",
    label: "Produtos",
    empty: "Você ainda não adicionou nenhum produto aos favoritos.",
    explore: { to: "/produtos", label: "Explorar produtos" },
  },
  ongs: {
    kind: "organizations",
    label: "ONGs",
    empty: "Você ainda não adicionou nenhuma ONG aos favoritos.",
    explore: { to: "/ongs", label: "Explorar ONGs" },
  },
  eventos: {
    kind: "events",
    label: "Eventos",
    empty: "Você ainda não adicionou nenhum evento aos favoritos.",
    explore: { to: "/eventos", label: "Explorar eventos" },
  },
  clinicas: {
    kind: "clinics",
    label: "Clínicas",
    empty: "Você ainda não adicionou nenhuma clínica aos favoritos.",
    explore: { to: "/clinicas", label: "Explorar clínicas" },
  },
} as const satisfies Record<string, { kind: FavoriteKind; label: string; empty: string; explore: { to: string; label: string } }>;

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
