#!/usr/bin/env node
// `npm run test:heavy`: the opt-in live tests that drive the real Claude Agent SDK and Codex native CLIs
// (~400 MB each). The SDKs are installed with their exact pins into the gitignored scratch project `.heavy/`
// at the repository root, never into the workspace, so the default `npm ci` stays lean. The install is
// skipped when `.heavy/` already holds the pinned versions and their native binaries (idempotent).
// Then it runs `vitest run --config vitest.heavy.config.ts` with any extra arguments passed through.
//
//   npm run test:heavy                          install if needed, run every heavy test
//   npm run test:heavy -- codex                 only files matching "codex"
//   npm run test:heavy -- --reinstall           wipe .heavy/node_modules and install again
//   AGENT_UI_HEAVY_DIR=/some/dir npm run test:heavy   use another scratch dir (resolved from the repo root)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HEAVY_DIR = path.resolve(ROOT, process.env.AGENT_UI_HEAVY_DIR ?? ".heavy");
const MANIFEST = path.join(ROOT, "packages", "conformance", "heavy", "package.json");
/** The package whose optional dependencies are the platform-specific native CLI, per pinned SDK. */
const NATIVE_CARRIER = {
  "@anthropic-ai/claude-agent-sdk": "@anthropic-ai/claude-agent-sdk",
  "@openai/codex-sdk": "@openai/codex",
};

const args = process.argv.slice(2);
const reinstall = args.includes("--reinstall");
const vitestArgs = args.filter((a) => a !== "--reinstall");

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function installed(name) {
  return readJson(path.join(HEAVY_DIR, "node_modules", ...name.split("/"), "package.json"));
}

/** Why the scratch install does not match the pins (undefined when it does). */
function staleReason(pins) {
  for (const [name, version] of Object.entries(pins)) {
    const manifest = installed(name);
    if (manifest === undefined) return `${name} is not installed`;
    if (manifest.version !== version) return `${name} is ${manifest.version}, pinned ${version}`;
    const carrier = installed(NATIVE_CARRIER[name] ?? name);
    const natives = Object.keys(carrier?.optionalDependencies ?? {});
    // An `--omit=optional` install or another platform's cache lacks this machine's native CLI.
    if (natives.length > 0 && !natives.some((native) => installed(native) !== undefined))
      return `${name} has no native CLI for ${process.platform}-${process.arch}`;
  }
  return undefined;
}

function run(command, commandArgs, options) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function sizeOf(dir) {
  const du = spawnSync("du", ["-sh", dir], { encoding: "utf8" });
  return du.status === 0 ? du.stdout.split("\t")[0] : "unknown size";
}

const manifest = readJson(MANIFEST);
if (manifest?.dependencies === undefined) {
  console.error(`test:heavy: cannot read the heavy manifest ${MANIFEST}`);
  process.exit(1);
}
const pins = manifest.dependencies;

mkdirSync(HEAVY_DIR, { recursive: true });
if (reinstall) rmSync(path.join(HEAVY_DIR, "node_modules"), { recursive: true, force: true });
const reason = staleReason(pins);
if (reason === undefined) {
  console.log(
    `test:heavy: ${HEAVY_DIR} already holds ${Object.entries(pins)
      .map(([n, v]) => `${n}@${v}`)
      .join(", ")}`,
  );
} else {
  console.log(`test:heavy: installing into ${HEAVY_DIR} (${reason}); the native CLIs are ~400 MB each`);
  // The scratch project is the manifest itself; npm runs with `.heavy/` as its prefix, outside the
  // workspaces, so the repository's package.json and package-lock.json are never touched.
  writeFileSync(path.join(HEAVY_DIR, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const status = run(
    npm,
    ["install", "--prefix", HEAVY_DIR, "--no-audit", "--no-fund", "--include=optional", "--workspaces=false"],
    { cwd: HEAVY_DIR },
  );
  const after = staleReason(pins);
  if (status !== 0 || after !== undefined) {
    console.error(`test:heavy: install failed (${after ?? `npm exited ${status}`})`);
    process.exit(status === 0 ? 1 : status);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `test:heavy: installed in ${seconds} s; ${sizeOf(path.join(HEAVY_DIR, "node_modules"))} on disk`,
  );
}

const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
if (!existsSync(vitest)) {
  console.error("test:heavy: vitest is not installed in the workspace; run `npm ci` first");
  process.exit(1);
}
process.exit(
  run(process.execPath, [vitest, "run", "--config", "vitest.heavy.config.ts", ...vitestArgs], { cwd: ROOT }),
);
