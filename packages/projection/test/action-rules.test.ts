// The action family, fact by fact (HITL-01..14): what a card records from its request, the task attention
// it raises, its timeline entry and inline part, each terminal alias, the audit summary, the status row
// after the last answer, and the exact diagnostics of unpaired, repeated or contradicting facts.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const entry = (state: State, id = "action:a1") => {
  const found = state.timeline.find((item) => item.id === id);
  return found && { title: found.title, status: found.status, refs: found.refs };
};

describe("action.required (HITL-01, HITL-06, HITL-08, HITL-09)", () => {
  it("HITL-09 a request keeps every field it states, who asked, and where it belongs", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", {
        actionId: "a1",
        agentId: "ag",
        taskId: "k1",
        payload: {
          actionType: "approval",
          title: "Allow?",
          prompt: "Delete the file?",
          toolName: "rm",
          severity: "high",
          expiresAt: "2026-01-01T00:00:00Z",
          schema: { type: "object" },
          scope: { path: "/tmp" },
          decisionKind: "allow_or_deny",
          requestedBy: { subagentId: "sub", name: "Bob" },
        },
      }),
    ]);
    expect(state.actions.a1).toMatchObject({
      actionId: "a1",
      status: "pending",
      type: "tool_approval",
      sourceType: "approval",
      title: "Allow?",
      prompt: "Delete the file?",
      toolName: "rm",
      severity: "high",
      expiresAt: "2026-01-01T00:00:00Z",
      schema: { type: "object" },
      scope: { path: "/tmp" },
      availableDecisions: ["allow", "deny"],
      requestedBy: { agentId: "ag", subagentId: "sub", name: "Bob" },
      toolCallId: "unknown",
      turnId: "t1",
      taskId: "k1",
    });
    expect(entry(state)).toEqual({
      title: "Allow?",
      status: "pending",
      refs: { actionId: "a1", taskId: "k1", agentId: "ag" },
    });
    const part = state.messages[0].parts[0];
    expect(part).toMatchObject({
      id: "action:a1",
      kind: "action_required",
      actionId: "a1",
      expanded: true,
      title: "Allow?",
    });
    expect(part).not.toHaveProperty("toolCallId");
    expect(state.runtime.status).toBe("action_required");
  });

  it.each<[Record<string, unknown>, string, string | undefined, string[] | "unknown"]>([
    [{ type: "permission" }, "permission_grant", "permission", "unknown"],
    [{ kind: "question" }, "clarification", "question", "unknown"],
    [
      { actionType: "plan_decision", decisionKind: "approve_or_reject" },
      "plan_decision",
      undefined,
      ["approve", "reject"],
    ],
    [
      { actionType: "odd", sourceType: "vendor_odd", decisionKind: "nope" },
      "unknown",
      "vendor_odd",
      "unknown",
    ],
    [
      { actionType: 5, availableDecisions: ["yes", 2, "no"], decisionKind: "allow_or_deny" },
      "unknown",
      undefined,
      ["yes", "no"],
    ],
  ])(
    "HITL-08 a request %j is of type %s (source type %s) with decisions %j",
    (payload, type, sourceType, decisions) => {
      const e = stream({ turnId: "t1" });
      const action = projectEvents([e("action.required", { actionId: "a1", payload })]).actions.a1;
      expect(action.type).toBe(type);
      expect(action.sourceType).toBe(sourceType);
      expect(action.availableDecisions).toEqual(decisions);
    },
  );

  it.each<[string, string]>([
    ["tool_approval", "permission_required"],
    ["permission_grant", "permission_required"],
    ["delegated_permission", "permission_required"],
    ["plan_decision", "plan_ready"],
    ["teammate_plan_decision", "plan_ready"],
    ["clarification", "needs_input"],
  ])("HITL-09 a %s request marks its task %s until it is answered", (actionType, attention) => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "running" } }));
    p.apply(e("action.required", { actionId: "a1", taskId: "k1", payload: { actionType } }));
    expect(p.getState().tasks.k1.status).toBe(attention);
    p.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }));
    expect(p.getState().tasks.k1.status).toBe("running");
  });

  it("HITL-06 a request naming its tool marks the tool and the card; the entry is titled by the tool", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "rm" } }),
      e("action.required", { actionId: "a1", payload: { toolCallId: "c1", toolName: "rm" } }),
    ]);
    expect(state.tools.c1).toMatchObject({ status: "approval-requested", actionId: "a1" });
    expect(state.actions.a1.toolCallId).toBe("c1");
    expect(entry(state)).toEqual({
      title: "rm",
      status: "pending",
      refs: { actionId: "a1", toolCallId: "c1" },
    });
    expect(state.messages[0].parts.find((p) => p.kind === "action_required")).toMatchObject({
      title: "rm",
      toolCallId: "c1",
    });
    const bare = projectEvents([e("action.required", { actionId: "a2", payload: {} })]);
    expect(entry(bare, "action:a2")?.title).toBe("Action required");
    expect(bare.messages[0].parts[0].title).toBe("Action required");
  });

  it("HITL-01 a request without actionId is flagged; a request after the turn ended leaves the row alone", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { payload: {} }),
      e("run.finished", {}),
      e("action.required", { actionId: "a1", payload: {} }),
    ]);
    expect(state.runtime.status).toBe("completed");
    expect(state.actions.a1.status).toBe("pending");
    expect(diagnostics(state)).toEqual([
      ["missing_correlation", "warning", "action.required without actionId: no card can be answered"],
    ]);
  });

  it("HITL-05 a request again after resolution is flagged and changes nothing; a repeated pending request adds no second card", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { title: "First" } }),
      e("action.required", { actionId: "a1", payload: { title: "Second" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }),
      e("action.required", { actionId: "a1", payload: { title: "Third" } }),
    ]);
    expect([state.actions.a1.status, state.actions.a1.title]).toEqual(["resolved", "Second"]);
    expect(state.messages[0].parts.map((p) => p.id)).toEqual(["action:a1"]);
    expect(diagnostics(state)).toEqual([
      ["action_required_already_active", "info", "action a1 requested again after resolution"],
    ]);
  });
});

describe("action terminal facts (HITL-04/05/10/14)", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["action.resolved", { outcome: "resolved" }, "resolved"],
    ["action.resolved", { outcome: "expired" }, "expired"],
    ["action.resolved", { outcome: "cancelled" }, "cancelled"],
    ["action.resolved", { outcome: "canceled" }, "cancelled"],
    ["action.expired", { outcome: "resolved" }, "expired"],
    ["action.cancelled", {}, "cancelled"],
    ["action.canceled", {}, "cancelled"],
  ])("HITL-14 %s with %j ends the card %s, quietly", (type, payload, status) => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e(type, { actionId: "a1", payload }),
    ]);
    expect(state.actions.a1.status).toBe(status);
    expect(state.actions.a1.auditSummary).toBe(status);
    expect(entry(state)).toEqual({ title: "Action", status, refs: { actionId: "a1" } });
    expect(state.messages[0].parts[0]).toMatchObject({ status: "done", expanded: false, data: { status } });
    expect(state.diagnostics).toEqual([]);
  });

  it("HITL-10 a resolution keeps its decision, response and audit summary; the card shows the decision", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { title: "Allow?" } }),
      e("action.resolved", {
        actionId: "a1",
        payload: {
          outcome: "resolved",
          decision: "allow",
          decidedBy: "ana",
          reason: "fine",
          response: { ok: 1 },
        },
      }),
    ]);
    expect(state.actions.a1).toMatchObject({
      decision: "allow",
      response: { ok: 1 },
      auditSummary: "allow by ana: fine",
    });
    expect(state.messages[0].parts[0].data).toEqual({ status: "resolved", decision: "allow" });
    expect(entry(state)?.title).toBe("Allow?");
    const byOnly = projectEvents([
      e("action.required", { actionId: "a2", payload: {} }),
      e("action.resolved", { actionId: "a2", payload: { outcome: "resolved", decidedBy: "bo" } }),
    ]);
    expect(byOnly.actions.a2.auditSummary).toBe("resolved by bo");
  });

  it("HITL-14 a resolution without a standard outcome is resolved and flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "approved" } }),
    ]);
    expect(state.actions.a1.status).toBe("resolved");
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "info", "action.resolved without a standard outcome; treated as resolved"],
    ]);
  });

  it("HITL-05 a resolution without a request is kept with its tool and flagged; one without actionId is dropped", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.expired", { payload: {} }),
      e("action.resolved", { actionId: "a9", toolCallId: "c9", payload: { outcome: "resolved" } }),
    ]);
    expect(state.actions.a9).toMatchObject({ status: "resolved", type: "unknown", toolCallId: "c9" });
    expect(diagnostics(state)).toEqual([
      ["missing_correlation", "warning", "action.expired without actionId"],
      ["action_resolved_without_request", "warning", "action a9 resolved without a request"],
    ]);
  });

  it("HITL-05 a later fact adds a missing decision once; a contradicting one is reported, never applied", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }),
      e("action.resolved", {
        actionId: "a1",
        payload: { outcome: "resolved", decision: "allow", response: { r: 1 } },
      }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "deny" } }),
      e("action.expired", { actionId: "a1", payload: { decision: "deny" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "allow" } }),
    ]);
    expect(state.actions.a1).toMatchObject({
      status: "resolved",
      decision: "allow",
      response: { r: 1 },
      auditSummary: "allow",
    });
    expect(state.messages[0].parts[0].data).toEqual({ status: "resolved", decision: "allow" });
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message, d.path])).toEqual([
      [
        "duplicate_event",
        "warning",
        "action a1 already resolved (allow); a later fact states deny: kept allow",
        "/payload/decision",
      ],
      [
        "duplicate_event",
        "warning",
        "action a1 already resolved (allow); a later fact states expired, deny: kept allow",
        "/payload/decision",
      ],
      ["duplicate_event", "info", "action a1 already resolved", undefined],
    ]);
  });

  it("HITL-05 a contradicting decision against a resolution without one names the outcome kept", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.cancelled", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "allow" } }),
    ]);
    expect(state.actions.a1.decision).toBeUndefined();
    expect(diagnostics(state)).toEqual([
      [
        "duplicate_event",
        "warning",
        "action a1 already resolved (cancelled); a later fact states resolved, allow: kept cancelled",
      ],
    ]);
  });

  it("HITL-10 the last answer returns the row to tool_running while a tool is open, else waiting; not before", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.required", { actionId: "a2", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }),
    ]);
    expect(p.getState().runtime.status).toBe("action_required");
    p.apply(e("action.resolved", { actionId: "a2", payload: { outcome: "resolved" } }));
    expect(p.getState().runtime.status).toBe("tool_running");
    const waiting = projectEvents([
      e("action.required", { actionId: "a3", payload: {} }),
      e("action.resolved", { actionId: "a3", payload: { outcome: "resolved" } }),
    ]);
    expect(waiting.runtime.status).toBe("waiting");
    const ended = projectEvents([
      e("action.required", { actionId: "a4", payload: {} }),
      e("run.finished", {}),
      e("action.resolved", { actionId: "a4", payload: { outcome: "resolved" } }),
    ]);
    expect(ended.runtime.status).toBe("completed");
  });
});
