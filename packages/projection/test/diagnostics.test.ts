import { describe, expect, it } from "vitest";
import { projectEvents, selectAnswerText, selectDiagnostics, selectTimeline } from "../src";
import { stream } from "./helpers";

describe("diagnostics and metrics family", () => {
  it("DIAG-01/PROC-07 diagnostic.changed reaches the diagnostics surface, not messages or the user timeline", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "answer" } }),
      e("diagnostic.changed", {
        payload: { code: "runtime_warning", severity: "warning", message: "slow provider" },
      }),
    ]);
    expect(selectAnswerText(state)).toBe("answer");
    expect(selectTimeline(state).some((t) => t.title.includes("slow"))).toBe(false);
    expect(selectDiagnostics(state)).toMatchObject({ bySeverity: { warning: 1, error: 0, info: 0 } });
    expect(state.diagnostics[0]).toMatchObject({
      code: "runtime_warning",
      message: "slow provider",
      eventRef: { sequence: 2 },
    });
  });

  it("SEC-03 credential values never reach diagnostics", () => {
    const e = stream();
    const state = projectEvents([
      e("diagnostic.changed", {
        payload: {
          code: "runtime_error",
          severity: "error",
          message: "auth failed with Bearer abc123def456ghi789",
        },
      }),
    ]);
    expect(state.diagnostics[0].message).not.toContain("abc123def456ghi789");
  });

  it("PERF metric.changed records named numbers only", () => {
    const e = stream();
    const state = projectEvents([
      e("metric.changed", { metricName: "first_text_delta_ms", payload: { value: 120 } }),
      e("metric.changed", { metricName: "bad", payload: { value: "fast" } }),
    ]);
    expect(state.metrics).toEqual({ first_text_delta_ms: 120 });
    expect(state.diagnostics.map((d) => d.code)).toEqual(["schema_mismatch"]);
  });

  it("ENV-09 an unknown event class is a diagnostic, never a crash", () => {
    const e = stream();
    const state = projectEvents([e("made.up", {})]);
    expect(state.diagnostics[0]).toMatchObject({
      code: "unknown_event_class",
      eventRef: { type: "made.up" },
    });
  });
});
