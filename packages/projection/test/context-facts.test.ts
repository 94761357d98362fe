import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

// context.changed and context.compaction.*, field by field: chips, budget, missing context and the
// compaction boundary part and timeline row (CTX-01/02/04).
describe("context chips", () => {
  it("CTX-02 refs keep only entries with a string id, and only string labels and kinds", () => {
    const e = stream();
    const state = projectEvents([
      e("context.changed", {
        payload: {
          refs: [
            { id: "f1", label: "README.md", kind: "file" },
            { id: "f2", label: 3, kind: null },
            { id: "f3" },
            { label: "no id" },
            { id: 7 },
            "f4",
          ],
        },
      }),
    ]);
    expect(state.context.refs).toStrictEqual([
      { id: "f1", label: "README.md", kind: "file" },
      { id: "f2" },
      { id: "f3" },
    ]);
  });

  it("CTX-02 the budget ratio needs both numbers and a positive limit", () => {
    const budgetOf = (budget: unknown) =>
      projectEvents([stream()("context.changed", { payload: { budget } })]).context.budget;
    expect(budgetOf({ used: 50, limit: 200 })).toStrictEqual({ used: 50, limit: 200, ratio: 0.25 });
    expect(budgetOf({ used: 50, limit: 0 })).toStrictEqual({ used: 50, limit: 0 });
    expect(budgetOf({ used: 50 })).toStrictEqual({ used: 50 });
    expect(budgetOf({ limit: 200 })).toStrictEqual({ limit: 200 });
    expect(budgetOf({ used: "50", limit: "200" })).toStrictEqual({});
  });

  it("CTX-02 missing context keeps records with their string id, label and reason only", () => {
    const e = stream();
    const state = projectEvents([
      e("context.changed", {
        payload: {
          missing: [
            { id: "m1", label: "design doc", reason: "not found", extra: "x" },
            { id: 2, label: "x" },
            "y",
          ],
        },
      }),
    ]);
    expect(state.context.missing).toStrictEqual([
      { id: "m1", label: "design doc", reason: "not found" },
      { label: "x" },
    ]);
  });

  it("CTX-02 a later fact replaces only the parts it reports", () => {
    const e = stream();
    const state = projectEvents([
      e("context.changed", {
        payload: { refs: [{ id: "f1" }], budget: { used: 1, limit: 2 }, missing: [{ id: "m1" }] },
      }),
      e("context.changed", { payload: { refs: "none", budget: 5, missing: {} } }),
    ]);
    expect(state.context.refs).toStrictEqual([{ id: "f1" }]);
    expect(state.context.budget).toStrictEqual({ used: 1, limit: 2, ratio: 0.5 });
    expect(state.context.missing).toStrictEqual([{ id: "m1" }]);
    expect(state.diagnostics).toEqual([]);
  });

  it("CTX-02 a fact with refs only sets them, with no error", () => {
    const e = stream();
    const state = projectEvents([e("context.changed", { payload: { refs: [{ id: "f1" }] } })]);
    expect(state.context.refs).toStrictEqual([{ id: "f1" }]);
    expect(state.context.source).toMatchObject({ eventId: "s1-1", type: "context.changed" });
    expect(state.diagnostics).toEqual([]);
  });
});

describe("context compaction", () => {
  it("CTX-01 a compaction in progress is an open, streaming boundary with its own timeline row", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.started", { payload: { compactionId: "c1", tokensBefore: 9000 } }),
    ]);
    const part = state.messages[0].parts.find((p) => p.kind === "context_event");
    expect(part).toMatchObject({
      id: "context:c1",
      title: "Compacting context",
      status: "streaming",
      expanded: true,
    });
    expect(part?.data).toStrictEqual({ boundary: "compaction", status: "started", tokensBefore: 9000 });
    expect(state.context.compactions).toStrictEqual([
      expect.objectContaining({ id: "c1", status: "started", tokensBefore: 9000 }),
    ]);
    const row = state.timeline.find((t) => t.id === "context:c1");
    expect(row).toMatchObject({ kind: "context", title: "Compacting context", status: "started" });
    expect(row?.refs).toStrictEqual({ compactionId: "c1" });
    expect(state.diagnostics).toEqual([]);
  });

  it("CTX-01 a failed compaction reads failed on the entry, the part and the timeline, with one warning", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.started", { payload: { compactionId: "c1" } }),
      e("context.compaction.completed", { payload: { compactionId: "c1", failed: true, tokensAfter: 10 } }),
    ]);
    expect(state.context.compactions.map((c) => [c.id, c.status])).toEqual([["c1", "failed"]]);
    const parts = state.messages[0].parts.filter((p) => p.kind === "context_event");
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ title: "Context compaction failed", status: "done", expanded: false });
    expect(parts[0].data).toStrictEqual({ boundary: "compaction", status: "failed", tokensAfter: 10 });
    expect(state.timeline.find((t) => t.id === "context:c1")).toMatchObject({
      title: "Context compaction failed",
      status: "failed",
    });
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["runtime_warning", "warning", "context compaction c1 failed"],
    ]);
  });

  it("CTX-01 a completed compaction with `failed` other than true is completed, and not diagnosed", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.completed", { payload: { compactionId: "c1", failed: "yes" } }),
    ]);
    expect(state.context.compactions[0].status).toBe("completed");
    expect(state.diagnostics).toEqual([]);
  });

  it("CTX-01 compactions without ids are numbered per turn by the completed ones before them", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.started", { payload: {} }),
      e("context.compaction.completed", { payload: { summary: "first" } }),
      e("context.compaction.started", { payload: {} }),
      e("context.compaction.completed", { payload: { summary: "second", tokensBefore: "9" } }),
    ]);
    expect(state.context.compactions.map((c) => [c.id, c.status, c.summary, c.tokensBefore])).toEqual([
      ["compaction:t1:0", "completed", "first", undefined],
      ["compaction:t1:1", "completed", "second", undefined],
    ]);
    expect(state.messages[0].parts.filter((p) => p.kind === "context_event").map((p) => p.id)).toEqual([
      "context:compaction:t1:0",
      "context:compaction:t1:1",
    ]);
  });

  it("CTX-01 a summary is redacted before it reaches state", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.completed", {
        payload: { compactionId: "c1", summary: "key sk-abcdefghijklmnopqrstuvwxyz123456 used" },
      }),
    ]);
    expect(state.context.compactions[0].summary).not.toContain("sk-abcdefghijklmnopqrstuvwxyz123456");
  });

  it("CTX-01 a compaction restated in a live projector updates its one part", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    p.apply(e("context.compaction.started", { payload: { compactionId: "c1" } }));
    expect(p.getState().messages[0].parts[0].status).toBe("streaming");
    p.apply(e("context.compaction.completed", { payload: { compactionId: "c1", tokensAfter: 5 } }));
    const parts = p.getState().messages[0].parts;
    expect(parts.map((part) => [part.id, part.status, part.title])).toEqual([
      ["context:c1", "done", "Context compacted"],
    ]);
  });

  it("CTX-01 token counts reported earlier are kept when a later compaction fact omits them", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("context.compaction.started", { payload: { compactionId: "c1", tokensBefore: 9000 } }),
      e("context.compaction.completed", { payload: { compactionId: "c1", tokensAfter: 1200 } }),
      e("context.compaction.completed", { payload: { compactionId: "c1", summary: "s" } }),
    ]);
    expect(state.context.compactions.map((c) => [c.tokensBefore, c.tokensAfter, c.summary])).toEqual([
      [9000, 1200, "s"],
    ]);
    expect(state.messages[0].parts[0].data).toStrictEqual({
      boundary: "compaction",
      status: "completed",
      tokensBefore: 9000,
      tokensAfter: 1200,
    });
  });
});
