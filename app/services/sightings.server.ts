// 'Vi este pet' (docs/decisions/0024-sightings.md): the write that touches D1, R2, KV
// (rate limits), the owner's mail and the edge cache, in one place so the route actions
// only parse input.
import { href } from "react-router";
import { type ActivityDatabase, type Database, getActivityDb, getCloudflare, getDb, type RequestContext } from "~/context.server";
import { SIGHTING_PHOTO_LIMIT_MESSAGE, type SightingInput } from "~/forms/sighting";
import { brasiliaNow, formatLongDateTime } from "~/lib/format";
import {
  deleteSightingsOf,
  existingPetIds,
  existingUserIds,
  getSightingTarget,
  hideSightingForOwner,
  insertSighting,
  type SightingTarget,
  sightingPetIdsPage,
  sightingReporterIdsPage,
} from "~/models/sightings.server";
import { type SightingLimit, takesSightings } from "~/lib/sightings";
import { forgetPage } from "~/platform/edge-cache.server";
import { checkImageUploads, deleteImagesByUrl, imageReader, imageStore, putImages } from "~/platform/images.server";
import { SightingMail } from "~/mail/sighting";
import { renderMail } from "~/mail/render.server";
import type { MailMessage } from "~/platform/mail.server";
import { mailOwnerAboutReport, takeAdInboxLimits } from "./ad-inbox.server";
import { getSession } from "~/platform/session.server";
import { type CityChoices, locationText, resolveCity } from "./places.server";
import { siteOrigin } from "~/platform/site-url.server";

// R2 folder of sighting photos (docs/decisions/0024).
export const SIGHTING_PHOTO_FOLDER = "avistamentos";
// A phone's clock a few minutes ahead is not a sighting from the future.
const CLOCK_SLACK_MS = 10 * 60 * 1000;
// Without a date of disappearance, an ad is often posted days after the pet went missing.
const DAYS_BEFORE_AD_WITHOUT_DATE = 30;

export type SightingResult =
  | { ok: true; petId: number; petName: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]>; cityChoices?: CityChoices | null }
  | { ok: false; reason: "rate-limited"; limit: SightingLimit; retryAfterSeconds: number };

/** "2026-11-20" minus `days`, as "yyyy-MM-dd". */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The earliest sensible time of a sighting: the day before the pet went missing (a date
 * typed from memory may be a day off), or, without that date, a month before the ad.
 */
export function earliestSeenAt(pet: Pick<SightingTarget, "missingSince" | "createdAt">): string {
  const posted = brasiliaNow(pet.createdAt).slice(0, 10);
  const missing = pet.missingSince && /^\d{4}-\d{2}-\d{2}$/.test(pet.missingSince) ? pet.missingSince : null;
  const base = missing ? (missing < posted ? missing : posted) : daysBefore(posted, DAYS_BEFORE_AD_WITHOUT_DATE);
  return `${daysBefore(base, 1)}T00:00`;
}

/** Field errors of the time against the pet and the clock; null when it is fine. */
export function checkSeenAt(seenAt: string, pet: Pick<SightingTarget, "missingSince" | "createdAt">, now = Date.now()) {
  if (seenAt > brasiliaNow(new Date(now + CLOCK_SLACK_MS))) return ["A data e a hora não podem estar no futuro."];
  const earliest = earliestSeenAt(pet);
  if (seenAt < earliest) {
    return [`Informe uma data a partir de ${earliest.slice(0, 10).split("-").reverse().join("/")}.`];
  }
  return null;
}

/**
 * The checks of a sighting the form's schema cannot make: the time against the pet and the
 * clock, the photo's bytes, the city. The route also runs them when the schema refused
 * other fields, with whatever parsed, so one answer says everything (docs/decisions/0033
 * §14).
 */
export async function checkSightingAgainstPet(
  context: RequestContext,
  pet: SightingTarget,
  input: { seenAt?: string; city?: string },
  files: File[],
  cityCode = "",
) {
  const fieldErrors: Record<string, string[]> = {};
  const seenAtErrors = input.seenAt ? checkSeenAt(input.seenAt, pet) : null;
  if (seenAtErrors) fieldErrors.seenAt = seenAtErrors;
  const upload = await checkImageUploads(imageReader(context), files, 1);
  if (upload.truncated) fieldErrors.photo = [SIGHTING_PHOTO_LIMIT_MESSAGE];
  else if (upload.errors.length) fieldErrors.photo = upload.errors;
  // 'Cidade' is optional: blank is the pet's city (docs/decisions/0032, Forms).
  const city = input.city ? await resolveCity(getDb(context), { city: input.city, cityCode }) : null;
  if (city && !city.ok) Object.assign(fieldErrors, city.fieldErrors);
  return { fieldErrors, upload, city };
}

/**
 * Records a sighting: checks the pet, the time and the photo (nothing is written for bad
 * input), then the limits per client and per pet (a refused request counts nothing), then
 * stores the photo and the row, mails the owner and forgets the cached page.
 */
export async function reportSighting(
  context: RequestContext,
  request: Request,
  petId: number,
  input: Omit<SightingInput, "website">,
  files: File[],
  /** The radio chosen when the typed city is in several states. */
  cityCode = "",
): Promise<SightingResult> {
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const pet = await getSightingTarget(db, petId);
  if (!pet) return { ok: false, reason: "not-found" };
  if (!takesSightings(pet)) return { ok: false, reason: "closed" };

  const { fieldErrors, upload, city } = await checkSightingAgainstPet(context, pet, input, files, cityCode);
  if (Object.keys(fieldErrors).length) return { ok: false, reason: "invalid", fieldErrors, cityChoices: city?.choices ?? null };
  // Seen in another city than the pet's: the place says which ("Praça da Matriz, Osasco - SP").
  const elsewhere = city?.ok && city.municipalityCode !== pet.municipalityCode;
  const place = elsewhere ? locationText(city.municipality, input.place) : input.place;

  // Per pet, each network is counted apart, under a shared ceiling with a part kept for
  // new networks and confirmed accounts: a few networks cannot silence a lost pet
  // (docs/decisions/0030).
  const taken = await takeAdInboxLimits(context, request, "sightings", pet.id);
  if (!taken.allowed) return { ok: false, reason: "rate-limited", limit: taken.limit, retryAfterSeconds: taken.retryAfterSeconds };

  const [imageUrl = null] = upload.images.length ? await putImages(imageStore(context), upload.images, SIGHTING_PHOTO_FOLDER) : [];
  try {
    // The pet was read lost, open and public just above, on the main database; the
    // sighting goes to the activity database (docs/decisions/0050).
    await insertSighting(getActivityDb(context), pet, {
      place,
      municipalityCode: city?.ok ? city.municipalityCode : null,
      seenAt: input.seenAt,
      notes: input.notes ?? null,
      imageUrl,
      contact: input.contact ?? null,
      reporterUserId: getSession(context).get("userId") ?? null,
    });
  } catch (error) {
    await deleteImagesByUrl(env.IMAGES, [imageUrl]);
    throw error;
  }

  const link = `${siteOrigin(env)}${href("/pet/:id", { id: String(pet.id) })}`;
  await mailOwnerAboutReport(context, "sightings", pet.id, sightingMail(pet, { ...input, place, hasPhoto: Boolean(imageUrl) }, link));
  forgetPage(context, request, "pet", pet.id);
  return { ok: true, petId: pet.id, petName: pet.title };
}

/** The owner's mail: subject 'Alguém viu {name}!', everything the reporter sent. */
export function sightingMail(
  pet: Pick<SightingTarget, "title" | "ownerEmail">,
  sighting: { place: string; seenAt: string; notes?: string; contact?: string; hasPhoto: boolean },
  link: string,
): MailMessage {
  const { place, seenAt, notes, contact, hasPhoto } = sighting;
  const when = formatLongDateTime(seenAt);
  return { to: pet.ownerEmail, ...renderMail(SightingMail, { petTitle: pet.title, place, when, notes, contact, hasPhoto, link }) };
}

/** The owner hides a sighting for everyone; the cached page forgets it. */
export async function hideSighting(
  context: RequestContext,
  request: Request,
  { id, petId, ownerId }: { id: number; petId: number; ownerId: string },
): Promise<boolean> {
  const hidden = await hideSightingForOwner(getDb(context), getActivityDb(context), { id, petId, ownerId });
  if (hidden) forgetPage(context, request, "pet", petId);
  return hidden;
}

/** Ids the orphan sweep checks per page (one skip scan, one lookup on main, one delete). */
export const ORPHAN_SWEEP_PAGE = 500;

/**
 * Walks keys of the sightings page by page (`read`), keeps those main no longer has
 * (`exists`), and deletes their sightings with their photos (`remove`). Returns how many
 * keys were gone.
 */
async function sweepBy<Key extends number | string>(
  images: R2Bucket,
  first: Key,
  pageSize: number,
  read: (after: Key, limit: number) => Promise<Key[]>,
  exists: (keys: Key[]) => Promise<Set<Key>>,
  remove: (gone: Key[]) => Promise<string[]>,
): Promise<number> {
  let after = first;
  let swept = 0;
  for (;;) {
    const keys = await read(after, pageSize);
    if (keys.length === 0) return swept;
    const existing = await exists(keys);
    const gone = keys.filter((key) => !existing.has(key));
    if (gone.length) {
      await deleteImagesByUrl(images, await remove(gone));
      swept += gone.length;
    }
    if (keys.length < pageSize) return swept;
    after = keys.at(-1)!;
  }
}

/**
 * The daily sweep of orphans (docs/decisions/0050): the sightings whose pet no longer
 * exists on the main database, and those sent by an account that no longer exists (a
 * pet's or an account's deletion cut short before its activity rows went), with their
 * photos in R2. Walks the pet ids (then the senders) of the sightings in pages, checks
 * them on the main database by id list, deletes the missing ones' sightings.
 */
export async function sweepOrphanSightings(db: Database, activityDb: ActivityDatabase, images: R2Bucket, pageSize = ORPHAN_SWEEP_PAGE) {
  const pets = await sweepBy<number>(
    images,
    0,
    pageSize,
    (after, limit) => sightingPetIdsPage(activityDb, after, limit),
    (ids) => existingPetIds(db, ids),
    (gone) => deleteSightingsOf(activityDb, { petIds: gone }),
  );
  const senders = await sweepBy<string>(
    images,
    "",
    pageSize,
    (after, limit) => sightingReporterIdsPage(activityDb, after, limit),
    (ids) => existingUserIds(db, ids),
    (gone) => deleteSightingsOf(activityDb, { reporterUserIds: gone }),
  );
  return { pets, senders };
}
