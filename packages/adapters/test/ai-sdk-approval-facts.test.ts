// Tool approvals and tool failures of the AI SDK adapter, read event by event: the request's card, a response
// the stream states with or without a reason, responses that answer nothing open, and a call the SDK itself
// rejects for its input (`streamText` with the SDK's mock model writes the chunk).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { streamText, tool } from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { aiSdkAdapter } from "../src/ai-sdk";
import type { AdapterOptions } from "../src/types";
import { adapt, ofType, wire } from "./ai-sdk-support";

/** What the last chunk adds, after the others. */
function lastChunk(chunks: unknown[], options?: AdapterOptions): AgentUiEvent[] {
  const adapter = aiSdkAdapter.create(options);
  for (const [i, chunk] of chunks.slice(0, -1).entries()) adapter.push(chunk, i);
  return adapter.push(chunks.at(-1), chunks.length - 1);
}

const resolutions = (events: AgentUiEvent[]) =>
  ofType(events, "action.resolved").map((e) => [e.actionId, e.toolCallId, e.payload]);

describe("ai-sdk approval requests and responses", () => {
  it("HITL-01 a request for a call this stream never started names the tool the chunk gives", () => {
    // The SDK's chunk schema is open to extra fields; a bridge that knows the tool may state its name.
    const events = adapt([
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c", toolName: "rm" },
    ]);
    expect(events.map((e) => [e.type, e.actionId, e.toolCallId, e.phase, e.payload])).toEqual([
      [
        "action.required",
        "c",
        "c",
        "waiting",
        {
          actionType: "tool_approval",
          sourceType: "tool-approval-request",
          toolName: "rm",
          approvalId: "ap",
          availableDecisions: ["approve", "reject"],
        },
      ],
      ["tool.progress", undefined, "c", "waiting", { awaitingActionId: "c" }],
    ]);
  });

  it("HITL-03 a response without a reason is resolved as approved or denied, as the stream states", async () => {
    const events = adapt(
      await wire([
        { type: "tool-approval-response", approvalId: "a1", approved: true },
        { type: "tool-approval-response", approvalId: "a2", approved: false },
      ]),
    );
    expect(resolutions(events)).toEqual([
      ["a1", undefined, { outcome: "resolved", decision: "approve", reason: "approved" }],
      ["a2", undefined, { outcome: "resolved", decision: "reject", reason: "denied" }],
    ]);
  });

  it("HITL-05 a response repeated for a call this stream never started resolves its card once", async () => {
    const chunks = await wire([
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c" },
      { type: "tool-approval-response", approvalId: "ap", approved: true },
      { type: "tool-approval-response", approvalId: "ap", approved: true },
    ]);
    const events = adapt(chunks);
    expect(resolutions(events)).toEqual([
      ["c", "c", { outcome: "resolved", decision: "approve", reason: "approved" }],
    ]);
    expect(lastChunk(chunks)).toEqual([]);
  });

  it("HITL-05 with source approval ids, a response to a superseded request leaves the newer one pending", async () => {
    const options: AdapterOptions = { toolApprovalIds: "source" };
    const chunks = await wire([
      { type: "tool-input-available", toolCallId: "c", toolName: "rm", input: {} },
      { type: "tool-approval-request", approvalId: "ap-1", toolCallId: "c" },
      { type: "tool-approval-request", approvalId: "ap-2", toolCallId: "c" },
      { type: "tool-approval-response", approvalId: "ap-1", approved: false },
    ]);
    const events = adapt(chunks, options);
    expect(lastChunk(chunks, options)).toEqual([]);
    expect(projectEvents(events).actions["ap-2"]).toMatchObject({ status: "pending", toolCallId: "c" });
  });
});

describe("ai-sdk tool calls", () => {
  it("TOOL-01 the call's start states its name, title, and whether the provider ran it or it is dynamic", async () => {
    const chunks = await wire([
      {
        type: "tool-input-start",
        toolCallId: "c",
        toolName: "search",
        title: "Web search",
        providerExecuted: true,
        dynamic: false,
      },
    ]);
    expect(adapt(chunks).map((e) => [e.type, e.phase, e.payload])).toEqual([
      [
        "tool.started",
        "acting",
        { name: "search", title: "Web search", providerExecuted: true, dynamic: false },
      ],
    ]);
  });

  it("TOOL-01 an argument delta given as `delta` (the text chunks' field) still streams", () => {
    const events = adapt([{ type: "tool-input-delta", toolCallId: "c", delta: '{"q":' }]);
    expect(ofType(events, "tool.args").map((e) => e.payload)).toEqual([{ argsDelta: '{"q":' }]);
  });
});

describe("ai-sdk tool input the SDK rejects", () => {
  it("TOOL-01 an invalid input ends the call failed as invalid input, with the SDK's error text", async () => {
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: "stream-start", warnings: [] },
          { type: "tool-call", toolCallId: "call-1", toolName: "weather", input: '{"city":7}' },
          { type: "finish", finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage },
        ] as never),
      }),
    });
    const weather = tool({ inputSchema: z.object({ city: z.string() }), execute: async () => "sunny" });
    const chunks: Record<string, unknown>[] = [];
    for await (const chunk of streamText({ model, prompt: "go", tools: { weather } }).toUIMessageStream())
      chunks.push(chunk);
    const error = chunks.find((c) => c.type === "tool-input-error");
    expect(error).toMatchObject({ toolCallId: "call-1", toolName: "weather" });
    const events = adapt([error]);
    expect(events.map((e) => [e.type, e.toolCallId, e.phase, e.payload])).toEqual([
      ["tool.started", "call-1", "acting", { name: "weather" }],
      ["tool.failed", "call-1", "failed", { error: error?.errorText, category: "invalid_input" }],
    ]);
    expect(projectEvents(adapt(chunks)).tools["call-1"]).toMatchObject({
      name: "weather",
      status: "output-error",
    });
  });
});
