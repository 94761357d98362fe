// The gateway targets in `npm run bench` are judged from the gateway benches' own tables, and say
// "not measured" when a bench did not run or did not measure the size a target names.
import { describe, expect, it } from "vitest";
import { gatewayTargets } from "../src/gateway-benches";

const windowTable = [
  "| events | whole projection | hydration window | target | build + serialize ms | same state again ms | window ≤ 512 KB |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  "| 100,000 | 4,871 KB | 409 KB | 512 KB | 4.0 | 0.008 | yes |",
  "| 1,000,000 | 49,020 KB | 355 KB | 512 KB | 12.2 | 0.009 | yes |",
].join("\n");
const importTable = [
  "A 1,000,000-line replay import (295 MB, speed 0) while /api/health is probed.",
  "",
  "| measure | value | target | met |",
  "| --- | --- | --- | --- |",
  "| /api/health p99 | 195.6 ms | ≤ 100 ms | NO |",
  "| 10 late joiners × 3: /api/health p99 | 40.1 ms (max 52.0 ms, 60 probes over 2.0 s) | ≤ 100 ms | yes |",
].join("\n");
const storeTable = [
  "| store | sessions | events/s (median) | range | ≥ 20,000 events/s |",
  "| --- | --- | --- | --- | --- |",
  "| SQLite | 1 | 27,412 | 20,976–27,717 | yes |",
  "| PostgreSQL | – | not measured (AGENT_UI_PG_URL is not set) | – | – |",
].join("\n");

describe("gateway targets in the benchmark report", () => {
  it("are judged from the benches' tables", () => {
    const checks = gatewayTargets([
      { script: "bench:window", table: windowTable },
      { script: "bench:import", table: importTable },
      { script: "bench:store", table: storeTable },
    ]);
    expect(checks.map((c) => [c.measured, c.met])).toEqual([
      ["355 KB", true],
      ["195.6 ms", false],
      ["40.1 ms (max 52.0 ms, 60 probes over 2.0 s)", true],
      ["27,412 events/s (median, 20,976–27,717)", true],
      ["not measured (AGENT_UI_PG_URL is not set)", null],
    ]);
  });

  it("say not measured, never an estimate, when the benches did not run or ran smaller", () => {
    expect(
      gatewayTargets(undefined).every((c) => c.met === null && c.measured.startsWith("not measured")),
    ).toBe(true);
    const small = gatewayTargets([
      { script: "bench:window", table: windowTable.split("\n").slice(0, 3).join("\n") },
      { script: "bench:import", table: importTable.replace("1,000,000", "100,000") },
      { script: "bench:store", skipped: "bench:store failed" },
    ]);
    expect(small.map((c) => c.met)).toEqual([null, null, null, null, null]);
    expect(small[1].measured).toBe("not measured (100,000 lines)");
    expect(small[3].measured).toBe("not measured (bench:store failed)");
  });
});
