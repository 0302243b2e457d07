// Types of the sample data (data.mjs) for the TypeScript that reads it (worker tests).
export const SEED_PASSWORD: string;
export const MARKER_EMAIL: string;
export const USERS: ReadonlyArray<{ key: string; id: string; email: string; type: "personal" | "company" | "ngo"; daysAgo: number; [field: string]: unknown }>;
export const PETS: ReadonlyArray<Record<string, unknown>>;
export const PRODUCTS: ReadonlyArray<Record<string, unknown>>;
export const ORGANIZATIONS: ReadonlyArray<Record<string, unknown>>;
export const CLINICS: ReadonlyArray<Record<string, unknown>>;
export const EVENTS: ReadonlyArray<Record<string, unknown>>;
