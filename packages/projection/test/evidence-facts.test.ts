import type { MessagePart, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

// evidence.changed and review citations, field by field: the record, its timeline row and the
// `evidence_ref` part a message carries (EVID-01/03/05/08, TEAM-08).
const refsOf = (state: ProjectionState) =>
  state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "evidence_ref").map((p) => ({ message: m.id, part: p as MessagePart })),
  );

const source = (id: string, fields: Record<string, string> = {}) => ({ id, sourceType: "url", ...fields });

describe("evidence records", () => {
  it("EVID-01 source refs past the per-record limit are counted in one warning; at the limit none", () => {
    const e = stream({ sessionId: "s" });
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `src-${i}`, url: `https://x/${i}` }));
    const over = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { citations: many(260) } }),
    ]);
    expect(over.evidence.ev1.citations).toHaveLength(256);
    expect(over.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        "large_payload_inline",
        "warning",
        "evidence ev1: 4 source refs past the per-record limit were not kept",
      ],
    ]);
    const f = stream({ sessionId: "s" });
    const at = projectEvents([
      f("evidence.changed", { evidenceId: "ev1", payload: { citations: many(256) } }),
    ]);
    expect(at.evidence.ev1.citations).toHaveLength(256);
    expect(at.diagnostics).toEqual([]);
  });

  it("EVID-11 the correlation spine keeps ids a later fact does not repeat", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        threadId: "th1",
        runId: "r1",
        payload: { status: "pending" },
      }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported" } }),
    ]);
    expect(state.evidence.ev1.correlation).toStrictEqual({ sessionId: "s", threadId: "th1", runId: "r1" });
  });

  it("EVID-03 a fact naming no tool or artifact links none; payload ids are linked", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: {} }),
      e("evidence.changed", { evidenceId: "ev2", payload: { toolCallIds: ["c1"], artifactIds: ["a1"] } }),
    ]);
    expect(state.evidence.ev1.toolCallIds).toStrictEqual([]);
    expect(state.evidence.ev1.artifactIds).toStrictEqual([]);
    expect(state.evidence.ev2.toolCallIds).toStrictEqual(["c1"]);
    expect(state.evidence.ev2.artifactIds).toStrictEqual(["a1"]);
    expect(state.timeline.find((t) => t.id === "evidence:ev1")?.refs).toStrictEqual({ evidenceId: "ev1" });
    expect(state.timeline.find((t) => t.id === "evidence:ev2")?.refs).toStrictEqual({
      evidenceId: "ev2",
      toolCallId: "c1",
    });
  });

  it("EVID-08 the timeline row is titled by the first cited source, else `Evidence`", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported" } }),
      e("evidence.changed", {
        evidenceId: "ev2",
        payload: { citations: [source("a", { url: "https://a", title: "Spec A" })] },
      }),
      e("evidence.changed", {
        evidenceId: "ev3",
        payload: { citations: [source("b", { url: "https://b" })] },
      }),
    ]);
    const title = (id: string) => state.timeline.find((t) => t.id === `evidence:${id}`)?.title;
    expect([title("ev1"), title("ev2"), title("ev3")]).toEqual(["Evidence", "Spec A", "Evidence"]);
    expect(state.timeline.find((t) => t.id === "evidence:ev1")).toMatchObject({
      kind: "evidence",
      status: "exported",
    });
  });

  it("EVID-05 a pack ref reported in the payload as evidencePackRef is kept when the envelope names none", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { evidencePackRef: "pack://p" } }),
    ]);
    expect(state.evidence.ev1.packRef).toBe("pack://p");
  });
});

describe("evidence_ref parts", () => {
  it("EVID-08 a fact naming its message is cited there, not in the turn's current message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "first" } }),
      e("text.delta", { messageId: "m2", payload: { delta: "second" } }),
      e("evidence.changed", { evidenceId: "ev1", messageId: "m1", payload: {} }),
    ]);
    expect(refsOf(state).map((r) => r.message)).toEqual(["m1"]);
  });

  it("EVID-08 a fact naming an unknown tool is cited in its turn's message, with no error", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "answer" } }),
      e("evidence.changed", { evidenceId: "ev1", toolCallId: "c-unknown", payload: {} }),
    ]);
    expect(refsOf(state).map((r) => r.message)).toEqual(["m1"]);
    expect(state.diagnostics).toEqual([]);
  });

  it("EVID-01 a part without sources is titled `Evidence`; with sources it copies them, titled by the first", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "x" } }),
      e("evidence.changed", { evidenceId: "ev0", payload: {} }),
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: {
          citations: [source("a", { url: "https://a", title: "Spec A" }), source("b", { url: "https://b" })],
        },
      }),
      e("evidence.changed", {
        evidenceId: "ev2",
        payload: { citations: [source("c", { url: "https://c" })] },
      }),
      e("evidence.changed", {
        evidenceId: "ev3",
        payload: { citations: [{ id: "d", sourceType: "document" }] },
      }),
    ]);
    const parts = refsOf(state).map((r) => r.part);
    expect(parts.map((p) => [p.evidenceId, p.title])).toEqual([
      ["ev0", "Evidence"],
      ["ev1", "Spec A"],
      ["ev2", "https://c"],
      ["ev3", "Evidence"],
    ]);
    expect(parts[0].citations).toBeUndefined();
    expect(parts[1].citations).toStrictEqual([
      { id: "a", sourceType: "url", url: "https://a", title: "Spec A" },
      { id: "b", sourceType: "url", url: "https://b" },
    ]);
  });

  it("EVID-03 a later update refreshes the part's sources where it sits, in a live projector", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    p.apply(e("text.delta", { payload: { delta: "x" } }));
    p.apply(e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }));
    const before = p.getState();
    expect(refsOf(before)[0].part.title).toBe("Evidence");
    // The same fact again, from another message: no second part, the first one updated.
    p.apply(
      e("evidence.changed", {
        evidenceId: "ev1",
        messageId: "m2",
        payload: { citations: [source("a", { url: "https://a", title: "Spec A" })] },
      }),
    );
    const after = p.getState();
    const refs = refsOf(after);
    expect(refs.map((r) => [r.message, r.part.title])).toEqual([["m1", "Spec A"]]);
    expect(refs[0].part.citations).toStrictEqual([
      { id: "a", sourceType: "url", url: "https://a", title: "Spec A" },
    ]);
  });

  it("EVID-03 an update that changes no source leaves the citing message as it was", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const citations = [source("a", { url: "https://a", title: "Spec A" })];
    p.apply(e("text.delta", { payload: { delta: "x" } }));
    p.apply(e("evidence.changed", { evidenceId: "ev1", payload: { citations } }));
    p.apply(e("evidence.changed", { evidenceId: "ev2", payload: {} }));
    const before = p.getState().messages.find((m) => m.id === "m1");
    p.apply(e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported", citations } }));
    p.apply(e("evidence.changed", { evidenceId: "ev2", payload: { status: "exported" } }));
    const after = p.getState();
    expect(after.messages.find((m) => m.id === "m1")).toBe(before);
    expect(after.evidence.ev1.status).toBe("exported");
  });

  it("TEAM-08 a review citing evidence its message already cites adds no second part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "x" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: {} }),
      e("review.completed", { reviewId: "r1", payload: { status: "passed", evidenceRefs: ["ev1"] } }),
    ]);
    expect(refsOf(state).map((r) => [r.message, r.part.evidenceId, r.part.data])).toEqual([
      ["m1", "ev1", undefined],
    ]);
  });

  it("TEAM-08 a review with no evidence refs, or outside any turn, adds no message", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("review.completed", {
        turnId: "t1",
        reviewId: "r1",
        payload: { status: "passed", evidenceRefs: [] },
      }),
      e("review.completed", { reviewId: "r2", payload: { status: "passed", evidenceRefs: ["ev1"] } }),
    ]);
    expect(state.messages).toEqual([]);
    expect(state.team.reviews.map((r) => r.reviewId)).toEqual(["r1", "r2"]);
    expect(state.diagnostics).toEqual([]);
  });

  it("TEAM-08 evidence first cited by a review keeps that one part; later updates refresh it there", () => {
    const e = stream({ turnId: "t1" });
    const cite = { citations: [source("a", { url: "https://a", title: "Spec A" })] };
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "x" } }),
      e("evidence.changed", { evidenceId: "ev1", messageId: "m1", payload: {} }),
      e("review.completed", {
        messageId: "m2",
        reviewId: "r1",
        payload: { status: "passed", evidenceRefs: ["ev1", "ev2"] },
      }),
      e("evidence.changed", { evidenceId: "ev2", messageId: "m3", payload: cite }),
      e("evidence.changed", { evidenceId: "ev1", messageId: "m3", payload: cite }),
    ]);
    expect(refsOf(state).map((r) => [r.message, r.part.evidenceId, r.part.title])).toEqual([
      ["m1", "ev1", "Spec A"],
      ["m2", "ev1", "Evidence"],
      ["m2", "ev2", "Spec A"],
    ]);
  });

  it("EVID-08 a fact naming a message outside any turn is cited in that message", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "answer" } }),
      e("evidence.changed", { evidenceId: "ev1", messageId: "m1", payload: {} }),
    ]);
    expect(refsOf(state).map((r) => [r.message, r.part.evidenceId])).toEqual([["m1", "ev1"]]);
  });

  it("EVID-03 an update of evidence whose citing message the source removed changes the record only", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const cite = { citations: [source("a", { url: "https://a", title: "Spec A" })] };
    const state = projectEvents([
      e("text.delta", { payload: { delta: "x" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: {} }),
      e("messages.snapshot", { messageId: "m2", payload: { messages: [], removedMessageIds: ["m1"] } }),
      e("evidence.changed", { evidenceId: "ev1", messageId: "m2", payload: cite }),
    ]);
    expect(refsOf(state)).toEqual([]);
    expect(state.evidence.ev1.citations?.map((c) => c.title)).toEqual(["Spec A"]);
    expect(state.diagnostics).toEqual([]);
  });

  it("HYD-09 / EVID-01 a citation part restored from a snapshot takes the sources of the fact it cites, once", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: { messages: [{ id: "m1", parts: [{ id: "evidence:ev1", kind: "evidence_ref" }] }] },
      }),
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: { citations: [source("a", { url: "https://a", title: "Spec A" })] },
      }),
    ]);
    expect(refsOf(state).map((r) => [r.message, r.part.id])).toEqual([["m1", "evidence:ev1"]]);
    expect(refsOf(state)[0].part).toMatchObject({
      title: "Spec A",
      citations: [{ id: "a", sourceType: "url", url: "https://a", title: "Spec A" }],
    });
    expect(state.diagnostics).toEqual([]);
  });
});
