#!/usr/bin/env node
// `npm run requirements:coverage [-- --missing] [-- --check]`: which requirement IDs of the standard's requirement
// list (`../shared/spec/requirements.md`, or AGENT_UI_SHARED_DIR) a test cites, and where.
//
// A citation is an ID on a code line (not a comment) of a test file (`*.test.ts(x)`) or of a conformance case
// (`packages/conformance/src/cases/*.ts`, whose ids and titles become test names). Ranges in the list
// (`AS-ART-01..08`) count item by item; a test may cite `HITL-01..05` or `AS-TAB-03/04` for several.
//
// `--check` exits 1 when a normative item (a MUST-level rule, an acceptance scenario or an AUI-AR case) is cited
// nowhere. `--missing` lists every uncited ID with its level.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ID = "[A-Z]{1,6}(?:-[A-Z]{2,5})*-\\d{2,3}";

/** Expands `X-01..05` and `X-03/04` into single IDs; returns [id] otherwise. */
export function expandIds(token) {
  const range = new RegExp(`^(${ID})\\.\\.(\\d{2,3})$`).exec(token);
  const list = new RegExp(`^(${ID})((?:/\\d{2,3})+)$`).exec(token);
  const head = range?.[1] ?? list?.[1];
  if (!head) return [token];
  const [, prefix, first] = /^(.*-)(\d{2,3})$/.exec(head);
  const width = first.length;
  const pad = (n) => `${prefix}${String(n).padStart(width, "0")}`;
  if (range) {
    const out = [];
    for (let n = Number(first); n <= Number(range[2]); n++) out.push(pad(n));
    return out;
  }
  return [
    head,
    ...list[2]
      .split("/")
      .filter(Boolean)
      .map((n) => pad(Number(n))),
  ];
}

/**
 * The items of the requirement list: every table row whose first cell is an ID (or an ID range), with its level —
 * the Level column in §A, the kind of list elsewhere.
 */
export function parseRequirements(markdown) {
  // §A rules, §B acceptance scenarios and checklists, §C profile cases; §D (catalogue) and §E (decisions) hold none.
  const items = new Map();
  let section = "";
  let levelColumn = false;
  for (const line of markdown.split("\n")) {
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    if (heading) {
      if (heading[1] === "##") section = heading[2].slice(0, 2).trim();
      continue;
    }
    if (!line.startsWith("|") || !["A.", "B.", "C."].includes(section)) continue;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === "ID" || cells[0] === "ID prefix" || cells[0] === "#") {
      levelColumn = cells[1] === "Level";
      continue;
    }
    if (!new RegExp(`^${ID}(\\.\\.\\d{2,3})?$`).test(cells[0]) && !/^GF-\d$/.test(cells[0])) continue;
    const level = section === "A." && levelColumn ? cells[1] : kindOf(cells[0]);
    for (const id of expandIds(cells[0])) if (!items.has(id)) items.set(id, level);
  }
  return items;
}

function kindOf(id) {
  if (id.startsWith("AUI-AR-")) return "profile case";
  if (id.startsWith("GF-")) return "governance failure";
  if (id.startsWith("RT-AS-")) return "runtime acceptance";
  if (/^AS-\d/.test(id)) return "acceptance";
  if (id.startsWith("AS-")) return "surface acceptance";
  if (/^VC?-/.test(id)) return "validation checklist";
  return "other";
}

/** Normative: a MUST-level rule, or an acceptance / profile / governance item. */
export function isNormative(level) {
  return /^(RT-)?MUST( NOT)?$/i.test(level) || /acceptance|profile case|governance/.test(level);
}

/** IDs cited on code lines of one file's text (comment lines do not count). */
export function citedIn(text) {
  const found = new Set();
  const token = new RegExp(`\\b(?:${ID}(?:\\.\\.\\d{2,3}|(?:/\\d{2,3})+)?|GF-\\d)\\b`, "g");
  for (const line of text.split("\n")) {
    const code = line.trim();
    if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) continue;
    for (const [t] of code.matchAll(token)) for (const id of expandIds(t)) found.add(id);
  }
  return found;
}

function* testFiles(root) {
  const skip = new Set(["node_modules", "dist", ".git", ".stryker-tmp", "reports"]);
  const walk = function* (dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      // The coverage test's own examples are not citations.
      else if (/\.test\.tsx?$/.test(entry.name) && entry.name !== "requirements-coverage.test.ts") yield path;
    }
  };
  for (const top of ["packages", "apps", "bench", "test"])
    if (existsSync(join(root, top))) yield* walk(join(root, top));
  const cases = join(root, "packages/conformance/src/cases");
  if (existsSync(cases)) for (const f of readdirSync(cases)) if (f.endsWith(".ts")) yield join(cases, f);
}

/** For every requirement: its level and the files that cite it. */
export function coverage(root, markdown) {
  const items = parseRequirements(markdown);
  const where = new Map([...items.keys()].map((id) => [id, []]));
  for (const file of testFiles(root)) {
    for (const id of citedIn(readFileSync(file, "utf8"))) where.get(id)?.push(relative(root, file));
  }
  return [...items].map(([id, level]) => ({ id, level, files: where.get(id) }));
}

function main(argv) {
  const root = resolve(fileURLToPath(import.meta.url), "../..");
  const shared = process.env.AGENT_UI_SHARED_DIR ?? resolve(root, "../shared");
  const spec = join(shared, "spec/requirements.md");
  if (!existsSync(spec)) {
    process.stderr.write(`requirements-coverage: no requirement list at ${spec} (set AGENT_UI_SHARED_DIR)\n`);
    return 2;
  }
  const rows = coverage(root, readFileSync(spec, "utf8"));
  const byLevel = new Map();
  for (const r of rows) {
    const b = byLevel.get(r.level) ?? { all: 0, cited: 0 };
    b.all++;
    if (r.files.length > 0) b.cited++;
    byLevel.set(r.level, b);
  }
  const out = ["| level | items | cited by a test | not cited |", "| --- | ---: | ---: | ---: |"];
  for (const [level, b] of [...byLevel].sort((a, b) => b[1].all - a[1].all))
    out.push(`| ${level} | ${b.all} | ${b.cited} | ${b.all - b.cited} |`);
  const uncited = rows.filter((r) => r.files.length === 0);
  const cited = rows.length - uncited.length;
  out.push("", `${cited} of ${rows.length} items cited by at least one test.`);
  if (argv.includes("--missing")) for (const r of uncited) out.push(`  not cited: ${r.id} (${r.level})`);
  const normative = uncited.filter((r) => isNormative(r.level));
  if (normative.length > 0)
    out.push(`normative items cited nowhere: ${normative.map((r) => `${r.id} (${r.level})`).join(", ")}`);
  process.stdout.write(`${out.join("\n")}\n`);
  return argv.includes("--check") && normative.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
