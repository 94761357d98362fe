import { readFileSync } from "node:fs";
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../src/codex";

const stream = (name: string) =>
  readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8");

function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = codexAdapter.create();
  const out = records.flatMap((r, i) => adapter.push(r, i));
  return [...out, ...adapter.finish()];
}
const peer = (name: string) => adapt(parseRecords(stream(name)).records.map((r) => r.value));
const item = (phase: string, body: Record<string, unknown>) => ({ type: `item.${phase}`, item: body });

describe("codex adapter: exec-patch-plan peer stream", () => {
  // Read inside each test (not once per file), so each test is the one that reads the stream.
  const events = () => peer("codex-sdk.exec-patch-plan.threadevents.jsonl");
  const of = (type: string) => events().filter((e) => e.type === type);

  it("ENV-02 every event keeps the thread id", () => {
    expect(events().every((e) => e.threadId === "01a2149f-6cfc-7772-8329-a2998b38b5e1")).toBe(true);
  });

  it("TEXT-04 agent messages arrive as text.final only, each once", () => {
    expect(of("text.delta")).toEqual([]);
    expect(of("text.final").map((e) => [e.messageId, e.payload?.text])).toEqual([
      ["item_1", "Running a command."],
      ["item_4", "Command printed hello-from-codex-mock."],
    ]);
  });

  it("TEXT-06 reasoning is a reasoning summary, never answer text", () => {
    expect(of("reasoning.summary").map((e) => e.payload?.text)).toEqual(["**Plan** run echo then report."]);
  });

  it("TOOL-01 the command runs in_progress → completed with exit code and output preview", () => {
    expect(
      events()
        .filter((e) => e.toolCallId === "item_2")
        .map((e) => e.type),
    ).toEqual(["tool.started", "tool.args", "tool.output.delta", "tool.result"]);
    const result = of("tool.result").find((e) => e.toolCallId === "item_2");
    expect(result?.payload).toMatchObject({ exitCode: 0, outputPreview: "hello-from-codex-mock\n" });
    expect(of("tool.started")[0].payload).toMatchObject({
      kind: "command",
      inputSummary: "/bin/bash -lc 'echo hello-from-codex-mock'",
    });
  });

  it("TOOL-09 the file change links a file artifact (path only, no invented diff)", () => {
    const [artifact] = of("artifact.changed");
    expect(artifact).toMatchObject({ artifactId: "file:/workspace/demo/hello.txt", toolCallId: "item_3" });
    expect(artifact.artifactDiffRef).toBeUndefined();
    expect(artifact.payload).toMatchObject({
      fileChange: { path: "/workspace/demo/hello.txt", kind: "add" },
    });
    expect(of("tool.result").find((e) => e.toolCallId === "item_3")?.payload?.artifactIds).toEqual([
      "file:/workspace/demo/hello.txt",
    ]);
  });

  it("STAT-08 the turn ends the run with success and usage becomes metrics", () => {
    expect(events().at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
    const metrics = Object.fromEntries(of("metric.changed").map((e) => [e.metricName, e.payload?.value]));
    expect(metrics).toMatchObject({ "tokens.input": 20, "tokens.output": 10 });
    expect(of("diagnostic.changed")).toEqual([]);
  });
});

describe("codex adapter: other items and failures", () => {
  it("text-only stream gives one answer and a completed run", () => {
    const events = peer("codex-sdk.text-only-default-model.threadevents.jsonl");
    expect(events.filter((e) => e.type === "text.final").map((e) => e.payload?.text)).toEqual(["ok"]);
    expect(events.at(-1)?.type).toBe("run.finished");
  });

  it("TOOL-01 a non-zero exit code fails the tool with the output preview", () => {
    const events = adapt([
      { type: "turn.started" },
      item("completed", {
        id: "c1",
        type: "command_execution",
        command: "false",
        aggregated_output: "boom",
        exit_code: 2,
        status: "failed",
      }),
    ]);
    expect(events.find((e) => e.type === "tool.failed")?.payload).toMatchObject({
      error: "exit code 2",
      outputPreview: "boom",
    });
  });

  it("HITL-04 a declined command is a denied tool failure, never a result", () => {
    const events = adapt([
      item("completed", { id: "c1", type: "command_execution", command: "rm -rf /", status: "declined" }),
    ]);
    expect(events.some((e) => e.type === "tool.result")).toBe(false);
    expect(events.find((e) => e.type === "tool.failed")?.payload).toMatchObject({ denied: true });
  });

  it("TEXT-03 a growing agent message streams suffix deltas, then the final", () => {
    const events = adapt([
      item("started", { id: "m", type: "agent_message", text: "" }),
      item("updated", { id: "m", type: "agent_message", text: "Hel" }),
      item("updated", { id: "m", type: "agent_message", text: "Hello" }),
      item("completed", { id: "m", type: "agent_message", text: "Hello!" }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.delta ?? e.payload?.text])).toEqual([
      ["text.delta", "Hel"],
      ["text.delta", "lo"],
      ["text.final", "Hello!"],
    ]);
  });

  it("TEXT-10 a todo list is a plan, updated then final", () => {
    const list = (done: boolean) => ({
      id: "p",
      type: "todo_list",
      items: [{ text: "run echo", completed: done }],
    });
    const events = adapt([item("started", list(false)), item("completed", list(true))]);
    expect(
      events.map((e) => [e.type, (e.payload as { steps: { status: string }[] }).steps[0].status]),
    ).toEqual([
      ["plan.delta", "pending"],
      ["plan.final", "completed"],
    ]);
  });

  it("TOOL-01 MCP tool calls and web searches are tool rows", () => {
    const events = adapt([
      item("completed", {
        id: "t1",
        type: "mcp_tool_call",
        server: "docs",
        tool: "search",
        arguments: { q: "x" },
        result: { content: [{ type: "text", text: "found" }] },
        status: "completed",
      }),
      item("completed", {
        id: "t2",
        type: "mcp_tool_call",
        server: "docs",
        tool: "read",
        arguments: {},
        error: { message: "nope" },
        status: "failed",
      }),
      item("completed", { id: "t3", type: "web_search", query: "weather paris" }),
    ]);
    expect(
      events
        .filter((e) => e.type === "tool.result" || e.type === "tool.failed")
        .map((e) => [e.toolCallId, e.type]),
    ).toEqual([
      ["t1", "tool.result"],
      ["t2", "tool.failed"],
      ["t3", "tool.result"],
    ]);
    expect(events.find((e) => e.type === "tool.started" && e.toolCallId === "t1")?.payload?.name).toBe(
      "docs.search",
    );
  });

  it("SEC-02 secret-bearing tool input is redacted", () => {
    const events = adapt([
      item("started", {
        id: "t",
        type: "mcp_tool_call",
        server: "s",
        tool: "t",
        arguments: { apiKey: "sk-live-123456789" },
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain("sk-live-123456789");
  });

  it("SEC-02 a secret printed by a command is redacted in the streamed output and the preview", () => {
    const key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
    const events = adapt([
      item("completed", {
        id: "c",
        type: "command_execution",
        command: "env",
        aggregated_output: `KEY=${key}\n`,
        exit_code: 0,
        status: "completed",
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(key);
  });

  it("TOOL-02 output above largePayloadBytes is offloaded to a ref with a bounded preview", () => {
    const adapter = codexAdapter.create({ largePayloadBytes: 1024 });
    const big = "x".repeat(50_000);
    const events = adapter.push(
      item("completed", {
        id: "c",
        type: "command_execution",
        command: "cat big",
        aggregated_output: big,
        exit_code: 0,
        status: "completed",
      }),
    );
    const result = events.find((e) => e.type === "tool.result");
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
    const output = (result as AgentUiEvent).payload as { output: { output: { offloaded?: boolean } } };
    expect(output.output.output.offloaded).toBe(true);
    expect(result?.payload?.outputBytes).toBe(50_000);
  });

  it("TEXT-05 an update that rewrites earlier text emits no bogus delta; the final replaces it", () => {
    const events = adapt([
      item("updated", { id: "m", type: "agent_message", text: "Hello wrld" }),
      item("updated", { id: "m", type: "agent_message", text: "Hello world!" }),
      item("completed", { id: "m", type: "agent_message", text: "Hello world!" }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.delta ?? e.payload?.text])).toEqual([
      ["text.delta", "Hello wrld"],
      ["text.final", "Hello world!"],
    ]);
  });

  it("ENV-02 an item id reused in a later turn gets its own identity", () => {
    const msg = (text: string) => item("completed", { id: "item_0", type: "agent_message", text });
    const events = adapt([
      { type: "turn.started" },
      msg("one"),
      { type: "turn.completed" },
      { type: "turn.started" },
      msg("two"),
    ]);
    const ids = events.filter((e) => e.type === "text.final").map((e) => e.messageId);
    expect(new Set(ids).size).toBe(2);
  });

  it("STAT-07 turn.failed and stream errors fail the run; error items are only warnings", () => {
    const events = adapt([
      { type: "turn.started" },
      item("completed", { id: "e", type: "error", message: "model metadata not found" }),
      { type: "turn.failed", error: { message: "rate limited" } },
    ]);
    expect(events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "runtime_warning",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.failed", payload: { message: "rate limited" } });
  });

  it("ENV-09 unknown events and item types become diagnostics; a cut stream is noted, not completed", () => {
    const events = adapt([
      { type: "turn.started" },
      { type: "mystery" },
      item("completed", { id: "x", type: "collab_tool_call" }),
    ]);
    expect(events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "unsupported_source_event",
      "unsupported_source_event",
      "transport_unavailable",
    ]);
    expect(events.some((e) => e.type === "run.finished")).toBe(false);
  });

  it("detect picks Codex thread events and not other peers", () => {
    expect(codexAdapter.detect({ type: "thread.started", thread_id: "t" })).toBeGreaterThan(0.9);
    expect(
      codexAdapter.detect({ type: "item.completed", item: { id: "i", type: "agent_message" } }),
    ).toBeGreaterThan(0.5);
    // Lime runtime events share the `turn.*` names but carry an envelope.
    expect(codexAdapter.detect({ type: "turn.started", eventId: "e1", payload: {} })).toBeLessThan(0.5);
    expect(codexAdapter.detect({ type: "run_item_stream_event", name: "tool_called" })).toBe(0);
    expect(codexAdapter.detect({ type: "system", subtype: "init" })).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (records) => {
        adapt(records);
        codexAdapter.detect(records[0]);
      }),
    );
  });
});

// Findings of the live runs against the real CLI (packages/conformance/heavy, `npm run test:heavy`).
describe("codex adapter: live-run findings", () => {
  const body = '{"error":{"message":"mock overloaded","type":"server_error"}}';

  it("STAT-07 a provider error fails the run once: the CLI's turn.failed restating it adds nothing", () => {
    const events = adapt([
      { type: "thread.started", thread_id: "t" },
      { type: "turn.started" },
      { type: "error", message: body },
      { type: "turn.failed", error: { message: body } },
    ]);
    const failed = events.filter((e) => e.type === "run.failed");
    expect(failed.map((e) => e.payload)).toEqual([{ category: "server_error", message: "mock overloaded" }]);
    expect(events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "runtime_error",
    ]);
  });

  it("STAT-07 a turn.failed with a different text after the stream error is kept as a diagnostic", () => {
    const events = adapt([
      { type: "turn.started" },
      { type: "error", message: "stream closed" },
      { type: "turn.failed", error: { message: "retry budget exhausted" } },
    ]);
    expect(events.filter((e) => e.type === "run.failed").map((e) => e.payload)).toEqual([
      { category: "stream_error", message: "stream closed" },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "diagnostic.changed",
      payload: { code: "runtime_error", message: "retry budget exhausted" },
    });
  });

  it("ORD-06 STAT-07 a turn.failed the source repeats is passed through: the projection reports it", () => {
    // Only a restatement of the stream error is the CLI's own pattern; any other repeated terminal is
    // the source's violation, stated as sent so the sequence rules can name it (as every adapter does).
    const failed = { type: "turn.failed", error: { message: "quota" } };
    const events = adapt([{ type: "turn.started" }, failed, failed]);
    expect(events.filter((e) => e.type === "run.failed").map((e) => e.payload)).toEqual([
      { message: "quota" },
      { message: "quota" },
    ]);
    const state = projectEvents(events);
    expect(state.runtime.status).toBe("failed");
    expect(state.diagnostics.map((d) => d.code)).toContain("turn_terminal_repeated");
  });

  it("TOOL-03 a command row's input summary stays the command line once the complete input arrives", () => {
    const command = "/bin/bash -lc 'echo hi'";
    const events = adapt([
      { type: "turn.started" },
      item("started", {
        id: "c",
        type: "command_execution",
        command,
        aggregated_output: "",
        status: "in_progress",
      }),
    ]);
    const args = events.find((e) => e.type === "tool.args");
    expect(args?.payload).toEqual({ input: { command }, inputSummary: command, complete: true });
  });

  it("STAT-07 each turn of a thread can fail on its own; plain and malformed JSON texts stay as they are", () => {
    const events = adapt([
      { type: "turn.started" },
      { type: "error", message: "{not json" },
      { type: "turn.failed", error: { message: "{not json" } },
      { type: "turn.started" },
      { type: "turn.failed", error: { message: '{"error":{"code":"quota"}}' } },
    ]);
    expect(events.filter((e) => e.type === "run.failed").map((e) => e.payload)).toEqual([
      { category: "stream_error", message: "{not json" },
      { message: '{"error":{"code":"quota"}}' },
    ]);
  });
});
