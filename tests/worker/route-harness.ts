// Shared by the authorization matrix and the bad-input sweep
// (docs/decisions/0013-authorization-matrix-and-bad-input-sweep.md): every route module
// of app/routes.ts, a request context for any role, a call that turns whatever a loader
// or action returns or throws into a status, and snapshots of D1, KV and R2 to diff.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { matchRoutes, RouterContextProvider } from "react-router";
import routeConfig from "../../app/routes";
import * as rootModule from "../../app/root";
import { cloudflareContext, createActivityDatabase, createDatabase, getCloudflare } from "~/context.server";
import type { AccountType } from "~/db/schema";
import { CardImageJobs, makeCardImagesAfterResponse } from "~/platform/card-image-jobs.server";
import type { ServerRoutes } from "~/platform/page-table.server";
import { createKvSessionStorage, provideSession } from "~/platform/session.server";
import { tinyPng } from "../support/tiny-images";

type DataFunction = (args: {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
}) => unknown;

type Middleware = (args: Parameters<DataFunction>[0], next: () => Promise<unknown>) => unknown;

export interface RouteModule {
  loader?: DataFunction;
  action?: DataFunction;
  middleware?: Middleware[];
  /** The page policy (app/lib/page-policy.ts), on the routes that declare one. */
  handle?: unknown;
}

/** A route module as the tests call it, with the URL pattern its params fill. */
export function routeAt(module: unknown, pattern: string) {
  return { module: module as RouteModule, pattern };
}

export interface RouteEntry {
  /** The module's name under app/routes ("pet.excluir"), the route's own id when it has one, or "root". */
  id: string;
  /** The URL pattern, as in app/routes.ts ("/pet/:id"). */
  pattern: string;
  /** Dynamic segments of the pattern ("id", "tipo", "*"). */
  paramNames: string[];
  module: RouteModule;
}

/**
 * Loaders that write on GET, by route id, and why. The matrix gives each a row; the sweep
 * checks that no other loader writes anything, whatever the input (so this list cannot
 * silently fall behind the code).
 */
export const LOADERS_THAT_WRITE: Record<string, string> = {
  pet: "conta uma visualização do pet",
  produto: "conta uma visualização do produto",
  clinica: "conta uma visualização da clínica",
  ong: "conta uma visualização da organização",
  evento: "conta uma visualização do evento",
  "auth.google.callback": "entra com Google: cria a conta ou liga o Google a ela",
  "pet.whatsapp": "conta o pedido nos limites do WhatsApp por cliente e por pessoa (docs/decisions/0022)",
};

// Every route module, loaded the way the build loads them (vite's glob).
const modules = import.meta.glob<RouteModule>("../../app/routes/*.tsx", { eager: true });

interface ConfigEntry {
  file: string;
  /** Set when one module serves several routes (the dashboards' shared tabs, docs/decisions/0033 §8). */
  id?: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

function flatten(entries: ConfigEntry[], parent = ""): { file: string; id?: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    // A layout without a path (the moderation pages' guard) has no URL of its own: its
    // middleware runs before its children's loaders and actions (`invoke`).
    const pathless = entry.path === undefined && !entry.index && entry.children !== undefined;
    return [...(pathless ? [] : [{ file: entry.file, id: entry.id, pattern }]), ...flatten(entry.children ?? [], pattern)];
  });
}

/** The routes of app/routes.ts with their modules (the root's loader comes first). */
export function routeEntries(): RouteEntry[] {
  const entries = flatten(routeConfig as ConfigEntry[]).map(({ file, id, pattern }) => {
    const module = modules[`../../app/${file.replace(/^\.\//, "")}`];
    if (!module) throw new Error(`app/routes.ts cita ${file}, que não foi encontrado em app/routes/.`);
    const paramNames = pattern
      .split("/")
      .filter((s) => s.startsWith(":") || s === "*")
      .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));
    // A route's id in app/routes.ts, or its module's name ("pet.excluir").
    const name = (id ?? file.replace(/\.tsx$/, "")).replace(/^(\.\/)?routes\//, "");
    return { id: name, pattern: `/${pattern}`, paramNames, module };
  });
  return [{ id: "root", pattern: "/", paramNames: [], module: rootModule as RouteModule }, ...entries];
}

/**
 * The route table as the server build lists it (`build.routes`: flat, by parent id, each
 * with its module), for the page policies the Worker reads (docs/decisions/0019): the
 * worker tests hand it to setRouteTable as workers/app.ts hands over the build's.
 */
export function serverRoutes(): ServerRoutes {
  const table: ServerRoutes = { root: { id: "root", path: "", module: rootModule as RouteModule } };
  const add = (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/^\.\//, "").replace(/\.tsx$/, "");
      const module = modules[`../../app/${entry.file.replace(/^\.\//, "")}`];
      if (!module) throw new Error(`app/routes.ts cita ${entry.file}, que não foi encontrado em app/routes/.`);
      table[id] = { id, parentId, path: entry.path, index: entry.index, module };
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig as ConfigEntry[], "root");
  return table;
}

/**
 * The middleware React Router runs before a loader or action at `pathname`: that of every
 * route the path matches, outside in, with the matched pattern. The root's is left out:
 * `contextFor` (and `makeContext`) build what it would. The dashboards and the moderation
 * pages guard there (docs/decisions/0034, Guards as middleware).
 */
function middlewareAt(pathname: string): { middleware: Middleware[]; pattern: string } {
  const matches = matchRoutes(routeConfig as never, pathname) ?? [];
  const routes = matches.map((m) => m.route as unknown as ConfigEntry);
  return {
    middleware: routes.flatMap((route) => modules[`../../app/${route.file.replace(/^\.\//, "")}`]?.middleware ?? []),
    pattern: routes
      .map((route) => route.path)
      .filter(Boolean)
      .join("/"),
  };
}

/** `handler` behind `middleware`, as React Router runs it (a middleware that does not call `next` has it called). */
async function throughMiddleware(middleware: Middleware[], args: Parameters<DataFunction>[0], handler: () => unknown): Promise<unknown> {
  const step = async (i: number): Promise<unknown> => {
    const current = middleware[i];
    if (!current) return handler();
    let after: { value: unknown } | undefined;
    const next = async () => {
      after = { value: await step(i + 1) };
      return after.value;
    };
    const value = await current(args, next);
    if (value !== undefined) return value;
    return after ? after.value : next();
  };
  return step(0);
}

/**
 * Runs a route module's loader or action behind the middleware of the routes `path` matches
 * (its route's pattern, so that a malformed param still reaches the route it was meant
 * for), or else the URL it is called with.
 */
function behindMiddleware(fn: DataFunction, path?: string): DataFunction {
  return (args) => {
    const url = new URL(args.request.url);
    const { middleware, pattern } = middlewareAt(path ?? url.pathname);
    const full = { ...args, url, pattern };
    return throughMiddleware(middleware, full, () => fn(full));
  };
}

/**
 * A route module whose loader and action run as React Router runs them: behind the
 * middleware of the layouts their request's URL is in (the dashboards' and moderation's
 * guards). For tests that call a child route's loader or action directly.
 */
export function throughLayouts<Module extends object>(module: Module): Module {
  const { loader, action } = module as RouteModule;
  return {
    ...module,
    ...(loader ? { loader: behindMiddleware(loader) } : {}),
    ...(action ? { action: behindMiddleware(action) } : {}),
  } as Module;
}

/** A URL path for a pattern with the given (already decoded) params. */
export function pathFor(pattern: string, params: Record<string, string | undefined>): string {
  return (
    pattern
      .replace(/:([\w]+)\??|\*/g, (segment, name: string | undefined) => {
        const value = params[name ?? "*"];
        if (value === undefined) return "";
        return segment === "*" ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
      })
      .replace(/\/+$/, "") || "/"
  );
}

// ---------------------------------------------------------------------------------------
// Roles and request contexts

export interface Actor {
  id: string;
  email: string;
  accountType: AccountType;
}

export interface CallContext {
  context: RouterContextProvider;
  ctx: ExecutionContext;
}

/**
 * A context like the one workers/app.ts and the root middleware build: `actor` null is a
 * visitor whose session comes from the request's Cookie header (parsed as the middleware
 * parses it); `bindings` overrides environment values (e.g. Google configured).
 */
export async function contextFor(
  actor: Actor | null,
  { cookie = null, bindings }: { cookie?: string | null; bindings?: Partial<Env> } = {},
): Promise<CallContext> {
  const context = new RouterContextProvider();
  const ctx = createExecutionContext();
  const envForRequest = bindings ? ({ ...env, ...bindings } as Env) : env;
  context.set(cloudflareContext, {
    env: envForRequest,
    ctx,
    db: createDatabase(env.DB),
    activityDb: createActivityDatabase(env.ACTIVITY_DB),
    nonce: "teste",
    cardImages: new CardImageJobs(),
  });
  const storage = createKvSessionStorage(env.KV, env.SESSION_SECRET);
  const session = await storage.getSession(actor ? null : cookie);
  if (actor) {
    session.set("userId", actor.id);
    session.set("accountType", actor.accountType);
    session.set("signedInAt", Date.now());
    session.set("expiresAt", Date.now() + 60 * 60 * 1000);
  }
  provideSession(context, session);
  return { context, ctx };
}

// ---------------------------------------------------------------------------------------
// Calling a loader or action

export interface Outcome {
  status: number;
  location: string | null;
  headers: Headers;
  /** Returned or thrown value that is not a Response / data(): a 500 in production. */
  error: unknown;
  /** The value was thrown (a thrown Response or data() is a normal answer). */
  thrown: boolean;
  data: unknown;
}

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function outcomeOf(value: unknown, thrown: boolean, kind: "loader" | "action"): Outcome {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), headers: value.headers, error: null, thrown, data: null };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get("Location"), headers, error: null, thrown, data: value.data };
  }
  if (thrown) return { status: 500, location: null, headers: new Headers(), error: value, thrown, data: null };
  // React Router refuses a loader that returns nothing (a 500 for the page).
  if (kind === "loader" && value === undefined) {
    return { status: 500, location: null, headers: new Headers(), error: new Error("loader devolveu undefined"), thrown, data: null };
  }
  return { status: 200, location: null, headers: new Headers(), error: null, thrown, data: value };
}

/** Runs a route's loader or action as React Router would, waiting for its waitUntil work. */
export async function invoke(
  route: Pick<RouteEntry, "module" | "pattern">,
  kind: "loader" | "action",
  request: Request,
  params: Record<string, string | undefined>,
  call: CallContext,
): Promise<Outcome> {
  const fn = route.module[kind];
  if (!fn) throw new Error(`a rota ${route.pattern} não tem ${kind}`);
  let value: unknown;
  let thrown = false;
  try {
    value = await behindMiddleware(
      fn,
      route.pattern,
    )({ request, url: new URL(request.url), pattern: route.pattern, params, context: call.context });
  } catch (error) {
    value = error;
    thrown = true;
  }
  // As workers/app.ts does once the response is ready; then the view counter, the card
  // copies and anything else sent to waitUntil land before the next snapshot.
  const { cardImages, env: callEnv } = getCloudflare(call.context);
  makeCardImagesAfterResponse(cardImages, callEnv, call.ctx);
  await waitOnExecutionContext(call.ctx);
  return outcomeOf(value, thrown, kind);
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

// ---------------------------------------------------------------------------------------
// Store snapshots: what a request changed in D1, KV and R2

// Session records are written by the session middleware, which these direct calls skip.
// (The rate-limit counters, which count refused attempts too, are in their Durable Object,
// outside these snapshots: docs/decisions/0051.)
export const BOOKKEEPING_KV_PREFIXES = ["session:"];

export interface StoreState {
  d1: Map<string, string>;
  kv: Map<string, string>;
  r2: Map<string, string>;
}

export interface StoreDiff {
  d1: string[];
  kv: { added: string[]; removed: string[]; changed: string[] };
  r2: { added: string[]; removed: string[]; changed: string[] };
}

const tableLists = new Map<D1Database, Promise<string[]>>();

/** Tables no request writes, fingerprinted by aggregates instead of read row by row. */
const REFERENCE_TABLES: Record<string, string> = {
  municipalities:
    "SELECT count(*), total(ibge_code), total(latitude), total(longitude), total(length(name) + length(folded_name) + length(uf)) FROM municipalities",
  municipality_neighbours: "SELECT count(*), total(from_code), total(to_code), total(distance_km) FROM municipality_neighbours",
};

// The tables of either database without a rowid (their names differ across the two).
const withoutRowid = new Set<string>();

/**
 * Our tables of one database, the main one by default (not D1's own, not FTS virtual
 * tables and their shadow tables).
 */
function tables(d1: D1Database = env.DB): Promise<string[]> {
  let tableList = tableLists.get(d1);
  if (tableList) return tableList;
  tableList = d1
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
    .all<{ name: string; sql: string | null }>()
    .then(({ results }) => {
      const virtual = results.filter((t) => /^CREATE VIRTUAL/i.test(t.sql ?? "")).map((t) => t.name);
      for (const t of results) if (/WITHOUT ROWID\s*$/i.test(t.sql ?? "")) withoutRowid.add(t.name);
      return results
        .map((t) => t.name)
        .filter((name) => !/^(sqlite_|_cf_|d1_|test_row_writes)/.test(name))
        .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
        .sort();
    });
  tableLists.set(d1, tableList);
  return tableList;
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function listKv(): Promise<{ name: string; expiration?: number }[]> {
  const keys: { name: string; expiration?: number }[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ cursor });
    keys.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys.filter((k) => !BOOKKEEPING_KV_PREFIXES.some((p) => k.name.startsWith(p)));
}

async function listR2(): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor });
    for (const o of page.objects) objects.set(o.key, `${o.etag}:${o.size}`);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/**
 * Full snapshot: a checksum of every row of every table, every KV value (bookkeeping
 * excluded) and every R2 object's etag. For the matrix, where stores are small.
 *
 * Every table is read in one D1 batch, the KV values 100 keys per read, and the three
 * stores at once: each call is a round trip to the local storage, and a query per table
 * made a snapshot ~10 times slower (the matrix takes two per case; docs/decisions/0003).
 */
export async function fullSnapshot(): Promise<StoreState> {
  const [d1, kv, r2] = await Promise.all([snapshotD1(), snapshotKv(), listR2()]);
  return { d1, kv, r2 };
}

/** Both databases' tables (docs/decisions/0050): a request's writes show wherever they land. */
async function snapshotD1(): Promise<Map<string, string>> {
  const [main, activity] = await Promise.all([snapshotDatabase(env.DB), snapshotDatabase(env.ACTIVITY_DB)]);
  return new Map([...main, ...activity]);
}

async function snapshotDatabase(d1: D1Database): Promise<Map<string, string>> {
  const names = await tables(d1);
  if (names.length === 0) return new Map();
  const answers = await d1.batch(
    // The IBGE reference tables (~105,000 rows, docs/decisions/0032) are summed inside
    // SQLite: reading them out for every snapshot made the matrix minutes slower.
    // A WITHOUT ROWID table has no rowid; a full scan reads it in primary-key order.
    names.map((table) => {
      const order = withoutRowid.has(table) ? "" : " ORDER BY rowid";
      return d1.prepare(REFERENCE_TABLES[table] ?? `SELECT * FROM "${table}"${order}`);
    }),
  );
  const digests = new Map<string, string>();
  for (const [i, table] of names.entries()) digests.set(table, await digest(JSON.stringify(answers[i]!.results)));
  return digests;
}

async function snapshotKv(): Promise<Map<string, string>> {
  const kv = new Map<string, string>();
  const keys = await listKv();
  for (let i = 0; i < keys.length; i += 100) {
    const page = keys.slice(i, i + 100);
    const values = await env.KV.get(
      page.map((key) => key.name),
      "text",
    );
    for (const key of page) kv.set(key.name, `${values.get(key.name) ?? null}|${key.expiration ?? ""}`);
  }
  return kv;
}

/**
 * Counts row writes cheaply, for thousands of requests: test-only triggers (in this test
 * file's own isolated database, never a migration) log every row inserted, updated or
 * deleted in our tables. Returns a reader: the tables written since the last call.
 * (SQLite's total_changes() is no use here: D1 bumps it on reads too.)
 */
export async function trackD1Writes(): Promise<() => Promise<string[]>> {
  // Both databases (docs/decisions/0050), each recording its own tables' writes.
  const databases = [env.DB, env.ACTIVITY_DB];
  for (const d1 of databases) {
    const statements = [d1.prepare("CREATE TABLE IF NOT EXISTS test_row_writes (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL)")];
    for (const table of await tables(d1)) {
      for (const event of ["INSERT", "UPDATE", "DELETE"]) {
        statements.push(
          d1.prepare(
            `CREATE TRIGGER IF NOT EXISTS "test_row_writes_${table}_${event}" AFTER ${event} ON "${table}" ` +
              `BEGIN INSERT INTO test_row_writes (tbl) VALUES ('${table}'); END`,
          ),
        );
      }
    }
    await d1.batch(statements);
  }
  const seen = databases.map(() => 0);
  return async () => {
    const written: string[] = [];
    for (const [i, d1] of databases.entries()) {
      const { results } = await d1
        .prepare("SELECT id, tbl FROM test_row_writes WHERE id > ? ORDER BY id")
        .bind(seen[i])
        .all<{ id: number; tbl: string }>();
      if (results.length) seen[i] = results.at(-1)!.id;
      written.push(...results.map((r) => r.tbl));
    }
    return [...new Set(written)];
  };
}

function mapDiff(before: Map<string, string>, after: Map<string, string>) {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k));
  return { added, removed, changed };
}

export function diffStores(before: StoreState, after: StoreState): StoreDiff {
  const d1 = mapDiff(before.d1, after.d1);
  return {
    d1: [...d1.added, ...d1.removed, ...d1.changed],
    kv: mapDiff(before.kv, after.kv),
    r2: mapDiff(before.r2, after.r2),
  };
}

export function isUnchanged(diff: StoreDiff): boolean {
  return diff.d1.length === 0 && [diff.kv, diff.r2].every((d) => d.added.length + d.removed.length + d.changed.length === 0);
}

export function describeDiff(diff: StoreDiff): string {
  const parts: string[] = [];
  if (diff.d1.length) parts.push(`D1 ${diff.d1.join(", ")}`);
  for (const [name, d] of [
    ["KV", diff.kv],
    ["R2", diff.r2],
  ] as const) {
    for (const [what, keys] of [
      ["+", d.added],
      ["-", d.removed],
      ["~", d.changed],
    ] as const) {
      if (keys.length) parts.push(`${name} ${what}${keys.map((k) => k.slice(0, 60)).join(` ${what}`)}`);
    }
  }
  return parts.join("; ") || "nada";
}

// ---------------------------------------------------------------------------------------
// Test data

/** A PRNG with a fixed seed (mulberry32), so a failing input can be replayed. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * A real 1 × 1 PNG: the upload check asks the Images binding to read its header
 * (docs/decisions/0029). The seed (0–255) makes each one different.
 */
export function pngBytes(seed = 0): Uint8Array<ArrayBuffer> {
  return tinyPng(seed);
}

export function pngFile(name = "foto.png"): File {
  return new File([pngBytes()], name, { type: "image/png" });
}

/** Puts an image in R2 and returns its public URL (for pets and avatars in fixtures). */
export async function storedImage(folder: string): Promise<string> {
  const key = `${folder}/${crypto.randomUUID()}.png`;
  await env.IMAGES.put(key, pngBytes(), { httpMetadata: { contentType: "image/png" } });
  return `/imagens/${key}`;
}

/** A POST as a browser sends a form: urlencoded, or multipart when it carries files. */
export function postForm(
  path: string,
  fields: Record<string, string | File | (string | File)[]>,
  headers: Record<string, string> = {},
): Request {
  const entries = Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((value) => [k, value] as const));
  const multipart = entries.some(([, v]) => typeof v !== "string");
  let body: FormData | URLSearchParams;
  if (multipart) {
    body = new FormData();
    for (const [k, v] of entries) body.append(k, v);
  } else {
    body = new URLSearchParams();
    for (const [k, v] of entries) body.append(k, v as string);
  }
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

// ---------------------------------------------------------------------------------------
// Parts: the matrix and the sweep are spread over several files, which run in parallel
// (docs/decisions/0003)

export interface Part {
  /** This file's part, from its name (`…/name.<part>.test.ts`). */
  part: number;
  /** How many parts there are: the highest part among the files. */
  of: number;
  /** Parts between 1 and `of` that have no file (their items would not run). */
  missing: number[];
}

/**
 * The part a file is, from its `import.meta.url`, among the files of the same suite
 * (`import.meta.glob("./name.*.test.ts")`, keys only: nothing is imported).
 */
export function partOf(fileUrl: string, files: Record<string, unknown>): Part {
  const number = (name: string) => Number(/\.(\d+)\.test\.ts$/.exec(name)?.[1] ?? Number.NaN);
  const part = number(fileUrl);
  const parts = new Set(Object.keys(files).map(number));
  if (!Number.isInteger(part) || part < 1) throw new Error(`${fileUrl}: o nome deve terminar em .<parte>.test.ts`);
  const of = Math.max(...parts);
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((n) => !parts.has(n));
  return { part, of, missing };
}

/** The items of one part: item i goes to part (i mod N) + 1, so each runs exactly once. */
export function itemsOf<T>(items: T[], { part, of }: Part): T[] {
  return items.filter((_, i) => i % of === part - 1);
}

/**
 * Adds to a summary line of `npm test` (docs/decisions/0013) from a test: scripts/test.mjs
 * adds up the values of every test that used the same `template`, in every file, and
 * prints the template with each `{name}` replaced by its total.
 */
export function addToSummary(task: { meta: object }, template: string, values: Record<string, number>): void {
  (task.meta as { parcela?: unknown }).parcela = { modelo: template, valores: values };
}
