// The tables of spec §3, plus what the server-side design needs (sessions live in KV,
// favourites too). Timestamps are epoch milliseconds; event dates are Brasília wall-clock
// text (see docs/decisions/0005-dates-and-money.md). Money is stored in centavos.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ACCOUNT_TYPES,
  ACTION_AREAS,
  CLINIC_CATEGORIES,
  EVENT_CATEGORIES,
  MODERATION_ACTIONS,
  MODERATION_STATES,
  ORGANIZATION_TYPES,
  PAYMENT_STATUSES,
  PET_CLOSINGS,
  PET_GENDERS,
  PET_MESSAGE_KINDS,
  PET_SIZES,
  PET_SPECIES,
  PET_STATUSES,
  PLANS,
  PRODUCT_CATEGORIES,
  REPORT_ITEM_KINDS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
} from "./values";
import { createdAt, moderatedIndex, moderation, now, updatedAt, views } from "./columns";

// The value lists live apart so the browser can take them without drizzle (app/db/values.ts).
export * from "./values";

// Brazil's municipalities (IBGE), loaded by a generated migration (docs/decisions/0032).
// `foldedName` is the matching key: no accents, spaces or punctuation ("saojosedoscampos").
export const municipalities = sqliteTable(
  "municipalities",
  {
    ibgeCode: integer("ibge_code").primaryKey(),
    name: text("name").notNull(),
    foldedName: text("folded_name").notNull(),
    uf: text("uf").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [index("municipalities_folded_name_uf_idx").on(t.foldedName, t.uf)],
);

// Every pair of municipalities whose seats are within 50 km, both ways, and each one with
// itself at 0 km: "within N km of X" is one index range (docs/decisions/0032).
export const municipalityNeighbours = sqliteTable(
  "municipality_neighbours",
  {
    fromCode: integer("from_code")
      .notNull()
      .references(() => municipalities.ibgeCode),
    toCode: integer("to_code")
      .notNull()
      .references(() => municipalities.ibgeCode),
    distanceKm: real("distance_km").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromCode, t.toCode] }),
    index("municipality_neighbours_from_distance_idx").on(t.fromCode, t.distanceKm, t.toCode),
  ],
);

const municipalityCode = () => integer("municipality_code").references(() => municipalities.ibgeCode);

/** An integer row id, given by SQLite. */
const rowId = () => integer("id").primaryKey({ autoIncrement: true });
/** The account a row belongs to: deleting the account deletes the row. */
const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/** The row a row belongs to (an ad's photo, a clinic's vet): deleted with it. */
const partOf = (name: string, parent: () => AnySQLiteColumn) => integer(name).notNull().references(parent, { onDelete: "cascade" });
/** The last columns of every item the public sees (products, organizations, clinics, events). */
const publicItemColumns = () => ({ views: views(), moderation: moderation(), createdAt: createdAt(), updatedAt: updatedAt() });

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    // Always stored lower-cased and trimmed.
    email: text("email").notNull(),
    // Null for accounts that only ever signed in with Google.
    passwordHash: text("password_hash"),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    googleSubject: text("google_subject"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    // When the current address was confirmed: only accounts confirmed a day before they
    // report count toward a hold (docs/decisions/0035).
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    // mailboxKey(email): one account per mailbox, so atk+1@ and atk+2@ are one person
    // (docs/decisions/0007). Null only for an account the migration found sharing its
    // mailbox with an earlier one; such an account never counts toward a hold.
    mailboxKey: text("mailbox_key"),
    // A new address asked for on the profile form: it replaces `email` only when the link
    // mailed to it is followed (docs/decisions/0011).
    pendingEmail: text("pending_email"),
    // Sessions started before this instant are no longer valid (set by a password reset).
    sessionsRevokedAt: integer("sessions_revoked_at", { mode: "timestamp_ms" }),
    // Moderation (docs/decisions/0035): an admin is made only from the command line
    // (`npm run admin -- grant EMAIL`), never through the web; a suspended account cannot
    // sign in and its public items leave the site until it is reactivated.
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_mailbox_key_unique").on(t.mailboxKey),
    uniqueIndex("users_google_subject_unique").on(t.googleSubject),
    // The admins' list of suspended accounts (docs/decisions/0035).
    index("users_suspended_at_idx").on(t.suspendedAt).where(sql`${t.suspendedAt} IS NOT NULL`),
  ],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    // The profile's address in links (/perfil/{publicId}): random, so a link never
    // carries the e-mail and profiles cannot be walked in order (docs/decisions/0011).
    publicId: text("public_id").$defaultFn(() => crypto.randomUUID().replace(/-/g, "").slice(0, 16)),
    // What the owner chose to show on the public profile (hidden unless they opt in).
    showEmail: integer("show_email", { mode: "boolean" }).notNull().default(false),
    showPhone: integer("show_phone", { mode: "boolean" }).notNull().default(false),
    moderation: moderation(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_email_unique").on(t.email),
    uniqueIndex("profiles_public_id_unique").on(t.publicId),
    moderatedIndex("profiles_moderation_idx", t.moderation),
  ],
);

// Signed-in sessions, beside their KV records (docs/decisions/0002, 0036): which sessions
// an account has, for 'Meus dados' (created, last seen) and for ending every one of them
// when the account is deleted. Written by the session storage; the KV record stays the
// session itself. `id` is the KV key's id (the cookie carries it signed).
export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    // Updated at most once a day (the session's `lastSeenAt`).
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("user_sessions_user_id_idx").on(t.userId), index("user_sessions_expires_at_idx").on(t.expiresAt)],
);

export const companies = sqliteTable(
  "companies",
  {
    // Equals the owning user's id (spec §3).
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    email: text("email").notNull(),
    // Digits only.
    cnpj: text("cnpj").notNull(),
    phone: text("phone"),
    logoUrl: text("logo_url"),
    address: text("address"),
    website: text("website"),
    description: text("description"),
    plan: text("plan", { enum: PLANS }).notNull().default("basic"),
    planExpiresAt: integer("plan_expires_at", { mode: "timestamp_ms" }),
    // When this account became the CNPJ's holder: its e-mail is confirmed and no other
    // confirmed account held the CNPJ then. Null: an account that does not hold it (an
    // unconfirmed one holds nothing). docs/decisions/0028.
    cnpjClaimedAt: integer("cnpj_claimed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("companies_cnpj_idx").on(t.cnpj),
    // One holder per CNPJ, whatever races: unconfirmed sign-ups may share it (0028).
    uniqueIndex("companies_cnpj_holder_unique").on(t.cnpj).where(sql`${t.cnpjClaimedAt} is not null`),
  ],
);

export const pets = sqliteTable(
  "pets",
  {
    id: rowId(),
    userId: ownerId(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    breed: text("breed"),
    age: text("age"),
    gender: text("gender"),
    size: text("size"),
    color: text("color"),
    temperament: text("temperament"),
    isNeutered: integer("is_neutered", { mode: "boolean" }).notNull().default(false),
    isVaccinated: integer("is_vaccinated", { mode: "boolean" }).notNull().default(false),
    acceptsChildren: integer("accepts_children", { mode: "boolean" }).notNull().default(false),
    acceptsOtherAnimals: integer("accepts_other_animals", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: PET_STATUSES }).notNull(),
    description: text("description"),
    // ISO date (yyyy-MM-dd) a lost pet went missing; the description also carries it.
    missingSince: text("missing_since"),
    contactWhatsapp: text("contact_whatsapp"),
    location: text("location").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: municipalityCode(),
    mainImageUrl: text("main_image_url"),
    youtube: text("youtube"),
    views: views(),
    // Lifecycle (docs/decisions/0023): an owner closes an ad as reunited or adopted; an ad
    // not renewed for 60 days is reminded once, and at 90 days leaves the search.
    closedAs: text("closed_as", { enum: PET_CLOSINGS }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    // Publication, edit or "Renovar": the clock of the 60/90-day rules. A trigger sets it
    // to created_at on insert (migration 0008: SQLite cannot add a column whose default
    // is an expression).
    renewedAt: integer("renewed_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    // 1 while the ad shows in search by default; 0 once closed or expired (0023).
    listed: integer("listed", { mode: "boolean" }).notNull().default(true),
    moderation: moderation(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pets_municipality_code_idx").on(t.municipalityCode),
    // A city's ads of one status, newest first (`?cidade=` with a status, the city pages):
    // each (code, status) range is in id order (docs/decisions/0032, Search).
    index("pets_municipality_code_status_idx").on(t.municipalityCode, t.status),
    index("pets_created_at_idx").on(t.createdAt),
    index("pets_listed_renewed_at_idx").on(t.listed, t.renewedAt),
    // Ads due a reminder, oldest renewal first: only listed, unreminded ads, so the daily
    // walk reads what it returns instead of every ad reminded and waiting for expiry. The
    // constant reminded_at column makes it the planner's choice over the index above
    // (docs/decisions/0040).
    index("pets_due_reminder_idx").on(t.remindedAt, t.renewedAt).where(sql`listed = 1 AND reminded_at IS NULL`),
    index("pets_closed_at_idx").on(t.closedAt),
    index("pets_status_created_at_idx").on(t.status, t.createdAt),
    index("pets_views_idx").on(t.views),
    index("pets_user_id_created_at_idx").on(t.userId, t.createdAt),
    // Search filter groups (type, size, gender), one column each: search walks them in
    // rowid (= id) order (docs/decisions/0017).
    index("pets_type_idx").on(t.type),
    index("pets_size_idx").on(t.size),
    index("pets_gender_idx").on(t.gender),
    moderatedIndex("pets_moderation_idx", t.moderation),
  ],
);

export const petImages = sqliteTable(
  "pet_images",
  {
    id: rowId(),
    petId: partOf("pet_id", () => pets.id),
    imageUrl: text("image_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pet_images_pet_id_idx").on(t.petId)],
);

export const products = sqliteTable(
  "products",
  {
    id: rowId(),
    userId: ownerId(),
    title: text("title").notNull(),
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    location: text("location").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: municipalityCode(),
    contact: text("contact").notNull(),
    // JSON object: network name (lower case) -> handle.
    socialMedia: text("social_media", { mode: "json" }).$type<Record<string, string>>(),
    website: text("website"),
    homeDelivery: integer("home_delivery", { mode: "boolean" }).notNull().default(false),
    mainImageUrl: text("main_image_url"),
    ...publicItemColumns(),
  },
  (t) => [
    index("products_municipality_code_idx").on(t.municipalityCode),
    index("products_created_at_idx").on(t.createdAt),
    index("products_category_created_at_idx").on(t.category, t.createdAt),
    index("products_user_id_idx").on(t.userId),
    moderatedIndex("products_moderation_idx", t.moderation),
  ],
);

export const productImages = sqliteTable(
  "product_images",
  {
    id: rowId(),
    productId: partOf("product_id", () => products.id),
    imageUrl: text("image_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_id_idx").on(t.productId)],
);

export const organizations = sqliteTable(
  "organizations",
  {
    id: rowId(),
    // One organization per NGO account (docs/decisions/0016): enforced by the unique index.
    userId: ownerId(),
    name: text("name").notNull(),
    type: text("type", { enum: ORGANIZATION_TYPES }).notNull(),
    actionArea: text("action_area", { enum: ACTION_AREAS }).notNull(),
    whatsapp: text("whatsapp").notNull(),
    email: text("email").notNull(),
    website: text("website"),
    socialMedia: text("social_media", { mode: "json" }).$type<Record<string, string>>(),
    location: text("location").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: municipalityCode(),
    description: text("description").notNull(),
    mainImageUrl: text("main_image_url"),
    youtube: text("youtube"),
    ...publicItemColumns(),
  },
  (t) => [
    index("organizations_municipality_code_idx").on(t.municipalityCode),
    uniqueIndex("organizations_user_id_unique").on(t.userId),
    index("organizations_created_at_idx").on(t.createdAt),
    index("organizations_type_created_at_idx").on(t.type, t.createdAt),
    moderatedIndex("organizations_moderation_idx", t.moderation),
  ],
);

export const organizationImages = sqliteTable(
  "organization_images",
  {
    id: rowId(),
    organizationId: partOf("organization_id", () => organizations.id),
    imageUrl: text("image_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("organization_images_org_created_idx").on(t.organizationId, t.createdAt)],
);

export const clinics = sqliteTable(
  "clinics",
  {
    id: rowId(),
    userId: ownerId(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: CLINIC_CATEGORIES }).notNull(),
    // City/state, e.g. "São Paulo, SP".
    location: text("location").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: municipalityCode(),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    whatsapp: text("whatsapp"),
    website: text("website"),
    specialties: text("specialties", { mode: "json" }).$type<string[]>(),
    services: text("services", { mode: "json" }).$type<string[]>(),
    openHours: text("open_hours"),
    hasParking: integer("has_parking", { mode: "boolean" }).notNull().default(false),
    hasHomeService: integer("has_home_service", { mode: "boolean" }).notNull().default(false),
    mainImageUrl: text("main_image_url"),
    socialMedia: text("social_media", { mode: "json" }).$type<Record<string, string>>(),
    ...publicItemColumns(),
  },
  (t) => [
    index("clinics_municipality_code_idx").on(t.municipalityCode),
    index("clinics_created_at_idx").on(t.createdAt),
    index("clinics_user_id_idx").on(t.userId),
    moderatedIndex("clinics_moderation_idx", t.moderation),
  ],
);

export const veterinarians = sqliteTable(
  "veterinarians",
  {
    id: rowId(),
    clinicId: partOf("clinic_id", () => clinics.id),
    name: text("name").notNull(),
    specialty: text("specialty"),
    createdAt: createdAt(),
  },
  (t) => [index("veterinarians_clinic_id_idx").on(t.clinicId)],
);

export const events = sqliteTable(
  "events",
  {
    id: rowId(),
    organizationId: partOf("organization_id", (): AnySQLiteColumn => organizations.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: EVENT_CATEGORIES }).notNull(),
    // Brasília wall-clock time, 'yyyy-MM-ddTHH:mm': sorts as text, formats without a zone.
    date: text("date").notNull(),
    location: text("location").notNull(),
    // The IBGE municipality the location was resolved to (docs/decisions/0032).
    municipalityCode: municipalityCode(),
    mainImageUrl: text("main_image_url"),
    ...publicItemColumns(),
  },
  (t) => [
    index("events_municipality_code_idx").on(t.municipalityCode),
    index("events_date_idx").on(t.date),
    index("events_organization_id_date_idx").on(t.organizationId, t.date),
    moderatedIndex("events_moderation_idx", t.moderation),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: rowId(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export const payments = sqliteTable(
  "payments",
  {
    // Our reference, sent to Mercado Pago as external_reference.
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    planType: text("plan_type", { enum: PLANS }).notNull(),
    companyName: text("company_name").notNull(),
    cnpj: text("cnpj").notNull(),
    email: text("email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    preferenceId: text("preference_id"),
    providerPaymentId: text("provider_payment_id"),
    // When an approved payment made the company Premium (null: not applied yet, or a
    // guest's payment held against its CNPJ). Set once: applying is idempotent
    // (docs/decisions/0014).
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_user_id_idx").on(t.userId),
    uniqueIndex("payments_provider_payment_id_unique").on(t.providerPaymentId),
    // A guest's approved payment is found by its CNPJ at sign-up / sign-in.
    index("payments_cnpj_idx").on(t.cnpj),
  ],
);

// 'Enviar mensagem' (docs/decisions/0033 §2): messages from anyone to the poster
// of an open ad. Kept while the ad exists: the poster reads them on the ad's page, the
// only place an unconfirmed address gets them (docs/decisions/0031), and where a mail
// that never arrived is not a lost message. The sender gives a name and an e-mail or a
// phone (or both) for the answer.
export const petMessages = sqliteTable(
  "pet_messages",
  {
    id: rowId(),
    petId: partOf("pet_id", () => pets.id),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email"),
    senderPhone: text("sender_phone"),
    message: text("message").notNull(),
    // 'Quero adotar' is a message of its own kind: the same inbox, limits and mails, told
    // apart on the poster's list and in the mail (docs/decisions/0047).
    kind: text("kind", { enum: PET_MESSAGE_KINDS }).notNull().default("message"),
    createdAt: createdAt(),
  },
  (t) => [index("pet_messages_pet_id_idx").on(t.petId, t.id)],
);

// Lost ↔ found/sighted candidates (docs/decisions/0025): one row per pair, the lost pet
// first; `notifiedAt` once its owner was mailed.
export const petMatches = sqliteTable(
  "pet_matches",
  {
    id: rowId(),
    lostPetId: partOf("lost_pet_id", () => pets.id),
    otherPetId: partOf("other_pet_id", () => pets.id),
    score: integer("score").notNull(),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pet_matches_pair_unique").on(t.lostPetId, t.otherPetId), index("pet_matches_other_pet_id_idx").on(t.otherPetId)],
);

// 'Avise-me' (docs/decisions/0026): search criteria saved by a user, or by a visitor's
// e-mail once confirmed; the daily digest mails pets with ids above `lastPetId`.
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: rowId(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    // Always lower-cased and trimmed.
    email: text("email").notNull(),
    // The search's query string, normalised (the same parser reads it back).
    criteria: text("criteria").notNull(),
    // Random: the unsubscribe and confirmation links carry it (never the id).
    token: text("token").notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    lastPetId: integer("last_pet_id").notNull().default(0),
    lastDigestAt: integer("last_digest_at", { mode: "timestamp_ms" }),
    // What the instant alerts look up a new pet by (docs/decisions/0046), from `criteria`
    // when saved: the city's municipality (null: no city, no instant alert), the radius,
    // and one status and one species ('' when the search names none or several).
    alertMunicipalityCode: integer("alert_municipality_code"),
    alertRadiusKm: integer("alert_radius_km").notNull().default(0),
    alertStatus: text("alert_status").notNull().default(""),
    alertSpecies: text("alert_species").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_token_unique").on(t.token),
    index("saved_searches_user_id_idx").on(t.userId),
    index("saved_searches_email_idx").on(t.email),
    index("saved_searches_confirmed_at_idx").on(t.confirmedAt),
    // The confirmed searches with a city that may cover a new pet: one seek per
    // municipality of its area, status and species (docs/decisions/0046). The digest's
    // planner walks it too, city by city; no index on lastPetId, which every digest
    // advances (docs/decisions/0049).
    index("saved_searches_instant_idx")
      .on(t.alertMunicipalityCode, t.alertStatus, t.alertSpecies, t.alertRadiusKm)
      .where(sql`${t.confirmedAt} IS NOT NULL AND ${t.alertMunicipalityCode} IS NOT NULL`),
  ],
);

// Legacy, written by no code since instant_alert_days (docs/decisions/0046): kept for one
// version, so the Worker of the previous version still runs between the migrations and
// the deploy (docs/decisions/0039); migration 0026 carried its rows over and emptied it,
// the next version drops it.
export const instantAlerts = sqliteTable(
  "instant_alerts",
  {
    email: text("email").notNull(),
    petId: integer("pet_id").notNull(),
    savedSearchId: integer("saved_search_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.petId] }), index("instant_alerts_created_at_idx").on(t.createdAt)],
);

// The instant alerts mailed (docs/decisions/0046, "One row per address and day"): one row
// per Brasília day and address holding the pets it was told of that day, so the address
// hears of a pet once, at most INSTANT_ALERTS_PER_DAY a day, and its digest skips them.
// One row written per alert mail and no index entry: WITHOUT ROWID (added by hand to the
// migration), the key is the table. Kept 8 days (the housekeeping deletes older days).
export const instantAlertDays = sqliteTable(
  "instant_alert_days",
  {
    // Brasília's date, 'yyyy-mm-dd'.
    day: text("day").notNull(),
    // The saved search's address (lower-cased): the subscriber the daily cap counts.
    email: text("email").notNull(),
    // [pet id, saved search id] per pet told, in the order told.
    pets: text("pets", { mode: "json" }).$type<[number, number][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.email] })],
);

// Row counts for the home statistics and section titles, kept by triggers (migration
// 0001) so that no page ever counts a whole table. Keys: 'pets', 'pets:<status>',
// 'products', 'organizations', 'clinics', 'events'.
export const counters = sqliteTable("counters", {
  key: text("key").primaryKey(),
  value: integer("value").notNull().default(0),
});

// How far each view counter object's flush to the items' `views` got (docs/decisions/0051):
// the period it is flushing and the last item D1 has. Written in the same D1 batch as the
// views, so a retried flush knows what D1 already counted. One row per object, updated in
// place (1 row written per batch of items).
export const viewFlushes = sqliteTable("view_flushes", {
  object: text("object").primaryKey(),
  period: text("period").notNull(),
  item: integer("item").notNull(),
});

// 'Denunciar' (docs/decisions/0035): what anyone reports about an item people publish.
// The item is named by kind and id (a profile by its user id); one report per reporter
// per item, ever (the unique index). `reporterKey` is `usuario:<id>` for an account, else a
// hash of the visitor cookie and the client group. `reporterConfirmed`: the account's
// e-mail was confirmed when it reported; only those reports can hold an item.
export const reports = sqliteTable(
  "reports",
  {
    id: rowId(),
    itemKind: text("item_kind", { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: text("item_id").notNull(),
    reporterKey: text("reporter_key").notNull(),
    reporterUserId: text("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    reporterConfirmed: integer("reporter_confirmed", { mode: "boolean" }).notNull().default(false),
    // A hash of the client network the report came from (an IPv4 address or an IPv6 /48):
    // a hold needs reports from two of them (docs/decisions/0035). Null on older reports.
    reporterNetwork: text("reporter_network"),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolution: text("resolution", { enum: REPORT_RESOLUTIONS }),
    createdAt: createdAt(),
  },
  (t) => [
    // One report per reporter per item; also the item's reports (the hold's count).
    uniqueIndex("reports_item_reporter_unique").on(t.itemKind, t.itemId, t.reporterKey),
    // The queue: open reports only.
    index("reports_open_idx").on(t.itemKind, t.itemId).where(sql`${t.resolvedAt} IS NULL`),
    index("reports_reporter_user_id_idx").on(t.reporterUserId),
  ],
);

// Every moderator's decision and every automatic hold, append-only (docs/decisions/0035):
// triggers of migration 0014 refuse UPDATE and DELETE. What was acted on is kept as text
// (`subject`: the item's title or the account's name then), so the entry still reads the
// same after the item or the account is gone. `adminId` null: the automatic hold.
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: rowId(),
    adminId: text("admin_id"),
    adminName: text("admin_name").notNull(),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    itemKind: text("item_kind", { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: text("item_id").notNull(),
    subject: text("subject").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_created_at_idx").on(t.createdAt),
    // An item's history on its moderation page.
    index("moderation_log_item_idx").on(t.itemKind, t.itemId),
  ],
);

// What kept failing in the task queue and reached its dead-letter queue (docs/decisions/0037):
// the message (ids and keys only, never a person's data), for whoever runs the site to read.
// The daily planner finds the same work again, so nothing here needs replaying by hand.
export const failedJobs = sqliteTable(
  "failed_jobs",
  {
    id: rowId(),
    queue: text("queue").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("failed_jobs_created_at_idx").on(t.createdAt)],
);
