#!/usr/bin/env node
// `npm run test:mutation -- <package> [file…]`: StrykerJS (Vitest runner) over one package, incremental, then the
// score per file and for the package. See docs/mutation-testing.md.
//
//   npm run test:mutation -- contracts                                    every source file of the package
//   npm run test:mutation -- contracts packages/contracts/src/secrets.ts  a slice (paths or globs)
//   MUTATION_CONCURRENCY=1 npm run test:mutation -- projection            fewer test-runner processes
//   npm run test:mutation -- adapters --force                             ignore the incremental file, re-run all
//   npm run test:mutation -- projection 'packages/projection/src/families/*.ts' --name=families --ignoreStatic
//                                                                         a named slice: its own report, merged
//
// Stryker runs in a sandbox copy under `.stryker-tmp/`; the tests read the standard's material from `../shared/`
// beside the repository (or `AGENT_UI_SHARED_DIR`), so the script links `.stryker-tmp/shared` to it before the run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGES, printScore } from "./mutation-score.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const NAME = "--name=";
const sliceName = args.find((a) => a.startsWith(NAME))?.slice(NAME.length) ?? "";
const flags = args.filter((a) => a.startsWith("--") && !a.startsWith(NAME));
const [pkg, ...files] = args.filter((a) => !a.startsWith("--"));

if (!PACKAGES.includes(pkg)) {
  console.error(`usage: npm run test:mutation -- <${PACKAGES.join("|")}> [file…] [--name=<slice>] [--force]`);
  process.exit(2);
}

const tmp = path.join(ROOT, ".stryker-tmp");
// The standard's material: AGENT_UI_SHARED_DIR when set (as the tests read it), else the folder beside the
// repository.
const shared = process.env.AGENT_UI_SHARED_DIR
  ? path.resolve(process.env.AGENT_UI_SHARED_DIR)
  : path.resolve(ROOT, "..", "shared");
mkdirSync(tmp, { recursive: true });
if (existsSync(shared) && !existsSync(path.join(tmp, "shared")))
  symlinkSync(shared, path.join(tmp, "shared"), "dir");

// Without `--ignoreStatic` Stryker runs static mutants (module-level code, evaluated once per module graph),
// which only a fresh module graph per test file applies: isolated workers then, one shared worker otherwise
// (vitest.mutation.config.ts).
const isolate = process.env.MUTATION_ISOLATE ?? (flags.includes("--ignoreStatic") ? "0" : "1");

const bin = path.join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "stryker.cmd" : "stryker");
const result = spawnSync(bin, ["run", "stryker.config.mjs", ...flags], {
  cwd: ROOT,
  stdio: "inherit",
  env: {
    ...process.env,
    MUTATION_PACKAGE: pkg,
    MUTATION_FILES: files.join(","),
    MUTATION_SLICE_NAME: sliceName,
    MUTATION_ISOLATE: isolate,
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
printScore(pkg);
