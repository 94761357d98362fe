// The A2A encodings the adapter reads as one shape: task states as proto numbers, enum names or v0.3
// kebab-case; roles as numbers or enum names; records as client `{payload:{$case}}` unions, JSON-RPC
// results and requests, `{<case>: …}` objects, v0.3 `kind` objects and bare tasks — snake_case ids too.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const push = (record: unknown): AgentUiEvent[] => a2aAdapter.create().push(record, 0);
const statusUpdate = (status: Record<string, unknown>) => ({
  kind: "status-update",
  taskId: "t1",
  contextId: "c1",
  status,
});

describe("A2A task states", () => {
  it.each([
    [1, "accepted"],
    [2, "running"],
    [3, "completed"],
    [4, "failed"],
    [5, "cancelled"],
    [6, "waiting_input"],
    [7, "failed"],
    [8, "waiting_permission"],
    [9, "unknown"],
    ["6:TASK_STATE_INPUT_REQUIRED", "waiting_input"],
    ["task_state_auth_required", "waiting_permission"],
    ["input-required", "waiting_input"],
    ["cancelled", "cancelled"],
    ["CANCELED", "cancelled"],
    ["weird", "unknown"],
    [null, "unknown"],
    // Garbled names: a prefix inside a name is no prefix, so these never read as another state.
    ["comp6:leted", "unknown"],
    ["compTASK_STATE_leted", "unknown"],
  ])("REM-02 state %j is task status %s", (state, status) => {
    expect(
      push(statusUpdate({ state }))
        .filter((e) => e.type === "task.changed")
        .map((e) => e.payload?.status),
    ).toEqual([status]);
  });

  it.each([
    [1, false],
    ["ROLE_USER", false],
    ["1:ROLE_USER", false],
    [2, true],
    ["role_agent", true],
    ["AGENT", true],
    // Garbled names are no user's: a prefix inside a name is no prefix.
    ["us1:er", true],
    ["usROLE_er", true],
  ])("TEAM-04 a status message of role %j is shown as the teammate's: %s", (role, shown) => {
    const message = { messageId: "m1", role, parts: [{ text: "hi" }] };
    const texts = push(statusUpdate({ state: "working", message })).filter((e) => e.type === "text.final");
    expect(texts.map((e) => [e.messageId, e.agentId, e.payload?.text])).toEqual(
      shown ? [["m1", "a2a:c1", "hi"]] : [],
    );
  });
});

describe("A2A record encodings", () => {
  const update = {
    task_id: "t1",
    context_id: "c1",
    artifact: { artifact_id: "a1", name: "r.md", parts: [{ text: "hi" }] },
    append: false,
    last_chunk: true,
  };
  it.each([
    ["a client union", { payload: { $case: "artifactUpdate", value: update } }],
    ["a JSON-RPC result", { jsonrpc: "2.0", id: 1, result: { artifactUpdate: update } }],
    ["a v0.3 kind", { kind: "artifact-update", ...update }],
    ["a keyed object", { artifactUpdate: update }],
  ])(
    "ENV-01 ART-01 an artifact update as %s, with snake_case ids, is one ready artifact",
    (_label, record) => {
      expect(
        push(record).map((e) => [
          e.type,
          e.taskId,
          e.contextId,
          e.artifactId,
          e.artifactStatus,
          e.artifactPreview,
        ]),
      ).toEqual([["artifact.created", "t1", "c1", "a1", "ready", "hi"]]);
    },
  );

  it.each([
    ["an unknown $case", { payload: { $case: "nope", value: update } }],
    ["a $case whose value is no object", { payload: { $case: "artifactUpdate", value: 1 } }],
    ["a message case that is no object", { payload: { $case: "message", value: 5 } }],
    ["a payload naming no union member", { payload: { hello: 1 } }],
    ["a bare task without contextId", { id: "t1", status: { state: "completed" } }],
    ["a JSON-RPC frame with neither result nor error", { jsonrpc: "2.0", id: 3 }],
    ["an array", [1]],
    ["a v0.3 kind naming no record", { kind: "nope", taskId: "t1" }],
    ["a bare task without id", { status: { state: "working" }, contextId: "c1" }],
    ["an object naming only a context", { contextId: "c1", hello: 1 }],
  ])("ENV-09 %s is not understood, and says so", (_label, record) => {
    expect(
      push(record).map((e) => [e.type, e.payload?.code, e.payload?.message, e.source?.sourceType]),
    ).toEqual([
      [
        "diagnostic.changed",
        "unsupported_source_event",
        "a2a record #0: not understood by this adapter",
        "unknown",
      ],
    ]);
  });

  it("HYD-01 a task's history entries that are no message are skipped; its messages are kept", () => {
    const task = {
      kind: "task",
      id: "t1",
      contextId: "c1",
      status: { state: "working" },
      history: [null, "x", { messageId: "m1", role: "agent", parts: [{ text: "kept" }] }],
    };
    expect(push(task).map((e) => [e.type, e.payload?.text ?? null])).toEqual([
      ["text.final", "kept"],
      ["run.started", null],
      ["agent.changed", null],
      ["task.changed", null],
    ]);
  });

  it.each([
    [
      "a task object named by taskId",
      { kind: "task", taskId: "t1", context_id: "c1", status: { state: "working" } },
    ],
    [
      "a status update in snake_case",
      { kind: "status-update", task_id: "t1", context_id: "c1", status: { state: "working" } },
    ],
  ])("ENV-01 TEAM-12 %s places the task and its context", (_label, record) => {
    expect(push(record).map((e) => [e.type, e.taskId, e.contextId])).toEqual([
      ["run.started", "t1", "c1"],
      ["agent.changed", "t1", "c1"],
      ["task.changed", "t1", "c1"],
    ]);
  });

  it("ENV-09 REM-02 a status update without a status is a task in an unknown state", () => {
    expect(
      push({ kind: "status-update", taskId: "t1" })
        .filter((e) => e.type === "task.changed")
        .map((e) => e.payload?.status),
    ).toEqual(["unknown"]);
  });

  it("TEAM-04 a message outside any task in snake_case is named by its context", () => {
    const message = {
      kind: "message",
      message_id: "m1",
      role: "agent",
      context_id: "c9",
      parts: [{ text: "hi" }],
    };
    expect(push(message).map((e) => [e.type, e.messageId, e.agentId])).toEqual([
      ["text.final", "m1", "a2a:c9"],
    ]);
  });

  it("ART-01 an artifact chunk that does not say it appends replaces the content", () => {
    const adapter = a2aAdapter.create();
    const chunk = (text: string) => ({
      kind: "artifact-update",
      taskId: "t1",
      artifact: { artifactId: "a1", parts: [{ text }] },
    });
    adapter.push(chunk("old"));
    expect(adapter.push(chunk("new")).map((e) => [e.type, e.artifactPreview])).toEqual([
      ["artifact.updated", "new"],
    ]);
  });

  it.each([
    ["camelCase", { taskId: "t1", contextId: "c1" }],
    ["snake_case", { task_id: "t1", context_id: "c1" }],
  ])(
    "TEAM-04 ART-01 an artifact of a task not seen before (%s ids) is its context's teammate's",
    (_case, ids) => {
      const events = a2aAdapter
        .create()
        .push({ kind: "artifact-update", ...ids, artifact: { artifactId: "a1", parts: [{ text: "hi" }] } });
      expect(events.map((e) => [e.type, e.agentId, e.contextId, e.taskId])).toEqual([
        ["artifact.created", "a2a:c1", "c1", "t1"],
      ]);
    },
  );

  it("ENV-01 a JSON-RPC request's message and a v0.3 message are teammate messages with their task", () => {
    const request = {
      jsonrpc: "2.0",
      id: 2,
      method: "message/stream",
      params: {
        message: { message_id: "u1", role: "agent", task_id: "t1", context_id: "c1", parts: [{ text: "q" }] },
      },
    };
    const v03 = {
      kind: "message",
      messageId: "m9",
      role: "agent",
      parts: [{ text: "k" }],
      taskId: "t1",
      contextId: "c1",
    };
    expect(
      [...push(request), ...push(v03)].map((e) => [e.type, e.taskId, e.messageId, e.payload?.text]),
    ).toEqual([
      ["text.final", "t1", "u1", "q"],
      ["text.final", "t1", "m9", "k"],
    ]);
  });

  it("HYD-01 a bare task object with id, status and contextId is a task snapshot", () => {
    expect(
      push({ id: "t1", status: { state: "completed" }, contextId: "c1" }).map((e) => [e.type, e.taskId]),
    ).toEqual([
      ["run.started", "t1"],
      ["agent.completed", "t1"],
      ["task.changed", "t1"],
      ["run.finished", "t1"],
    ]);
  });

  it("DIAG-01 a JSON-RPC error says its message, whatever its code", () => {
    expect(push({ jsonrpc: "2.0", id: 3, error: { code: "x", message: "bad" } })[0].payload?.message).toBe(
      "a2a JSON-RPC error: bad",
    );
  });
});

describe("A2A detection scores", () => {
  it.each([
    [{ payload: { $case: "statusUpdate", value: {} } }, 0.95],
    [{ payload: { $case: "message", value: {} } }, 0.95],
    [{ payload: { $case: "other", value: {} } }, 0],
    [{ jsonrpc: "2.0", id: 1, result: { task: {} } }, 0.95],
    [{ jsonrpc: "2.0", id: 1, result: { artifactUpdate: {} } }, 0.95],
    [{ jsonrpc: "2.0", id: 1, result: { statusUpdate: "x" } }, 0],
    [{ jsonrpc: "2.0", id: 1, result: { kind: "status-update" } }, 0.9],
    [{ jsonrpc: "2.0", id: 1, result: { kind: "message" } }, 0],
    [{ id: 1, result: { task: {} } }, 0],
    [{ kind: "artifact-update", taskId: "t" }, 0.8],
    [{ kind: "artifact-update" }, 0],
    [{ kind: "message", taskId: "t" }, 0],
    [{ id: "t", status: { state: "TASK_STATE_WORKING" }, contextId: "c" }, 0.85],
    [{ id: "t", status: { state: "working" }, contextId: "c" }, 0],
    [{ id: "t", status: { state: "TASK_STATE_WORKING" } }, 0],
    ["text", 0],
  ])("ENV-01 %j scores %d", (record, score) => {
    expect(a2aAdapter.detect(record)).toBe(score);
  });
});
