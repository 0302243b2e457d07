// The personal dashboard's overview (docs/decisions/0033 §8): the owner's open ads,
// each with how many sightings and matches it has and how many of them are new.
import { sql } from "drizzle-orm";
import type { ActivityDatabase, Database } from "~/context.server";
import { petMatches, pets } from "~/db/schema";
import { FOUND_STATUSES } from "~/lib/pet-match";
import { petTitle } from "~/lib/pet-title";
import { visibleSightingCounts } from "./sightings.server";

export interface MyOpenAd {
  id: number;
  /** The ad's one title (docs/decisions/0045). */
  title: string;
  type: string;
  status: string;
  mainImageUrl: string | null;
  /** Still in the search (0 once expired: docs/decisions/0023). */
  listed: boolean;
  sightings: number;
  newSightings: number;
  matches: number;
  newMatches: number;
}

/**
 * The owner's ads not closed, newest first, with their visible sightings and their matches
 * (counted as the pet page lists them: the other pet open, same species, still found or
 * sighted), and how many of each arrived since `since`. One statement per database
 * (docs/decisions/0050): on the main one, the owner's ads from pets_user_id_created_at_idx
 * and their matches from pet_matches_pair_unique (lost_pet_id first); then, on the activity
 * one, those ads' sightings from sightings_pet_id_idx. Every sighting and match row is read
 * once, in grouped queries, never once per ad from the application.
 */
export async function listMyOpenAds(db: Database, activityDb: ActivityDatabase, ownerId: string, since: Date): Promise<MyOpenAd[]> {
  const from = since.getTime();
  const rows = await db.all<{
    id: number;
    name: string;
    type: string;
    status: string;
    gender: string | null;
    location: string;
    main_image_url: string | null;
    listed: number;
    matches: number | null;
    new_matches: number | null;
  }>(sql`
    SELECT p.id, p.name, p.type, p.status, p.gender, p.location, p.main_image_url, p.listed,
      m.total AS matches, m.fresh AS new_matches
    FROM ${pets} p
    LEFT JOIN (
      SELECT m.lost_pet_id, count(*) AS total, sum(m.created_at >= ${from}) AS fresh
      FROM ${pets} mine
      JOIN ${petMatches} m ON m.lost_pet_id = mine.id
      JOIN ${pets} other ON other.id = m.other_pet_id
      WHERE mine.user_id = ${ownerId} AND mine.closed_as IS NULL AND mine.status = 'perdido'
        AND other.closed_as IS NULL AND other.moderation IS NULL AND other.type = mine.type AND other.status IN ${[...FOUND_STATUSES]}
      GROUP BY m.lost_pet_id
    ) m ON m.lost_pet_id = p.id
    WHERE p.user_id = ${ownerId} AND p.closed_as IS NULL
    ORDER BY p.created_at DESC, p.id DESC`);
  const sightings = await visibleSightingCounts(
    activityDb,
    rows.map((row) => row.id),
    since,
  );
  return rows.map((row) => ({
    id: row.id,
    title: petTitle(row),
    type: row.type,
    status: row.status,
    mainImageUrl: row.main_image_url,
    listed: Boolean(row.listed),
    sightings: sightings.get(row.id)?.total ?? 0,
    newSightings: sightings.get(row.id)?.fresh ?? 0,
    matches: Number(row.matches ?? 0),
    newMatches: Number(row.new_matches ?? 0),
  }));
}
