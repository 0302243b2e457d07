// Modules that a Vite plugin of ours writes at build time.

/** The light pages' script (vite.light-script.ts; docs/decisions/0042). */
declare module "virtual:light-script" {
  export const LIGHT_SCRIPT: import("../vite.light-script").LightScript;
}
