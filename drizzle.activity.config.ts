import { defineConfig } from "drizzle-kit";

// The activity database (binding ACTIVITY_DB, docs/decisions/0050): its own schema and
// migrations folder; wrangler applies them (`wrangler d1 migrations apply ACTIVITY_DB`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/activity-schema.ts",
  out: "./migrations-activity",
});
