// Action facts that must change exactly what they name (HITL-01..14, ORD-02, ORD-03, HYD-10): what a
// request keeps and bounds, what a repeated request refreshes and what it keeps, the fields of a card
// answered without a request, the timeline kind, the status row after an answer, the merge of a later
// decision, the copies of a fact the gate lets through, and the repair of stale actions.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const KEY = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");

describe("what a request keeps (HITL-01, HITL-08, HITL-09, SEC-02)", () => {
  it("SEC-02 a card's title and prompt are redacted and bounded; its tool name, severity and expiry are kept verbatim", () => {
    const e = stream({ turnId: "t1" });
    const long = "x".repeat(40);
    const state = projectEvents(
      [
        e("action.required", {
          actionId: "a1",
          payload: {
            title: `${long}title`,
            prompt: `key ${KEY} ${long}`,
            toolName: `${long}tool`,
            severity: `${long}high`,
            expiresAt: `${long}2026`,
          },
        }),
      ],
      { previewBytes: 32 },
    );
    const action = state.actions.a1;
    expect([action.title, action.prompt]).toEqual(["x".repeat(32), "key [redacted:openai_api_key] xx"]);
    expect([action.toolName, action.severity, action.expiresAt]).toEqual([
      `${long}tool`,
      `${long}high`,
      `${long}2026`,
    ]);
  });

  it("HITL-08 a type, schema, scope or decision kind of the wrong shape is not taken", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", {
        actionId: "a1",
        payload: {
          actionType: ["approval"],
          schema: "object",
          scope: ["/tmp"],
          decisionKind: ["allow_or_deny"],
        },
      }),
    ] as AgentUiEvent[]);
    const action = state.actions.a1;
    expect([action.type, action.availableDecisions]).toEqual(["unknown", "unknown"]);
    expect(action).not.toHaveProperty("schema");
    expect(action).not.toHaveProperty("scope");
    expect(action).not.toHaveProperty("requestedBy");
    expect(action).not.toHaveProperty("sourceType");
  });

  it("HITL-06 an action that names no tool marks none, not even a tool whose id reads unknown", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "unknown", payload: { name: "x" } }),
      e("action.required", { actionId: "a1", payload: { actionType: "tool_approval" } }),
    ]);
    expect(state.actions.a1.toolCallId).toBe("unknown");
    expect(state.tools.unknown).toMatchObject({ status: "running" });
    expect(state.tools.unknown).not.toHaveProperty("actionId");
  });

  it("HITL-08 a repeated pending request refreshes the type it states and keeps type, turn and task it omits", () => {
    const e = stream({});
    const p = createProjector();
    p.apply(
      e("action.required", {
        actionId: "a1",
        turnId: "t1",
        taskId: "k1",
        payload: { actionType: "approval" },
      }),
    );
    p.apply(e("action.required", { actionId: "a1", payload: { title: "Again" } }));
    expect(p.getState().actions.a1).toMatchObject({
      type: "tool_approval",
      sourceType: "approval",
      turnId: "t1",
      taskId: "k1",
      title: "Again",
      status: "pending",
    });
    p.apply(e("action.required", { actionId: "a1", payload: { actionType: "question" } }));
    expect([p.getState().actions.a1.type, p.getState().actions.a1.sourceType]).toEqual([
      "clarification",
      "question",
    ]);
    expect(diagnostics(p.getState())).toEqual([]);
  });

  it("HITL-05 a request again after resolution leaves the status row where the answer put it", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "allow" } }),
      e("action.required", { actionId: "a1", payload: {} }),
    ]);
    expect([state.runtime.status, state.actions.a1.status]).toEqual(["waiting", "resolved"]);
    expect(diagnostics(state)).toEqual([
      ["action_required_already_active", "info", "action a1 requested again after resolution"],
    ]);
  });
});

describe("the card's timeline entry and its answer (HITL-05, HITL-10)", () => {
  it("HITL-10 the entry is an action entry while pending and once answered", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("action.required", { actionId: "a1", payload: { title: "Allow?" } }));
    const pending = p.getState().timeline.find((item) => item.id === "action:a1");
    expect([pending?.kind, pending?.title, pending?.status]).toEqual(["action", "Allow?", "pending"]);
    p.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }));
    const answered = p.getState().timeline.find((item) => item.id === "action:a1");
    expect([answered?.kind, answered?.title, answered?.status]).toEqual(["action", "Allow?", "resolved"]);
  });

  it("HITL-05 an answer without a request makes an unknown card; a response that is not an object is not kept", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", response: "yes" } }),
    ]);
    expect(state.actions.a1).toMatchObject({
      actionId: "a1",
      status: "resolved",
      type: "unknown",
      availableDecisions: "unknown",
      toolCallId: "unknown",
    });
    expect(state.actions.a1).not.toHaveProperty("response");
    expect(state.actions.a1).not.toHaveProperty("decision");
  });

  it("HITL-10 an answer for a card nobody was waiting on leaves a streaming row as it was", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("text.delta", { messageId: "m1", payload: { delta: "hi" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }),
    ]);
    expect(state.runtime.status).toBe("streaming");
  });
});

describe("a later resolution (HITL-04, HITL-05)", () => {
  it("HITL-05 a second resolution without a decision is reported and changes nothing", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", reason: "first" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", reason: "second" } }),
    ]);
    expect(state.actions.a1).toMatchObject({ status: "resolved", auditSummary: "resolved: first" });
    expect(state.actions.a1).not.toHaveProperty("decision");
    expect(diagnostics(state)).toEqual([["duplicate_event", "info", "action a1 already resolved"]]);
  });

  it("HITL-04 a later decision merges into the resolution but never replaces its response", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: {} }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", response: { path: "a" } } }),
      e("action.resolved", {
        actionId: "a1",
        payload: { outcome: "resolved", decision: "approve", response: { path: "b" } },
      }),
    ]);
    expect(state.actions.a1).toMatchObject({ decision: "approve", response: { path: "a" } });
    const blind = projectEvents([
      e("action.required", { actionId: "a2", payload: {} }),
      e("action.resolved", { actionId: "a2", payload: { outcome: "resolved" } }),
      e("action.resolved", {
        actionId: "a2",
        payload: { outcome: "resolved", decision: "deny", response: "no" },
      }),
    ]);
    expect(blind.actions.a2.decision).toBe("deny");
    expect(blind.actions.a2).not.toHaveProperty("response");
  });
});

describe("copies of a fact the gate drops (ORD-02, HITL-04)", () => {
  const required = (actionId: string, eventId: string): AgentUiEvent => ({
    eventId,
    type: "action.required",
    actionId,
    payload: { actionType: "tool_approval" },
  });

  it("ORD-02 a copy of a terminal alias stating a decision is dropped like any other copy", () => {
    const cancelled: AgentUiEvent = { eventId: "x", type: "action.cancelled", actionId: "a1", payload: {} };
    const state = projectEvents([
      required("a1", "r1"),
      cancelled,
      { ...cancelled, payload: { decision: "deny" } },
    ]);
    expect(state.actions.a1.status).toBe("cancelled");
    expect(state.actions.a1).not.toHaveProperty("decision");
    expect(state.cursor.eventCount).toBe(2);
  });

  it("ORD-02 a copy of a resolution stating no decision, or none at all, is dropped without a trace", () => {
    const resolved: AgentUiEvent = {
      eventId: "x",
      type: "action.resolved",
      actionId: "a1",
      payload: { outcome: "resolved" },
    };
    const bare: AgentUiEvent = { eventId: "y", type: "action.resolved", actionId: "a2" };
    const state = projectEvents([
      required("a1", "r1"),
      required("a2", "r2"),
      resolved,
      { ...resolved },
      { ...resolved, payload: { outcome: "resolved", decision: 5 } },
      bare,
      { ...bare },
    ] as AgentUiEvent[]);
    expect([state.actions.a1.status, state.actions.a2.status]).toEqual(["resolved", "resolved"]);
    expect(state.actions.a1).not.toHaveProperty("decision");
    expect(state.cursor.eventCount).toBe(4);
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "info", "action.resolved without a standard outcome; treated as resolved"],
    ]);
  });

  it("ORD-02 a copy under a resolved fact's id never answers another card, pending or unseen", () => {
    const resolved: AgentUiEvent = {
      eventId: "x",
      type: "action.resolved",
      actionId: "a1",
      payload: { outcome: "resolved" },
    };
    const state = projectEvents([
      required("a1", "r1"),
      required("a2", "r2"),
      resolved,
      { ...resolved, actionId: "a2", payload: { outcome: "resolved", decision: "approve" } },
      { ...resolved, actionId: "a9", payload: { outcome: "resolved", decision: "approve" } },
    ]);
    expect(state.actions.a2.status).toBe("pending");
    expect(state.actions).not.toHaveProperty("a9");
    expect(diagnostics(state)).toEqual([]);
  });
});

describe("stale actions are repaired once none is left stale (ORD-03, HYD-10)", () => {
  it("HYD-10 a stale action re-requested is pending again; the section is repaired when the last stale one is answered", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("action.required", { actionId: "a1", payload: {} }));
    p.apply(e("action.required", { actionId: "a2", payload: {} }));
    p.apply(e("action.required", { actionId: "a3", payload: {} }));
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running", pendingRequests: [] } });
    expect(["a1", "a2", "a3"].map((id) => p.getState().actions[id].status)).toEqual([
      "stale",
      "stale",
      "stale",
    ]);
    p.apply(e("action.required", { actionId: "a2", payload: { title: "Again" } }));
    expect(p.getState().actions.a2.status).toBe("pending");
    p.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }));
    expect(p.getState().cursor.staleSections).toEqual(["actions"]);
    p.apply(e("action.resolved", { actionId: "a3", payload: { outcome: "resolved" } }));
    expect(p.getState().cursor.staleSections).toEqual([]);
    expect(p.getState().actions.a2.status).toBe("pending");
    expect(p.getState().diagnostics.map((d) => d.code)).toEqual([
      "snapshot_conflict",
      "snapshot_conflict",
      "snapshot_conflict",
    ]);
  });

  it("ORD-03 / HYD-09 a snapshot restating the card of an action kept stale shows the card still open", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(
      e("action.required", { actionId: "x1", payload: { actionType: "tool_approval", title: "Delete?" } }),
    );
    p.apply(e("text.delta", { payload: { delta: "Waiting." } }));
    const messages = p.getState().messages;
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running", pendingRequests: [] } });
    expect(p.getState().actions.x1.status).toBe("stale");
    p.apply(stream({}, "restatement")("messages.snapshot", { payload: { messages } }));
    const card = p.getState().messages[0].parts.find((part) => part.id === "action:x1");
    expect([card?.status, card?.expanded, card?.data]).toEqual(["streaming", true, undefined]);
  });
});
