import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { LIME_IDS, limeReader } from "./lime-support";

// Human-in-the-loop actions and the permission / sandbox / policy / hook facts of the Lime profile
// (§E-5, §E-6): one runtime record in, the exact action and permission events out.

const FIXTURE = new URL(
  "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/tool-approval-action-required-event.json",
  import.meta.url,
);

const IDS = LIME_IDS;

const { adapt, first } = limeReader(IDS);

/** The record was reported as unmappable: its first event is the unsupported-record diagnostic. */
const unsupported = (events: AgentUiEvent[]) =>
  events[0].type === "diagnostic.changed" &&
  (events[0].payload as { code?: string }).code === "unsupported_source_event";

describe("lime action.required (HITL-01, HITL-07)", () => {
  it("HITL-01 the official tool-approval fixture is an approval card with its scope and decisions", () => {
    const [event] = limeAdapter.create().push(JSON.parse(readFileSync(FIXTURE, "utf8")), 0);
    expect(event).toMatchObject({ type: "action.required", actionId: "action_write_001", phase: "waiting" });
    expect(event.toolCallId).toBeUndefined();
    expect(event.payload).toEqual({
      actionType: "tool_approval",
      sourceType: "tool_permission",
      prompt: "Allow write_file to update README.md?",
      availableDecisions: ["allow", "deny"],
      decisionKind: "allow_or_deny",
      toolName: "write_file",
      scope: { path: "README.md" },
    });
  });

  it("HITL-07 every request field the runtime states is carried", () => {
    const [event] = adapt(
      "action.required",
      {
        action_type: "plan_review",
        title: "Review the plan",
        question: "Proceed?",
        requestedSchema: { type: "object" },
        decisions: ["approve", "edit", 3],
        decision_kind: "approve_or_reject",
        tool_name: "planner",
        riskLevel: "high",
        expires_at: "2026-05-11T11:00:00Z",
        agentName: "planner-bot",
      },
      { actionId: "a1", toolCallId: "c9", subagentId: "sub-1" },
    );
    expect(event).toMatchObject({ actionId: "a1", toolCallId: "c9" });
    expect(event.payload).toEqual({
      actionType: "plan_decision",
      sourceType: "plan_review",
      title: "Review the plan",
      prompt: "Proceed?",
      schema: { type: "object" },
      availableDecisions: ["approve", "edit"],
      decisionKind: "approve_or_reject",
      toolName: "planner",
      severity: "high",
      expiresAt: "2026-05-11T11:00:00Z",
      requestedBy: { agentId: "sub-1", subagentId: "sub-1", name: "planner-bot" },
    });
  });

  it.each([
    [{ decisionKind: "yes_or_no" }, ["yes", "no"]],
    [{ decisionKind: "accept_or_decline" }, ["accept", "decline"]],
    [{ decisionKind: "approve_or_reject" }, ["approve", "reject"]],
    [{ decisionKind: "pick_one" }, undefined],
    [{ available_decisions: ["a"] }, ["a"]],
    [{ availableDecisions: ["b"], decisionKind: "yes_or_no" }, ["b"]],
    [{ availableDecisions: [1], decisionKind: "yes_or_no" }, ["yes", "no"]],
  ])("HITL-07 decisions %j → %j, only from what the runtime declared", (payload, decisions) => {
    expect(
      (first("action.required", payload, { actionId: "a" }).payload as { availableDecisions?: string[] })
        .availableDecisions,
    ).toEqual(decisions);
  });

  it.each([
    [
      { type: "question", message: "Which file?" },
      { actionType: "clarification", sourceType: "question", prompt: "Which file?" },
    ],
    [
      { kind: "credential", responseSchema: { type: "string" } },
      { actionType: "credential_request", sourceType: "credential", schema: { type: "string" } },
    ],
    [
      { actionType: "something_new", risk: "low", timeoutAt: "t" },
      { actionType: "unknown", sourceType: "something_new", severity: "low", expiresAt: "t" },
    ],
    [
      { severity: "medium", schema: { a: 1 } },
      { actionType: "unknown", severity: "medium", schema: { a: 1 } },
    ],
  ])("HITL-08 action.required %j", (payload, expected) => {
    expect(first("action.required", payload, { actionId: "a" }).payload).toEqual(expected);
  });

  it("HITL-01 the action id and tool link may come from the payload", () => {
    const [event] = adapt("action.required", { action_id: "pa", tool_call_id: "pc" });
    expect(event).toMatchObject({ type: "action.required", actionId: "pa", toolCallId: "pc" });
    expect(first("action.required", { requestId: "rq" }).actionId).toBe("rq");
    expect(first("action.required", { actionId: "p2" }, { actionId: "env" }).actionId).toBe("env");
  });

  it.each([
    [{ requestedByAgentId: "lead" }, {}, { agentId: "lead" }],
    [{ subagentId: "w2" }, {}, { agentId: "w2" }],
    [{ requestedBy: "ops", peer: "x" }, {}, { name: "ops" }],
    [{ peerName: "peer-bot" }, {}, { name: "peer-bot" }],
    [{}, { agentId: "env-agent" }, { agentId: "env-agent" }],
    [{ agentId: "pa" }, { subagentId: "sub" }, { agentId: "pa", subagentId: "sub" }],
  ])("HITL-09 requestedBy from %j / %j", (payload, extra, by) => {
    expect(
      (first("action.required", payload, { actionId: "a", ...extra }).payload as { requestedBy?: unknown })
        .requestedBy,
    ).toEqual(by);
  });

  it("HITL-09 a request nobody is named for has no requestedBy", () => {
    expect(first("action.required", {}, { actionId: "a" }).payload).toEqual({ actionType: "unknown" });
  });

  it("FALL-02 action.required without any action id is reported, never a card without an id", () => {
    expect(unsupported(adapt("action.required", { prompt: "?" }))).toBe(true);
    expect(unsupported(adapt("action.resolved", { decision: "allow" }))).toBe(true);
  });
});

describe("lime action terminals (HITL-03, HITL-14)", () => {
  it("HITL-03 action.resolved carries outcome, decision, response, decider and reason", () => {
    const [event] = adapt(
      "action.resolved",
      {
        decision: "allow",
        response: { note: "ok", password: "hunter2-secret" },
        decided_by: "user",
        reason: "looks safe",
      },
      { actionId: "a1", toolCallId: "c1" },
    );
    expect(event).toMatchObject({ type: "action.resolved", actionId: "a1", toolCallId: "c1" });
    expect(event.payload).toEqual({
      outcome: "resolved",
      decision: "allow",
      response: { note: "ok", password: "[redacted:password]" },
      decidedBy: "user",
      reason: "looks safe",
    });
  });

  it.each([
    [{ outcome: "expired" }, "expired"],
    [{ status: "cancelled" }, "cancelled"],
    [{ outcome: "resolved" }, "resolved"],
    [{ outcome: "approved" }, "resolved"],
    [{}, "resolved"],
  ])("HITL-14 action.resolved %j has outcome %s", (payload, outcome) => {
    expect(
      (first("action.resolved", payload, { actionId: "a" }).payload as { outcome: string }).outcome,
    ).toBe(outcome);
  });

  it.each([
    ["action.cancelled", "cancelled"],
    ["action.canceled", "cancelled"],
    ["action.expired", "expired"],
  ])("HITL-14 %s resolves the card as %s whatever the payload says", (type, outcome) => {
    const [event] = adapt(
      type,
      { outcome: "resolved", response: { decision: "deny" }, source: "timer" },
      { actionId: "a" },
    );
    expect(event).toMatchObject({ type: "action.resolved", actionId: "a" });
    expect(event.toolCallId).toBeUndefined();
    expect(event.payload).toEqual({
      outcome,
      decision: "deny",
      response: { decision: "deny" },
      decidedBy: "timer",
    });
  });

  it("HITL-03 the action id may come from the payload", () => {
    expect(first("action.resolved", { action_id: "pa" }).actionId).toBe("pa");
    expect(first("action.resolved", { requestId: "rq" }).actionId).toBe("rq");
  });
});

describe("lime permission, sandbox, policy and hook facts (PERM-03..05)", () => {
  it("PERM-04 permission.evaluated is a decision with source, reason, expiry, risk and its card link", () => {
    const [event] = adapt("permission.evaluated", {
      decision: "allow",
      decisionSource: "rule",
      reason: "workspace write",
      expiresAt: "2026-05-11T12:00:00Z",
      risk: "medium",
      approval_action_id: "act-9",
    });
    expect(event).toMatchObject({ type: "permission.changed", actionId: "act-9" });
    expect(event.payload).toEqual({
      decision: {
        id: "act-9",
        decision: "allow",
        source: "rule",
        reason: "workspace write",
        expiresAt: "2026-05-11T12:00:00Z",
      },
      riskLevel: "medium",
    });
  });

  it.each([
    [
      { permissionDecision: "deny", source: "user", riskLevel: "high" },
      { decision: { decision: "deny", source: "user" }, riskLevel: "high" },
    ],
    [{ result: "ask" }, { decision: { decision: "ask" } }],
    [{}, { decision: { decision: "unknown" } }],
  ])("PERM-01 permission.resolved %j never invents a grant", (payload, expected) => {
    expect(first("permission.resolved", payload).payload).toEqual(expected);
  });

  it("PERM-03 the envelope's action id wins over the approval link", () => {
    const [event] = adapt(
      "permission.resolved",
      { decision: "deny", approvalActionId: "other" },
      { actionId: "own" },
    );
    expect(event.actionId).toBe("own");
    expect(event.payload).toEqual({ decision: { id: "other", decision: "deny" } });
  });

  it("PERM-04 permission.requested is a pending request, whatever decision word it carries", () => {
    expect(
      first("permission.requested", { decision: "allow", reason: "needs network", approvalActionId: "a" })
        .payload,
    ).toEqual({
      decision: { id: "a", decision: "requested", reason: "needs network" },
    });
  });

  it.each([
    [{ mode: "workspace-write", roots: ["/w"] }, "workspace-write"],
    [{ accessMode: "read-only" }, "read-only"],
    [{ profile: "strict" }, "strict"],
  ])("PERM-02 sandbox.applied %j is the sandbox mode with the safe sandbox facts", (payload, mode) => {
    expect(first("sandbox.applied", payload).payload).toEqual({ mode, sandbox: payload });
  });

  it("PERM-02 sandbox.applied without a mode keeps only the sandbox facts", () => {
    expect(first("sandbox.applied", { roots: [] }).payload).toEqual({ sandbox: { roots: [] } });
  });

  it("PERM-02 sandbox.violation names the violation and warns", () => {
    const events = adapt("sandbox.violation", { violationId: "v1", message: "write /etc" });
    expect(events.map((e) => e.type)).toEqual(["permission.changed", "diagnostic.changed"]);
    expect(events[0].payload).toEqual({ violation: { id: "v1", reason: "write /etc" } });
    expect(events[1].payload).toMatchObject({
      code: "runtime_warning",
      severity: "warning",
      message: "write /etc",
    });
    expect(first("sandbox.violation", { id: "v2" }).payload).toEqual({ violation: { id: "v2" } });
  });

  it.each([
    [{ mode: "plan", rules: 3 }, "plan"],
    [{ permissionMode: "acceptEdits" }, "acceptEdits"],
  ])("PERM-05 policy.changed %j", (payload, mode) => {
    expect(first("policy.changed", payload).payload).toEqual({ mode, policy: payload });
  });

  it("PERM-05 hook.started is an info line naming the hook", () => {
    const events = adapt("hook.started", { hookName: "pre-commit" });
    expect(events.map((e) => e.type)).toEqual(["diagnostic.changed"]);
    expect(events[0].payload).toEqual({
      code: "runtime_info",
      severity: "info",
      message: "hook.started: pre-commit",
    });
    expect(first("hook.started").payload).toEqual({
      code: "runtime_info",
      severity: "info",
      message: "hook.started",
    });
  });

  it("PERM-05 hook.completed keeps the hook's decision beside the tool result", () => {
    const events = adapt("hook.completed", { name: "guard", decision: "rewrite", reason: "path normalized" });
    expect(events.map((e) => e.type)).toEqual(["diagnostic.changed", "permission.changed"]);
    expect(events[0].payload).toEqual({
      code: "runtime_info",
      severity: "info",
      message: "hook.completed: guard (path normalized)",
    });
    expect(events[1].eventId).toBe("e1#permission.changed");
    expect(events[1].payload).toEqual({
      hook: { status: "completed", decision: "rewrite", reason: "path normalized", name: "guard" },
    });
  });

  it("PERM-05 hook.failed is a warning", () => {
    const events = adapt("hook.failed", { error: "exit 1" });
    expect(events[0].payload).toEqual({
      code: "runtime_warning",
      severity: "warning",
      message: "hook.failed (exit 1)",
    });
    expect(events[1].payload).toEqual({ hook: { status: "failed" } });
  });
});

describe("lime remote permissions (PERM-06, HITL-09)", () => {
  it("PERM-06 a forwarded permission is a delegated approval owned by policy, named after the peer", () => {
    const [event] = adapt(
      "channel.permission_forwarded",
      { prompt: "Deploy?" },
      { actionId: "f1", channelId: "ch-7" },
    );
    expect(event).toMatchObject({
      type: "action.required",
      actionId: "f1",
      owner: "policy",
      phase: "waiting",
    });
    expect(event.payload).toEqual({
      actionType: "delegated_permission",
      prompt: "Deploy?",
      requestedBy: { name: "ch-7" },
    });
    expect(
      (
        first("channel.permission_forwarded", { peer: "p" }, { actionId: "f" }).payload as {
          requestedBy: unknown;
        }
      ).requestedBy,
    ).toEqual({ name: "p" });
  });

  it("HITL-09 a forwarded request that names its agent keeps that requester", () => {
    expect(
      (
        first("channel.permission_forwarded", { agentId: "w1" }, { actionId: "f", channelId: "ch" })
          .payload as { requestedBy: unknown }
      ).requestedBy,
    ).toEqual({ agentId: "w1" });
  });

  it("FALL-02 a forwarded permission without an action id is reported", () => {
    expect(unsupported(adapt("channel.permission_forwarded", { peer: "p" }))).toBe(true);
  });

  it("PERM-06 a returned permission resolves the card, decided by the peer, and records the decision", () => {
    const events = adapt(
      "channel.permission_returned",
      { decision: "allow", peerName: "ops" },
      { actionId: "f1" },
    );
    expect(events.map((e) => e.type)).toEqual(["action.resolved", "permission.changed"]);
    expect(events[0].payload).toEqual({ outcome: "resolved", decision: "allow", decidedBy: "ops" });
    expect(events[1].payload).toEqual({ decision: { decision: "allow" } });
    expect(
      (
        first("channel.permission_returned", { channel: "ch" }, { actionId: "f" }).payload as {
          decidedBy: string;
        }
      ).decidedBy,
    ).toBe("ch");
    expect(
      (
        first("channel.permission_returned", { peer: "p", decidedBy: "human" }, { actionId: "f" })
          .payload as { decidedBy: string }
      ).decidedBy,
    ).toBe("human");
    expect(
      (first("channel.permission_returned", {}, { actionId: "f" }).payload as { decidedBy?: string })
        .decidedBy,
    ).toBeUndefined();
  });

  it("FALL-02 a returned permission without an action id is only the permission fact", () => {
    const events = adapt("channel.permission_returned", { decision: "deny" });
    expect(events.map((e) => e.type)).toEqual(["permission.changed"]);
  });
});

describe("lime action fields read from the payload (HITL-01, HITL-07, PERM-05, PERM-06)", () => {
  it("HITL-01 actionId, toolCallId and expiresAt in camelCase in the payload", () => {
    const [event] = adapt("action.required", { actionId: "pa", toolCallId: "pc", expiresAt: "x" });
    expect(event).toMatchObject({ actionId: "pa", toolCallId: "pc" });
    expect(event.payload).toEqual({ actionType: "unknown", expiresAt: "x" });
    expect(first("action.resolved", { actionId: "pr" }).actionId).toBe("pr");
  });

  it("HITL-09 requestedBy may name the peer", () => {
    expect(
      (first("action.required", { peer: "p" }, { actionId: "a" }).payload as { requestedBy: unknown })
        .requestedBy,
    ).toEqual({
      name: "p",
    });
  });

  it("PERM-05 a hook fact names its hook by hookName", () => {
    expect(adapt("hook.completed", { hookName: "h" })[1].payload).toEqual({
      hook: { status: "completed", name: "h" },
    });
  });

  it("PERM-06 a returned permission names its deciding peer; without an action id only the permission fact stays", () => {
    expect(
      (
        first("channel.permission_returned", { peer: "p" }, { actionId: "f" }).payload as {
          decidedBy: string;
        }
      ).decidedBy,
    ).toBe("p");
    const events = adapt("channel.permission_returned", { decision: "deny", peer: "p" });
    expect(events.map((e) => e.type)).toEqual(["permission.changed"]);
  });

  it("FALL-02 a forwarded permission without an action id says its mapping lacks fields", () => {
    const events = adapt("channel.permission_forwarded", { prompt: "?" });
    expect((events[0].payload as { message: string }).message).toBe(
      "lime record #0: channel.permission_forwarded lacks the payload fields its mapping needs",
    );
  });

  it("HITL-09 a forwarded permission naming no peer and no channel has no requester", () => {
    expect(first("channel.permission_forwarded", {}, { actionId: "f" }).payload).toEqual({
      actionType: "delegated_permission",
    });
  });
});
