// A remote task's life as the A2A adapter states it (TEAM-11, REM-02): the run, the teammate, its task
// capsule, input- and auth-required actions and their resolution — every fact with the remote task's
// fields, the delegating session and the remote status time.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const status = (state: string, text?: string, messageId?: string) => ({
  kind: "status-update",
  taskId: "t1",
  contextId: "c1",
  status: { state, message: text ? { messageId, role: "agent", parts: [{ text }] } : undefined },
});
const RECORDS = [
  {
    kind: "task",
    id: "t1",
    contextId: "c1",
    status: { state: "submitted", timestamp: "2026-01-01T00:00:00Z" },
    history: [{ role: "user", messageId: "u1", parts: [{ text: "Write a poem" }] }],
  },
  status("working", "Drafting", "m1"),
  status("input-required", "Which style?", "m2"),
  {
    kind: "message",
    role: "user",
    messageId: "u2",
    taskId: "t1",
    contextId: "c1",
    parts: [{ text: "Haiku" }],
  },
  status("working"),
  status("auth-required"),
  status("rejected", "no access", "m3"),
];

function run(): { index: number; event: AgentUiEvent }[] {
  const adapter = a2aAdapter.create({ sessionId: "local" });
  return RECORDS.flatMap((record, index) => adapter.push(record, index).map((event) => ({ index, event })));
}

describe("A2A remote task events", () => {
  it("TEAM-11 REM-02 HITL-01 HITL-03 HITL-08 the task's run, teammate, capsule and actions through input, auth and rejection", () => {
    const rows = run()
      .filter(({ event }) => event.type !== "text.final")
      .map(({ index, event }) => [
        index,
        event.type,
        event.actionId ?? null,
        event.phase ?? null,
        event.payload ?? null,
      ]);
    const agent = (status: string, remote: string, extra: Record<string, unknown> = {}) => ({
      status,
      role: "remote agent",
      remote: { remoteTaskId: "t1", status: remote },
      ...extra,
    });
    const capsule = (status: string, remote: string, extra: Record<string, unknown> = {}) => ({
      status,
      reason: `remote state ${remote}`,
      title: "Write a poem",
      ...extra,
    });
    const requestedBy = { agentId: "a2a:c1", name: "remote agent" };
    expect(rows).toStrictEqual([
      [0, "run.started", null, "submitted", null],
      [
        0,
        "agent.changed",
        null,
        "submitted",
        agent("spawning", "submitted", { spawnReason: "Write a poem" }),
      ],
      [0, "task.changed", null, "submitted", capsule("accepted", "submitted")],
      [1, "agent.changed", null, "acting", agent("running", "working", { summary: "Drafting" })],
      [
        1,
        "task.changed",
        null,
        "acting",
        capsule("running", "working", { progress: { message: "Drafting" } }),
      ],
      [1, "run.status", null, null, { status: "running" }],
      [
        2,
        "agent.changed",
        null,
        "waiting",
        agent("needs_input", "input_required", { summary: "Which style?" }),
      ],
      [
        2,
        "task.changed",
        null,
        "waiting",
        capsule("waiting_input", "input_required", { progress: { message: "Which style?" } }),
      ],
      [
        2,
        "action.required",
        "t1:input_required:m2",
        "waiting",
        {
          actionType: "structured_input",
          sourceType: "a2a.input-required",
          requestedBy,
          prompt: "Which style?",
        },
      ],
      [
        4,
        "action.resolved",
        "t1:input_required:m2",
        null,
        {
          outcome: "resolved",
          decision: "answer",
          reason: "remote task working",
          response: { text: "Haiku" },
        },
      ],
      [4, "agent.changed", null, "acting", agent("running", "working")],
      [4, "task.changed", null, "acting", capsule("running", "working")],
      [4, "run.status", null, null, { status: "running" }],
      [5, "agent.changed", null, "waiting", agent("needs_input", "auth_required")],
      [5, "task.changed", null, "waiting", capsule("waiting_permission", "auth_required")],
      [
        5,
        "action.required",
        "t1:auth_required:status",
        "waiting",
        { actionType: "credential_request", sourceType: "a2a.auth-required", requestedBy },
      ],
      [
        6,
        "action.resolved",
        "t1:auth_required:status",
        null,
        { outcome: "cancelled", reason: "remote task rejected" },
      ],
      [6, "agent.completed", null, "failed", agent("failed", "rejected", { summary: "no access" })],
      [
        6,
        "task.changed",
        null,
        "failed",
        capsule("failed", "rejected", { progress: { message: "no access" } }),
      ],
      [
        6,
        "run.failed",
        null,
        null,
        { category: "remote_rejected", message: "remote task rejected: no access" },
      ],
    ]);
  });

  it("ENV-04 TEAM-12 teammate facts carry the remote task's fields, the delegating session and the status time", () => {
    const events = run();
    const first = events.filter(({ index }) => index === 0).map(({ event }) => event);
    expect(first.map((e) => e.timestamp)).toEqual(Array(3).fill("2026-01-01T00:00:00Z"));
    expect(first[0]).toMatchObject({ runId: "t1", taskId: "t1", contextId: "c1" });
    for (const event of first.slice(1))
      expect(event).toMatchObject({
        agentId: "a2a:c1",
        taskId: "t1",
        remoteTaskId: "t1",
        runtimeEntity: "external_task",
        topology: "remote_teammate",
        contextId: "c1",
        parentSessionId: "local",
      });
    expect(events.filter(({ index }) => index === 1).map(({ event }) => event.timestamp)).toEqual(
      Array(4).fill(undefined),
    );
    expect(
      events.filter(({ event }) => event.type.startsWith("agent.")).map(({ event }) => event.runtimeStatus),
    ).toEqual(["submitted", "running", "needs_input", "running", "needs_input", "failed"]);
  });
});

describe("A2A run outcomes", () => {
  it.each([
    ["completed", undefined, "run.finished", { outcome: "success" }],
    ["canceled", undefined, "run.finished", { outcome: "cancelled" }],
    ["failed", undefined, "run.failed", { category: "remote_failed", message: "remote task failed" }],
    [
      "failed",
      "disk full",
      "run.failed",
      { category: "remote_failed", message: "remote task failed: disk full" },
    ],
  ])("REM-02 STAT-07 a task %s (%s) ends the run as %s", (state, text, type, payload) => {
    const adapter = a2aAdapter.create();
    adapter.push(status("working"));
    const run = adapter
      .push(status(state, text, text ? "m9" : undefined))
      .filter((e) => e.type.startsWith("run."));
    expect(run.map((e) => [e.type, e.runId, e.payload])).toStrictEqual([[type, "t1", payload]]);
  });
});

describe("A2A first status", () => {
  it("TEAM-11 a task first seen working, with no request and a message without text: no resume, no spawn reason, no summary", () => {
    const adapter = a2aAdapter.create();
    const events = adapter.push({
      kind: "status-update",
      taskId: "t1",
      contextId: "c1",
      status: {
        state: "working",
        message: { messageId: "m1", role: "agent", parts: [{ kind: "data", data: 1 }] },
      },
    });
    const lifecycle = events.filter((e) => e.type.startsWith("run.") || e.type.endsWith(".changed"));
    expect(lifecycle.map((e) => [e.type, e.payload ?? null])).toStrictEqual([
      ["run.started", null],
      [
        "agent.changed",
        { status: "running", role: "remote agent", remote: { remoteTaskId: "t1", status: "working" } },
      ],
      ["task.changed", { status: "running", reason: "remote state working" }],
    ]);
    expect(events.find((e) => e.type === "agent.changed")?.surface).toBe("remote_teammate");
  });
});

describe("A2A status messages within one state", () => {
  const pushAll = (records: unknown[]) => {
    const adapter = a2aAdapter.create();
    return records.map((record, index) => adapter.push(record, index));
  };

  it("TEAM-11 TASK-01 a new status message in the same state is the teammate's new summary and the task's progress", () => {
    const [, polishing] = pushAll([
      status("working", "Drafting", "m1"),
      status("working", "Polishing", "m2"),
    ]);
    expect(
      polishing
        .filter((e) => e.type === "agent.changed" || e.type === "task.changed")
        .map((e) => [e.type, e.payload?.summary ?? e.payload?.progress]),
    ).toStrictEqual([
      ["agent.changed", "Polishing"],
      ["task.changed", { message: "Polishing" }],
    ]);
  });

  it("HITL-01 HITL-03 a second question while the task waits for input keeps its one pending action", () => {
    const events = pushAll([
      status("input-required", "Which style?", "m2"),
      status("input-required", "Haiku or sonnet?", "m3"),
      status("working"),
    ]).flatMap((out, index) => out.map((e) => [index, e.type, e.actionId ?? null]));
    expect(events.filter(([, type]) => String(type).startsWith("action."))).toStrictEqual([
      [0, "action.required", "t1:input_required:m2"],
      [2, "action.resolved", "t1:input_required:m2"],
    ]);
  });

  it("HITL-01 HITL-08 an input request whose message has no words: an action without an empty prompt, on the HITL surface", () => {
    const [asked, answered] = pushAll([
      {
        kind: "status-update",
        taskId: "t1",
        contextId: "c1",
        status: {
          state: "input-required",
          message: { messageId: "m2", role: "agent", parts: [{ text: "" }] },
        },
      },
      status("working"),
    ]);
    const required = asked.find((e) => e.type === "action.required");
    const resolved = answered.find((e) => e.type === "action.resolved");
    expect(required?.payload).not.toHaveProperty("prompt");
    expect([required?.surface, resolved?.surface]).toStrictEqual(["hitl", "hitl"]);
  });

  it("HITL-03 FALL-01 an input request the remote task then fails: the action ends cancelled, saying why", () => {
    const [, failed] = pushAll([
      status("input-required", "Which style?", "m2"),
      status("failed", "crashed", "m3"),
    ]);
    expect(failed.find((e) => e.type === "action.resolved")?.payload).toStrictEqual({
      outcome: "cancelled",
      reason: "remote task failed",
    });
  });

  it("ORD-02 HITL-03 a resolution's event id and source come from the action it resolves, so a replay repeats them", () => {
    const records = [status("input-required", "Which style?", "m2"), status("working")];
    const resolved = pushAll(records)[1].find((e) => e.type === "action.resolved");
    expect([resolved?.eventId, resolved?.source?.sourceEventId, resolved?.source?.index]).toStrictEqual([
      "a2a:resolved:t1:input_required:m2:action.resolved",
      "resolved:t1:input_required:m2",
      1,
    ]);
  });

  it("ORD-02 HITL-01 each input request has an event id of its own, from the action it asks, so none is taken for a repeat", () => {
    const records = [
      status("input-required", "Which style?", "m2"),
      status("working"),
      status("input-required", "Which meter?", "m4"),
    ];
    const asked = pushAll(records)
      .flat()
      .filter((e) => e.type === "action.required");
    expect(asked.map((e) => [e.eventId, e.source?.sourceEventId])).toStrictEqual([
      ["a2a:action:t1:input_required:m2:action.required", "action:t1:input_required:m2"],
      ["a2a:action:t1:input_required:m4:action.required", "action:t1:input_required:m4"],
    ]);
  });
});
