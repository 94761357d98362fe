// The first-paint and selector targets in `npm run bench` are judged from those benches' own tables, and
// say "not measured" when a bench did not run, failed, or did not reach the size a target names.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderReport, type BenchReport } from "../src/report";
import { renderSelectors } from "../src/selectors";
import {
  failureReason,
  parseMs,
  runSurfaceBenches,
  splitTable,
  surfaceTargets,
} from "../src/surface-benches";

const paintStdout = [
  "run 1: gateway listening 402 ms after its start",
  "run 1, 1000000 events, cold gateway: first meaningful paint 830 ms (target ≤ 1000 ms); long tasks 2",
  "",
  "| 1,000,000 events | first meaningful paint, median (min–max over 3 runs) | target | met |",
  "| --- | --- | --- | --- |",
  "| gateway start → listening | 400 ms (360–920 ms) | | |",
  "| cold gateway | 1210 ms (750–1390 ms) | ≤ 1000 ms | no |",
  "| warm gateway | 760 ms (755–780 ms) | ≤ 1000 ms | yes |",
  "| cold gateway after a crash at rest | 910 ms (880–990 ms) | ≤ 1000 ms | yes |",
  "| cold gateway after a crash mid-stream | 1040 ms (930–1200 ms) | ≤ 1000 ms | no |",
  "| cold gateway, no stored window | 7500 ms (5000–9000 ms) | | |",
].join("\n");

// The selectors bench's own renderer writes the table the targets are read from.
const row = (selector: string, history: number, medianMs: number, p99Ms: number) => ({
  selector,
  history,
  medianMs,
  p99Ms,
});
const selectorTable = renderSelectors([
  row("selectStatus", 100_000, 0.002, 0.01),
  row("selectTimeline", 100_000, 0.2, 0.9),
  row("selectStatus", 1_000_000, 0.003, 0.02),
  row("selectTimeline", 1_000_000, 0.41, 2.5),
]);

const paint = { script: "bench:first-paint" as const, table: splitTable(paintStdout).table };
const selectors = { script: "bench:selectors" as const, table: selectorTable };

describe("first-paint and selector targets in the benchmark report", () => {
  it("PERF-05: are judged from the benches' tables: paint medians with spread, the slowest selector median", () => {
    const checks = surfaceTargets([paint, selectors]);
    expect(checks.map((c) => [c.measured, c.met])).toEqual([
      ["1210 ms (750–1390 ms), median (min–max) of 3 runs", false],
      ["760 ms (755–780 ms), median (min–max) of 3 runs", true],
      ["910 ms (880–990 ms), median (min–max) of 3 runs", true],
      ["1040 ms (930–1200 ms), median (min–max) of 3 runs", false],
      ["selectTimeline: 0.41 ms median (p99 2.50 ms), the slowest of 2 reads", true],
    ]);
    const slow = renderSelectors([row("selectTimeline", 1_000_000, 12_500, 13_000)]);
    expect(surfaceTargets([paint, { ...selectors, table: slow }])[4]).toMatchObject({
      measured: "selectTimeline: 12.5 s median (p99 13.0 s), the slowest of 1 reads",
      met: false,
    });
  });

  it("PERF-05: keep only the table of a bench's stdout and read its numbers", () => {
    const { table, rest } = splitTable(paintStdout);
    expect(table.split("\n")).toHaveLength(8);
    expect(rest).toHaveLength(2);
    expect([parseMs("830 ms"), parseMs("1.2 s"), parseMs("0.05"), parseMs("–")]).toEqual([
      830,
      1200,
      0.05,
      Number.NaN,
    ]);
  });

  it("PERF-05: say not measured, never an estimate, when a bench did not run or ran smaller", () => {
    const quick = surfaceTargets(undefined);
    expect(quick.map((c) => [c.measured, c.met])).toEqual(
      Array.from({ length: 5 }, () => ["not measured (not run: `--quick` skips it)", null]),
    );
    const small = surfaceTargets([
      { script: "bench:first-paint", table: paint.table.replace("1,000,000 events", "20,000 events") },
      { script: "bench:selectors", table: renderSelectors([row("selectStatus", 100_000, 0.002, 0.01)]) },
    ]);
    expect(small.map((c) => [c.measured, c.met])).toEqual([
      ...Array.from({ length: 4 }, () => ["not measured (20,000 events)", null]),
      ["not measured (history 100k only)", null],
    ]);
    const failed = surfaceTargets([
      { script: "bench:first-paint", skipped: "bench:first-paint failed: Error: Chromium not found at /x" },
      { script: "bench:selectors", table: paint.table.replace("3 runs", "1 runs") },
    ]);
    expect(failed[0]).toEqual({
      target: "first meaningful paint of a 1M-event session in Chromium ≤ 1 s (cold gateway)",
      measured: "not measured (bench:first-paint failed: Error: Chromium not found at /x)",
      met: null,
    });
    expect(failed[4]).toMatchObject({ measured: "not measured (no such row)", met: null });
    const once = surfaceTargets([{ ...paint, table: paint.table.replace("3 runs", "1 runs") }]);
    expect(once[1]).toMatchObject({
      measured: "760 ms (755–780 ms), median (min–max) of 1 runs: not judged, needs 3 runs",
      met: null,
    });
  });

  it("PERF-05: a --quick report says it skipped them, a full one holds their tables verbatim", () => {
    const report = {
      generatedAt: "",
      durationMs: 0,
      machine: { nproc: 2, cpu: "cpu", node: "v20", platform: "linux-x64" },
      loadAverage: { before: [0, 0, 0], after: [0, 0, 0] },
      seed: 1,
      sizes: [],
      capMs: 1,
      reducers: [],
      skipped: [],
      marginal: [],
      server: { skipped: "not requested" },
      ui: { skipped: "not requested" },
      markdown: "",
    } satisfies BenchReport;
    const quick = renderReport(report);
    expect(quick).toContain(
      "Not measured in this run (`--quick` skips them): run `npm run bench` (full), or `npm run bench:first-paint` and `npm run bench:selectors`.",
    );
    expect(quick).toContain("| a read of any selector at 1M history ≤ 1 ms (slowest median) | not measured");
    const full = renderReport({ ...report, surfaces: [paint, selectors] });
    expect(full).toContain(`##### bench:first-paint\n\n${paint.table}\n`);
    expect(full).toContain(`##### bench:selectors\n\n${selectorTable}\n`);
    expect(full).toContain(
      "| first meaningful paint of a 1M-event session in Chromium ≤ 1 s (cold gateway) | 1210 ms (750–1390 ms), median (min–max) of 3 runs | **no** |",
    );
  });
});

describe("running the benches in child processes", () => {
  const root = mkdtempSync(join(tmpdir(), "agent-ui-surface-benches-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const npmWorks = (() => {
    try {
      execFileSync("npm", ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!npmWorks)(
    "PERF-05: keeps a child's table, and a failed child's thrown error as the reason",
    () => {
      writeFileSync(join(root, "paint.mjs"), `console.log(${JSON.stringify(paintStdout)});\n`);
      writeFileSync(
        join(root, "selectors.mjs"),
        'throw new Error("Chromium not found at /nowhere (set AGENT_UI_CHROMIUM to its executable)");\n',
      );
      writeFileSync(
        join(root, "package.json"),
        JSON.stringify({
          name: "surface-benches-fixture",
          private: true,
          scripts: { "bench:first-paint": "node paint.mjs", "bench:selectors": "node selectors.mjs" },
        }),
      );
      const logged: string[] = [];
      const results = runSurfaceBenches(root, (line) => logged.push(line));
      expect(results[0]).toEqual(paint);
      expect(results[1]).toEqual({
        script: "bench:selectors",
        skipped:
          "bench:selectors failed: Error: Chromium not found at /nowhere (set AGENT_UI_CHROMIUM to its executable)",
      });
      expect(logged).toContain("    run 1: gateway listening 402 ms after its start");
    },
  );

  it("PERF-05: a failure reason is one line: the thrown error, else the last line written", () => {
    expect(failureReason("file.ts:3\n  throw x\n\nError: boom\n    at main (file.ts:3)\n")).toBe(
      "Error: boom",
    );
    expect(failureReason("warming up\nkilled\n")).toBe("killed");
    expect(failureReason("")).toBe("no output");
  });
});
