// HYD-02/05: rows of a record table loaded after hydration (older pages) join the projection before the
// rows it holds, never replace a row it already has (its own is newer), and notify subscribers once.
import { describe, expect, it } from "vitest";
import { createProjector, selectPendingActions } from "../src";
import { stream } from "./helpers";

describe("mergeRecords", () => {
  it("HYD-05 older rows come first; a row the projection holds keeps its own, newer state", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([
      e("run.started", { payload: { input: "q" } }),
      e("tool.started", { toolCallId: "new", payload: { name: "n" } }),
      e("tool.result", { toolCallId: "new", payload: { output: "done" } }),
    ]);
    const before = p.getState();
    let notified = 0;
    p.subscribe(() => {
      notified += 1;
    });
    p.mergeRecords("tools", {
      old1: { toolCallId: "old1", name: "a", status: "output-available" },
      old2: { toolCallId: "old2", name: "b", status: "output-error" },
      new: { toolCallId: "new", name: "n", status: "input-streaming" },
    });
    const after = p.getState();
    expect(Object.keys(after.tools)).toEqual(["old1", "old2", "new"]);
    expect(after.tools.new.status).toBe("output-available");
    expect(after.tools.new).toBe(before.tools.new);
    expect(notified).toBe(1);
    // The snapshot taken before still shows what it showed.
    expect(Object.keys(before.tools)).toEqual(["new"]);
    // Nothing new: no change, no notification.
    p.mergeRecords("tools", { new: { toolCallId: "new", status: "cancelled" } });
    expect(p.getState()).toBe(after);
    expect(notified).toBe(1);
  });

  it("HITL-01 a pending action paged in is pending for the projection too; unknown tables are ignored", () => {
    const p = createProjector();
    p.mergeRecords("actions", { a1: { actionId: "a1", actionType: "approval", status: "pending" } });
    expect(selectPendingActions(p.getState()).map((a) => a.actionId)).toEqual(["a1"]);
    const state = p.getState();
    p.mergeRecords("messages" as never, { x: { id: "x" } });
    expect(p.getState()).toBe(state);
  });
});
