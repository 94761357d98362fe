// The published packages, read from the workspace itself: every `packages/*` folder whose package.json is
// not private, dependencies first (a package comes after every `@agent-ui/*` package it depends on). The
// build (scripts/build.mjs, tsdown.config.ts) and the packaging tests (test/support/packages.ts) use this
// list; a new package is published by adding its folder.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGES_DIR = fileURLToPath(new URL("../packages", import.meta.url));
const SCOPE = "@agent-ui/";

function manifests() {
  const found = new Map();
  for (const entry of readdirSync(PACKAGES_DIR, { withFileTypes: true })) {
    const file = path.join(PACKAGES_DIR, entry.name, "package.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    if (manifest.private) continue;
    if (manifest.name !== `${SCOPE}${entry.name}`)
      throw new Error(
        `packages/${entry.name}/package.json is named ${manifest.name}, not ${SCOPE}${entry.name}`,
      );
    found.set(entry.name, manifest);
  }
  return found;
}

/** Folder names in dependency order; ties in name order, so the list is the same on every machine. */
function dependencyOrder(found) {
  const ordered = [];
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`dependency cycle: ${[...trail, name].join(" → ")}`);
    state.set(name, "visiting");
    const { dependencies = {}, peerDependencies = {} } = found.get(name);
    const inner = Object.keys({ ...dependencies, ...peerDependencies })
      .filter((dep) => dep.startsWith(SCOPE) && found.has(dep.slice(SCOPE.length)))
      .map((dep) => dep.slice(SCOPE.length))
      .sort();
    for (const dep of inner) visit(dep, [...trail, name]);
    state.set(name, "done");
    ordered.push(name);
  };
  for (const name of [...found.keys()].sort()) visit(name, []);
  return ordered;
}

export const PACKAGES = dependencyOrder(manifests());
