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
        ...a2aAdapter.create().push({ kind: "task", status: { state: "working" }, contextId: "c" }),
      ]),
    ).toStrictEqual([
      diagnostic("missing_correlation", "warning", "a2a status update without a taskId"),
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
});
