// The Worker's Durable Object classes (docs/decisions/0051). workers/app.ts exports them
// for the runtime; the worker tests load this module as their `main`, which is how
// @cloudflare/vitest-plugin reaches a class of the Worker under test.
export { ViewCounter } from "../app/services/view-counter.server";
export { RateCounters } from "../app/platform/rate-counters-object.server";
