// The CLI benchmark's verdicts are facts about what it measured: a size it did not run is "not measured"
// (never estimated), a target is judged on the medians, and a run whose output differs from the limit's
// meets nothing.
import { describe, expect, it } from "vitest";
import { cliTargets } from "../src/cli-bench";

const usage = (cpuMs: number, maxRssKB: number, output = "same") => ({ cpuMs, maxRssKB, output });

describe("bench:cli targets", () => {
  it("says not measured when the bench did not run or a size is missing", () => {
    expect(cliTargets(undefined).map((t) => t.met)).toEqual([null, null, null, null]);
    const only100k = cliTargets([
      { events: 100_000, inputMB: 10, ours: [usage(100, 100)], limit: [usage(100, 100)] },
    ]);
    expect(only100k.map((t) => t.met)).toEqual([null, null, true, true]);
    expect(only100k[0].measured).toBe("not measured (no 1M run)");
  });

  it("judges the medians of the runs against 2× the limit", () => {
    const [cpu, rss] = cliTargets([
      {
        events: 1_000_000,
        inputMB: 100,
        ours: [usage(300, 100), usage(190, 100), usage(100, 500)],
        limit: [usage(100, 100), usage(100, 100), usage(100, 100)],
      },
    ]);
    expect(cpu).toMatchObject({ met: true, measured: "1.90× (median of 3)" });
    expect(rss).toMatchObject({ met: true, measured: "1.00× (median of 3)" });
  });

  it("meets nothing when the CLI printed other bytes than the limit", () => {
    const [cpu] = cliTargets([
      { events: 1_000_000, inputMB: 100, ours: [usage(100, 100, "a")], limit: [usage(100, 100, "b")] },
    ]);
    expect(cpu.met).toBe(false);
    expect(cpu.measured).toContain("outputs differ");
  });
});
