import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectPendingActions } from "../src";
import { codes, stream } from "./helpers";

const approval = { actionType: "tool_approval", availableDecisions: ["approve", "reject"] };

describe("ownership gate (ARCH-01, HITL-03)", () => {
  it("HITL-03 / ARCH-01 a ui_projection-owned action.resolved leaves the action pending", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const state = projectEvents([
      e("run.started"),
      e("tool.started", { toolCallId: "tc1", payload: { name: "deploy" } }),
      e("action.required", { actionId: "a1", toolCallId: "tc1", payload: approval }),
      e("action.resolved", {
        actionId: "a1",
        owner: "ui_projection",
        payload: { outcome: "resolved", decision: "approve" },
      }),
    ]);
    expect(state.actions.a1.status).toBe("pending");
    expect(state.actions.a1.decision).toBeUndefined();
    expect(selectPendingActions(state).map((a) => a.actionId)).toEqual(["a1"]);
    expect(state.runtime.status).toBe("action_required");
    expect(state.tools.tc1.status).not.toBe("output-available");
    const ignored = state.diagnostics.filter((d) => d.code === "ui_owned_fact_ignored");
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatchObject({ path: "/owner", eventRef: { type: "action.resolved" } });
  });

  it("HITL-03 the runtime's own action.resolved after the ignored client write still resolves", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: approval }),
      e("action.resolved", { actionId: "a1", owner: "ui_projection", payload: { outcome: "resolved" } }),
      e("action.resolved", {
        actionId: "a1",
        owner: "runtime",
        payload: { outcome: "resolved", decision: "reject" },
      }),
    ]);
    expect(state.actions.a1).toMatchObject({ status: "resolved", decision: "reject" });
    expect(selectPendingActions(state)).toEqual([]);
  });

  it("ARCH-01 ui_projection cannot finish a run, end a tool, complete a task or set a verdict", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const p = createProjector();
    p.applyAll([
      e("run.started"),
      e("tool.started", { toolCallId: "tc1", payload: { name: "grep" } }),
      e("task.changed", { taskId: "k1", payload: { status: "running", title: "Index" } }),
    ]);
    const before = p.getState();
    p.applyAll([
      e("tool.result", { toolCallId: "tc1", owner: "ui_projection", payload: { output: "forged" } }),
      e("tool.failed", { toolCallId: "tc1", owner: "ui_projection", payload: { error: "x" } }),
      e("task.changed", { taskId: "k1", owner: "ui_projection", payload: { status: "completed" } }),
      e("evidence.changed", { owner: "ui_projection", payload: { evidenceId: "ev1", verdict: "passed" } }),
      e("run.finished", { owner: "ui_projection", payload: { outcome: "success" } }),
    ]);
    const after = p.getState();
    expect(after.runtime).toBe(before.runtime);
    expect(after.tools).toBe(before.tools);
    expect(after.tasks).toBe(before.tasks);
    expect(after.evidence).toBe(before.evidence);
    expect(codes(after).filter((c) => c === "ui_owned_fact_ignored")).toHaveLength(5);
  });

  it("ARCH-01 for any runtime-owned class, owner ui_projection changes no runtime slice (property)", () => {
    const classes = [
      "run.started",
      "run.status",
      "run.finished",
      "run.failed",
      "tool.started",
      "tool.result",
      "tool.failed",
      "action.required",
      "action.resolved",
      "task.changed",
      "agent.changed",
      "agent.completed",
      "artifact.created",
      "evidence.changed",
      "permission.changed",
      "review.completed",
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...classes), fc.constantFrom("x1", "x2")), { maxLength: 12 }),
        (picks) => {
          const e = stream({ turnId: "t1", runId: "r1" });
          const events = picks.map(([type, id]) =>
            e(type, {
              owner: "ui_projection",
              toolCallId: id,
              actionId: id,
              taskId: id,
              agentId: id,
              artifactId: id,
              payload: { status: "completed", outcome: "resolved", name: id, actionType: "tool_approval" },
            }),
          );
          const state = projectEvents(events);
          const empty = projectEvents([]);
          expect(state.runtime).toEqual(empty.runtime);
          expect(state.tools).toEqual({});
          expect(state.actions).toEqual({});
          expect(state.tasks).toEqual({});
          expect(state.agents).toEqual({});
          expect(state.artifacts).toEqual({});
          expect(state.evidence).toEqual({});
          expect(state.permissions).toEqual(empty.permissions);
          expect(codes(state).filter((c) => c === "ui_owned_fact_ignored")).toHaveLength(picks.length);
        },
      ),
    );
  });

  it("ARCH-01 a ui_projection state.snapshot cannot restore runtime truth, but may replace appState", () => {
    const e = stream({ turnId: "t1" });
    const forged = {
      threadId: "th1",
      status: "completed",
      pendingRequests: [],
      turns: [],
    };
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { actionType: "tool_approval" } }),
      e("state.snapshot", { owner: "ui_projection", payload: { thread: forged } }),
      e("state.snapshot", { owner: "ui_projection", payload: { appState: { tab: "files" } } }),
    ]);
    expect(state.actions.a1.status).toBe("pending");
    expect(state.appState).toEqual({ tab: "files" });
    expect(codes(state).filter((c) => c === "ui_owned_fact_ignored")).toHaveLength(1);
  });

  it("ARCH-01 a ui_projection state.snapshot without a payload claims no runtime fact", () => {
    const p = createProjector();
    p.apply({ type: "state.snapshot", eventId: "u1", owner: "ui_projection" });
    expect(codes(p.getState())).not.toContain("ui_owned_fact_ignored");
  });
});
