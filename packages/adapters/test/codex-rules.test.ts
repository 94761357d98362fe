// Codex ThreadEvents as the envelope states them: turns, usage, each item type's tool row, plan, text and
// diagnostics — each stream in, the exact facts out (no classification, order or provenance).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../src/codex";

const STAMPED = new Set(["eventId", "sequence", "owner", "scope", "surface", "persistence", "source"]);

function facts(events: AgentUiEvent[]): Record<string, unknown>[] {
  return events.map((event) =>
    Object.fromEntries(Object.entries(event).filter(([key]) => !STAMPED.has(key))),
  );
}

function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = codexAdapter.create();
  return [...records.flatMap((record, index) => adapter.push(record, index)), ...adapter.finish()];
}

const item = (phase: string, body: Record<string, unknown>) => ({ type: `item.${phase}`, item: body });

const started = (toolCallId: string, payload: Record<string, unknown>) => ({
  toolCallId,
  phase: "acting",
  payload,
  type: "tool.started",
});
const args = (toolCallId: string, payload: Record<string, unknown>) => ({
  toolCallId,
  payload: { ...payload, complete: true },
  type: "tool.args",
});
/** A command's streamed stdout, then its exit-0 result holding the aggregated output. */
const commandOutput = (toolCallId: string, streamed: string, output: string) => [
  { toolCallId, payload: { delta: streamed, channel: "stdout" }, type: "tool.output.delta" },
  {
    toolCallId,
    phase: "completed",
    payload: {
      output: { exitCode: 0, output },
      outputPreview: output,
      exitCode: 0,
      outputBytes: Buffer.byteLength(output),
    },
    type: "tool.result",
  },
];

describe("codex turns", () => {
  it("STAT-08 a turn is a run: started, preparing, usage as token metrics, finished with success", () => {
    expect(
      facts(
        adapt([
          { type: "thread.started", thread_id: "th" },
          { type: "turn.started" },
          {
            type: "turn.completed",
            usage: { input_tokens: 3, cached_input_tokens: 1, output_tokens: 2, reasoning_output_tokens: 4 },
          },
        ]),
      ),
    ).toStrictEqual([
      { threadId: "th", phase: "hydrating", type: "session.opened" },
      { threadId: "th", phase: "submitted", type: "run.started" },
      { threadId: "th", phase: "preparing", payload: { status: "preparing" }, type: "run.status" },
      ...[
        ["tokens.input", 3],
        ["tokens.cached_input", 1],
        ["tokens.output", 2],
        ["tokens.reasoning_output", 4],
      ].map(([metricName, value]) => ({
        threadId: "th",
        metricName,
        payload: { value, unit: "tokens" },
        type: "metric.changed",
      })),
      { threadId: "th", phase: "completed", payload: { outcome: "success" }, type: "run.finished" },
    ]);
  });

  it("STAT-07 errors without a message keep a default text; a stream error outside a turn fails no run", () => {
    expect(
      facts(adapt([{ type: "error" }, { type: "turn.started" }, { type: "turn.failed" }])),
    ).toStrictEqual([
      {
        payload: { code: "runtime_error", severity: "error", message: "codex stream error" },
        type: "diagnostic.changed",
      },
      { phase: "submitted", type: "run.started" },
      { phase: "preparing", payload: { status: "preparing" }, type: "run.status" },
      { phase: "failed", payload: { message: "turn failed" }, type: "run.failed" },
    ]);
  });

  it("STAT-07 a cut stream is noted once as information, with the thread id; a finished turn notes nothing", () => {
    expect(
      facts(adapt([{ type: "thread.started", threadId: "th" }, { type: "turn.started" }])).at(-1),
    ).toStrictEqual({
      threadId: "th",
      payload: {
        code: "transport_unavailable",
        severity: "info",
        message: "codex stream ended before the turn completed",
      },
      type: "diagnostic.changed",
    });
    expect(adapt([{ type: "turn.started" }, { type: "turn.completed" }]).at(-1)?.type).toBe("run.finished");
    expect(adapt([{ type: "turn.started" }, { type: "turn.failed" }]).at(-1)?.type).toBe("run.failed");
  });
});

describe("codex command rows", () => {
  it("TOOL-01 a command streams its output as suffix deltas and returns exit code, output and its size", () => {
    expect(
      facts(
        adapt([
          item("started", { id: "c", type: "command_execution", command: "ls", aggregated_output: "a" }),
          item("updated", { id: "c", type: "command_execution", command: "ls", aggregated_output: "a" }),
          item("completed", {
            id: "c",
            type: "command_execution",
            command: "ls",
            aggregated_output: "aé",
            exit_code: 0,
            status: "completed",
          }),
        ]),
      ),
    ).toStrictEqual([
      started("c", { name: "shell", kind: "command", input: { command: "ls" }, inputSummary: "ls" }),
      args("c", { input: { command: "ls" }, inputSummary: "ls" }),
      { toolCallId: "c", payload: { delta: "a", channel: "stdout" }, type: "tool.output.delta" },
      { toolCallId: "c", payload: { delta: "é", channel: "stdout" }, type: "tool.output.delta" },
      {
        toolCallId: "c",
        phase: "completed",
        payload: { output: { exitCode: 0, output: "aé" }, outputPreview: "aé", exitCode: 0, outputBytes: 3 },
        type: "tool.result",
      },
    ]);
  });

  it.each([
    ["declined", { status: "declined", exit_code: 1 }, { denied: true, error: "command declined" }],
    ["failed without exit code", { status: "failed" }, { error: "command failed", outputPreview: "o" }],
    [
      "non-zero exit",
      { status: "completed", exitCode: 3 },
      { error: "exit code 3", exitCode: 3, outputPreview: "o" },
    ],
  ])("HITL-04 TOOL-01 a %s command fails its row", (_label, fields, payload) => {
    const events = adapt([
      item("completed", {
        id: "c",
        type: "command_execution",
        command: "x",
        aggregated_output: "o",
        ...fields,
      }),
    ]);
    expect(facts(events).at(-1)).toStrictEqual({
      toolCallId: "c",
      phase: "failed",
      payload,
      type: "tool.failed",
    });
    expect(events.filter((e) => e.type === "tool.result")).toEqual([]);
  });

  it("TOOL-01 a command with no output and no exit code completes with an empty output", () => {
    expect(
      facts(adapt([item("completed", { id: "c", type: "command_execution", command: "true" })])).at(-1),
    ).toStrictEqual({
      toolCallId: "c",
      phase: "completed",
      payload: { output: { output: "" }, outputPreview: "", outputBytes: 0 },
      type: "tool.result",
    });
  });
});

describe("codex file changes", () => {
  it("ART-01 TOOL-09 each changed path is a file artifact (a delete is deleted, a missing kind an update)", () => {
    const artifact = (path: string, kind: string, type: string, status: string, change: string) => ({
      artifactId: `file:${path}`,
      artifactKind: kind,
      artifactStatus: status,
      toolCallId: "p",
      sourceRefs: ["p"],
      phase: "producing",
      payload: { title: path, kind, fileChange: { path, kind: change } },
      type,
    });
    const changes = [{ path: "a.md", kind: "add" }, { path: "b.ts", kind: "delete" }, { path: "c.py" }];
    const summary = "add a.md, delete b.ts, update c.py";
    const input = {
      changes: [
        { path: "a.md", kind: "add" },
        { path: "b.ts", kind: "delete" },
        { path: "c.py", kind: "update" },
      ],
    };
    expect(
      facts(
        adapt([
          item("started", { id: "p", type: "file_change", changes: [...changes, { kind: "add" }] }),
          item("completed", { id: "p", type: "file_change", changes, status: "completed" }),
        ]),
      ),
    ).toStrictEqual([
      started("p", { name: "apply_patch", kind: "file", input, inputSummary: summary }),
      args("p", { input, inputSummary: summary }),
      artifact("a.md", "document", "artifact.changed", "ready", "add"),
      artifact("b.ts", "code", "artifact.deleted", "deleted", "delete"),
      artifact("c.py", "code", "artifact.changed", "ready", "update"),
      {
        toolCallId: "p",
        phase: "completed",
        payload: { outputPreview: summary, artifactIds: ["file:a.md", "file:b.ts", "file:c.py"] },
        type: "tool.result",
      },
    ]);
  });

  it("TOOL-01 a failed patch fails its row and links no artifact", () => {
    expect(
      facts(
        adapt([
          item("completed", {
            id: "p",
            type: "file_change",
            changes: [{ path: "a.md", kind: "update" }],
            status: "failed",
          }),
        ]),
      ).slice(2),
    ).toStrictEqual([
      {
        toolCallId: "p",
        phase: "failed",
        payload: { error: "patch failed", outputPreview: "update a.md" },
        type: "tool.failed",
      },
    ]);
  });
});

describe("codex MCP calls, web searches, plans and error items", () => {
  it("TOOL-01 an MCP call: server.tool name, structured output first, the text content as the preview", () => {
    expect(
      facts(
        adapt([
          item("started", {
            id: "m",
            type: "mcp_tool_call",
            server: "docs",
            tool: "find",
            arguments: { q: 1 },
          }),
          item("completed", {
            id: "m",
            type: "mcp_tool_call",
            server: "docs",
            tool: "find",
            arguments: { q: 1 },
            result: {
              content: [{ type: "text", text: "a" }, { type: "image" }, { type: "text", text: "b" }],
              structured_content: { n: 1 },
            },
            status: "completed",
          }),
          item("completed", {
            id: "m2",
            type: "mcp_tool_call",
            result: { content: [{ type: "text", text: "plain" }] },
            status: "completed",
          }),
          item("completed", { id: "m3", type: "mcp_tool_call", result: { structuredContent: { k: "v" } } }),
        ]),
      ).filter((e) => e.type !== "tool.args"),
    ).toStrictEqual([
      started("m", { name: "docs.find", kind: "mcp", input: { q: 1 } }),
      {
        toolCallId: "m",
        phase: "completed",
        payload: { output: { n: 1 }, outputPreview: "a\nb" },
        type: "tool.result",
      },
      started("m2", { name: "mcp.unknown", kind: "mcp" }),
      {
        toolCallId: "m2",
        phase: "completed",
        payload: { output: "plain", outputPreview: "plain" },
        type: "tool.result",
      },
      started("m3", { name: "mcp.unknown", kind: "mcp" }),
      {
        toolCallId: "m3",
        phase: "completed",
        payload: { output: { k: "v" }, outputPreview: '{"k":"v"}' },
        type: "tool.result",
      },
    ]);
  });

  it.each([
    ["a failed status", { status: "failed" }, "MCP tool call failed"],
    ["an error message", { status: "completed", error: { message: "denied" } }, "denied"],
  ])("TOOL-01 an MCP call with %s fails its row", (_label, fields, error) => {
    expect(
      facts(
        adapt([item("completed", { id: "m", type: "mcp_tool_call", server: "s", tool: "t", ...fields })]),
      ).at(-1),
    ).toStrictEqual({ toolCallId: "m", phase: "failed", payload: { error }, type: "tool.failed" });
  });

  it("TOOL-01 a web search is a search row with its query, completed without output", () => {
    expect(
      facts(
        adapt([
          item("started", { id: "w", type: "web_search", query: "q" }),
          item("completed", { id: "w", type: "web_search", query: "q" }),
        ]),
      ),
    ).toStrictEqual([
      started("w", { name: "web_search", kind: "search", input: { query: "q" }, inputSummary: "q" }),
      args("w", { input: { query: "q" }, inputSummary: "q" }),
      { toolCallId: "w", phase: "completed", payload: {}, type: "tool.result" },
    ]);
  });

  it("TEXT-10 a todo list is a plan whose steps keep their order, titles and completion", () => {
    const list = {
      id: "t",
      type: "todo_list",
      items: [{ text: "a", completed: true }, {}, { text: "c", completed: "yes" }],
    };
    const steps = [
      { id: "t:0", title: "a", status: "completed" },
      { id: "t:1", title: "", status: "pending" },
      { id: "t:2", title: "c", status: "pending" },
    ];
    expect(facts(adapt([item("updated", list), item("completed", list)]))).toStrictEqual([
      { partId: "t", phase: "planning", payload: { steps }, type: "plan.delta" },
      { partId: "t", phase: "planning", payload: { steps }, type: "plan.final" },
    ]);
  });

  it("DIAG-01 an error item is a warning with its message (or a default one)", () => {
    expect(
      facts(
        adapt([
          item("completed", { id: "e", type: "error", message: "slow" }),
          item("completed", { id: "f", type: "error" }),
        ]),
      ),
    ).toStrictEqual([
      {
        payload: { code: "runtime_warning", severity: "warning", message: "slow" },
        type: "diagnostic.changed",
      },
      {
        payload: { code: "runtime_warning", severity: "warning", message: "codex error item" },
        type: "diagnostic.changed",
      },
    ]);
  });

  it("TEXT-06 reasoning streams as summary deltas and ends with its summary", () => {
    expect(
      facts(
        adapt([
          item("updated", { id: "r", type: "reasoning", text: "ab" }),
          item("updated", { id: "r", type: "reasoning", text: "ab" }),
          item("completed", { id: "r", type: "reasoning", text: "abc" }),
        ]),
      ),
    ).toStrictEqual([
      { partId: "r", payload: { delta: "ab", visibility: "summary" }, type: "reasoning.delta" },
      { partId: "r", payload: { text: "abc" }, type: "reasoning.summary" },
    ]);
  });
});

describe("codex detection", () => {
  it.each([
    [{ type: "thread.started", thread_id: "t" }, 0.98],
    [{ type: "thread.started" }, 0.95],
    [{ type: "turn.started", thread_id: "t" }, 0.95],
    [{ type: "turn.completed" }, 0.95],
    [{ type: "turn.failed", eventId: "e1" }, 0.3],
    [{ type: "turn.started", payload: {} }, 0.3],
    [{ type: "turn.started", schemaVersion: "1" }, 0.3],
    [{ type: "item.updated", item: { id: "i", type: "reasoning" } }, 0.95],
    [{ type: "item.started", item: { id: "i" } }, 0],
    [{ type: "item.completed", item: "text" }, 0],
    [{ type: "error", message: "x" }, 0],
    [{ type: "response.output_item.done", item: { id: "i", type: "message" } }, 0],
    [{ thread_id: "t" }, 0],
    [["thread.started"], 0],
  ])("ENV-09 %j scores %d", (record, score) => {
    expect(codexAdapter.detect(record)).toBe(score);
  });
});

describe("codex identity", () => {
  it("ENV-02 an item's events are identified by thread, item (per turn), phase and artifact path", () => {
    const events = adapt([
      { type: "thread.started", thread_id: "th" },
      { type: "thread.started" },
      { type: "turn.started" },
      item("completed", { id: "item_0", type: "file_change", changes: [{ path: "a.md", kind: "add" }] }),
      { type: "turn.completed" },
      { type: "turn.started" },
      item("started", { id: "item_0", type: "agent_message", text: "x" }),
    ]);
    const items = events.filter((e) => e.source?.sourceEventId !== undefined);
    expect(items.map((e) => [e.eventId, e.threadId, e.source?.sourceType])).toStrictEqual([
      ["codex:th:item_0:completed:tool.started", "th", "item.completed:file_change"],
      ["codex:th:item_0:completed:tool.args", "th", "item.completed:file_change"],
      ["codex:th:item_0:completed:artifact:a.md:artifact.changed", "th", "item.completed:file_change"],
      ["codex:th:item_0:completed:tool.result", "th", "item.completed:file_change"],
      ["codex:th:item_0@turn2:started:text.delta", "th", "item.started:agent_message"],
    ]);
    expect(items.at(-1)?.messageId).toBe("item_0@turn2");
    expect(events.filter((e) => e.type === "session.opened").map((e) => e.threadId)).toStrictEqual([
      "th",
      "th",
    ]);
  });

  it("ENV-02 an item outside any thread is identified under the placeholder thread, with no thread id", () => {
    const [event] = adapt([item("completed", { id: "i", type: "error" })]);
    expect([event.eventId, event.threadId]).toStrictEqual([
      "codex:thread:i:completed:diagnostic.changed",
      undefined,
    ]);
  });

  it("STAT-07 a provider error body names its category by type, else by code; without a message it stays as it is", () => {
    const failed = (message: string) =>
      adapt([{ type: "turn.started" }, { type: "turn.failed", error: { message } }]).at(-1)?.payload;
    expect(failed('{"error":{"message":"m","code":"quota"}}')).toStrictEqual({
      category: "quota",
      message: "m",
    });
    expect(failed('{"error":{"message":"m","type":"t","code":"c"}}')).toStrictEqual({
      category: "t",
      message: "m",
    });
    expect(failed('{"error":{"message":"m"}}')).toStrictEqual({ message: "m" });
    expect(failed('{"detail":"x"}')).toStrictEqual({ message: '{"detail":"x"}' });
    expect(failed(' {"error":{"message":"m"}}')).toStrictEqual({ message: ' {"error":{"message":"m"}}' });
  });
});

describe("codex records the adapter cannot place", () => {
  it("DIAG-02 an item without id, a record without item and an unmapped item type are each reported", () => {
    const unsupported = (index: number, reason: string, keys: string[]) => ({
      payload: {
        code: "unsupported_source_event",
        severity: "warning",
        message: `codex record #${index}: ${reason}`,
        summary: { kind: "object", keys, type: "item.completed" },
      },
      type: "diagnostic.changed",
    });
    expect(
      facts(
        adapt([
          item("completed", { type: "agent_message", text: "x" }),
          { type: "item.completed" },
          item("completed", { id: "x", type: "collab_tool_call" }),
        ]),
      ),
    ).toStrictEqual([
      unsupported(0, "item agent_message without an id", ["type", "item"]),
      unsupported(1, "item type missing is not mapped", ["type"]),
      unsupported(2, "item type collab_tool_call is not mapped", ["type", "item"]),
    ]);
  });
});

describe("codex edge cases of each item", () => {
  it("TEXT-03 an agent message streams suffix deltas on its message and part, then its final text", () => {
    expect(
      facts(
        adapt([
          item("started", { id: "m", type: "agent_message", text: "" }),
          item("updated", { id: "m", type: "agent_message", text: "Hel" }),
          item("completed", { id: "m", type: "agent_message", text: "Hello" }),
        ]),
      ),
    ).toStrictEqual([
      { messageId: "m", partId: "m", payload: { delta: "Hel" }, type: "text.delta" },
      { messageId: "m", partId: "m", payload: { text: "Hello" }, type: "text.final" },
    ]);
  });

  it("TOOL-03 a command whose output is rewritten streams no bogus delta; the result has the whole output", () => {
    expect(
      facts(
        adapt([
          item("updated", { id: "c", type: "command_execution", command: "x", aggregated_output: "abc" }),
          item("completed", {
            id: "c",
            type: "command_execution",
            command: "x",
            aggregated_output: "xyz",
            exit_code: 0,
          }),
        ]),
      ).slice(2),
    ).toStrictEqual([...commandOutput("c", "abc", "xyz")]);
  });

  it("TOOL-01 a patch with no change list, an MCP call with no result and a loose plan entry still state their rows", () => {
    expect(
      facts(
        adapt([
          item("completed", { id: "p", type: "file_change" }),
          item("completed", { id: "m", type: "mcp_tool_call", status: "completed" }),
          item("completed", { id: "t", type: "todo_list", items: ["loose"] }),
          item("completed", { id: "u", type: "todo_list" }),
          item("completed", {
            id: "c",
            type: "command_execution",
            command: "ls",
            aggregatedOutput: "out",
            exitCode: 0,
          }),
        ]),
      ),
    ).toStrictEqual([
      started("p", { name: "apply_patch", kind: "file", input: { changes: [] }, inputSummary: "" }),
      args("p", { input: { changes: [] }, inputSummary: "" }),
      {
        toolCallId: "p",
        phase: "completed",
        payload: { outputPreview: "", artifactIds: [] },
        type: "tool.result",
      },
      started("m", { name: "mcp.unknown", kind: "mcp" }),
      args("m", {}),
      { toolCallId: "m", phase: "completed", payload: { output: "" }, type: "tool.result" },
      {
        partId: "t",
        phase: "planning",
        payload: { steps: [{ id: "t:0", title: "", status: "pending" }] },
        type: "plan.final",
      },
      { partId: "u", phase: "planning", payload: { steps: [] }, type: "plan.final" },
      started("c", { name: "shell", kind: "command", input: { command: "ls" }, inputSummary: "ls" }),
      args("c", { input: { command: "ls" }, inputSummary: "ls" }),
      ...commandOutput("c", "out", "out"),
    ]);
  });

  it("STAT-07 a failure restated by turn.failed adds nothing; a different text is one more error diagnostic", () => {
    expect(
      facts(
        adapt([
          { type: "turn.started" },
          { type: "error", message: "boom" },
          { type: "turn.failed", error: { message: "boom" } },
          { type: "turn.started" },
          { type: "error", message: "a" },
          { type: "turn.failed", error: { message: "b" } },
        ]),
      ).filter((e) => e.type !== "run.started" && e.type !== "run.status"),
    ).toStrictEqual([
      { payload: { code: "runtime_error", severity: "error", message: "boom" }, type: "diagnostic.changed" },
      { phase: "failed", payload: { category: "stream_error", message: "boom" }, type: "run.failed" },
      { payload: { code: "runtime_error", severity: "error", message: "a" }, type: "diagnostic.changed" },
      { phase: "failed", payload: { category: "stream_error", message: "a" }, type: "run.failed" },
      { payload: { code: "runtime_error", severity: "error", message: "b" }, type: "diagnostic.changed" },
    ]);
  });

  it("STAT-08 a turn completed without usage states no metric; each event names its source record", () => {
    const events = adapt([{ type: "turn.started" }, { type: "turn.completed" }]);
    expect(facts(events).slice(2)).toStrictEqual([
      { phase: "completed", payload: { outcome: "success" }, type: "run.finished" },
    ]);
    expect(events.map((e) => e.source)).toStrictEqual([
      { format: "codex", index: 0, sourceType: "turn.started" },
      { format: "codex", index: 0, sourceType: "turn.started" },
      { format: "codex", index: 1, sourceType: "turn.completed" },
    ]);
  });
});
