#!/usr/bin/env node
// Prints the mutation score per file and per package from Stryker's JSON reports: the package's own
// (`reports/mutation/<package>/mutation.json`) and its named slices (`reports/mutation/<package>/slices/*/`), all
// written by `npm run test:mutation`. A file that appears in several reports counts once, from the newest report.
//
//   node scripts/mutation-score.mjs                 every package that has a report
//   node scripts/mutation-score.mjs contracts       one package
//
// Score = detected / (detected + undetected): killed and timed-out mutants are detected, survivors and mutants no
// test covers are not; mutants that do not compile or are ignored do not count (Stryker's own definition).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PACKAGES = ["contracts", "projection", "adapters", "client"];
const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

export function reportPath(pkg, root = ROOT) {
  return path.join(root, "reports", "mutation", pkg, "mutation.json");
}

/** Every report of a package: its own and its named slices', oldest first. */
export function reportPaths(pkg, root = ROOT) {
  const slices = path.join(root, "reports", "mutation", pkg, "slices");
  const found = [reportPath(pkg, root)];
  if (existsSync(slices)) {
    for (const name of readdirSync(slices)) found.push(path.join(slices, name, "mutation.json"));
  }
  return found
    .filter((file) => existsSync(file))
    .map((file) => ({ file, time: statSync(file).mtimeMs }))
    .sort((a, b) => a.time - b.time)
    .map(({ file }) => file);
}

/** The package's source files a whole-package run mutates (stryker.config.mjs: no index.ts, no generated files). */
function sourceFiles(pkg, root) {
  const src = path.join(root, "packages", pkg, "src");
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/(^index|\.generated|\.d)\.ts$/.test(entry.name))
        out.push(path.relative(root, full));
    }
  };
  if (existsSync(src)) walk(src);
  return out;
}

function tally(mutants) {
  const counts = { detected: 0, survived: 0, noCoverage: 0, ignored: 0, total: 0 };
  for (const m of mutants) {
    if (m.status === "Ignored") counts.ignored += 1;
    if (DETECTED.has(m.status)) counts.detected += 1;
    else if (m.status === "Survived") counts.survived += 1;
    else if (m.status === "NoCoverage") counts.noCoverage += 1;
    if (DETECTED.has(m.status) || UNDETECTED.has(m.status)) counts.total += 1;
  }
  counts.score = counts.total === 0 ? null : (100 * counts.detected) / counts.total;
  return counts;
}

const pct = (score) => (score === null ? "   n/a" : `${score.toFixed(2).padStart(6)}%`);
const line = (name, c) =>
  `${pct(c.score)}  ${String(c.detected).padStart(5)} detected  ${String(c.survived).padStart(4)} survived  ${String(c.noCoverage).padStart(4)} no coverage  ${String(c.ignored).padStart(4)} ignored  ${name}`;

/** Prints one package's merged reports; returns its tally, or null when the package has no report yet. */
export function printScore(pkg, out = console.log, root = ROOT) {
  const files = reportPaths(pkg, root);
  if (files.length === 0) {
    out(`${pkg}: no report (run \`npm run test:mutation -- ${pkg}\`)`);
    return null;
  }
  const byFile = new Map();
  for (const file of files) {
    const report = JSON.parse(readFileSync(file, "utf8"));
    for (const [name, entry] of Object.entries(report.files)) {
      byFile.set(path.relative(root, path.resolve(root, name)), entry.mutants);
    }
  }
  const all = [];
  out(`${pkg}  (${files.length} report${files.length === 1 ? "" : "s"})`);
  for (const [name, mutants] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    all.push(...mutants);
    out(`  ${line(name, tally(mutants))}`);
  }
  const sources = sourceFiles(pkg, root);
  const missing = sources.filter((name) => !byFile.has(name));
  const total = tally(all);
  out(`  ${line(`${pkg}: ${byFile.size} of ${sources.length} source files in the reports`, total)}`);
  if (missing.length > 0)
    out(`  not in any report (a file of types only has no mutants): ${missing.join(", ")}`);
  if (total.ignored > 0) out(`  ignored mutants (static, run with --ignoreStatic) do not count in the score`);
  return { ...total, files: byFile.size, sources: sources.length, missing };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((p) => !PACKAGES.includes(p));
  if (unknown.length > 0) {
    console.error(`unknown package ${unknown.join(", ")}; expected one of ${PACKAGES.join(", ")}`);
    process.exit(2);
  }
  for (const pkg of wanted.length > 0 ? wanted : PACKAGES) printScore(pkg);
}
