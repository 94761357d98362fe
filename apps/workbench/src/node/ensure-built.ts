// Node side of the workbench: build `dist/` with Vite's programmatic API when it is missing or older than
// any of its sources (the workbench and the React surfaces it bundles). Used by `agent-ui start` and the
// browser tests, so a fresh `npm ci && npm start` needs no separate build step.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const WORKBENCH_DIR = resolve(fileURLToPath(new URL("../../", import.meta.url)));
export const WORKBENCH_DIST = join(WORKBENCH_DIR, "dist");

/** Source roots whose changes make the build stale. */
const SOURCE_ROOTS = [
  "src",
  "index.html",
  "vite.config.ts",
  "../../packages/react/src",
  "../../packages/client/src",
  "../../packages/projection/src",
  "../../packages/contracts/src",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when `dist/index.html` is missing or older than the newest source file. */
export function isWorkbenchStale(dir = WORKBENCH_DIR): boolean {
  const index = join(dir, "dist", "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCE_ROOTS.some((root) => newestMtime(resolve(dir, root)) > built);
}

export interface EnsureBuiltOptions {
  force?: boolean;
  log?: (line: string) => void;
}

/** Builds the workbench if needed; resolves with the directory to serve and whether a build ran. */
export async function ensureWorkbenchBuilt(
  options: EnsureBuiltOptions = {},
): Promise<{ dir: string; built: boolean }> {
  if (!options.force && !isWorkbenchStale()) return { dir: WORKBENCH_DIST, built: false };
  options.log?.("Building the workbench (vite build)…");
  const { build } = await import("vite");
  // A build started from a test runner inherits NODE_ENV=test, which would bundle React's development
  // build (owner stacks, source paths) into the shipped files: the bundle is always a production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: WORKBENCH_DIR, configFile: join(WORKBENCH_DIR, "vite.config.ts"), logLevel: "warn" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { dir: WORKBENCH_DIST, built: true };
}
