import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";
import { projectEvents } from "@agent-ui/projection";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const chunks = (name: string): unknown[] =>
  readFileSync(new URL(name, STREAMS), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = aiSdkAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const unsupported = (events: AgentUiEvent[]) =>
  events.filter(
    (e) =>
      e.type === "diagnostic.changed" && (e.payload as { code: string }).code === "unsupported_source_event",
  );

describe("ai-sdk adapter: peer streams", () => {
  it("TEXT-01/04 text-tool: reasoning, two text parts, tool output-available, source citation, finish stop", () => {
    const events = adapt(chunks("ai-sdk.text-tool.uimessagechunks.jsonl"));
    expect(unsupported(events)).toEqual([]);
    expect(ofType(events, "reasoning.summary")[0]).toMatchObject({
      partId: "r1",
      payload: { text: "User wants weather; call the tool." },
    });
    expect(ofType(events, "text.final").map((e) => [e.partId, (e.payload as { text: string }).text])).toEqual(
      [
        ["t1", "Let me check."],
        ["t2", "It is 21°C in Paris."],
      ],
    );
    expect(ofType(events, "tool.started")).toEqual([
      expect.objectContaining({ toolCallId: "call-1", payload: { name: "weather" } }),
    ]);
    expect(ofType(events, "tool.args").at(-1)?.payload).toEqual({ input: { city: "Paris" }, complete: true });
    expect(ofType(events, "tool.result")[0]).toMatchObject({
      toolCallId: "call-1",
      payload: { output: { city: "Paris", tempC: 21 } },
    });
    expect(ofType(events, "evidence.changed")[0].payload).toEqual({
      citations: [
        {
          id: "src-1",
          sourceType: "url",
          url: "https://example.com/wx",
          title: "Example weather",
          messageId: "ai-sdk:message-1",
        },
      ],
    });
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "success", reason: "stop" },
    });
    // The stream never names its message: one positional key places every part in one message.
    expect(new Set(events.map((e) => e.messageId))).toEqual(new Set(["ai-sdk:message-1"]));
  });

  it("the SSE wire capture carries the same chunks", () => {
    const wire = readFileSync(new URL("ai-sdk.text-tool.sse.txt", STREAMS), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
      .map((l) => JSON.parse(l.slice(6)));
    const strip = (events: AgentUiEvent[]) => events.map(({ source, ...rest }) => rest);
    expect(strip(adapt(wire))).toEqual(strip(adapt(chunks("ai-sdk.text-tool.uimessagechunks.jsonl"))));
  });

  it("HITL-01 approval request: tool approval-requested and pending; finish tool-calls is waiting, not done", () => {
    const events = adapt(chunks("ai-sdk.approval-request.uimessagechunks.jsonl"));
    expect(unsupported(events)).toEqual([]);
    expect(ofType(events, "action.required")).toEqual([
      expect.objectContaining({
        // Keyed by the call (the default `toolApprovalIds`); the SDK's approval id kept for the write path.
        actionId: "call-9",
        toolCallId: "call-9",
        payload: expect.objectContaining({
          actionType: "tool_approval",
          toolName: "danger",
          approvalId: "aitxt-WsBVPrhSzi9tKqeunp0tTzwj",
        }),
      }),
    ]);
    expect(ofType(events, "tool.progress")[0].payload).toEqual({ awaitingActionId: "call-9" });
    expect(ofType(events, "tool.result")).toEqual([]);
    expect(ofType(events, "text.delta")).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: "run.status",
      payload: { status: "action_required", reason: "tool-calls" },
    });
    expect(ofType(events, "run.finished")).toEqual([]);
  });

  it("continuation stream: the same message id continues the message; output before start-step is accepted", () => {
    const events = adapt(chunks("ai-sdk.approval-resume.uimessagechunks.jsonl"));
    expect(unsupported(events)).toEqual([]);
    expect(new Set(events.map((e) => e.messageId))).toEqual(new Set(["msg-asst-1"]));
    expect(ofType(events, "tool.result")[0]).toMatchObject({
      toolCallId: "call-9",
      payload: { output: { deleted: "/workspace/demo/x" } },
    });
    expect(ofType(events, "text.final")[0].payload).toEqual({ text: "Deleted /workspace/demo/x." });
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });

  it("HITL-03 FALL-01 request then resume in one stream: the approval resolves when the tool runs, no decision invented", () => {
    const events = adapt([
      ...chunks("ai-sdk.approval-request.uimessagechunks.jsonl"),
      ...chunks("ai-sdk.approval-resume.uimessagechunks.jsonl"),
    ]);
    const resolved = ofType(events, "action.resolved");
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({
      actionId: "call-9",
      toolCallId: "call-9",
      payload: { outcome: "resolved" },
    });
    // The continuation stream carries only the tool output: the approval lives in the client's message,
    // so the decision is not on the wire and is not recorded (never invent facts).
    expect(resolved[0].payload).not.toHaveProperty("decision");
  });
});

describe("ai-sdk adapter: chunk coverage and bad input", () => {
  it("HITL-04 a denied tool ends as a denied failure and its approval resolves as reject", () => {
    const events = adapt([
      { type: "start", messageId: "m" },
      { type: "tool-input-available", toolCallId: "c", toolName: "rm", input: { path: "/" } },
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c" },
      { type: "tool-output-denied", toolCallId: "c" },
      { type: "finish", finishReason: "stop" },
    ]);
    expect(ofType(events, "action.resolved")[0]).toMatchObject({
      actionId: "c",
      payload: { decision: "reject" },
    });
    expect(ofType(events, "tool.failed")[0]).toMatchObject({ toolCallId: "c", payload: { denied: true } });
    expect(ofType(events, "tool.result")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });

  it("TEXT-08 data-* parts are app state, never answer text; transient parts are not kept", () => {
    const events = adapt([
      { type: "data-weather", id: "w1", data: { city: "Paris", apiKey: "sk-live-abcdefghijklmnopqrstuvwx" } },
      { type: "data-progress", data: 50, transient: true },
    ]);
    expect(events.map((e) => e.type)).toEqual(["state.delta"]);
    expect(events[0].payload).toMatchObject({
      patch: [
        { op: "add", path: "/aiSdkData", value: {} },
        { op: "add", path: "/aiSdkData/weather:w1", value: { city: "Paris" } },
      ],
    });
    expect(JSON.stringify(events)).not.toContain("sk-live-abcdefghijklmnopqrstuvwx");
  });

  it("tool-input-error / tool-output-error end the tool as output-error; error and abort end the run", () => {
    const events = adapt([
      { type: "tool-input-error", toolCallId: "a", toolName: "x", input: "{", errorText: "bad json" },
      { type: "tool-input-start", toolCallId: "b", toolName: "y" },
      { type: "tool-output-error", toolCallId: "b", errorText: "boom" },
      { type: "error", errorText: "stream broke" },
      { type: "abort", reason: "user" },
    ]);
    expect(ofType(events, "tool.failed").map((e) => e.toolCallId)).toEqual(["a", "b"]);
    expect(ofType(events, "run.failed")[0].payload).toEqual({ message: "stream broke" });
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "cancelled", reason: "user" },
    });
  });

  it("file → artifact ref (inline data URLs are not copied); source-document → citation; metadata → diagnostic", () => {
    const events = adapt([
      { type: "start", messageId: "m1", messageMetadata: { model: "x" } },
      { type: "file", url: "https://cdn.example/report.pdf", mediaType: "application/pdf" },
      { type: "file", url: `data:image/png;base64,${"A".repeat(50_000)}`, mediaType: "image/png" },
      { type: "source-document", sourceId: "d1", mediaType: "text/plain", title: "Notes" },
      { type: "message-metadata", messageMetadata: { usage: { outputTokens: 3 } } },
    ]);
    const artifacts = ofType(events, "artifact.created");
    expect(artifacts[0]).toMatchObject({
      artifactId: "https://cdn.example/report.pdf",
      artifactReadRef: "https://cdn.example/report.pdf",
      artifactKind: "document",
    });
    expect(artifacts[1]).toMatchObject({ artifactId: "m1:file-2", artifactKind: "image" });
    expect(ofType(events, "evidence.changed")[0]).toMatchObject({ evidenceId: "d1" });
    expect(JSON.stringify(artifacts[1]).length).toBeLessThan(2000);
    expect(ofType(events, "evidence.changed")[0].payload).toMatchObject({
      citations: [{ id: "d1", title: "Notes" }],
    });
    expect(ofType(events, "diagnostic.changed")).toHaveLength(2);
  });

  it("a reused text-start id opens a new part instead of corrupting the first", () => {
    const events = adapt([
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "x" },
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "y" },
      { type: "text-end", id: "a" },
    ]);
    expect(ofType(events, "text.final").map((e) => [e.partId, (e.payload as { text: string }).text])).toEqual(
      [
        ["a", "x"],
        ["a~2", "y"],
      ],
    );
  });

  it("ENV-09 unknown chunks and non-objects are diagnostics, never crashes", () => {
    const events = adapt([{ type: "x-future-chunk", kind: "agentui.artifact" }, [], null, { noType: 1 }]);
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("custom provider parts are kept as an info fact, never text", () => {
    const events = adapt([{ type: "custom", kind: "openai.compaction" }]);
    expect(events).toEqual([
      expect.objectContaining({
        type: "diagnostic.changed",
        payload: expect.objectContaining({ code: "runtime_info", summary: { kind: "openai.compaction" } }),
      }),
    ]);
  });
});

describe("ai-sdk adapter: approval decisions only from the wire (HITL-02/03/04)", () => {
  const request = [
    { type: "start", messageId: "m" },
    { type: "tool-input-available", toolCallId: "c", toolName: "rm", input: { path: "/x" } },
  ];

  it("HITL-03 tool-approval-response approved:true records the stated decision once", () => {
    const events = adapt([
      ...request,
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c" },
      { type: "tool-approval-response", approvalId: "ap", approved: true, reason: "looks safe" },
      { type: "tool-output-available", toolCallId: "c", output: "ok" },
      { type: "finish", finishReason: "stop" },
    ]);
    expect(unsupported(events)).toEqual([]);
    const resolved = ofType(events, "action.resolved");
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({
      actionId: "c",
      toolCallId: "c",
      payload: { outcome: "resolved", decision: "approve", reason: "looks safe" },
    });
    expect(ofType(events, "tool.result")).toHaveLength(1);
  });

  it("HITL-04 an automatic denial is decided by policy; the denied tool never produces a result", () => {
    const events = adapt([
      ...request,
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c", isAutomatic: true },
      { type: "tool-approval-response", approvalId: "ap", approved: false, reason: "blocked path" },
      { type: "tool-output-denied", toolCallId: "c" },
      { type: "finish", finishReason: "stop" },
    ]);
    const resolved = ofType(events, "action.resolved");
    expect(resolved).toHaveLength(1);
    expect(resolved[0].payload).toMatchObject({
      decision: "reject",
      decidedBy: "policy",
      reason: "blocked path",
    });
    expect(ofType(events, "tool.failed")[0]).toMatchObject({ toolCallId: "c", payload: { denied: true } });
    expect(ofType(events, "tool.result")).toEqual([]);
  });

  it("a response whose request this stream never showed still resolves by approval id", () => {
    const events = adapt([{ type: "tool-approval-response", approvalId: "elsewhere", approved: true }]);
    expect(ofType(events, "action.resolved")).toEqual([
      expect.objectContaining({
        actionId: "elsewhere",
        payload: expect.objectContaining({ decision: "approve" }),
      }),
    ]);
  });

  it("a response without approvalId or approved is a diagnostic, not a guess", () => {
    const events = adapt([{ type: "tool-approval-response", approvalId: "ap" }]);
    expect(unsupported(events)).toHaveLength(1);
    expect(ofType(events, "action.resolved")).toEqual([]);
  });
});

describe("ai-sdk adapter: steering messages (AI SDK 7 experimental)", () => {
  it("QUEUE-02 QUEUE-04 each steering-message is an accepted steer on the turn, listed once, never text", () => {
    const events = adapt([
      { type: "start", messageId: "m" },
      { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Only markdown." }] },
      {
        type: "steering-message",
        id: "s2",
        parts: [
          { type: "text", text: "Use this list." },
          { type: "file", url: "https://example.com/a.txt", mediaType: "text/plain" },
        ],
      },
      { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Only markdown." }] },
      { type: "steering-message", parts: [] },
    ]);
    const snapshots = ofType(events, "queue.changed").map((e) => e.payload?.steers);
    expect(snapshots.at(-1)).toEqual([
      { id: "s1", status: "accepted", preview: "Only markdown.", targetTurnId: "m" },
      { id: "s2", status: "accepted", preview: "Use this list. (+1 file)", targetTurnId: "m" },
    ]);
    expect(ofType(events, "text.delta")).toEqual([]);
    // Each steer once, as the user's words; no assistant text is made up.
    expect(ofType(events, "text.final").map((e) => [e.messageId, e.payload])).toEqual([
      ["m:steer-s1", { text: "Only markdown.", role: "user" }],
      ["m:steer-s2", { text: "Use this list. (+1 file)", role: "user" }],
    ]);
    expect(unsupported(events)).toHaveLength(1);
  });

  it("QUEUE-04 TEXT-01 the conversation shows a steer where the SDK applied it; the answer after it is a new message", () => {
    const state = projectEvents(
      adapt([
        { type: "start", messageId: "m" },
        { type: "start-step" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Looking." },
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Only markdown." }] },
        { type: "text-delta", id: "late", delta: "Done." },
        { type: "finish", finishReason: "stop" },
      ]),
    );
    expect(state.messages.map((m) => [m.id, m.role, m.parts.map((p) => p.text ?? p.kind)])).toEqual([
      ["m", "assistant", ["Looking."]],
      ["m:steer-s1", "user", ["Only markdown."]],
      ["m:after-s1", "assistant", ["Done."]],
    ]);
    // The part open when the steer came is complete, not left streaming in the earlier message.
    expect(state.messages[0]?.parts[0]).toMatchObject({ status: "done" });
    expect(state.queue.steers).toEqual([
      expect.objectContaining({ id: "s1", status: "accepted", preview: "Only markdown.", targetTurnId: "m" }),
    ]);
    expect(state.runtime.status).toBe("completed");
  });
});

describe("ai-sdk adapter: finish with unanswered tool calls", () => {
  it("TOOL-01 finish tool-calls with a call this stream never answered waits for it instead of completing", () => {
    const events = adapt([
      { type: "start", messageId: "m" },
      { type: "tool-input-available", toolCallId: "client", toolName: "pick_folder", input: {} },
      { type: "tool-input-available", toolCallId: "server", toolName: "ls", input: {} },
      { type: "tool-output-available", toolCallId: "server", output: "x" },
      { type: "finish", finishReason: "tool-calls" },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.status",
      phase: "waiting",
      payload: { status: "waiting", toolCallIds: ["client"] },
    });
    expect(ofType(events, "run.finished")).toEqual([]);
  });

  it("every call answered (or finish stop): the run completes", () => {
    const answered = adapt([
      { type: "start", messageId: "m" },
      { type: "tool-input-available", toolCallId: "server", toolName: "ls", input: {} },
      { type: "tool-output-error", toolCallId: "server", errorText: "boom" },
      { type: "finish", finishReason: "tool-calls" },
    ]);
    expect(answered.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });
});
