import { describe, expect, it } from "vitest";
import { projectEvents, selectAnswerText, selectContextChips, selectPendingActions } from "../src";
import { stream } from "./helpers";

describe("context family", () => {
  it("CTX-02 context refs, budget and missing context become chips", () => {
    const e = stream();
    const state = projectEvents([
      e("context.changed", {
        payload: {
          refs: [{ id: "f1", label: "README.md", kind: "file" }],
          budget: { used: 50, limit: 200 },
          missing: [{ label: "design doc", reason: "not found" }],
        },
      }),
    ]);
    const chips = selectContextChips(state);
    expect(chips.refs).toEqual([{ id: "f1", label: "README.md", kind: "file" }]);
    expect(chips.budget).toEqual({ used: 50, limit: 200, ratio: 0.25 });
    expect(chips.missing).toEqual([{ label: "design doc", reason: "not found" }]);
  });

  it("CTX-01 compaction is a boundary part, never replayed reasoning or answer text", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Answer" } }),
      e("context.compaction.started", { payload: { compactionId: "c1" } }),
      e("context.compaction.completed", {
        payload: {
          compactionId: "c1",
          summary: "old reasoning summarized",
          tokensBefore: 9000,
          tokensAfter: 1200,
        },
      }),
    ]);
    expect(selectAnswerText(state)).toBe("Answer");
    const boundary = state.messages[0].parts.find((p) => p.kind === "context_event");
    expect(boundary).toMatchObject({
      status: "done",
      expanded: false,
      title: "Context compacted",
      data: { boundary: "compaction", tokensBefore: 9000, tokensAfter: 1200 },
    });
    expect(state.context.compactions).toEqual([
      expect.objectContaining({ id: "c1", status: "completed", summary: "old reasoning summarized" }),
    ]);
    expect(state.timeline.find((t) => t.id === "context:c1")?.kind).toBe("context");
  });

  it("CTX-04 pending actions survive compaction", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { actionType: "clarification" } }),
      e("context.compaction.completed", { payload: { summary: "s" } }),
    ]);
    expect(selectPendingActions(state).map((a) => a.actionId)).toEqual(["a1"]);
  });

  it("CTX-01 a failed compaction is visible and diagnosed", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("context.compaction.completed", { payload: { compactionId: "c1", failed: true } }),
    ]);
    expect(state.context.compactions[0].status).toBe("failed");
    expect(state.diagnostics.map((d) => d.code)).toContain("runtime_warning");
  });
});
