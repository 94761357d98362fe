// What a reader of a long session meets, run by `npm run bench` as child processes and reported verbatim:
// the workbench's first meaningful paint of a 1M-event session in Chromium (`npm run bench:first-paint`,
// apps/workbench/bench/first-paint.ts) and one read of each public selector after every live event at
// 1M history (`npm run bench:selectors`, ./selectors.ts). The targets are judged from those tables: the
// paint on its median over the runs with the spread beside it, the selectors on the slowest median read.
// A bench that did not run, or whose table lacks the size, is "not measured" — never estimated.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { notMeasured, row } from "./gateway-benches";
import { MIN_JUDGED_RUNS, type TargetCheck } from "./report";
import { SELECTOR_TARGET_MS } from "./selectors";

export const SURFACE_BENCHES = ["bench:first-paint", "bench:selectors"] as const;
export type SurfaceBench = (typeof SURFACE_BENCHES)[number];

export interface SurfaceBenchResult {
  script: SurfaceBench;
  table?: string;
  skipped?: string;
}

/** The Markdown table in a bench's stdout (its `|` lines, verbatim) and the other lines (progress). */
export function splitTable(stdout: string): { table: string; rest: string[] } {
  const lines = stdout.split("\n");
  return {
    table: lines.filter((line) => line.startsWith("|")).join("\n"),
    rest: lines.filter((line) => !line.startsWith("|") && line.trim() !== ""),
  };
}

/** Why a child failed, in one line: the error it threw, or the last line it wrote to stderr. */
export function failureReason(stderr: string): string {
  const lines = stderr.split("\n").map((line) => line.trim());
  const thrown = lines.find((line) => /^\w*Error: /.test(line));
  return (thrown ?? lines.filter((line) => line !== "").pop() ?? "no output").slice(0, 300);
}

/** Runs each bench (`npm run -s <script>`), keeps its table and logs its other lines. */
export function runSurfaceBenches(root: string, log: (line: string) => void): SurfaceBenchResult[] {
  const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts ?? {};
  return SURFACE_BENCHES.map((script) => {
    if (typeof scripts[script] !== "string") return { script, skipped: `no \`${script}\` script` };
    log(`  ${script}…`);
    try {
      const stdout = execFileSync("npm", ["run", "-s", script], {
        cwd: root,
        encoding: "utf8",
        timeout: 30 * 60_000,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const { table, rest } = splitTable(stdout);
      for (const line of rest) log(`    ${line}`);
      return table === "" ? { script, skipped: `${script} printed no table` } : { script, table };
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? error);
      return { script, skipped: `${script} failed: ${failureReason(stderr)}` };
    }
  });
}

/** "830 ms", "1.2 s", "0.05" → milliseconds; NaN when the cell holds no number. */
export function parseMs(cell: string): number {
  const match = /^([\d.,]+)\s*(ms|s)?$/.exec(cell.trim());
  if (match === null) return Number.NaN;
  const value = Number(match[1].replaceAll(",", ""));
  return match[2] === "s" ? value * 1000 : value;
}

export const FIRST_PAINT_EVENTS = "1,000,000";
/** The visits of `bench:first-paint` judged against the target (its no-window visit is only reported). */
export const FIRST_PAINT_VISITS = [
  "cold gateway",
  "warm gateway",
  "cold gateway after a crash at rest",
  "cold gateway after a crash mid-stream",
] as const;
export const SELECTOR_HISTORY = "1M";

function firstPaintChecks(result: SurfaceBenchResult | undefined, why: string): TargetCheck[] {
  const header = /^\| ([\d,]+) events \| first meaningful paint, median \(min–max over (\d+) runs\)/m.exec(
    result?.table ?? "",
  );
  return FIRST_PAINT_VISITS.map((visit) => {
    const target = `first meaningful paint of a 1M-event session in Chromium ≤ 1 s (${visit})`;
    const cells = row(result?.table, new RegExp(`^${visit}$`));
    if (header === null || cells === undefined) return notMeasured(target, why);
    if (header[1] !== FIRST_PAINT_EVENTS) return notMeasured(target, `${header[1]} events`);
    const runs = Number(header[2]);
    const measured = `${cells[1]}, median (min–max) of ${runs} runs`;
    if (runs < MIN_JUDGED_RUNS)
      return { target, measured: `${measured}: not judged, needs ${MIN_JUDGED_RUNS} runs`, met: null };
    return { target, measured, met: cells[3] === "yes" };
  });
}

function selectorCheck(result: SurfaceBenchResult | undefined, why: string): TargetCheck {
  const target = `a read of any selector at 1M history ≤ ${SELECTOR_TARGET_MS} ms (slowest median)`;
  const lines = (result?.table ?? "").split("\n");
  const cellsOf = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
  const headers = lines.length > 2 ? cellsOf(lines[0]) : [];
  const column = headers.indexOf(`ms at ${SELECTOR_HISTORY} history (median / p99)`);
  if (column < 0) {
    const sizes = headers.flatMap((h) => /^ms at (\S+) history/.exec(h)?.[1] ?? []);
    return notMeasured(target, sizes.length > 0 ? `history ${sizes.join(", ")} only` : why);
  }
  let slowest: { selector: string; ms: number; median: string; p99: string } | undefined;
  let reads = 0;
  for (const line of lines.slice(2)) {
    const cells = cellsOf(line);
    const [median, p99] = (cells[column] ?? "").split(" / ");
    const ms = parseMs(median ?? "");
    if (!Number.isFinite(ms)) return notMeasured(target, `no number for ${cells[0]} at ${SELECTOR_HISTORY}`);
    reads++;
    if (slowest === undefined || ms > slowest.ms) slowest = { selector: cells[0], ms, median, p99 };
  }
  if (slowest === undefined) return notMeasured(target, "no selector rows");
  const unit = (cell: string) => (cell.endsWith(" s") ? cell : `${cell} ms`);
  return {
    target,
    measured: `${slowest.selector}: ${unit(slowest.median)} median (p99 ${unit(slowest.p99)}), the slowest of ${reads} reads`,
    met: slowest.ms <= SELECTOR_TARGET_MS,
  };
}

/** The first-paint and selector targets, judged from the benches' own tables. */
export function surfaceTargets(results: readonly SurfaceBenchResult[] | undefined): TargetCheck[] {
  const of = (script: SurfaceBench) => results?.find((r) => r.script === script);
  const why = (script: SurfaceBench) =>
    of(script)?.skipped ?? (results ? "no such row" : "not run: `--quick` skips it");
  return [
    ...firstPaintChecks(of("bench:first-paint"), why("bench:first-paint")),
    selectorCheck(of("bench:selectors"), why("bench:selectors")),
  ];
}
