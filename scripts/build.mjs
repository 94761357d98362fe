#!/usr/bin/env node
// `npm run build`: every published package to ESM JavaScript + `.d.ts` in its `dist/` (tsdown, one config
// for all: tsdown.config.ts), then the workbench app (Vite), whose static files the CLI ships in
// `packages/cli/dist/workbench/` for `agent-ui start`.
//
//   node scripts/build.mjs              build everything
//   node scripts/build.mjs --if-stale   build only what is missing or older than its sources (npm start,
//                                       the test suite's global setup); prints nothing when all is fresh
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGES } from "./packages.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WORKBENCH = path.join(ROOT, "apps", "workbench");
const CLI_WORKBENCH = path.join(ROOT, "packages", "cli", "dist", "workbench");

function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const CONFIG_MTIME = Math.max(
  mtime(path.join(ROOT, "tsdown.config.ts")),
  mtime(fileURLToPath(import.meta.url)),
  mtime(fileURLToPath(new URL("./packages.mjs", import.meta.url))),
);

function packageStale(name) {
  const dir = path.join(ROOT, "packages", name);
  const built = mtime(path.join(dir, "dist", "index.js"));
  if (built === 0) return true;
  return (
    Math.max(newestMtime(path.join(dir, "src")), mtime(path.join(dir, "package.json")), CONFIG_MTIME) > built
  );
}

function workbenchStale() {
  const built = mtime(path.join(WORKBENCH, "dist", "index.html"));
  if (built === 0) return true;
  const sources = ["src", "index.html", "vite.config.ts", "package.json"].map((p) => path.join(WORKBENCH, p));
  for (const name of ["react", "client", "projection", "contracts"])
    sources.push(path.join(ROOT, "packages", name, "src"));
  return sources.some((source) => newestMtime(source) > built);
}

/** Builds what is stale (or everything); returns the names built. */
export async function build({ ifStale = false, log = (line) => console.error(line) } = {}) {
  const started = Date.now();
  const stale = ifStale ? PACKAGES.filter(packageStale) : PACKAGES;
  const app = !ifStale || workbenchStale();
  const cliNeedsApp = !existsSync(path.join(CLI_WORKBENCH, "index.html"));
  if (stale.length === 0 && !app && !cliNeedsApp) return [];
  if (ifStale)
    log(`Building ${[...stale.map((n) => `@agent-ui/${n}`), ...(app ? ["the workbench"] : [])].join(", ")}…`);
  // npm packs a package's own LICENSE file only: each package ships a copy of the root one.
  for (const name of PACKAGES)
    cpSync(path.join(ROOT, "LICENSE"), path.join(ROOT, "packages", name, "LICENSE"));
  if (stale.length > 0) {
    const { build: tsdown } = await import("tsdown");
    await tsdown({
      config: path.join(ROOT, "tsdown.config.ts"),
      filter: stale.map((n) => `@agent-ui/${n}`),
      logLevel: "error",
    });
  }
  if (app) {
    const { build: vite } = await import("vite");
    // Always React's production build, even when a test runner (NODE_ENV=test) starts this build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await vite({ root: WORKBENCH, configFile: path.join(WORKBENCH, "vite.config.ts"), logLevel: "error" });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  }
  rmSync(CLI_WORKBENCH, { recursive: true, force: true });
  cpSync(path.join(WORKBENCH, "dist"), CLI_WORKBENCH, {
    recursive: true,
    filter: (src) => !src.endsWith(".map"),
  });
  const built = [...stale, ...(app ? ["workbench"] : [])];
  if (ifStale) log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes("--if-stale");
  const started = Date.now();
  await build({ ifStale });
  if (!ifStale)
    console.error(
      `Built ${PACKAGES.length} packages and the workbench in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
}
