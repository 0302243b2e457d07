// Part 2 of the authorization matrix (tests/worker/authorization-matrix.ts, docs/decisions/0013):
// its rows are spread over several files so that they run in parallel (docs/decisions/0003).
import { matrixPart } from "./authorization-matrix";

matrixPart(import.meta.url);
