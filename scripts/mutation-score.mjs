#!/usr/bin/env node
// Prints the mutation score per file and per package from Stryker's JSON reports
// (`reports/mutation/<package>/mutation.json`, written by `npm run test:mutation`).
//
//   node scripts/mutation-score.mjs                 every package that has a report
//   node scripts/mutation-score.mjs contracts       one package
//
// Score = detected / (detected + undetected): killed and timed-out mutants are detected, survivors and mutants no
// test covers are not; mutants that do not compile or are ignored do not count (Stryker's own definition).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PACKAGES = ["contracts", "projection", "adapters"];
const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

export function reportPath(pkg) {
  return path.join(ROOT, "reports", "mutation", pkg, "mutation.json");
}

function tally(mutants) {
  const counts = { detected: 0, survived: 0, noCoverage: 0, total: 0 };
  for (const m of mutants) {
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
  `${pct(c.score)}  ${String(c.detected).padStart(5)} detected  ${String(c.survived).padStart(4)} survived  ${String(c.noCoverage).padStart(4)} no coverage  ${name}`;

/** Prints one package's report; returns its tally, or null when the package has no report yet. */
export function printScore(pkg, out = console.log) {
  const file = reportPath(pkg);
  if (!existsSync(file)) {
    out(`${pkg}: no report (run \`npm run test:mutation -- ${pkg}\`)`);
    return null;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const all = [];
  out(`${pkg}`);
  for (const [name, entry] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    all.push(...entry.mutants);
    out(`  ${line(path.relative(ROOT, path.resolve(ROOT, name)), tally(entry.mutants))}`);
  }
  const total = tally(all);
  out(`  ${line(`${pkg} (all files in the report)`, total)}`);
  return total;
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
