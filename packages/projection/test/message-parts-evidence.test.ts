import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  projectEvents,
  selectAnswerText,
  selectCitedEvidence,
  selectReplayLane,
  selectReviewLane,
} from "../src";
import { stream } from "./helpers";

const evidenceParts = (state: ReturnType<typeof projectEvents>) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "evidence_ref").map((p) => ({ m, p })));

describe("evidence_ref message parts", () => {
  it("EVID-08 / D.6 evidence of a turn is cited in its message by id, never as answer text", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("text.delta", { payload: { delta: "The answer." } }),
      e("evidence.changed", {
        evidenceId: "ev1",
        evidencePackRef: "pack://1",
        payload: { status: "exported", verificationOutcomes: [{ name: "tests", status: "passed" }] },
      }),
    ]);
    const message = state.messages.find((m) => m.id === "m1");
    expect(message?.parts.map((p) => p.kind)).toEqual(["assistant_text", "evidence_ref"]);
    const part = message!.parts[1];
    expect(part).toMatchObject({ id: "evidence:ev1", evidenceId: "ev1", status: "done" });
    // No copy of the evidence body on the part (EVID-05: refs only).
    expect(part.data).toBeUndefined();
    expect(JSON.stringify(part)).not.toContain("pack://1");
    expect(selectAnswerText(state, "m1")).toBe("The answer.");
  });

  it("EVID-03 the part, the replay lane and the review lane read one evidence record", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "x" } }),
      e("evidence.changed", { evidenceId: "ev1", replayRef: "replay://1", payload: { status: "pending" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported" } }),
    ]);
    const [{ p }] = evidenceParts(state);
    const cited = selectCitedEvidence(state, p);
    expect(cited).toBe(state.evidence.ev1);
    expect(cited).toBe(selectReplayLane(state, "ev1")?.record);
    expect(cited).toBe(selectReviewLane(state, "ev1")?.record);
    // The later update changed the record the part reads; the part itself did not need a copy.
    expect(cited?.status).toBe("exported");
  });

  it("EVID-01 no evidence fact, no citation; session-level evidence stays in the evidence lane", () => {
    const e = stream();
    const withoutEvidence = projectEvents([
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "Sources say so." } }),
    ]);
    expect(evidenceParts(withoutEvidence)).toHaveLength(0);
    const sessionLevel = projectEvents([
      e("evidence.changed", { evidenceId: "ev-session", payload: { status: "exported" } }),
    ]);
    expect(sessionLevel.messages).toHaveLength(0);
    expect(sessionLevel.evidence["ev-session"]).toBeDefined();
  });

  it("EVID-01 a citation to unknown evidence resolves to nothing, never to a fabricated record", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "x" } }),
      e("review.completed", {
        reviewId: "r1",
        payload: { status: "passed", reviewer: "qa", target: "m1", evidenceRefs: ["ev-missing"] },
      }),
    ]);
    const [{ p }] = evidenceParts(state);
    expect(p).toMatchObject({ evidenceId: "ev-missing", data: { reviewId: "r1" } });
    expect(selectCitedEvidence(state, p)).toBeUndefined();
    expect(state.evidence["ev-missing"]).toBeUndefined();
  });

  it("TOOL-10 / EVID-07 evidence naming a tool is cited in the tool's message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { messageId: "m-tool", toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.failed", { toolCallId: "c1", payload: { error: "boom" } }),
      e("text.delta", { messageId: "m-answer", payload: { delta: "It failed." } }),
      e("evidence.changed", { evidenceId: "ev1", toolCallId: "c1", payload: { status: "exported" } }),
    ]);
    const [{ m }] = evidenceParts(state);
    expect(m.id).toBe("m-tool");
    expect(state.tools.c1.evidenceIds).toEqual(["ev1"]);
  });

  it("TEAM-08 a review cites its evidence in the reviewer's message; the verdict stays in the review", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", messageId: "m1", payload: { status: "exported" } }),
      e("review.completed", {
        reviewId: "r1",
        agentId: "reviewer",
        payload: { status: "changes_requested", verdict: "fix it", evidenceRefs: ["ev1", "ev2"] },
      }),
    ]);
    const cited = evidenceParts(state).map(({ m, p }) => [m.agentId ?? "", p.evidenceId]);
    expect(cited).toEqual([
      ["", "ev1"],
      ["reviewer", "ev1"],
      ["reviewer", "ev2"],
    ]);
    expect(JSON.stringify(state.messages)).not.toContain("fix it");
    expect(state.team.reviews[0]).toMatchObject({ verdict: "fix it", evidenceRefs: ["ev1", "ev2"] });
  });

  it("EVID-04 citations arriving mid-stream never split or duplicate the answer", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exporting" } }),
      e("evidence.changed", { evidenceId: "ev2", payload: { status: "exporting" } }),
      e("text.delta", { payload: { delta: "lo" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("text.delta", { payload: { delta: " again" } }),
      e("text.final", { payload: { text: "Hello again" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([
      ["assistant_text", "Hello"],
      ["evidence_ref", undefined],
      ["evidence_ref", undefined],
      ["tool_call", undefined],
      ["assistant_text", " again"],
    ]);
    expect(selectAnswerText(state, "m1")).toBe("Hello again");
  });

  it("TEXT-04 text of a later step after a tool, unspaced by the runtime, is a new paragraph of the answer", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Let me check." } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "weather" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "21" } }),
      e("text.delta", { payload: { delta: "It is 21°C." } }),
    ]);
    expect(selectAnswerText(state, "m1")).toBe("Let me check.\n\nIt is 21°C.");
  });

  it("EVID-03 property: any order of evidence updates gives exactly one citation per evidence id", () => {
    const step = fc.record({
      evidenceId: fc.constantFrom("ev1", "ev2", "ev3"),
      turnId: fc.constantFrom("t1", "t2"),
      status: fc.constantFrom("pending", "exporting", "exported", "failed"),
      messageId: fc.option(fc.constantFrom("m1", "m2"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const e = stream();
        const state = projectEvents(
          steps.map((s) =>
            e("evidence.changed", {
              evidenceId: s.evidenceId,
              turnId: s.turnId,
              ...(s.messageId ? { messageId: s.messageId } : {}),
              payload: { status: s.status },
            }),
          ),
        );
        const ids = evidenceParts(state).map(({ p }) => p.evidenceId);
        expect(ids.slice().sort()).toEqual(Array.from(new Set(steps.map((s) => s.evidenceId))).sort());
        for (const { p } of evidenceParts(state))
          expect(selectCitedEvidence(state, p)).toBe(state.evidence[p.evidenceId!]);
      }),
    );
  });
});
