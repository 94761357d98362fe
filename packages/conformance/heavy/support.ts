// Shared plumbing of the heavy live tests (`npm run test:heavy`): where the scratch install (`.heavy/`) and
// the standard's capture recipes (`../shared/peers/capture`) live, loading a heavy SDK by dynamic import
// (it is never a workspace dependency, so `tsc` and `biome` pass on a clean clone without it), and
// adapt → project of what a live client saw.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type AdaptResult, adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, it } from "vitest";
import { project } from "../test/peers-support";

/** The repository root, found from this file (no machine paths). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The gitignored scratch project that `scripts/test-heavy.mjs` installs the heavy SDKs into. */
export const HEAVY_DIR = path.resolve(REPO_ROOT, process.env.AGENT_UI_HEAVY_DIR ?? ".heavy");
/** The standard's folder beside the repository (as in CI), or `AGENT_UI_SHARED_DIR`. */
export const SHARED_DIR = path.resolve(REPO_ROOT, process.env.AGENT_UI_SHARED_DIR ?? "../shared");
export const CAPTURE_DIR = path.join(SHARED_DIR, "peers", "capture");

/** The exact pins of the heavy SDKs (the versions that produced the shared captures). */
export const HEAVY_PINS: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
).dependencies;

export type HeavyPackage =
  | { available: true; name: string; version: string; entryUrl: string }
  | { available: false; name: string; reason: string };

/** Where a heavy package's ESM entry is in the scratch install, or why it is not there. */
export function heavyPackage(name: string): HeavyPackage {
  const dir = path.join(HEAVY_DIR, "node_modules", ...name.split("/"));
  const manifestPath = path.join(dir, "package.json");
  if (!existsSync(manifestPath))
    return { available: false, name, reason: `${name} is not installed in ${HEAVY_DIR}` };
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const root = manifest.exports?.["."];
  const entry: unknown =
    typeof root === "string" ? root : (root?.import ?? root?.default ?? manifest.module ?? manifest.main);
  if (typeof entry !== "string")
    return { available: false, name, reason: `${name} in ${HEAVY_DIR} has no ESM entry point` };
  return {
    available: true,
    name,
    version: manifest.version,
    entryUrl: pathToFileURL(path.join(dir, entry)).href,
  };
}

/**
 * A describe block for one heavy SDK. Without the scratch install (a plain `vitest` run, or a clone that
 * never ran `npm run test:heavy`) it is one skipped test whose title says why and what to run.
 */
export function describeHeavy(
  title: string,
  packageName: string,
  body: (pkg: HeavyPackage & { available: true }) => void,
): void {
  const pkg = heavyPackage(packageName);
  if (!pkg.available) {
    describe(title, () => {
      it.skip(`skipped: ${pkg.reason}; run \`npm run test:heavy\` to install it and run these tests`, () => {});
    });
    return;
  }
  describe(title, () => body(pkg));
}

/** Imports a module by absolute file URL. The URL is computed, so the compiler never looks for its types:
 * callers describe the small surface they use with a local interface. */
export async function importByUrl<T>(url: string): Promise<T> {
  return (await import(/* @vite-ignore */ url)) as T;
}

/** A capture recipe module of the standard (mock servers, the Claude sandbox), failing loudly if missing. */
export async function importCapture<T>(relativePath: string): Promise<T> {
  const file = path.join(CAPTURE_DIR, relativePath);
  if (!existsSync(file))
    throw new Error(`the standard's capture recipe ${file} is missing (expected ../shared beside the repo)`);
  return importByUrl<T>(pathToFileURL(file).href);
}

export interface LiveProjection {
  adapted: AdaptResult;
  events: AgentUiEvent[];
  detected: string | undefined;
  state: ProjectionState;
}

/** What a live client collected, adapted with auto-detection (as `agent-ui` would) and projected. */
export function adaptLive(records: readonly unknown[]): LiveProjection {
  const adapted = adaptRecords(records, "auto");
  return {
    adapted,
    events: adapted.events,
    detected: adapted.detected?.format,
    state: project(adapted.events),
  };
}

/** Diagnostics a user would see as something wrong (anything but info). */
export function visibleDiagnostics(state: ProjectionState) {
  return state.diagnostics.filter((d) => d.severity !== "info");
}
