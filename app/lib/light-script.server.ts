// The light pages' script as the build named it (vite.light-script.ts; docs/decisions/0042):
// `{ src, module }`, read by the root's loader for the one script tag of a light page.
export { LIGHT_SCRIPT } from "virtual:light-script";
