// Types of scripts/lib.mjs for the TypeScript that imports it (bench:scale, the unit tests).
import type { SpawnOptions } from "node:child_process";

export const wranglerEnv: NodeJS.ProcessEnv;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export function ensureDevVars(): void;
export function argValue(name: string, argv?: string[]): string | undefined;
/** The app's D1 databases, each with its own migrations folder (docs/decisions/0050). */
export const DATABASES: { binding: string; migrations: string }[];
export function migrateLocal(persist: string, config?: string): Promise<void>;
export function serveBuilt(port: number, persist: string, extraArgs?: string[]): Promise<void>;
export function serveOneOffWorker(
  devArgs: string[],
  options: { port: number; remote?: boolean; persist?: string },
): Promise<{ base: string; stop: () => void }>;
