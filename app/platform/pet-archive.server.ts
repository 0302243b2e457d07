// What leaves D1 for R2 (docs/decisions/0050, "Archive"): one JSON object per pet with the
// rows that left (the ad and its photos', messages' and matches' rows once it is archived;
// its sightings once it has been out of view for 30 days, or a year after they were sent),
// plus two kinds of small marker objects, so that an account finds what is its own without
// reading every record: its archived ads (with what their card shows) and the pets whose
// record holds sightings it sent. Records are rewritten whole: R2 has no partial update,
// and a pet's record is written by one job at a time (the daily one).

/** A sighting as it left the activity database (timestamps in epoch ms). */
export interface ArchivedSighting {
  id: number;
  petId: number;
  place: string;
  municipalityCode: number | null;
  seenAt: string;
  notes: string | null;
  imageUrl: string | null;
  contact: string | null;
  reporterUserId: string | null;
  hiddenAt: number | null;
  moderation: string | null;
  createdAt: number;
}

type Row = Record<string, unknown>;

/** One pet's record in R2. `pet` is null while only its sightings are here. */
export interface PetArchive {
  version: 1;
  petId: number;
  ownerId: string;
  /** When the ad itself left the main database (null: it is still there). */
  archivedAt: number | null;
  pet: Row | null;
  images: Row[];
  messages: Row[];
  matches: Row[];
  sightings: ArchivedSighting[];
}

/** What 'Meus Pets' shows of an archived ad, kept on its owner's marker. */
export interface ArchivedAdCard {
  petId: number;
  name: string;
  status: string;
  closedAs: string | null;
  createdAt: number;
  archivedAt: number;
  mainImageUrl: string | null;
}

const PREFIX = "arquivo/";
export const recordKey = (petId: number) => `${PREFIX}pets/${petId}.json`;
const ownerPrefix = (userId: string) => `${PREFIX}donos/${userId}/`;
const reporterPrefix = (userId: string) => `${PREFIX}avistamentos-enviados/${userId}/`;

export async function readPetArchive(bucket: R2Bucket, petId: number): Promise<PetArchive | null> {
  const object = await bucket.get(recordKey(petId));
  return object ? ((await object.json()) as PetArchive) : null;
}

/** An empty record for a pet whose first rows are about to leave D1. */
export function newPetArchive(petId: number, ownerId: string): PetArchive {
  return { version: 1, petId, ownerId, archivedAt: null, pet: null, images: [], messages: [], matches: [], sightings: [] };
}

/** `record` with `sightings` added (a sighting already there by id is kept once). */
export function withSightings(record: PetArchive, sightings: ArchivedSighting[]): PetArchive {
  const byId = new Map(record.sightings.map((s) => [s.id, s]));
  for (const s of sightings) byId.set(s.id, s);
  return { ...record, sightings: [...byId.values()].sort((a, b) => a.id - b.id) };
}

/**
 * Writes the record and its markers: the owner's (with the card, once the ad is archived)
 * and one per account that sent one of its sightings. Written before the rows leave D1,
 * so a job stopped halfway finds them in both places and writes the same record again.
 */
export async function writePetArchive(bucket: R2Bucket, record: PetArchive): Promise<void> {
  const writes: Promise<unknown>[] = [
    bucket.put(recordKey(record.petId), JSON.stringify(record), { httpMetadata: { contentType: "application/json" } }),
  ];
  if (record.pet && record.archivedAt !== null) {
    const card: ArchivedAdCard = {
      petId: record.petId,
      name: String(record.pet.name ?? ""),
      status: String(record.pet.status ?? ""),
      closedAs: (record.pet.closedAs as string | null) ?? null,
      createdAt: toEpoch(record.pet.createdAt),
      archivedAt: record.archivedAt,
      mainImageUrl: (record.pet.mainImageUrl as string | null) ?? null,
    };
    writes.push(bucket.put(`${ownerPrefix(record.ownerId)}${record.petId}`, "", { customMetadata: { card: JSON.stringify(card) } }));
  }
  for (const reporter of new Set(record.sightings.map((s) => s.reporterUserId).filter((id): id is string => Boolean(id)))) {
    writes.push(bucket.put(`${reporterPrefix(reporter)}${record.petId}`, ""));
  }
  await Promise.all(writes);
}

/** Every key under `prefix`, page by page. */
async function* listed(bucket: R2Bucket, prefix: string, include?: ("customMetadata" | "httpMetadata")[]) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, include });
    yield* page.objects;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** The account's archived ads, newest first (what 'Meus Pets' lists under 'Arquivados'). */
export async function archivedAdsOf(bucket: R2Bucket, userId: string): Promise<ArchivedAdCard[]> {
  const cards: ArchivedAdCard[] = [];
  for await (const object of listed(bucket, ownerPrefix(userId), ["customMetadata"])) {
    const card = object.customMetadata?.card;
    if (card) cards.push(JSON.parse(card) as ArchivedAdCard);
  }
  return cards.sort((a, b) => b.createdAt - a.createdAt || b.petId - a.petId);
}

/** The pet ids under a marker prefix. */
async function markedPetIds(bucket: R2Bucket, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const object of listed(bucket, prefix)) {
    const id = Number(object.key.slice(prefix.length));
    if (Number.isSafeInteger(id)) ids.push(id);
  }
  return ids;
}

/**
 * The account's data in R2 for its LGPD export: the records of its pets (archived ads, and
 * sightings of its ads that left D1) and the sightings it sent that are kept in other
 * pets' records.
 */
export async function archiveDataOf(bucket: R2Bucket, userId: string, ownPetIds: number[]) {
  const ownIds = new Set([...ownPetIds, ...(await markedPetIds(bucket, ownerPrefix(userId)))]);
  const records = (await Promise.all([...ownIds].map((id) => readPetArchive(bucket, id)))).filter(
    (record): record is PetArchive => record !== null && record.ownerId === userId,
  );
  const sent: ArchivedSighting[] = [];
  for (const petId of await markedPetIds(bucket, reporterPrefix(userId))) {
    const record = await readPetArchive(bucket, petId);
    sent.push(...(record?.sightings.filter((s) => s.reporterUserId === userId) ?? []));
  }
  return { records, sentSightings: sent };
}

/**
 * Removes the account's data from R2: the records of its pets (with their markers) and the
 * sightings it sent from other pets' records. Returns the image URLs those rows named, for
 * the caller to delete with the account's other photos.
 */
export async function deleteArchiveDataOf(bucket: R2Bucket, userId: string, ownPetIds: number[]): Promise<string[]> {
  const photos: string[] = [];
  const ownIds = new Set([...ownPetIds, ...(await markedPetIds(bucket, ownerPrefix(userId)))]);
  for (const petId of ownIds) {
    const record = await readPetArchive(bucket, petId);
    if (!record || record.ownerId !== userId) continue;
    photos.push(...recordPhotos(record));
    await bucket.delete([recordKey(petId), `${ownerPrefix(userId)}${petId}`]);
  }
  for (const petId of await markedPetIds(bucket, reporterPrefix(userId))) {
    const record = await readPetArchive(bucket, petId);
    if (record) {
      const gone = record.sightings.filter((s) => s.reporterUserId === userId);
      photos.push(...gone.map((s) => s.imageUrl).filter((url): url is string => Boolean(url)));
      await bucket.put(
        recordKey(petId),
        JSON.stringify({ ...record, sightings: record.sightings.filter((s) => s.reporterUserId !== userId) }),
      );
    }
    await bucket.delete(`${reporterPrefix(userId)}${petId}`);
  }
  return photos;
}

/** Removes one pet's record (its owner deleted the ad): the image URLs its rows named. */
export async function deletePetArchive(bucket: R2Bucket, petId: number): Promise<string[]> {
  const record = await readPetArchive(bucket, petId);
  if (!record) return [];
  await bucket.delete([recordKey(petId), `${ownerPrefix(record.ownerId)}${petId}`]);
  return recordPhotos(record);
}

/** Every photo a record's rows name. */
export function recordPhotos(record: PetArchive): string[] {
  const urls = [record.pet?.mainImageUrl, ...record.images.map((row) => row.imageUrl), ...record.sightings.map((s) => s.imageUrl)];
  return urls.filter((url): url is string => typeof url === "string" && url.length > 0);
}

function toEpoch(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string") return new Date(value).getTime();
  return Number(value ?? 0);
}
