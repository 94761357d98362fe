// The A2A adapter's own rules around the remote task: JSON-RPC errors, records it cannot correlate, a
// stream that ends while a task works, messages without a task, and message data in app state.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const rows = (events: AgentUiEvent[]) =>
  events.map((e) => [e.type, e.agentId ?? null, e.messageId ?? null, e.payload]);
const diagnostic = (code: string, severity: string, message: string) => [
  "diagnostic.changed",
  null,
  null,
  { code, severity, message },
];

describe("A2A adapter rules", () => {
  it("DIAG-01 a JSON-RPC error names its code and message, or says it has none", () => {
    expect(
      rows([
        ...a2aAdapter
          .create()
          .push({ jsonrpc: "2.0", id: 3, error: { code: -32001, message: "Task not found" } }),
        ...a2aAdapter.create().push({ jsonrpc: "2.0", id: 3, error: {} }),
      ]),
    ).toStrictEqual([
      diagnostic("runtime_error", "error", "a2a JSON-RPC error -32001: Task not found"),
      diagnostic("runtime_error", "error", "a2a JSON-RPC error: no message"),
    ]);
  });

  it("ENV-09 a status, artifact or task without the ids that place it is reported", () => {
    expect(
      rows([
        ...a2aAdapter.create().push({ kind: "status-update", status: { state: "working" } }),
        ...a2aAdapter.create().push({ kind: "artifact-update", taskId: "t1", artifact: { parts: [] } }),
        ...a2aAdapter.create().push({ kind: "artifact-update", artifact: { artifactId: "a1", parts: [] } }),
        ...a2aAdapter.create().push({ kind: "task", status: { state: "working" }, contextId: "c" }),
      ]),
    ).toStrictEqual([
      diagnostic("missing_correlation", "warning", "a2a status update without a taskId"),
      diagnostic("missing_correlation", "warning", "a2a artifact update without taskId or artifactId"),
      diagnostic("missing_correlation", "warning", "a2a artifact update without taskId or artifactId"),
      diagnostic("missing_correlation", "warning", "a2a task without an id"),
    ]);
  });

  it("TEAM-11 a stream that ends while a task is submitted or working keeps its status and says so; a task waiting for input says nothing", () => {
    const adapter = a2aAdapter.create();
    adapter.push({ kind: "status-update", taskId: "t1", contextId: "c1", status: { state: "submitted" } });
    adapter.push({ kind: "status-update", taskId: "t2", status: { state: "input-required" } });
    expect(rows(adapter.finish())).toStrictEqual([
      [
        "diagnostic.changed",
        "a2a:c1",
        null,
        {
          code: "transport_unavailable",
          severity: "info",
          message: "a2a stream ended while remote task t1 was submitted; its last reported status is kept",
        },
      ],
    ]);
  });

  it("TEAM-04 a message without a task is the remote agent's, named by its context or as the remote", () => {
    const message = (messageId: string, extra: Record<string, unknown>) => ({
      kind: "message",
      messageId,
      role: "agent",
      parts: [{ text: messageId }],
      ...extra,
    });
    expect(
      rows([
        ...a2aAdapter.create().push(message("m1", { contextId: "c9" })),
        ...a2aAdapter.create().push(message("m2", {})),
      ]),
    ).toStrictEqual([
      ["text.final", "a2a:c9", "m1", { text: "m1", role: "assistant" }],
      ["text.final", "a2a:remote", "m2", { text: "m2", role: "assistant" }],
    ]);
  });

  it("STATE-01 message data lives under /a2aData, created once, keyed by the message id as a JSON pointer token", () => {
    const adapter = a2aAdapter.create();
    const status = (messageId: string) => ({
      kind: "status-update",
      taskId: "t1",
      contextId: "c1",
      status: {
        state: "working",
        message: { messageId, role: "agent", parts: [{ kind: "data", data: { n: messageId } }] },
      },
    });
    const patches = [...adapter.push(status("a/b~c")), ...adapter.push(status("m2"))]
      .filter((e) => e.type === "state.delta")
      .map((e) => e.payload?.patch);
    expect(patches).toStrictEqual([
      [
        { op: "add", path: "/a2aData", value: {} },
        { op: "add", path: "/a2aData/a~1b~0c", value: [{ n: "a/b~c" }] },
      ],
      [{ op: "add", path: "/a2aData/m2", value: [{ n: "m2" }] }],
    ]);
  });

  it("TEAM-04 TEAM-12 EVID-01 a task's teammate message is the agent's, counts its other parts, and its citations and data carry the task", () => {
    const events = a2aAdapter.create().push({
      kind: "status-update",
      taskId: "t1",
      contextId: "c1",
      status: {
        state: "working",
        message: {
          messageId: "m1",
          role: "agent",
          parts: [{ text: "see" }, { url: "https://a.example/" }, { kind: "data", data: { k: 1 } }],
        },
      },
    });
    const facts = events.filter((e) => ["text.final", "evidence.changed", "state.delta"].includes(e.type));
    expect(
      facts.map((e) => [e.type, e.owner ?? null, e.scope ?? null, e.taskId, e.remoteTaskId, e.contextId]),
    ).toStrictEqual([
      ["text.final", "agent", "message", "t1", "t1", "c1"],
      ["evidence.changed", "evidence", "evidence", "t1", "t1", "c1"],
      ["state.delta", "runtime", "session", "t1", "t1", "c1"],
    ]);
    expect(facts[0].payload).toStrictEqual({ text: "see", role: "assistant", nonTextParts: 2 });
  });

  it("ORD-02 teammate messages without ids are each their own fact", () => {
    const adapter = a2aAdapter.create();
    const message = (text: string) => ({ kind: "message", role: "agent", taskId: "t1", parts: [{ text }] });
    const events = [...adapter.push(message("one"), 0), ...adapter.push(message("two"), 1)];
    expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
    expect(events.map((e) => e.source?.sourceEventId ?? null)).toStrictEqual([null, null]);
  });
});
