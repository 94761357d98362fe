// The status-row, HITL, capsule and chip selectors read facts only: exact views of live streams and of a
// stored projection a gateway resumes from (the runtime's counts win; what it did not state is absent).
import type { ActionRecord, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  createProjector,
  projectEvents,
  selectActionAudit,
  selectCapsules,
  selectContextChips,
  selectPendingActions,
  selectStatus,
} from "../src";
import { stream } from "./helpers";

/** A projector resumed from `state` as a gateway stores it (ARCH-04). */
function resumed(state: ProjectionState): ProjectionState {
  const p = createProjector();
  p.hydrate({ kind: "projection", state });
  return p.getState();
}

describe("status row (STAT-02, STAT-05)", () => {
  it("STAT-02 the row carries the runtime's label and reason only while it states them", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("run.started"));
    const quiet = selectStatus(p.getState());
    expect(Object.keys(quiet).sort()).toEqual([
      "attention",
      "limits",
      "model",
      "pendingActionCount",
      "queuedTurnCount",
      "stale",
      "status",
    ]);
    p.apply(e("run.status", { payload: { status: "retrying", label: "Retrying", reason: "overloaded" } }));
    const state = p.getState();
    expect(selectStatus(state)).toStrictEqual({
      status: "retrying",
      attention: "medium",
      label: "Retrying",
      reason: "overloaded",
      model: state.runtime.model,
      limits: state.runtime.limits,
      queuedTurnCount: 0,
      pendingActionCount: 0,
      stale: false,
    });
    p.apply(e("run.status", { payload: { status: "streaming" } }));
    const streaming = selectStatus(p.getState());
    expect(streaming).toMatchObject({ status: "streaming", label: "Retrying" });
    expect("reason" in streaming).toBe(false);
  });

  it("STAT-05 QUEUE-03 the queued count is the runtime's when it states one", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("queue.changed", {
        queuedTurnCount: 4,
        payload: { items: [{ id: "q1" }, { id: "q2", status: "started" }] },
      }),
    ]);
    expect(selectStatus(state).queuedTurnCount).toBe(4);
  });

  it("STAT-05 QUEUE-03 a resumed projection without a stated count counts only the queued items", () => {
    const e = stream({ turnId: "t1" });
    const live = projectEvents([
      e("run.started"),
      e("queue.changed", {
        payload: {
          items: [
            { id: "q1", position: 1 },
            { id: "q2", position: 2, status: "started" },
            { id: "q3", position: 3 },
            { id: "q4", position: 4, status: "removed" },
            { id: "q5", position: 5 },
          ],
        },
      }),
    ]);
    const { queuedTurnCount: _stated, ...runtime } = live.runtime;
    const state = resumed({ ...live, runtime });
    expect(state.runtime.queuedTurnCount).toBeUndefined();
    expect(selectStatus(state).queuedTurnCount).toBe(3);
  });
});

describe("HITL lanes (HITL-01, HITL-10)", () => {
  /** Seven actions required in order a..g, then stored with the given statuses and sequences (a stored
   * record may carry no source). */
  function storedActions(): ProjectionState {
    const e = stream({ turnId: "t1" });
    const stated: [string, ActionRecord["status"], number | undefined][] = [
      ["a", "stale", undefined],
      ["b", "pending", 9],
      ["c", "responding", 3],
      ["d", "resolved", 4],
      ["e", "expired", 5],
      ["f", "cancelled", 6],
      ["g", "pending", undefined],
    ];
    const live = projectEvents(
      stated.map(([id]) => e("action.required", { actionId: id, payload: { actionType: "clarification" } })),
    );
    const actions: Record<string, ActionRecord> = {};
    for (const [id, status, sequence] of stated) {
      const { source: _source, ...rest } = live.actions[id];
      actions[id] = { ...rest, status, ...(sequence === undefined ? {} : { source: { sequence } }) };
    }
    return resumed({ ...live, actions });
  }

  it("HITL-01 pending, responding and stale actions wait, ordered by the fact that raised them", () => {
    const state = storedActions();
    expect(selectPendingActions(state).map((a) => [a.actionId, a.status])).toEqual([
      ["a", "stale"],
      ["g", "pending"],
      ["c", "responding"],
      ["b", "pending"],
    ]);
    expect(selectStatus(state).pendingActionCount).toBe(4);
  });

  it("HITL-10 resolved, expired and cancelled actions leave the pending set for the audit lane", () => {
    const state = storedActions();
    expect(selectActionAudit(state).map((a) => [a.actionId, a.status])).toEqual([
      ["d", "resolved"],
      ["e", "expired"],
      ["f", "cancelled"],
    ]);
  });

  it("HITL-01 live actions are listed in the order the runtime raised them", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "x", payload: { actionType: "clarification" } }),
      e("action.required", { actionId: "y", payload: { actionType: "clarification" } }),
      e("action.required", { actionId: "z", payload: { actionType: "clarification" } }),
    ]);
    expect(selectPendingActions(state).map((a) => a.actionId)).toEqual(["x", "y", "z"]);
  });
});

describe("task capsules (TASK-04)", () => {
  it("TASK-04 every attention rank sorts above the next; first-seen order within a rank", () => {
    const e = stream();
    const order: [string, string][] = [
      ["done1", "completed"],
      ["run1", "running"],
      ["queued1", "queued"],
      ["run2", "running"],
      ["retry1", "retrying"],
      ["blocked1", "blocked"],
      ["run3", "running"],
      ["fail1", "failed"],
      ["queued2", "queued"],
      ["done2", "completed"],
      ["ask1", "waiting_input"],
    ];
    const state = projectEvents(
      order.map(([id, status]) => e("task.changed", { taskId: id, payload: { status } })),
    );
    expect(selectCapsules(state).map((t) => [t.taskId, t.status])).toEqual([
      ["fail1", "failed"],
      ["ask1", "needs_input"],
      ["blocked1", "blocked"],
      ["retry1", "retrying"],
      ["queued1", "queued"],
      ["queued2", "queued"],
      ["run1", "running"],
      ["run2", "running"],
      ["run3", "running"],
      ["done1", "completed"],
      ["done2", "completed"],
    ]);
  });
});

describe("context chips (CTX-02, PERM-02)", () => {
  it("PERM-02 the risk chip shows only when the runtime states a risk level", () => {
    const e = stream();
    const before = projectEvents([e("permission.changed", { payload: { mode: "ask" } })]);
    expect("riskLevel" in selectContextChips(before)).toBe(false);
    const state = projectEvents([
      e("permission.changed", { payload: { mode: "ask", riskLevel: "high", sandbox: { network: "off" } } }),
    ]);
    expect(selectContextChips(state)).toStrictEqual({
      model: state.runtime.model,
      limits: state.runtime.limits,
      refs: state.context.refs,
      budget: state.context.budget,
      missing: state.context.missing,
      permissionMode: "ask",
      sandbox: { network: "off" },
      riskLevel: "high",
    });
  });
});
