// DIAG-01/02, ROUTE-02: what a diagnostic or metric fact leaves in state when fields are missing or malformed.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("diagnostic and metric facts", () => {
  it("DIAG-01 a bare diagnostic reads runtime_warning at warning severity, its code as its message", () => {
    const e = stream();
    const state = projectEvents([
      e("diagnostic.changed", { payload: {} }),
      e("diagnostic.changed", { payload: { code: "provider_slow", severity: "fatal" } }),
      e("diagnostic.changed", { payload: { code: "provider_down", severity: "error", message: "down" } }),
    ]);
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message])).toStrictEqual([
      ["runtime_warning", "warning", "runtime_warning"],
      ["provider_slow", "warning", "provider_slow"],
      ["provider_down", "error", "down"],
    ]);
  });

  it("ROUTE-02 a limit carried by a diagnostic updates the status row's limit, not the answer", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("diagnostic.changed", {
        payload: {
          code: "rate_limited",
          limit: { kind: "rate_limit", status: "rate_limited", reason: "429" },
        },
      }),
    ]);
    expect(state.runtime.limits).toMatchObject({ status: "rate_limited", reason: "429", rateLimit: {} });
    expect(state.messages).toStrictEqual([]);
  });

  it("DIAG-02 a metric may name itself in its payload; a nameless metric is reported, never kept", () => {
    const e = stream();
    const state = projectEvents([
      e("metric.changed", { payload: { name: "tokens_in", value: 12 } }),
      e("metric.changed", { payload: { value: 3 } }),
    ]);
    expect(state.metrics).toStrictEqual({ tokens_in: 12 });
    expect(state.diagnostics).toMatchObject([
      {
        code: "schema_mismatch",
        severity: "info",
        message: "metric.changed needs metricName and a numeric payload.value",
        eventRef: { sequence: 2 },
      },
    ]);
  });
});
