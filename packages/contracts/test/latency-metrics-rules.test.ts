import { describe, expect, it } from "vitest";
import { LATENCY_ALIASES, LATENCY_CLOCK_POINTS, latencyInterval } from "../src/index";

const marks = {
  "composer.submit_ms": 100,
  first_event_ms: 160,
  first_runtime_status_ms: 140,
  first_text_delta_ms: 250,
  first_text_paint_ms: 275,
};

describe("latency intervals (PERF-01, §E-3)", () => {
  it.each([
    ["submitToStatusMs", 40],
    ["submit_to_status_ms", 40],
    ["submit_to_first_event_ms", 60],
    ["submitToFirstTextMs", 150],
    ["submit_to_first_text_ms", 150],
    ["firstTextToPaintMs", 25],
    ["first_text_to_paint_ms", 25],
  ])("PERF-01 %s is the interval between its two clock points (%i ms)", (alias, ms) => {
    expect(latencyInterval(marks, alias)).toBe(ms);
  });

  it("PERF-01 an interval whose start or end was not reached is undefined, never guessed", () => {
    expect(latencyInterval({ "composer.submit_ms": 5 }, "submitToStatusMs")).toBeUndefined();
    expect(latencyInterval({ first_runtime_status_ms: 5 }, "submitToStatusMs")).toBeUndefined();
    expect(latencyInterval({ "composer.submit_ms": 0, first_runtime_status_ms: 0 }, "submitToStatusMs")).toBe(
      0,
    );
    expect(latencyInterval(marks, "first_runtime_status_ms")).toBeUndefined();
    expect(latencyInterval(marks, "toString")).toBeUndefined();
  });

  it("PERF-01 every alias spans two clock points in the order a healthy turn reaches them", () => {
    expect(Object.keys(LATENCY_ALIASES)).toHaveLength(7);
    for (const { from, to } of Object.values(LATENCY_ALIASES))
      expect(LATENCY_CLOCK_POINTS.indexOf(from)).toBeLessThan(LATENCY_CLOCK_POINTS.indexOf(to));
    expect(LATENCY_CLOCK_POINTS).toEqual([
      "composer.submit_ms",
      "listener.bound_ms",
      "submit.accepted_ms",
      "runtime.start_ms",
      "provider.request_start_ms",
      "first_event_ms",
      "first_runtime_status_ms",
      "first_text_delta_ms",
      "first_text_paint_ms",
    ]);
  });
});
