// Turns scripts/seed/data.mjs into one SQL script (plain INSERTs, in foreign-key order).
// The counters table is maintained by triggers (migrations/0001_counters.sql).
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mailboxKey } from "../../app/lib/email-address.ts";
// Views and minutes are the same on every run.
import { mulberry32 } from "../seeded-random.ts";
import { CLINICS, EVENTS, ORGANIZATIONS, PETS, PRODUCTS, SEED_PASSWORD, USERS } from "./data.mjs";

const DAY = 24 * 60 * 60 * 1000;

function readCsv(url) {
  const [header, ...lines] = readFileSync(url, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  const names = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i], value])));
}

let municipalityCodes;
/**
 * The IBGE code of a sample location written as the forms store it, "Bairro, Cidade - UF"
 * or "Cidade - UF" (docs/decisions/0032): the exact name and UF in data/ibge/. A location
 * that does not end in a real municipality stops the seed, so every row gets its code.
 */
export function municipalityCodeOf(location) {
  if (!municipalityCodes) {
    const ufs = new Map(readCsv(new URL("../../data/ibge/estados.csv", import.meta.url)).map((s) => [s.codigo_uf, s.uf]));
    municipalityCodes = new Map(
      readCsv(new URL("../../data/ibge/municipios.csv", import.meta.url)).map((m) => [
        `${m.nome} - ${ufs.get(m.codigo_uf)}`,
        Number(m.codigo_ibge),
      ]),
    );
  }
  const label = location.split(", ").at(-1);
  const code = municipalityCodes.get(label);
  if (!code) throw new Error(`seed: "${location}" não termina em "Cidade - UF" de um município do IBGE`);
  return code;
}
const TZ = "America/Sao_Paulo";

/** Same format as app/platform/password.server.ts. */
export function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Appends the two CNPJ check digits to a 12-digit base. */
export function cnpjWithCheckDigits(base12) {
  const digits = base12.split("").map(Number);
  if (digits.length !== 12 || digits.some(Number.isNaN)) throw new Error(`bad CNPJ base ${base12}`);
  const check = (ds) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = ds.reduce((acc, d, i) => acc + d * weights[i], 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join("");
}

// ---- SQL literals
export function q(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  const text = String(value);
  // Newlines are spliced in with char(10) so each statement stays on one line.
  return text
    .split("\n")
    .map((part) => `'${part.replace(/'/g, "''")}'`)
    .join(" || char(10) || ");
}

function insert(table, rows) {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]);
  return rows
    .map((row) => {
      const keys = Object.keys(row);
      if (keys.join() !== columns.join()) throw new Error(`${table}: inconsistent columns`);
      return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => q(row[c])).join(", ")});`;
    })
    .join("\n");
}

// ---- Brasília calendar helpers
function brasiliaParts(epochMs) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(epochMs));
  const get = (type) => parts.find((p) => p.type === type).value;
  return { y: get("year"), m: get("month"), d: get("day") };
}

/** yyyy-MM-dd of the Brasília calendar day `days` after the day of `epochMs`. */
function brasiliaDate(epochMs, days = 0) {
  const { y, m, d } = brasiliaParts(epochMs);
  const shifted = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days));
  return shifted.toISOString().slice(0, 10);
}

const toBr = (isoDate) => isoDate.split("-").reverse().join("/");

/**
 * Days from today (Brasília) to a sample event: its `inDays`, or, for an event whose title
 * names its day ('de Sábado'), the next such `weekday` (0 Sunday … 6 Saturday), 1 to 7 days
 * ahead, so the title stays true whatever day the seed runs.
 */
function eventInDays(event, now) {
  if (event.weekday === undefined) return event.inDays;
  const today = new Date(`${brasiliaDate(now)}T00:00Z`).getUTCDay();
  return ((event.weekday - today + 6) % 7) + 1;
}

/** A sample event's date as the app stores it: Brasília wall-clock 'yyyy-MM-ddTHH:mm'. */
export function eventDate(event, now) {
  return `${brasiliaDate(now, eventInDays(event, now))}T${event.time}`;
}

/** Epoch ms for `daysAgo` days before now at Brasília hour `hour` (never in the future). */
function pastMoment(now, daysAgo, hour, rand) {
  const date = brasiliaDate(now, -daysAgo);
  const minute = Math.floor(rand() * 60);
  // Brasília is UTC-3 all year (no daylight saving since 2019).
  const ms = Date.parse(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00-03:00`);
  return Math.min(ms, now - Math.floor(rand() * 50 + 10) * 60 * 1000);
}

export function buildSeedSql(now = Date.now()) {
  const rand = mulberry32(20260);
  const byKey = new Map(USERS.map((u) => [u.key, u]));
  const owner = (key) => {
    const user = byKey.get(key);
    if (!user) throw new Error(`unknown owner ${key}`);
    return user;
  };
  const img = (path) => (path ? `/seed/${path}` : null);
  const json = (value) => (value == null ? null : JSON.stringify(value));
  // The columns every published item ends with: its place, its photo, views and dates.
  const published = (item, created) => ({
    location: item.location,
    municipality_code: municipalityCodeOf(item.location),
    main_image_url: img(item.image),
    views: Math.floor(rand() * 501),
    created_at: created,
    updated_at: created,
  });
  // An item's other photos (`column` names the item), the i-th stored at `at(i)`.
  const photos = (column, id, paths, at) => (paths ?? []).map((path, i) => ({ [column]: id, image_url: img(path), created_at: at(i) }));
  const sections = [];

  // users + profiles + companies
  sections.push(
    insert(
      "users",
      USERS.map((u) => {
        const created = now - u.daysAgo * DAY;
        return {
          id: u.id,
          email: u.email.toLowerCase(),
          // One account per mailbox (docs/decisions/0007): the app's own mailboxKey().
          mailbox_key: mailboxKey(u.email),
          password_hash: hashPassword(SEED_PASSWORD),
          account_type: u.type,
          email_verified: 1,
          // Confirmed when created, days ago: their reports count (docs/decisions/0035).
          email_verified_at: created,
          is_admin: u.admin ? 1 : 0,
          created_at: created,
          updated_at: created,
        };
      }),
    ),
  );
  sections.push(
    insert(
      "profiles",
      USERS.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email.toLowerCase(),
        phone: u.phone ?? null,
        avatar_url: null,
        bio: u.bio ?? null,
        facebook: u.facebook ?? null,
        instagram: u.instagram ?? null,
        // Sample people show what the spec's public profile shows; real accounts start
        // with e-mail and phone hidden (docs/decisions/0011).
        public_id: createHash("sha256").update(u.id).digest("hex").slice(0, 16),
        show_email: 1,
        show_phone: 1,
      })),
    ),
  );
  const cnpjs = new Set();
  sections.push(
    insert(
      "companies",
      USERS.filter((u) => u.company).map((u) => {
        const c = u.company;
        const cnpj = cnpjWithCheckDigits(c.cnpjBase + c.cnpjBranch);
        if (cnpjs.has(cnpj)) throw new Error(`duplicate CNPJ ${cnpj}`);
        cnpjs.add(cnpj);
        return {
          id: u.id,
          company_name: c.companyName,
          email: u.email.toLowerCase(),
          cnpj,
          phone: u.phone,
          logo_url: c.logoUrl ?? null,
          address: c.address,
          website: c.website,
          description: c.description,
          plan: c.plan,
          plan_expires_at: c.planDays ? now + c.planDays * DAY : null,
          // Sample accounts are confirmed, so each holds its CNPJ (docs/decisions/0028).
          cnpj_claimed_at: now - u.daysAgo * DAY,
        };
      }),
    ),
  );

  // organizations (at most one per ngo user; an NGO without one is allowed) + gallery
  const orgOwners = new Set();
  sections.push(
    insert(
      "organizations",
      ORGANIZATIONS.map((o) => {
        const user = owner(o.owner);
        if (user.type !== "ngo" || orgOwners.has(user.id)) throw new Error(`bad org owner ${o.owner}`);
        orgOwners.add(user.id);
        const created = pastMoment(now, o.daysAgo, 10, rand);
        return {
          id: o.id,
          user_id: user.id,
          name: o.name,
          type: o.type,
          action_area: o.actionArea,
          whatsapp: o.whatsapp,
          email: o.email,
          website: o.website,
          social_media: json(o.social),
          description: o.description,
          youtube: o.youtube ?? null,
          ...published(o, created),
        };
      }),
    ),
  );
  sections.push(
    insert(
      "organization_images",
      ORGANIZATIONS.flatMap((o) => photos("organization_id", o.id, o.gallery, (i) => now - (o.daysAgo - 1) * DAY + i * 60_000)),
    ),
  );

  // pets + extra images
  const petRows = [];
  const petImages = [];
  for (const p of PETS) {
    const user = owner(p.owner);
    const created = pastMoment(now, p.daysAgo, p.hour, rand);
    let description = p.notes;
    let missingSince = null;
    if (p.status === "perdido") {
      missingSince = brasiliaDate(created, -(p.missingDaysBefore ?? 0));
      description = `Desaparecido em ${toBr(missingSince)}\n${p.notes}`;
    } else if (p.status === "encontrado" || p.status === "avistado") {
      const day = brasiliaDate(created, 0);
      description = `${p.status === "encontrado" ? "Encontrado" : "Avistado"} em ${toBr(day)}\n${p.notes}`;
    }
    const [neutered, vaccinated, children, others] = p.flags;
    petRows.push({
      id: p.id,
      user_id: user.id,
      name: p.name,
      type: p.type,
      breed: p.breed,
      age: p.age,
      gender: p.gender,
      size: p.size,
      color: p.color,
      temperament: p.temperament,
      is_neutered: neutered,
      is_vaccinated: vaccinated,
      accepts_children: children,
      accepts_other_animals: others,
      status: p.status,
      description,
      missing_since: missingSince,
      contact_whatsapp: p.whatsapp ?? user.phone,
      youtube: p.youtube ?? null,
      // Lifecycle (docs/decisions/0023): closed samples show as happy endings; every open
      // ad counts as renewed within 30 days, so the daily job (which the e2e tests run)
      // neither reminds nor expires sample ads.
      closed_as: p.closedAs ?? null,
      closed_at: p.closedAs ? now - p.closedDaysAgo * DAY : null,
      listed: p.closedAs ? 0 : 1,
      renewed_at: Math.max(created, now - 30 * DAY),
      ...published(p, created),
    });
    petImages.push(...photos("pet_id", p.id, p.extra, (i) => created + (i + 1) * 1000));
  }
  sections.push(insert("pets", petRows));
  sections.push(insert("pet_images", petImages));

  // products + extra images
  const productImages = [];
  sections.push(
    insert(
      "products",
      PRODUCTS.map((p) => {
        const user = owner(p.owner);
        if (user.type !== "company") throw new Error(`product owner ${p.owner} is not a company`);
        // The seed obeys the plans it shows: a basic company has at most 5 products.
        const count = PRODUCTS.filter((q) => q.owner === p.owner).length;
        if (user.company?.plan !== "premium" && count > 5) {
          throw new Error(`basic company ${p.owner} has ${count} products (the Basic plan allows 5)`);
        }
        const created = pastMoment(now, p.daysAgo, 9 + (p.id % 9), rand);
        productImages.push(...photos("product_id", p.id, p.extra, (i) => created + (i + 1) * 1000));
        return {
          id: p.id,
          user_id: user.id,
          title: p.title,
          category: p.category,
          description: p.description,
          price_cents: p.price,
          contact: p.contact,
          social_media: json(p.social),
          website: p.website ?? null,
          home_delivery: p.homeDelivery ? 1 : 0,
          ...published(p, created),
        };
      }),
    ),
  );
  sections.push(insert("product_images", productImages));

  // clinics + veterinarians
  sections.push(
    insert(
      "clinics",
      CLINICS.map((c) => {
        const user = owner(c.owner);
        if (user.type !== "company") throw new Error(`clinic owner ${c.owner} is not a company`);
        // Clinics are a Premium feature (docs/decisions/0015): the seed follows the rule.
        if (user.company?.plan !== "premium") throw new Error(`clinic owner ${c.owner} is not a Premium company`);
        const created = pastMoment(now, c.daysAgo, 11, rand);
        return {
          id: c.id,
          user_id: user.id,
          name: c.name,
          description: c.description,
          category: c.category,
          address: c.address,
          phone: c.phone,
          email: c.email,
          whatsapp: c.whatsapp,
          website: c.website,
          specialties: json(c.specialties),
          services: json(c.services),
          open_hours: c.openHours,
          has_parking: c.parking ? 1 : 0,
          has_home_service: c.homeService ? 1 : 0,
          social_media: json(c.social),
          ...published(c, created),
        };
      }),
    ),
  );
  sections.push(
    insert(
      "veterinarians",
      CLINICS.flatMap((c) => c.vets.map(([name, specialty]) => ({ clinic_id: c.id, name, specialty }))),
    ),
  );

  // events, dated relative to today in Brasília
  sections.push(
    insert(
      "events",
      EVENTS.map((e) => {
        // Announced a couple of weeks ahead of the date (past events too).
        const inDays = eventInDays(e, now);
        const daysAgo = inDays >= 0 ? Math.max(2, Math.round(20 - inDays / 4)) : 12 - inDays;
        const created = pastMoment(now, daysAgo, 15, rand);
        return {
          id: e.id,
          organization_id: e.org,
          title: e.title,
          description: e.description,
          category: e.category,
          date: eventDate(e, now),
          ...published(e, created),
        };
      }),
    ),
  );

  return `-- Patas Conectadas sample data, generated by scripts/seed.mjs\n${sections.filter(Boolean).join("\n")}\n`;
}
