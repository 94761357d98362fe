import { describe, expect, it } from "vitest";
import { projectEvents, selectReplayLane, selectReviewLane } from "../src";
import { stream } from "./helpers";

describe("evidence family", () => {
  it("EVID-05 / AUI-AR-ID-004 refs are lifted; the pack body is never stored", () => {
    const e = stream({ sessionId: "s", threadId: "th", turnId: "t1", traceId: "tr1" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        evidencePackRef: "pack://1",
        replayRef: "replay://1",
        payload: { status: "exported" },
      }),
    ]);
    expect(state.evidence.ev1).toMatchObject({
      packRef: "pack://1",
      replayRef: "replay://1",
      reviewRef: "unavailable",
      traceId: "tr1",
      status: "exported",
      correlation: { sessionId: "s", threadId: "th", turnId: "t1", traceId: "tr1" },
    });
  });

  it("EVID-06 / AUI-AR-EVID-004 known gaps and verification are `unavailable` unless reported", () => {
    const e = stream();
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
    ]);
    expect(state.evidence.ev1.knownGaps).toBe("unavailable");
    expect(state.evidence.ev1.verification).toBe("unavailable");
  });

  it("EVID-02 verification only from verificationOutcomes", () => {
    const e = stream();
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: {
          verificationOutcomes: [{ name: "tests", status: "passed" }],
          knownGaps: [{ signal: "traces" }],
        },
      }),
    ]);
    expect(state.evidence.ev1.verification).toEqual([{ name: "tests", status: "passed" }]);
    expect(state.evidence.ev1.knownGaps).toEqual([{ signal: "traces" }]);
  });

  it("EVID-03 / AUI-AR-EVID-003 replay and review lanes read the same record and never disagree", () => {
    const e = stream();
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        replayRef: "replay://1",
        payload: { status: "exported", verificationOutcomes: [{ name: "v", status: "failed" }] },
      }),
    ]);
    const replay = selectReplayLane(state, "ev1");
    const review = selectReviewLane(state, "ev1");
    expect(replay?.record).toBe(review?.record);
    expect(replay?.status).toBe(review?.status);
    expect(replay?.verification).toBe(review?.verification);
    expect(replay?.ref).toBe("replay://1");
    expect(review?.ref).toBe("unavailable");
  });

  it("TOOL-10 / AUI-AR-EVID-005 a failed tool links to its evidence in the row and the timeline", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "test" } }),
      e("tool.failed", { toolCallId: "c1", payload: { error: "2 failing" } }),
      e("evidence.changed", { evidenceId: "ev1", toolCallId: "c1", payload: { status: "exported" } }),
    ]);
    expect(state.tools.c1.evidenceIds).toEqual(["ev1"]);
    expect(state.evidence.ev1.toolCallIds).toEqual(["c1"]);
    expect(state.timeline.find((t) => t.id === "tool:c1")).toMatchObject({
      kind: "error",
      status: "output-error",
    });
    expect(state.timeline.find((t) => t.id === "evidence:ev1")?.refs).toMatchObject({
      evidenceId: "ev1",
      toolCallId: "c1",
    });
  });

  it("AUI-AR-EVID-001 export progress does not block text streaming", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "a" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exporting" } }),
      e("text.delta", { payload: { delta: "b" } }),
    ]);
    // The answer keeps growing in one text part; the citation sits behind it, never splitting it.
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([
      ["assistant_text", "ab"],
      ["evidence_ref", undefined],
    ]);
    expect(state.evidence.ev1.status).toBe("exporting");
  });
});
