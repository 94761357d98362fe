import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

// EVID-02/05/06: how an evidence record is built from evidence.changed events, field by field.
describe("evidence record fields", () => {
  it("EVID-06 a record names only what was reported: every ref `unavailable`, no tools or artifacts", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([e("evidence.changed", { evidenceId: "ev1", payload: {} })]);
    expect(state.evidence.ev1).toMatchObject({
      status: "unknown",
      packRef: "unavailable",
      replayRef: "unavailable",
      reviewRef: "unavailable",
      verification: "unavailable",
      knownGaps: "unavailable",
      toolCallIds: [],
      artifactIds: [],
    });
  });

  it("EVID-05 envelope refs are lifted, and a later event without refs keeps them", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        evidencePackRef: "pack://1",
        replayRef: "replay://1",
        reviewRef: "review://1",
        traceId: "tr1",
        payload: { status: "exported" },
      }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "ready" } }),
    ]);
    expect(state.evidence.ev1).toMatchObject({
      packRef: "pack://1",
      replayRef: "replay://1",
      reviewRef: "review://1",
      traceId: "tr1",
      status: "ready",
    });
  });

  it("EVID-02 verification keeps only well-formed outcomes, with their name and status and nothing else", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: {
          verificationOutcomes: [
            { name: "unit", status: "passed", secretNote: "x" },
            { name: 1, status: "failed" },
            { name: "lint" },
            { status: "failed" },
            "typecheck",
          ],
        },
      }),
    ]);
    expect(state.evidence.ev1.verification).toEqual([{ name: "unit", status: "passed" }]);
  });

  it("EVID-05 correlation keeps string values only", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { correlation: { ticket: "T-1", attempt: 2 } } }),
    ]);
    expect(state.evidence.ev1.correlation).toEqual({ sessionId: "s", ticket: "T-1" });
  });

  it("EVID-03 an artifact named on the envelope is linked both ways", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("artifact.created", { artifactId: "a1", payload: { title: "Report" } }),
      e("evidence.changed", { evidenceId: "ev1", artifactId: "a1", payload: {} }),
    ]);
    expect(state.evidence.ev1.artifactIds).toEqual(["a1"]);
    expect(state.artifacts.a1.evidenceRefs).toEqual(["ev1"]);
  });

  it("DIAG-01 evidence.changed without an evidenceId is a missing_correlation warning and creates no record", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([e("evidence.changed", { payload: { status: "ready" } })]);
    expect(state.evidence).toEqual({});
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["missing_correlation", "warning", "evidence.changed without evidenceId"],
    ]);
  });

  it("EVID-05 refs reported only in the payload are kept when the envelope names none", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: { packRef: "pack://p", replayRef: "replay://p", reviewRef: "review://p", traceId: "tr-p" },
      }),
    ]);
    expect(state.evidence.ev1).toMatchObject({
      packRef: "pack://p",
      replayRef: "replay://p",
      reviewRef: "review://p",
      traceId: "tr-p",
    });
  });
});
