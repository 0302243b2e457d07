// Part 1 of the bad-input sweep (tests/worker/bad-input-sweep.ts, docs/decisions/0013):
// its routes are spread over several files so that they run in parallel (docs/decisions/0003).
import { sweepPart } from "./bad-input-sweep";

sweepPart(import.meta.url);
