// Run after any `npm install` that changes package-lock.json (npm run lockfile:complete).
//
// The registry our machines reach has only the Linux builds of some platform packages
// (tailwind's oxide, workerd). npm then writes a lock file without the other platforms'
// optional packages, and `npm ci` rejects it as out of sync. This adds those entries
// back as optional, platform-restricted packages: npm never installs them on Linux, and
// on other platforms fetches them by name and version as usual.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const os = ["darwin", "win32", "windows", "android", "freebsd", "linux", "openbsd", "sunos", "aix"].find((candidate) =>
    name.includes(`-${candidate}`),
  );
  const cpu = ["arm64", "x64", "64", "arm", "ia32", "wasm32", "riscv64", "s390x", "ppc64"].find(
    (candidate) => name.includes(`-${candidate}`) || name.endsWith(`-${candidate}`),
  );
  const result = {};
  if (os) result.os = [os === "windows" ? "win32" : os];
  if (cpu) result.cpu = [cpu === "64" ? "x64" : cpu];
  return result;
}

/** Where npm would look for `name` from the package at `parentPath`. */
function findInstalled(parentPath, name) {
  let base = parentPath;
  while (true) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf("/node_modules/");
    base = index >= 0 ? base.slice(0, index) : "";
  }
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const found = findInstalled(path, name);
    if (found && (packages[found].version === version || !/^\d/.test(version))) continue;
    const target = found ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[target]) continue;
    packages[target] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}

// Keep npm's key order: sorted paths after the root entry.
const sorted = { "": packages[""] };
for (const key of Object.keys(packages).filter(Boolean).sort()) sorted[key] = packages[key];
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} entrada(s) de plataforma adicionada(s).`);
