// The home page reads everything it shows in one D1 round-trip (db.batch).
import type { Database } from "~/context.server";
import { listedTotal, resolvedCasesQuery } from "./ad-lifecycle.server";
import { latestClinicsQuery } from "./clinics.server";
import { countersQuery, toCounts } from "./counters.server";
import { countUpcomingEventsQuery, upcomingEventsQuery } from "./events.server";
import { latestOrganizationsQuery } from "./organizations.server";
import { latestPetsQuery } from "./pets.server";
import { latestProductsQuery } from "./products.server";

/**
 * Cards per home section (docs/decisions/0041, "A home a thumb can cross"): one row on a
 * desktop. The pets come first and get four, as products; clinics and NGOs two; the next
 * event one, as the last section's photo sits past what Chromium lazy-loads ahead on a
 * phone and a visitor without JavaScript fetches it anyway (docs/decisions/0043). Each
 * section's 'Ver todos' leads on.
 */
export const HOME_SECTION_SIZES = {
  lostPets: 4,
  adoptionPets: 4,
  latestPets: 4,
  products: 4,
  clinics: 2,
  organizations: 2,
  events: 1,
} as const;

/** Cards in the "Casos resolvidos" strip (docs/decisions/0023). */
export const RESOLVED_CASES_SIZE = 4;

export async function getHomePage(db: Database, now: string, clock: Date = new Date()) {
  const limit = HOME_SECTION_SIZES;
  const [counterRows, lostPets, adoptionPets, latestPets, products, clinics, organizations, events, upcomingEvents, resolvedCases] =
    await db.batch([
      countersQuery(db),
      latestPetsQuery(db, { status: "perdido", limit: limit.lostPets }),
      latestPetsQuery(db, { status: "adocao", limit: limit.adoptionPets }),
      latestPetsQuery(db, { limit: limit.latestPets }),
      latestProductsQuery(db, { limit: limit.products }),
      latestClinicsQuery(db, { limit: limit.clinics }),
      latestOrganizationsQuery(db, { limit: limit.organizations }),
      upcomingEventsQuery(db, { from: now, limit: limit.events }),
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
