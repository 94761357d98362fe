// The assistant-ui wires' own rules: what each reader says about a record it cannot read (assistant-stream
// chunks and the AI SDK 4 data stream), detection scores, subagent parts, message boundaries and tool
// results — each record in, the exact facts out (no classification, order or provenance).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  assistantStreamAdapter,
  dataStreamAdapter,
  detectAssistantStream,
  detectDataStream,
} from "../src/assistant-stream";

const STAMPED = new Set(["eventId", "sequence", "owner", "scope", "surface", "persistence", "source"]);
type Module = typeof assistantStreamAdapter;

function facts(events: AgentUiEvent[]): Record<string, unknown>[] {
  return events.map((event) =>
    Object.fromEntries(Object.entries(event).filter(([key]) => !STAMPED.has(key))),
  );
}

function adapt(module: Module, records: unknown[]): Record<string, unknown>[] {
  const adapter = module.create();
  return facts([...records.flatMap((record, index) => adapter.push(record, index)), ...adapter.finish()]);
}

const part = (type: string, fields: Record<string, unknown> = {}, path: number[] = []) => ({
  type: "part-start",
  path,
  part: { type, ...fields },
});
const line = (type: string, value: unknown) => ({ type, value });

/** The warning a reader gives about record #0, with the record's own summary. */
const unsupported = (format: string, reason: string, summary: Record<string, unknown>) => ({
  payload: {
    code: "unsupported_source_event",
    severity: "warning",
    message: `${format} record #0: ${reason}`,
    summary,
  },
  type: "diagnostic.changed",
});

describe("assistant-stream chunks the reader cannot read", () => {
  const keys = (record: unknown) => Object.keys(record as object);
  it.each([
    [{ type: "text-delta", path: [-1] }, "chunk without a numeric path"],
    [{ type: "text-delta", path: [0.5] }, "chunk without a numeric path"],
    [{ type: "text-delta", path: "0" }, "chunk without a numeric path"],
    [{ type: "text-delta", path: Array.from({ length: 33 }, () => 0) }, "chunk without a numeric path"],
    [{ type: "text-delta", path: [0], textDelta: "a" }, "text-delta for a part that was never started"],
    [{ type: "part-start", path: [] }, "part-start without a part type"],
    [part("mystery"), 'unknown part type "mystery"'],
    [part("tool-call", { toolName: "z" }), "tool-call part without id or name"],
    [part("tool-call", { toolCallId: "c" }), "tool-call part without id or name"],
    [part("source", { id: "s3" }), "source part without id or url"],
    [part("source", { url: "https://a.example" }), "source part without id or url"],
    [part("data", {}), "data part without name"],
    [{ type: "tool-call-approval", path: [9] }, "tool chunk for a path that holds no tool call"],
    [{ type: "result", path: [] }, "tool chunk for a path that holds no tool call"],
    [{ type: "tool-call-args-text-finish", path: [] }, "tool chunk for a path that holds no tool call"],
    [
      { type: "update-state", path: [] },
      "transport state operations are not mapped (app state of the assistant-ui runtime)",
    ],
    [{ type: "weird", path: [] }, 'unknown assistant-stream chunk "weird"'],
    [{ type: "data", path: [] }, "data chunk without a list"],
    [{ type: "annotations", path: [], annotations: {} }, "annotations chunk without a list"],
  ])("DIAG-02 %j: %s", (record, reason) => {
    const type = (record as { type: string }).type;
    expect(adapt(assistantStreamAdapter, [record]).at(-1)).toStrictEqual(
      unsupported("assistant-stream", reason, { kind: "object", keys: keys(record), type }),
    );
  });

  it("DIAG-02 a record that is no object or has no type is reported as such", () => {
    expect(adapt(assistantStreamAdapter, ["x"])).toStrictEqual([
      unsupported("assistant-stream", "not a JSON object", { kind: "string" }),
    ]);
    expect(adapt(assistantStreamAdapter, [{ path: [] }])).toStrictEqual([
      unsupported("assistant-stream", "chunk without type", { kind: "object", keys: ["path"] }),
    ]);
  });
});

describe("AI SDK 4 data stream lines the reader cannot read", () => {
  it.each([
    [line("0", 5), "text line without a string"],
    [line("g", 1), "reasoning line without a string"],
    [line("b", { toolCallId: "t" }), "tool call start without id or name"],
    [line("9", { toolName: "w" }), "tool call without id or name"],
    [line("a", { toolCallId: "zz" }), "tool line for a call that was never started"],
    [line("c", { argsTextDelta: "{}" }), "tool line for a call that was never started"],
    [line("c", { toolCallId: "zz", argsTextDelta: "{}" }), "tool line for a call that was never started"],
    [line("aui-tool-call-approval", {}), "tool line for a call that was never started"],
    [line("h", { id: "s" }), "source without id or url"],
    [line("aui-data", {}), "data part without name"],
    [line("2", 3), "data line without a list"],
    [line("8", {}), "data line without a list"],
    [
      line("aui-state", []),
      "transport state operations are not mapped (app state of the assistant-ui runtime)",
    ],
    [line("zz", 1), "not a data stream line"],
  ])("DIAG-02 %j: %s", (record, reason) => {
    expect(adapt(dataStreamAdapter, [record]).at(-1)).toStrictEqual(
      unsupported("ai-sdk-data-stream", reason, {
        kind: "object",
        keys: ["type", "value"],
        type: record.type,
      }),
    );
  });

  it("DIAG-02 a string that is no data stream line is reported; reasoning bookkeeping says nothing", () => {
    expect(adapt(dataStreamAdapter, ["nope:1", line("i", {}), line("j", {})])).toStrictEqual([
      {
        ...unsupported("ai-sdk-data-stream", "not a data stream line", { kind: "string" }),
      },
    ]);
  });
});

describe("assistant-ui wire detection", () => {
  it.each([
    [{ type: "part-start", path: [], part: { type: "text" } }, 0.98],
    [{ type: "part-start", path: [] }, 0.95],
    [{ type: "part-start", path: [0], part: "text" }, 0.95],
    [{ type: "text-delta", path: [0] }, 0.95],
    [{ type: "message-finish", path: [] }, 0.95],
    [{ type: "text-delta", path: ["0"] }, 0],
    [{ type: "text-delta", path: 0 }, 0],
    [{ type: "text-delta" }, 0],
    [{ type: "nope", path: [] }, 0],
    [{ path: [] }, 0],
    [[1], 0],
  ])("ENV-01 assistant-stream scores %j %d", (record, score) => {
    expect(detectAssistantStream(record)).toBe(score);
  });

  it.each([
    ['0:"x"', 0.9],
    ["0:x", 0],
    ["zz:1", 0],
    [":1", 0],
    [line("0", "x"), 0.95],
    [{ ...line("0", "x"), extra: 1 }, 0.4],
    [{ type: "0" }, 0],
    [line("q", 1), 0],
    [{ value: 1 }, 0],
    [5, 0],
  ])("ENV-01 the data stream scores %j %d", (record, score) => {
    expect(detectDataStream(record)).toBe(score);
  });
});

describe("assistant-stream parts", () => {
  it("TOOL-02 a tool error without a result says tool error; an error result that is text or JSON keeps it", () => {
    const events = adapt(assistantStreamAdapter, [
      part("tool-call", { toolCallId: "c3", toolName: "x" }),
      { type: "result", path: [0], result: { e: 1 }, isError: true },
      part("tool-call", { toolCallId: "c4", toolName: "y" }),
      { type: "part-finish", path: [1] },
      { type: "result", path: [1], isError: true },
      part("tool-call", { toolCallId: "c5", toolName: "z" }),
      { type: "result", path: [2], result: "denied", isError: true },
    ]);
    expect(events.filter((e) => e.type === "tool.failed")).toStrictEqual(
      [
        ["c3", '{"e":1}'],
        ["c4", "tool error"],
        ["c5", "denied"],
      ].map(([toolCallId, error]) => ({
        toolCallId,
        phase: "failed",
        payload: { error },
        messageId: "assistant-stream:message-1",
        type: "tool.failed",
      })),
    );
  });

  it("TEAM-02 a subagent's parts: announced once, its own message, its tools and texts attributed to it", () => {
    const sub = { messageId: "m1:sub", agentId: "sub", runtimeEntity: "subagent_turn" };
    expect(
      adapt(assistantStreamAdapter, [
        { type: "step-start", path: [], messageId: "m1" },
        part("text", { parentId: "sub" }),
        { type: "text-delta", path: [0], textDelta: "hi" },
        { type: "text-delta", path: [0], textDelta: "" },
        part("tool-call", { toolCallId: "c2", toolName: "ls", parentId: "sub" }),
        { type: "result", path: [1], result: { n: 1 }, isPreliminary: true },
        { type: "part-finish", path: [0] },
        { type: "text-delta", path: [0], textDelta: "late" },
        { type: "part-finish", path: [0] },
      ]).slice(1),
    ).toStrictEqual([
      {
        agentId: "sub",
        runtimeEntity: "subagent_turn",
        phase: "acting",
        payload: { agentName: "sub", role: "subagent", status: "running" },
        type: "agent.spawned",
      },
      {
        partId: "part-0",
        phase: "producing",
        payload: { delta: "hi", role: "assistant" },
        ...sub,
        type: "text.delta",
      },
      { toolCallId: "c2", phase: "acting", payload: { name: "ls" }, ...sub, type: "tool.started" },
      {
        toolCallId: "c2",
        phase: "acting",
        payload: { input: {}, complete: true },
        ...sub,
        type: "tool.args",
      },
      { toolCallId: "c2", phase: "acting", payload: { message: '{"n":1}' }, ...sub, type: "tool.progress" },
      { partId: "part-0", payload: { text: "hi" }, ...sub, type: "text.final" },
    ]);
  });

  it("TEXT-04 a message's finish closes its open parts; the next chunks are a new message addressed from [0]", () => {
    const events = adapt(assistantStreamAdapter, [
      part("reasoning"),
      { type: "text-delta", path: [0], textDelta: "think" },
      { type: "message-finish", path: [], finishReason: "stop" },
      part("text"),
      { type: "text-delta", path: [0], textDelta: "again" },
      { type: "message-finish", path: [] },
    ]);
    expect(events.map((e) => [e.type, e.messageId, e.partId ?? null])).toStrictEqual([
      ["run.started", "assistant-stream:message-1", null],
      ["reasoning.delta", "assistant-stream:message-1", "part-0"],
      ["reasoning.summary", "assistant-stream:message-1", "part-0"],
      ["run.finished", "assistant-stream:message-1", null],
      ["run.started", "assistant-stream:message-2", null],
      ["text.delta", "assistant-stream:message-2", "part-0~2"],
      ["text.final", "assistant-stream:message-2", "part-0~2"],
      ["run.finished", "assistant-stream:message-2", null],
    ]);
    expect(events[3].payload).toStrictEqual({ outcome: "success", reason: "stop" });
  });

  it("EVID-01 sources (url and document), files by media type and named data parts", () => {
    const message = { messageId: "assistant-stream:message-1" };
    expect(
      adapt(assistantStreamAdapter, [
        part("source", { id: "s1", url: "https://a.example", title: "A" }),
        part("source", {
          id: "s2",
          sourceType: "document",
          title: "D",
          mediaType: "text/plain",
          filename: "d.txt",
        }),
        part("file", { mimeType: "image/png", data: "AAA" }),
        part("data", { name: "weather", data: { t: 1 } }),
        part("data", { name: "empty" }),
      ]).slice(1),
    ).toStrictEqual([
      {
        evidenceId: "s1",
        payload: {
          citations: [{ id: "s1", sourceType: "url", url: "https://a.example", title: "A", ...message }],
        },
        ...message,
        type: "evidence.changed",
      },
      {
        evidenceId: "s2",
        payload: {
          citations: [
            {
              id: "s2",
              sourceType: "document",
              title: "D",
              mediaType: "text/plain",
              filename: "d.txt",
              ...message,
            },
          ],
        },
        ...message,
        type: "evidence.changed",
      },
      {
        artifactId: "assistant-stream:message-1:file-1",
        artifactKind: "image",
        artifactStatus: "ready",
        payload: { title: "image/png", mediaType: "image/png", inline: true },
        ...message,
        type: "artifact.created",
      },
      {
        payload: {
          patch: [
            { op: "add", path: "/aiSdkData", value: {} },
            { op: "add", path: "/aiSdkData/weather", value: { t: 1 } },
          ],
        },
        ...message,
        type: "state.delta",
      },
      {
        payload: { patch: [{ op: "add", path: "/aiSdkData/empty", value: null }] },
        ...message,
        type: "state.delta",
      },
    ]);
  });
});

describe("assistant-ui wires: reasoning parts, files, errors and closed arguments", () => {
  it("TEAM-02 TEXT-06 the data stream's reasoning lines: a subagent's delta, an explicit part start, a file and an error object", () => {
    const message = "ai-sdk-data-stream:message-1";
    const sub = { messageId: `${message}:a1`, agentId: "a1", runtimeEntity: "subagent_turn" };
    expect(
      adapt(dataStreamAdapter, [
        line("aui-reasoning-delta", { reasoningDelta: "r", parentId: "a1" }),
        line("aui-reasoning-part-start", {}),
        line("aui-reasoning-delta", { reasoningDelta: "r2" }),
        line("k", { mimeType: "text/plain", parentId: "a1" }),
        line("3", { error: "worse" }),
      ]).slice(2),
    ).toStrictEqual([
      {
        partId: "reasoning-1",
        phase: "reasoning",
        payload: { delta: "r", visibility: "summary" },
        ...sub,
        type: "reasoning.delta",
      },
      { partId: "reasoning-1", payload: { text: "r" }, ...sub, type: "reasoning.summary" },
      {
        partId: "reasoning-2",
        phase: "reasoning",
        payload: { delta: "r2", visibility: "summary" },
        messageId: message,
        type: "reasoning.delta",
      },
      { partId: "reasoning-2", payload: { text: "r2" }, messageId: message, type: "reasoning.summary" },
      {
        artifactId: `${message}:file-1`,
        artifactKind: "document",
        artifactStatus: "ready",
        payload: { title: "text/plain", mediaType: "text/plain", inline: true },
        ...sub,
        type: "artifact.created",
      },
      { phase: "failed", payload: { message: "worse" }, messageId: message, type: "run.failed" },
    ]);
    expect(adapt(dataStreamAdapter, [line("3", {})]).at(-1)).toStrictEqual({
      phase: "failed",
      payload: { message: "stream error" },
      messageId: "ai-sdk-data-stream:message-1",
      type: "run.failed",
    });
  });

  it("TOOL-03 empty argument text says nothing; arguments closed once ignore later text", () => {
    const message = { messageId: "assistant-stream:message-1" };
    expect(
      adapt(assistantStreamAdapter, [
        part("tool-call", { toolCallId: "c1", toolName: "s" }),
        { type: "text-delta", path: [0], textDelta: "" },
        { type: "text-delta", path: [0], textDelta: "{}" },
        { type: "tool-call-args-text-finish", path: [0] },
        { type: "text-delta", path: [0], textDelta: "late" },
        { type: "tool-call-args-text-finish", path: [0] },
      ]).slice(2),
    ).toStrictEqual([
      { toolCallId: "c1", phase: "acting", payload: { argsDelta: "{}" }, ...message, type: "tool.args" },
      {
        toolCallId: "c1",
        phase: "acting",
        payload: { input: {}, complete: true },
        ...message,
        type: "tool.args",
      },
    ]);
  });
});

describe("assistant-ui wires: repeated tool lines", () => {
  it("TOOL-01 HITL-01 a call started twice is one row; an approval without id is no gate", () => {
    expect(
      adapt(dataStreamAdapter, [
        line("b", { toolCallId: "t1", toolName: "rm" }),
        line("b", { toolCallId: "t1", toolName: "rm" }),
        line("aui-tool-call-approval", { toolCallId: "t1", approval: { prompt: "Remove?" } }),
      ]).slice(1),
    ).toStrictEqual([
      {
        toolCallId: "t1",
        phase: "acting",
        payload: { name: "rm" },
        messageId: "ai-sdk-data-stream:message-1",
        type: "tool.started",
      },
    ]);
  });
});
