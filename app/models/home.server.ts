// The home page reads everything it shows in one D1 round-trip (db.batch).
import type { Database } from "~/context.server";
import { listedTotal, resolvedCasesQuery } from "./ad-lifecycle.server";
import { latestClinicsQuery } from "./clinics.server";
import { countersQuery, toCounts } from "./counters.server";
import { countUpcomingEventsQuery, upcomingEventsQuery } from "./events.server";
import { latestOrganizationsQuery } from "./organizations.server";
import { latestPetsQuery } from "./pets.server";
import { latestProductsQuery } from "./products.server";

export const HOME_SECTION_SIZE = 8;

/** Cards in the "Casos resolvidos" strip (docs/decisions/0023). */
export const RESOLVED_CASES_SIZE = 4;

export async function getHomePage(db: Database, now: string, clock: Date = new Date()) {
  const limit = HOME_SECTION_SIZE;
  const [counterRows, lostPets, adoptionPets, latestPets, products, clinics, organizations, events, upcomingEvents, resolvedCases] =
    await db.batch([
      countersQuery(db),
      latestPetsQuery(db, { status: "perdido", limit }),
      latestPetsQuery(db, { status: "adocao", limit }),
      latestPetsQuery(db, { limit }),
      latestProductsQuery(db, { limit }),
      latestClinicsQuery(db, { limit }),
      latestOrganizationsQuery(db, { limit }),
      upcomingEventsQuery(db, { from: now, limit }),
      countUpcomingEventsQuery(db, now),
      resolvedCasesQuery(db, { now: clock, limit: RESOLVED_CASES_SIZE }),
    ]);
  const counts = toCounts(counterRows);
  return {
    // Honest statistics (docs/decisions/0023): pets that went home and pets adopted, as
    // their owners closed the ads; sections count the ads still listed.
    stats: {
      registered: counts.pets,
      found: counts["pets:reencontrado"],
      adopted: counts["pets:adotado"],
    },
    resolvedCases,
    lostPets: { items: lostPets, total: counts["pets:listed:perdido"] },
    adoptionPets: { items: adoptionPets, total: counts["pets:listed:adocao"] },
    latestPets: { items: latestPets, total: listedTotal(counts) },
    products: { items: products, total: counts.products },
    clinics: { items: clinics, total: counts.clinics },
    organizations: { items: organizations, total: counts.organizations },
    events: { items: events, total: upcomingEvents[0]?.value ?? 0 },
  };
}

export type HomePage = Awaited<ReturnType<typeof getHomePage>>;
