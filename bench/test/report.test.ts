// The benchmark judges a target only on what it measured: never on a skipped peer's estimate, never on a
// single wall-time run; the spread of the runs is printed beside the median.
import { describe, expect, it } from "vitest";
import { type BenchReport, checkTargets } from "../src/report";
import type { MarginalResult, ReducerResult } from "../src/tasks";

function reducer(name: string, events: number, timesMs: number[]): ReducerResult {
  const sorted = [...timesMs].sort((a, b) => a - b);
  return {
    kind: "reducer",
    reducer: name,
    events,
    inputs: events,
    timesMs,
    medianMs: sorted[Math.floor(sorted.length / 2)],
    medianCpuMs: sorted[Math.floor(sorted.length / 2)],
    peakHeapBytes: 0,
    retainedHeapBytes: 0,
  };
}

function report(
  reducers: ReducerResult[],
  skipped: BenchReport["skipped"] = [],
  marginal: MarginalResult[] = [],
) {
  return {
    generatedAt: "",
    durationMs: 0,
    machine: { nproc: 2, cpu: "x", node: "v20", platform: "linux-x64" },
    loadAverage: { before: [0], after: [0] },
    seed: 1,
    sizes: [10_000, 20_000, 100_000],
    capMs: 3_000,
    reducers,
    skipped,
    marginal,
    server: {},
    ui: {},
    markdown: "",
  } as BenchReport;
}

const find = (checks: ReturnType<typeof checkTargets>, text: string) => {
  const check = checks.find((c) => c.target.includes(text));
  if (check === undefined) throw new Error(`no target ${text}`);
  return check;
};

describe("benchmark targets", () => {
  it("PERF a peer skipped over the cap is 'not measured', whatever its estimate says", () => {
    const checks = checkTargets(
      report(
        [reducer("ours-batch", 100_000, [300, 310, 320])],
        [{ reducer: "ai-sdk-chat", events: 100_000, reason: "skipped (> cap)", estimateMs: 1_000_000 }],
      ),
    );
    const chat = find(checks, "AI SDK Chat");
    expect(chat.met).toBeNull();
    expect(chat.measured).toMatch(/^not measured: peer skipped over the cap \(estimated ~/);
  });

  it("PERF a size that was not run names the size the target is about, never '?'", () => {
    const checks = checkTargets({ ...report([]), sizes: [1_000] });
    const agUi = find(checks, "AG-UI");
    expect(agUi.target).toContain("at 20k");
    expect(agUi.measured).toBe("not measured (20k not run)");
    expect(agUi.met).toBeNull();
  });

  it("PERF one run is printed but not judged; three runs are judged on the median with the spread", () => {
    const single = checkTargets(report([reducer("ours-batch", 100_000, [200])]));
    expect(find(single, "500,000").met).toBeNull();
    expect(find(single, "500,000").measured).toContain("1 run: not judged");
    const three = checkTargets(report([reducer("ours-batch", 100_000, [900, 150, 160])]));
    expect(find(three, "500,000").met).toBe(true);
    expect(find(three, "500,000").measured).toContain("median of 3 runs, 150 ms–900 ms");
    const long = checkTargets(report([reducer("ours-batch", 100_000, [8227, 9000, 10_500])]));
    expect(find(long, "500,000").measured).toContain("median of 3 runs, 8227 ms–10.5 s");
    const slow = checkTargets(report([reducer("ours-batch", 100_000, [900, 800, 1000])]));
    expect(find(slow, "500,000").met).toBe(false);
  });

  it("PERF a peer measured at the size is judged on both medians", () => {
    const checks = checkTargets(
      report([reducer("ours-batch", 20_000, [10, 11, 12]), reducer("ag-ui", 20_000, [3000, 3100, 3200])]),
    );
    const agUi = find(checks, "AG-UI");
    expect(agUi.met).toBe(true);
    expect(agUi.measured).toMatch(/^282× \(median of 3 runs/);
  });
});
