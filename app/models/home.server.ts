// The home page reads everything it shows in one D1 round-trip (db.batch).
import type { Database } from "~/context.server";
import { latestClinicsQuery } from "./clinics.server";
import { countersQuery, toCounts } from "./counters.server";
import { countUpcomingEventsQuery, upcomingEventsQuery } from "./events.server";
import { latestOrganizationsQuery } from "./organizations.server";
import { latestPetsQuery } from "./pets.server";
import { latestProductsQuery } from "./products.server";

export const HOME_SECTION_SIZE = 8;

export async function getHomePage(db: Database, now: string) {
  const limit = HOME_SECTION_SIZE;
  const [
    counterRows,
    lostPets,
    adoptionPets,
    latestPets,
    products,
    clinics,
    organizations,
    events,
    upcomingEvents,
  ] = await db.batch([
    countersQuery(db),
    latestPetsQuery(db, { status: "perdido", limit }),
    latestPetsQuery(db, { status: "adocao", limit }),
    latestPetsQuery(db, { limit }),
    latestProductsQuery(db, { limit }),
    latestClinicsQuery(db, { limit }),
    latestOrganizationsQuery(db, { limit }),
    upcomingEventsQuery(db, { from: now, limit }),
    countUpcomingEventsQuery(db, now),
  ]);
  const counts = toCounts(counterRows);
  return {
    stats: {
      registered: counts.pets,
      found: counts["pets:encontrado"],
      adopted: counts["pets:adocao"],
    },
    lostPets: { items: lostPets, total: counts["pets:perdido"] },
    adoptionPets: { items: adoptionPets, total: counts["pets:adocao"] },
    latestPets: { items: latestPets, total: counts.pets },
    products: { items: products, total: counts.products },
    clinics: { items: clinics, total: counts.clinics },
    organizations: { items: organizations, total: counts.organizations },
    events: { items: events, total: upcomingEvents[0]?.value ?? 0 },
  };
}

export type HomePage = Awaited<ReturnType<typeof getHomePage>>;
