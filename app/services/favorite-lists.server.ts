// A favourites list resolved from D1 (never from sample data): the cards of one kind, in
// the order they were favourited. Ids of items deleted since drop out of KV.
import { href, type RouterContextProvider } from "react-router";
import { getCloudflare, getDb } from "~/context.server";
import { FAVORITE_SECTIONS, type FavoriteItem, type FavoriteSection } from "~/lib/favorite-sections";
import { formatBRL, formatLongDate } from "~/lib/format";
import { CLINIC_CATEGORY_LABELS, labelOf, ORGANIZATION_TYPE_LABELS, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { getClinicCardsByIds } from "~/models/clinics.server";
import { getEventCardsByIds } from "~/models/events.server";
import { dropMissingFavorites, type FavoritesOwner, readFavorites } from "~/models/favorites.server";
import { getOrganizationCardsByIds } from "~/models/organizations.server";
import { getPetCardsByIds } from "~/models/pets.server";
import { petTitle } from "~/lib/pet-title";
import { getProductCardsByIds } from "~/models/products.server";

async function itemsOf(db: ReturnType<typeof getDb>, section: FavoriteSection, ids: number[]): Promise<FavoriteItem[]> {
  switch (section) {
    case "pets":
      return (await getPetCardsByIds(db, ids)).map((pet) => ({
        id: pet.id,
        // The ad's one title: its name, or 'Gato encontrado em Osasco - SP' (0045).
        name: petTitle(pet),
        href: href("/pet/:id", { id: String(pet.id) }),
        imageUrl: pet.mainImageUrl,
        imageKind: "pet",
        details: [labelOf(PET_STATUS_LABELS, pet.status), labelOf(PET_SPECIES_LABELS, pet.type), pet.location].join(" · "),
      }));
    case "produtos":
      return (await getProductCardsByIds(db, ids)).map((product) => ({
        id: product.id,
        name: product.title,
        href: href("/produto/:id", { id: String(product.id) }),
        imageUrl: product.mainImageUrl,
        imageKind: "product",
        details: product.location,
        price: formatBRL(product.priceCents),
      }));
    case "ongs":
      return (await getOrganizationCardsByIds(db, ids)).map((organization) => ({
        id: organization.id,
        name: organization.name,
        href: href("/ong/:id", { id: String(organization.id) }),
        imageUrl: organization.mainImageUrl,
        imageKind: "organization",
        details: [labelOf(ORGANIZATION_TYPE_LABELS, organization.type), organization.location].join(" · "),
      }));
    case "eventos":
      return (await getEventCardsByIds(db, ids)).map((event) => ({
        id: event.id,
        name: event.title,
        href: href("/evento/:id", { id: String(event.id) }),
        imageUrl: event.mainImageUrl,
        imageKind: "event",
        details: [formatLongDate(event.date), event.location].join(" · "),
      }));
    case "clinicas":
      return (await getClinicCardsByIds(db, ids)).map((clinic) => ({
        id: clinic.id,
        name: clinic.name,
        href: href("/clinica/:id", { id: String(clinic.id) }),
        imageUrl: clinic.mainImageUrl,
        imageKind: "clinic",
        details: [labelOf(CLINIC_CATEGORY_LABELS, clinic.category), clinic.location].join(" · "),
      }));
  }
}

export async function loadFavoriteSection(
  context: Readonly<RouterContextProvider>,
  owner: FavoritesOwner | null,
  section: FavoriteSection,
): Promise<FavoriteItem[]> {
  if (!owner) return [];
  const { env, ctx } = getCloudflare(context);
  const { kind } = FAVORITE_SECTIONS[section];
  const ids = (await readFavorites(env.KV, owner))[kind];
  const items = await itemsOf(getDb(context), section, ids);
  const found = new Set(items.map((item) => item.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) ctx.waitUntil(dropMissingFavorites(env.KV, owner, kind, missing).catch(() => {}));
  return items;
}
