// Smoke run of `npm run bench:server` at tiny sizes: the report must be well-formed and account for every
// event at every viewer (ORD-01 no loss, ORD-07 no duplicates over SSE). Never asserts timings — those
// belong to the benchmark output, not to a test.
import { describe, expect, it } from "vitest";
import { runBench } from "../bench/run-bench";
import { markdownTable, percentile, summarize } from "../bench/stats";

describe("bench:server (gateway delivery benchmark)", () => {
  it("ORD-01/ORD-07 every appended event reaches every SSE viewer exactly once; the report is well-formed", async () => {
    const results = await runBench({ rate: 400, seconds: 0.25, viewers: [1, 3], drainTimeoutMs: 10_000 });
    expect(results.map((r) => r.viewers)).toEqual([1, 3]);
    for (const r of results) {
      expect(r.sent).toBeGreaterThan(0);
      expect(r.appendErrors).toBe(0);
      expect(r.lost).toBe(0);
      expect(r.duplicates).toBe(0);
      expect(r.samples).toBe(r.sent * r.viewers);
      expect(r.achievedRate).toBeGreaterThan(0);
      expect(r.p50Ms).toBeGreaterThanOrEqual(0);
      expect(r.p99Ms).toBeGreaterThanOrEqual(r.p50Ms);
      expect(r.maxMs).toBeGreaterThanOrEqual(r.p99Ms);
    }
    const table = markdownTable(results, 50).split("\n");
    expect(table).toHaveLength(2 + results.length);
    expect(table[0]).toContain(
      "| viewers | events sent | achieved ev/s | p50 ms | p99 ms | max ms | lost | duplicates |",
    );
    expect(table[2]).toMatch(/^\| 1 \| \d+ \| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \| 0 \| /);
  }, 30_000);

  it("ORD-01/ORD-07 viewers in a child process (like remote clients), scanning frames as the bench does by default, also get every event exactly once", async () => {
    const [r] = await runBench({
      rate: 400,
      seconds: 0.25,
      viewers: [2],
      drainTimeoutMs: 10_000,
      viewerMode: "child-process",
      viewerDecode: "scan",
    });
    expect(r.sent).toBeGreaterThan(0);
    expect(r.lost).toBe(0);
    expect(r.duplicates).toBe(0);
    expect(r.samples).toBe(r.sent * 2);
    expect(r.maxMs).toBeGreaterThanOrEqual(r.p50Ms);
  }, 30_000);

  it("percentiles are nearest-rank over the samples", () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(values)).toEqual({ p50: 50, p99: 99, max: 100 });
    expect(percentile(new Float64Array([7]), 99)).toBe(7);
    expect(Number.isNaN(percentile(new Float64Array(0), 50))).toBe(true);
  });
});
