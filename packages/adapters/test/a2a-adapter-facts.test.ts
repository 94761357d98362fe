// What the A2A adapter keeps between records of one remote task: the context learned late, the user's
// words without message ids (the request, then the reply to a question), user messages outside any task.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = a2aAdapter.create();
  return records.flatMap((record, index) => adapter.push(record, index));
};
const status = (state: string, extra: Record<string, unknown> = {}, message?: unknown) => ({
  kind: "status-update",
  taskId: "t1",
  ...extra,
  status: { state, message },
});
const userMessage = (text: string, extra: Record<string, unknown> = {}) => ({
  kind: "message",
  role: "user",
  taskId: "t1",
  parts: [{ text }],
  ...extra,
});

describe("A2A task context", () => {
  it("TEAM-12 a task first seen without a context takes the context a later record names; its teammate keeps the task's name", () => {
    const events = adapt([status("submitted"), status("working", { contextId: "c1" })]);
    expect(events.map((e) => [e.type, e.agentId ?? null, e.contextId ?? null])).toStrictEqual([
      ["run.started", null, null],
      ["agent.changed", "a2a:t1", null],
      ["task.changed", "a2a:t1", null],
      ["agent.changed", "a2a:t1", "c1"],
      ["task.changed", "a2a:t1", "c1"],
      ["run.status", null, "c1"],
    ]);
  });

  it("TEAM-12 a later record without a context keeps the task's context", () => {
    const events = adapt([status("submitted", { contextId: "c1" }), status("working")]);
    expect(events.map((e) => e.contextId)).toStrictEqual(Array(6).fill("c1"));
  });
});

describe("A2A task snapshots", () => {
  it("TEAM-12 a later record naming another context does not move the task", () => {
    const events = adapt([status("submitted", { contextId: "c1" }), status("working", { contextId: "c2" })]);
    expect(new Set(events.map((e) => e.contextId))).toStrictEqual(new Set(["c1"]));
  });

  it("STAT-07 TEAM-04 a failed task object whose history holds its status message shows that message only as the failure", () => {
    const failure = { messageId: "m9", role: "agent", parts: [{ text: "disk full" }] };
    const events = adapt([
      {
        kind: "task",
        id: "t1",
        contextId: "c1",
        status: { state: "failed", message: failure },
        history: [{ messageId: "m1", role: "agent", parts: [{ text: "Drafting" }] }, failure],
      },
    ]);
    expect(events.filter((e) => e.type === "text.final").map((e) => e.messageId)).toStrictEqual(["m1"]);
    expect(events.find((e) => e.type === "run.failed")?.payload?.message).toBe(
      "remote task failed: disk full",
    );
  });

  it("TEAM-04 a task object's history messages without ids are each shown: none is taken for its status message", () => {
    const events = adapt([
      {
        kind: "task",
        id: "t1",
        contextId: "c1",
        status: { state: "working", message: { role: "agent", parts: [{ text: "Now" }] } },
        history: [{ role: "agent", parts: [{ text: "Earlier" }] }],
      },
    ]);
    expect(events.filter((e) => e.type === "text.final").map((e) => e.payload?.text)).toStrictEqual([
      "Earlier",
      "Now",
    ]);
  });
});

describe("A2A user messages", () => {
  it("HITL-03 user messages without ids: the first is the task's request, a later one answers the question", () => {
    const events = adapt([
      userMessage("Write a poem"),
      status("input-required", { contextId: "c1" }),
      userMessage("Haiku"),
      status("working", { contextId: "c1" }),
    ]);
    expect(events.find((e) => e.type === "task.changed")?.payload?.title).toBe("Write a poem");
    expect(events.find((e) => e.type === "action.resolved")?.payload).toStrictEqual({
      outcome: "resolved",
      decision: "answer",
      reason: "remote task working",
      response: { text: "Haiku" },
    });
  });

  it("ORD-02 HITL-03 a task object restating the request while the task waits for input is no answer to its question", () => {
    const request = { messageId: "u1", role: "user", parts: [{ text: "Write a poem" }] };
    const question = { messageId: "m2", role: "agent", parts: [{ text: "Which style?" }] };
    const task = (state: string, history: unknown[], message?: unknown) => ({
      kind: "task",
      id: "t1",
      contextId: "c1",
      status: { state, message },
      history,
    });
    const events = adapt([
      task("submitted", [request]),
      status("input-required", { contextId: "c1" }, question),
      task("input-required", [request, question], question),
      status("working", { contextId: "c1" }),
    ]);
    expect(events.filter((e) => e.type === "task.changed").map((e) => e.payload?.title)).toStrictEqual(
      Array(3).fill("Write a poem"),
    );
    expect(events.find((e) => e.type === "action.resolved")?.payload).toStrictEqual({
      outcome: "resolved",
      decision: "answer",
      reason: "remote task working",
    });
  });

  it("TEAM-04 a user message outside any task states nothing", () => {
    expect(adapt([{ kind: "message", role: "user", parts: [{ text: "hello" }] }])).toStrictEqual([]);
  });
});

describe("A2A messages without a task", () => {
  it("TEAM-04 EVID-01 a message outside any task is the remote agent's, with no task ids, and so are its citations", () => {
    const events = adapt([
      {
        kind: "message",
        messageId: "m1",
        role: "agent",
        contextId: "c9",
        parts: [{ text: "see" }, { url: "https://a.example/" }],
      },
    ]);
    expect(
      events.map((e) => [
        e.type,
        e.agentId,
        e.runtimeEntity ?? null,
        e.taskId ?? null,
        e.remoteTaskId ?? null,
      ]),
    ).toStrictEqual([
      ["text.final", "a2a:c9", "external_task", null, null],
      ["evidence.changed", "a2a:c9", null, null, null],
    ]);
  });
});

describe("A2A message identity", () => {
  const message = (messageId: string, ...urls: string[]) =>
    status(
      "working",
      { contextId: "c1" },
      {
        messageId,
        role: "agent",
        parts: [{ text: messageId }, ...urls.map((url) => ({ url }))],
      },
    );

  it("ORD-01 a streamed message or status message takes its place in the stream; one restated by a task object takes none", () => {
    const events = adapt([
      { kind: "message", messageId: "m1", role: "agent", taskId: "t1", parts: [{ text: "reply" }] },
      message("m2"),
      {
        kind: "task",
        id: "t1",
        contextId: "c1",
        status: { state: "working" },
        history: [{ messageId: "m0", role: "agent", parts: [{ text: "earlier" }] }],
      },
    ]);
    expect(
      events.filter((e) => e.type === "text.final").map((e) => [e.messageId, e.sequence ?? null]),
    ).toStrictEqual([
      ["m1", 1],
      ["m2", 2],
      ["m0", null],
    ]);
  });

  it("ORD-02 EVID-01 each citation is its own fact, named by its message and source, from the record that carried it", () => {
    const events = adapt([
      message("m1", "https://a.example/", "https://b.example/"),
      message("m2", "https://a.example/"),
    ]);
    expect(
      events
        .filter((e) => e.type === "evidence.changed")
        .map((e) => [e.eventId, e.source?.sourceEventId, e.source?.index]),
    ).toStrictEqual([
      ["a2a:cite:m1:https://a.example/:evidence.changed", "cite:m1:https://a.example/", 0],
      ["a2a:cite:m1:https://b.example/:evidence.changed", "cite:m1:https://b.example/", 0],
      ["a2a:cite:m2:https://a.example/:evidence.changed", "cite:m2:https://a.example/", 1],
    ]);
  });

  it("STATE-01 ENV-09 data parts of a message without an id have no key in app state: a warning says they are not kept", () => {
    const events = adapt([
      status("working", { contextId: "c1" }, { role: "agent", parts: [{ kind: "data", data: { k: 1 } }] }),
    ]);
    const rows = events.map((e) => [e.type, e.payload?.code ?? null, e.payload?.severity ?? null]);
    expect(rows).toStrictEqual([
      ["text.final", null, null],
      ["diagnostic.changed", "missing_correlation", "warning"],
      ["run.started", null, null],
      ["agent.changed", null, null],
      ["task.changed", null, null],
    ]);
    expect(events[1].payload?.message).toBe(
      "a2a data parts of a message without a messageId are not kept (1)",
    );
  });
});
