import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectActionAudit, selectPendingActions } from "../src";
import { codes, stream } from "./helpers";

const approval = {
  actionType: "tool_permission",
  title: "Write file",
  toolName: "write_file",
  scope: { path: "/workspace/demo/a" },
  decisionKind: "allow_or_deny",
  severity: "high",
};

describe("action family", () => {
  it("HITL-01 / AUI-AR-ACTION-001 action.required creates a pending card with a stable actionId", () => {
    const e = stream({ turnId: "t1", threadId: "th" });
    const state = projectEvents([e("action.required", { actionId: "action_write_001", payload: approval })]);
    const action = state.actions.action_write_001;
    expect(action).toMatchObject({
      status: "pending",
      type: "tool_approval",
      sourceType: "tool_permission",
      toolName: "write_file",
      availableDecisions: ["allow", "deny"],
      severity: "high",
    });
    expect(selectPendingActions(state)).toHaveLength(1);
    expect(state.runtime.status).toBe("action_required");
    expect(state.messages[0].parts[0]).toMatchObject({
      kind: "action_required",
      actionId: "action_write_001",
      expanded: true,
    });
  });

  it("HITL-06 / §E-6 the tool link is `unknown` when the source gave no toolCallId (never guessed)", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "write_file" } }),
      e("action.required", { actionId: "a1", payload: approval }),
    ]);
    expect(state.actions.a1.toolCallId).toBe("unknown");
    expect(state.tools.c1.status).toBe("running");
  });

  it("HITL-06 a named toolCallId links the card and moves the tool to approval-requested", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "write_file" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: approval }),
    ]);
    expect(state.actions.a1.toolCallId).toBe("c1");
    expect(state.tools.c1).toMatchObject({ status: "approval-requested", actionId: "a1" });
  });

  it("HITL-03 / PROSE-02 the action stays pending until the runtime resolves it; prose never resolves it", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: approval }),
      e("text.delta", { payload: { delta: "I approve. Approved by user." } }),
    ]);
    expect(state.actions.a1.status).toBe("pending");
  });

  it("HITL-10 after action.resolved the card leaves the pending set and keeps an audit summary", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: approval }),
      e("action.resolved", {
        actionId: "a1",
        payload: { outcome: "resolved", decision: "approve", decidedBy: "user" },
      }),
    ]);
    expect(selectPendingActions(state)).toHaveLength(0);
    expect(state.actions.a1).toMatchObject({
      status: "resolved",
      decision: "approve",
      auditSummary: "approve by user",
    });
    expect(selectActionAudit(state)).toHaveLength(1);
    expect(state.runtime.status).not.toBe("action_required");
    expect(state.messages[0].parts[0]).toMatchObject({ expanded: false, status: "done" });
  });

  it("HITL-04 / AUI-AR-ACTION-003 a reject never creates a tool result", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "rm" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: approval }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "reject" } }),
    ]);
    expect(state.tools.c1.status).toBe("approval-requested");
    expect(state.tools.c1.outputPreview).toBeUndefined();
    expect(state.messages.flatMap((m) => m.parts).some((p) => p.kind === "tool_result")).toBe(false);
  });

  it("HITL-05 / AUI-AR-ACTION-004 a second terminal fact never creates a second resolution", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: approval }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "approve" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "reject" } }),
    ]);
    expect(state.actions.a1.decision).toBe("approve");
    expect(state.actions.a1.resolvedBy?.sequence).toBe(2);
  });

  it("HITL-09 a delegated approval keeps who requested it", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", {
        actionId: "a1",
        agentId: "worker-1",
        payload: { actionType: "delegated_permission", requestedBy: { name: "Researcher" } },
      }),
    ]);
    expect(state.actions.a1.requestedBy).toEqual({ agentId: "worker-1", name: "Researcher" });
  });

  it("HITL-14 Lime terminal aliases (action.expired / action.cancelled) resolve with that outcome", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: approval }),
      e("action.required", { actionId: "a2", payload: approval }),
      e("action.expired", { actionId: "a1" }),
      e("action.cancelled", { actionId: "a2" }),
    ]);
    expect(state.actions.a1.status).toBe("expired");
    expect(state.actions.a2.status).toBe("cancelled");
  });

  it("HITL-07 an unknown action type and missing decisions render as `unknown`", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { actionType: "mystery" } }),
    ]);
    expect(state.actions.a1).toMatchObject({
      type: "unknown",
      sourceType: "mystery",
      availableDecisions: "unknown",
    });
  });

  it("HITL-01 an action for a task takes the capsule's attention and gives it back on resolution", () => {
    const e = stream({ turnId: "t1", taskId: "task1" });
    const p = createProjector();
    p.applyAll([
      e("task.changed", { payload: { status: "running" } }),
      e("action.required", { actionId: "a1", payload: approval }),
    ]);
    expect(p.getState().tasks.task1).toMatchObject({ status: "permission_required", attention: "high" });
    p.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "allow" } }));
    expect(p.getState().tasks.task1.status).toBe("running");
  });

  it("HITL-03 a resolution without a request is flagged, never invented silently", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("action.resolved", { actionId: "ax", payload: { outcome: "resolved" } })]);
    expect(codes(state)).toContain("action_resolved_without_request");
  });

  it("HITL-13 a run interrupted for approval leaves the gated tool approval-requested, not cancelled", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "delete_file" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: approval }),
      e("run.finished", { payload: { outcome: "interrupted", reason: "awaiting approval" } }),
    ]);
    expect(state.tools.c1.status).toBe("approval-requested");
    expect(state.actions.a1.status).toBe("pending");
    expect(state.runtime.status).toBe("interrupted");
  });
});
