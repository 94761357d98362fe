// The runner end to end at tiny sizes: every reducer measured, well-formed Markdown tables and JSON; the
// cap skips a peer whose estimated run is too long; one measurement really runs in a child process.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInChild } from "../src/child";
import { parseBenchArgs } from "../src/cli";
import { smokeOptions } from "../src/options";
import type { BenchReport } from "../src/report";
import { runBench } from "../src/runner";
import type { ReducerResult, WorkerResult, WorkerTask } from "../src/tasks";
import { runTask } from "../src/worker";

const dir = mkdtempSync(join(tmpdir(), "agent-ui-bench-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = () => {};

/** Every Markdown table: rows have as many cells as the header, and a separator row follows it. */
function expectWellFormedTables(markdown: string): number {
  const blocks = markdown.split("\n\n").filter((b) => b.trim().startsWith("|"));
  for (const block of blocks) {
    const rows = block.trim().split("\n");
    const cells = (row: string) => row.split(" | ").length;
    expect(rows[1]).toMatch(/^\| (--- \| )*---(\s)?\|$/);
    for (const row of rows) expect(cells(row), row).toBe(cells(rows[0]));
  }
  return blocks.length;
}

describe("benchmark runner", () => {
  it("PERF: a smoke run measures every reducer and writes well-formed tables and JSON", async () => {
    const outFile = join(dir, "latest.json");
    const report = await runBench({ ...smokeOptions(outFile, quiet), execute: (task) => runTask(task) });
    const json = JSON.parse(readFileSync(outFile, "utf8")) as BenchReport;
    expect(json.markdown).toBe(report.markdown);
    expect(json.machine.nproc).toBeGreaterThan(0);
    for (const reducer of [
      "ours-batch",
      "ours-incremental",
      "minimal",
      "ag-ui",
      "ai-sdk-stream",
      "ai-sdk-chat",
    ])
      for (const events of [200, 400]) {
        const row = json.reducers.find((r) => r.reducer === reducer && r.events === events);
        expect(row, `${reducer} @ ${events}`).toBeDefined();
        expect(row?.inputs).toBeGreaterThan(0);
        expect(row?.timesMs).toHaveLength(1);
      }
    expect(json.marginal.map((m) => m.reducer).sort()).toEqual(["minimal", "ours"]);
    expect(json.hydration?.tools).toBeGreaterThan(0);
    expect(json.server.skipped).toBe("not requested");
    expect(expectWellFormedTables(report.markdown)).toBe(5);
    expect(report.markdown).toContain("#### Reducers at 400 events");
    expect(report.markdown).toContain("#### Targets");
  }, 120_000);

  it("PERF: a peer whose estimated run exceeds the cap is skipped, ours never is", async () => {
    // A fake measurement: every reducer is quadratic, 1 s at 100 events.
    const execute = async (task: WorkerTask): Promise<WorkerResult> => {
      if (task.kind !== "reducer") return runTask(task);
      const ms = 1000 * (task.events / 100) ** 2;
      const result: ReducerResult = {
        kind: "reducer",
        reducer: task.reducer,
        events: task.events,
        inputs: task.events,
        timesMs: [ms],
        medianMs: ms,
        medianCpuMs: ms,
        peakHeapBytes: 0,
        retainedHeapBytes: 0,
      };
      return result;
    };
    const options = {
      ...smokeOptions(null, quiet),
      sizes: [100, 200, 1000],
      reducers: ["ours-batch", "ag-ui"],
      capMs: 10_000,
      hydrationEvents: 0,
      execute,
    };
    const report = await runBench(options);
    expect(report.reducers.filter((r) => r.reducer === "ours-batch").map((r) => r.events)).toEqual([
      100, 200, 1000,
    ]);
    expect(report.reducers.filter((r) => r.reducer === "ag-ui").map((r) => r.events)).toEqual([100, 200]);
    expect(report.skipped).toEqual([
      expect.objectContaining({ reducer: "ag-ui", events: 1000, reason: "skipped (> cap)" }),
    ]);
    expect(report.markdown).toContain("skipped (> cap");
  }, 60_000);

  it("PERF: a measurement runs in its own child process with the GC exposed", async () => {
    const task: WorkerTask = {
      kind: "reducer",
      reducer: "ours-batch",
      events: 300,
      seed: 2,
      runs: 2,
      warmup: false,
    };
    const result = (await runInChild(task, 120_000)) as ReducerResult;
    expect(result).toMatchObject({ kind: "reducer", reducer: "ours-batch", events: 300, inputs: 300 });
    expect(result.timesMs).toHaveLength(2);
    expect(result.peakHeapBytes).toBeGreaterThan(0);
  }, 130_000);

  it("PERF: npm run bench flags: --quick, sizes, reducers, bad input is an error message", () => {
    const io = { stdout: quiet, stderr: quiet };
    const quick = parseBenchArgs(["--quick", "--no-write"], io);
    expect(typeof quick).toBe("object");
    if (typeof quick === "object") {
      expect(quick.sizes).toEqual([1_000, 10_000, 100_000]);
      expect(quick.outFile).toBeNull();
    }
    const custom = parseBenchArgs(
      ["--sizes", "500,1500", "--reducers", "ours-batch,ag-ui", "--cap-seconds", "5"],
      io,
    );
    expect(custom).toMatchObject({ sizes: [500, 1500], reducers: ["ours-batch", "ag-ui"], capMs: 5000 });
    expect(parseBenchArgs(["--sizes", "ten"], io)).toMatch(/--sizes/);
    expect(parseBenchArgs(["--bogus"], io)).toMatch(/unknown option/);
  });
});
