import { describe, expect, it } from "vitest";
import {
  CANONICAL_LATENCY_METRICS,
  LATENCY_ALIASES,
  LATENCY_CLOCK_POINTS,
  LATENCY_NAME_ALIASES,
  canonicalLatencyName,
  latencyInterval,
  readLatency,
} from "../src/index";

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

/** Every alternate name PERF-07 lists, and its canonical name. */
const PERF_07 = {
  submitToShellMs: "turn.submit_to_shell_ms",
  submitToStatusMs: "turn.submit_to_status_ms",
  submitToFirstTextMs: "turn.submit_to_first_text_ms",
  firstTextToPaintMs: "turn.first_text_to_paint_ms",
  historyClickToShellMs: "session.click_to_shell_ms",
  historyClickToRecentMessagesMs: "message_list.first_stable_paint_ms",
  artifactReferenceToPreviewMs: "artifact.reference_to_preview_ms",
  submit_to_status_ms: "turn.submit_to_status_ms",
  submit_to_first_event_ms: "turn.submit_to_first_event_ms",
  submit_to_first_text_ms: "turn.submit_to_first_text_ms",
  first_text_to_paint_ms: "turn.first_text_to_paint_ms",
  last_event_age_ms: "runtime.last_event_age_ms",
};

describe("latency names (PERF-07)", () => {
  it("PERF-07 every name the standard lists maps to one canonical name; canonical names map to themselves", () => {
    for (const [alias, canonical] of Object.entries(PERF_07))
      expect(canonicalLatencyName(alias)).toBe(canonical);
    for (const name of CANONICAL_LATENCY_METRICS) expect(canonicalLatencyName(name)).toBe(name);
    // Nothing else: the map is exactly the canonical set plus the standard's aliases.
    expect(Object.keys(LATENCY_NAME_ALIASES).sort()).toEqual(
      [...Object.keys(PERF_07), ...CANONICAL_LATENCY_METRICS].sort(),
    );
    expect(new Set(Object.values(PERF_07))).toEqual(new Set(CANONICAL_LATENCY_METRICS));
    expect(canonicalLatencyName("toString")).toBeUndefined();
  });

  it("PERF-07 both names of a turn interval read the same value from the turn's clock points", () => {
    expect(readLatency("submitToStatusMs", { marks })).toBe(40);
    expect(readLatency("submit_to_status_ms", { marks })).toBe(40);
    expect(readLatency("turn.submit_to_first_text_ms", { marks })).toBe(150);
    expect(readLatency("first_text_to_paint_ms", { marks })).toBe(25);
  });

  it("PERF-07 a recorded signal reads under its alias; one nobody measured is undefined, never 0", () => {
    const metrics = { "session.click_to_shell_ms": 42, "message_list.first_stable_paint_ms": 180 };
    expect(readLatency("historyClickToShellMs", { metrics })).toBe(42);
    expect(readLatency("historyClickToRecentMessagesMs", { metrics })).toBe(180);
    expect(readLatency("submitToShellMs", { marks, metrics })).toBeUndefined();
    expect(readLatency("last_event_age_ms", { metrics })).toBeUndefined();
    expect(readLatency("notAName", { metrics })).toBeUndefined();
  });

  it("PERF-07 a turn interval without its clock points reads the host's recorded value", () => {
    const metrics = { "turn.submit_to_status_ms": 55 };
    // No clock points at all, or not the ones this interval spans: the recorded value answers.
    expect(readLatency("submitToStatusMs", { metrics })).toBe(55);
    expect(readLatency("submit_to_status_ms", { marks: { first_event_ms: 1 }, metrics })).toBe(55);
    // The turn's own clock points win over a recorded value.
    expect(readLatency("submit_to_status_ms", { marks, metrics })).toBe(40);
    // A signal that is no turn interval, with clock points only: nobody recorded it.
    expect(readLatency("historyClickToShellMs", { marks })).toBeUndefined();
  });

  it("PERF-07 a recorded value that is not a finite number is not a measurement", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(readLatency("historyClickToShellMs", { metrics: { "session.click_to_shell_ms": bad } })).toBe(
        undefined,
      );
    expect(readLatency("historyClickToShellMs", { metrics: { "session.click_to_shell_ms": 0 } })).toBe(0);
  });
});
