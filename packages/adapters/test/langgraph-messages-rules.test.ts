// LangChain messages in every serialization LangGraph streams them in → text, tool and user facts, exact
// values, through the public adapter.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { adapt } from "./langgraph-rows-support";

type Tuple = [string[], string, unknown];

const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const tuple = (message: unknown, meta: unknown = {}): Tuple => [[], "messages", [message, meta]];
const state = (...messages: unknown[]): Tuple => [[], "values", { messages }];
const text = (events: AgentUiEvent[]) =>
  events
    .filter((e) => e.type === "text.delta" || e.type === "text.final")
    .map((e) => [e.type, e.messageId, e.payload?.delta ?? e.payload?.text]);

describe("langgraph message serializations", () => {
  it.each<[string, unknown]>([
    ["a class dict", { _type: "AIMessage", id: "a1", content: "Hello" }],
    ["an API dict", { type: "ai", id: "a1", content: "Hello" }],
    [
      "a LangChain constructor",
      {
        lc: 1,
        type: "constructor",
        id: ["langchain_core", "messages", "AIMessage"],
        kwargs: { id: "a1", content: "Hello" },
      },
    ],
    [
      "a constructor of an AIMessageChunk",
      {
        lc: 1,
        type: "constructor",
        id: ["langchain_core", "messages", "AIMessageChunk"],
        kwargs: { id: "a1", content: "Hello" },
      },
    ],
    [
      "content blocks (text kept, others skipped)",
      {
        type: "ai",
        id: "a1",
        content: [
          "Hel",
          { type: "image_url", image_url: "x" },
          { type: "text", text: "lo" },
          { type: "text" },
        ],
      },
    ],
  ])("TEXT-04 a state's AI message as %s is one final text", (_, message) => {
    expect(text(adapt([state(message)]))).toEqual([["text.final", "a1", "Hello"]]);
  });

  it.each<[string, unknown]>([
    ["HumanMessage", { _type: "HumanMessage", id: "h2", content: "and then?" }],
    ["HumanMessageChunk", { _type: "HumanMessageChunk", id: "h2", content: "and then?" }],
    ["human", { type: "human", id: "h2", content: "and then?" }],
    ["user", { type: "user", id: "h2", content: "and then?" }],
    [
      "a constructor",
      { lc: 1, type: "constructor", id: ["x", "HumanMessage"], kwargs: { id: "h2", content: "and then?" } },
    ],
  ])("TEXT-09 a human message (%s) after the run's input is the user's text, once", (_, message) => {
    const events = adapt([
      state({ type: "human", id: "h1", content: "first" }),
      [[], "updates", { intake: { messages: [message] } }],
      state({ type: "human", id: "h1", content: "first" }, message),
    ]);
    expect(ofType(events, "run.started")[0].payload).toEqual({ input: "first", userMessageId: "h1" });
    const users = ofType(events, "text.final");
    expect(users.map((e) => [e.messageId, e.payload])).toEqual([["h2", { text: "and then?", role: "user" }]]);
  });

  it("TEXT-09 a human message without an id is not invented as a user part", () => {
    const events = adapt([
      state({ type: "ai", id: "a1", content: "hi" }),
      state({ type: "human", content: "x" }),
    ]);
    expect(text(events)).toEqual([["text.final", "a1", "hi"]]);
  });

  it.each<[string, unknown]>([
    ["system", { type: "system", id: "s1", content: "You are helpful." }],
    ["SystemMessage", { _type: "SystemMessage", id: "s1", content: "You are helpful." }],
    ["an unknown class", { _type: "FunctionMessage", id: "s1", content: "x" }],
    [
      "a constructor without a class name",
      { lc: 1, type: "constructor", id: [3], kwargs: { id: "s1", content: "x" } },
    ],
  ])("TEXT-01 a %s message is configuration, not conversation", (_, message) => {
    const events = adapt([state(message)]);
    expect(text(events)).toEqual([]);
    expect(ofType(events, "run.started")[0].payload).toEqual({});
  });
});

describe("langgraph streamed text", () => {
  it("TEXT-04 AIMessageChunks stream deltas; the state's message reconciles them once", () => {
    const events = adapt([
      tuple({ _type: "AIMessageChunk", id: "a1", content: "Hel" }),
      tuple({ _type: "AIMessageChunk", id: "a1", content: "" }),
      tuple({ _type: "AIMessageChunk", content: "orphan" }),
      tuple({ _type: "AIMessageChunk", id: "a1", content: "lo" }),
      state({ _type: "AIMessage", id: "a1", content: "Hello" }),
      state({ _type: "AIMessage", id: "a1", content: "Hello" }),
    ]);
    expect(text(events)).toEqual([
      ["text.delta", "a1", "Hel"],
      ["text.delta", "a1", "lo"],
      ["text.final", "a1", "Hello"],
    ]);
    const [first, second] = ofType(events, "text.delta");
    expect(first).toMatchObject({ partId: "a1", phase: "producing" });
    expect(second.partId).toBe("a1");
    expect(ofType(events, "text.final")[0]).toMatchObject({
      partId: "a1",
      phase: "reconciling",
      eventId: "langgraph:message:a1:text.final",
    });
  });

  it("TEXT-04 a streamed message whose final is empty still reconciles to empty text", () => {
    const events = adapt([
      tuple({ _type: "AIMessageChunk", id: "a1", content: "draft" }),
      state({ _type: "AIMessage", id: "a1", content: "" }),
    ]);
    expect(text(events)).toEqual([
      ["text.delta", "a1", "draft"],
      ["text.final", "a1", ""],
    ]);
  });

  it("TEXT-04 an empty message never streamed has no text part", () => {
    expect(text(adapt([state({ _type: "AIMessage", id: "a1", content: "" })]))).toEqual([]);
  });

  it("TEXT-04 a corrected final replaces the text under a new event id; the first keeps the fact id", () => {
    const events = adapt([
      state({ _type: "AIMessage", id: "a1", content: "Helo" }),
      state({ _type: "AIMessage", id: "a1", content: "Hello" }),
    ]);
    const finals = ofType(events, "text.final");
    expect(finals.map((e) => e.payload?.text)).toEqual(["Helo", "Hello"]);
    expect(finals[0].eventId).toBe("langgraph:message:a1:text.final");
    expect(finals[1].eventId).not.toBe(finals[0].eventId);
  });

  it("TEXT-04 an Agent Server token typed `ai` is a delta; a class-typed AIMessage in messages mode is whole", () => {
    const events = adapt([
      tuple({ type: "ai", id: "a1", content: "Hi" }),
      tuple({ type: "ai", id: "a1", content: " there" }),
      tuple({ _type: "AIMessage", id: "a2", content: "Whole." }),
    ]);
    expect(text(events)).toEqual([
      ["text.delta", "a1", "Hi"],
      ["text.delta", "a1", " there"],
      ["text.final", "a2", "Whole."],
    ]);
  });

  it("TEXT-04 messages/partial that diverges is a replacing final; messages-tuple streams like messages", () => {
    const partial = (content: string) => ({
      event: "messages/partial",
      data: [{ type: "ai", id: "m", content }],
    });
    const events = adapt([
      partial("Hello"),
      partial("Help"),
      partial("Help me"),
      { event: "messages-tuple", data: [{ type: "AIMessageChunk", id: "n", content: "ok" }, {}] },
    ]);
    expect(text(events)).toEqual([
      ["text.delta", "m", "Hello"],
      ["text.final", "m", "Help"],
      ["text.delta", "m", " me"],
      ["text.delta", "n", "ok"],
    ]);
  });

  it("TEXT-04 messages/complete is the final even for a chunk-typed message", () => {
    const events = adapt([
      { event: "messages/complete", data: [{ _type: "AIMessageChunk", id: "m", content: "Done." }] },
      { event: "messages/partial", data: "not a list" },
    ]);
    expect(text(events)).toEqual([["text.final", "m", "Done."]]);
  });
});

describe("langgraph tool calls", () => {
  it("TOOL-01 streamed tool_call_chunks: the first names the call, later ones only their index", () => {
    const chunk = (tool_call_chunks: unknown[]) =>
      tuple({ _type: "AIMessageChunk", id: "a1", content: "", tool_call_chunks });
    const events = adapt([
      chunk([{ id: "c1", name: "ls", args: '{"pa', index: 0 }]),
      chunk([{ args: 'th": "/"}', index: 0 }]),
      chunk([{ id: "c2", name: "cat", args: "", index: 1 }]),
      chunk([{ args: "{}", index: 1 }]),
      chunk([{ args: "lost", index: 5 }]),
      state({
        _type: "AIMessage",
        id: "a1",
        content: "",
        tool_calls: [
          { id: "c1", name: "ls", args: { path: "/" } },
          { id: "c2", name: "cat", args: {} },
        ],
      }),
    ]);
    expect(
      events.filter((e) => e.type.startsWith("tool.")).map((e) => [e.type, e.toolCallId, e.payload]),
    ).toEqual([
      ["tool.started", "c1", { name: "ls", kind: "function" }],
      ["tool.args", "c1", { argsDelta: '{"pa' }],
      ["tool.args", "c1", { argsDelta: 'th": "/"}' }],
      ["tool.started", "c2", { name: "cat", kind: "function" }],
      ["tool.args", "c2", { argsDelta: "{}" }],
      ["tool.args", "c1", { input: { path: "/" }, complete: true }],
      ["tool.args", "c2", { input: {}, complete: true }],
    ]);
    expect(ofType(events, "tool.started").map((e) => [e.messageId, e.phase, e.eventId])).toEqual([
      ["a1", "acting", "langgraph:call:c1:tool.started"],
      ["a1", "acting", "langgraph:call:c2:tool.started"],
    ]);
  });

  it("TOOL-01 a chunk without a message id uses its own call id; no deltas after the input is complete", () => {
    const events = adapt([
      tuple({
        _type: "AIMessageChunk",
        content: "",
        tool_call_chunks: [{ id: "c1", name: "ls", args: "{" }],
      }),
      tuple({ _type: "AIMessageChunk", content: "", tool_call_chunks: [{ args: "}" }] }),
      [
        [],
        "updates",
        { agent: { messages: [{ _type: "AIMessage", id: "a1", tool_calls: [{ id: "c1", args: "{}" }] }] } },
      ],
      tuple({ _type: "AIMessageChunk", content: "", tool_call_chunks: [{ id: "c1", args: "late" }] }),
    ]);
    expect(events.filter((e) => e.type.startsWith("tool.")).map((e) => [e.type, e.payload])).toEqual([
      ["tool.started", { name: "ls", kind: "function" }],
      ["tool.args", { argsDelta: "{" }],
      ["tool.args", { input: {}, complete: true }],
    ]);
  });

  it("TOOL-01 TOOL-03 string args parse as JSON input, unparsable ones stay text, secrets are redacted", () => {
    const events = adapt([
      state({
        _type: "AIMessage",
        id: "a1",
        content: "",
        tool_calls: [
          { id: "c1", name: "a", args: '{"n": 1}' },
          { id: "c2", name: "b", args: "not json" },
          { id: "c3", name: "c", args: { api_key: "sk-live-abcdefghijklmnop1234" } },
          { name: "no id", args: {} },
        ],
      }),
    ]);
    const inputs = ofType(events, "tool.args").map((e) => [e.toolCallId, e.payload?.input]);
    expect(inputs.slice(0, 2)).toEqual([
      ["c1", { n: 1 }],
      ["c2", "not json"],
    ]);
    expect(inputs[2][0]).toBe("c3");
    expect(JSON.stringify(inputs[2][1])).not.toContain("sk-live-abcdefghijklmnop1234");
    expect(inputs).toHaveLength(3);
  });

  it("TOOL-01 a ToolMessage closes its call once with output, preview and the result message id", () => {
    const result = { _type: "ToolMessage", id: "t1", tool_call_id: "c1", name: "ls", content: "a\nb" };
    const events = adapt([
      tuple(result),
      state(result),
      tuple({ _type: "ToolMessage", id: "t2", content: "no call id" }),
    ]);
    expect(events.filter((e) => e.type.startsWith("tool.")).map((e) => [e.type, e.payload])).toEqual([
      ["tool.started", { name: "ls", kind: "function" }],
      ["tool.result", { output: "a\nb", outputPreview: "a\nb", resultMessageId: "t1" }],
    ]);
    expect(ofType(events, "tool.result")[0]).toMatchObject({
      phase: "completed",
      eventId: "langgraph:call:c1:tool.result",
    });
  });

  it("TOOL-01 TOOL-03 an error ToolMessage fails the call with its redacted text; an empty one says tool error", () => {
    const events = adapt([
      tuple({
        _type: "ToolMessage",
        tool_call_id: "c1",
        content: "denied for token sk-live-abcdefghijklmnop1234",
        status: "error",
      }),
      tuple({ _type: "ToolMessage", tool_call_id: "c2", content: [], status: "error" }),
    ]);
    const failed = ofType(events, "tool.failed");
    expect(failed.map((e) => [e.toolCallId, e.phase])).toEqual([
      ["c1", "failed"],
      ["c2", "failed"],
    ]);
    expect(failed[0].payload?.error).toBe(failed[0].payload?.outputPreview);
    expect(String(failed[0].payload?.error)).toMatch(/^denied for token /);
    expect(String(failed[0].payload?.error)).not.toContain("sk-live-abcdefghijklmnop1234");
    expect(failed[1].payload).toEqual({ error: "tool error", outputPreview: "" });
  });

  it("TOOL-02 a long tool output's preview is cut at 2,048 characters", () => {
    const long = "x".repeat(3000);
    const events = adapt([tuple({ _type: "ToolMessage", tool_call_id: "c1", content: long })]);
    expect(ofType(events, "tool.result")[0].payload?.outputPreview).toBe(`${"x".repeat(2048)}…`);
  });
});

describe("langgraph Agent Server messages/partial tool calls", () => {
  /** The accumulated AIMessageChunk the Agent Server sends as `messages/partial` (shape of
   * `@langchain/core` `AIMessageChunk.concat`: tool_calls parsed from the partial JSON so far). */
  const partial = (args: string, parsed: Record<string, unknown>) => ({
    event: "messages/partial",
    data: [
      {
        lc: 1,
        type: "constructor",
        id: ["langchain_core", "messages", "AIMessageChunk"],
        kwargs: {
          id: "m1",
          content: "",
          tool_call_chunks: [{ id: "c1", name: "delete_file", args, index: 0, type: "tool_call_chunk" }],
          tool_calls: [{ name: "delete_file", args: parsed, id: "c1", type: "tool_call" }],
        },
      },
    ],
  });
  const complete = {
    event: "messages/complete",
    data: [
      {
        type: "ai",
        id: "m1",
        content: "",
        tool_calls: [{ name: "delete_file", args: { path: "/workspace/x" }, id: "c1" }],
      },
    ],
  };

  it("TOOL-01 HITL-01 partial tool calls start the row; the input is the complete message's, not a prefix", () => {
    const events = adapt([
      partial('{"pa', {}),
      partial('{"path": "/work', { path: "/work" }),
      partial('{"path": "/workspace/x"}', { path: "/workspace/x" }),
      complete,
    ]);
    expect(events.filter((e) => e.type.startsWith("tool.")).map((e) => [e.type, e.payload])).toEqual([
      ["tool.started", { name: "delete_file", kind: "function" }],
      ["tool.args", { input: { path: "/workspace/x" }, complete: true }],
    ]);
  });
});

describe("langgraph odd message shapes", () => {
  it("TEXT-04 a node update's single message (not a list) is read; a null one is nothing", () => {
    const events = adapt([
      [[], "updates", { agent: { messages: { _type: "AIMessage", id: "a1", content: "One." } } }],
      [[], "updates", { agent: { messages: null } }],
    ]);
    expect(text(events)).toEqual([["text.final", "a1", "One."]]);
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "transport_unavailable",
    ]);
  });

  it("ENV-09 a constructor without kwargs, or a type named constructor without lc, is no message and no error", () => {
    const events = adapt([
      state(
        { lc: 1, type: "constructor", id: ["langchain_core", "messages", "AIMessage"] },
        {
          type: "constructor",
          id: ["langchain_core", "messages", "AIMessage"],
          kwargs: { id: "a1", content: "x" },
        },
      ),
    ]);
    expect(text(events)).toEqual([]);
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "transport_unavailable",
    ]);
  });

  it("TOOL-01 a tool_call_chunk whose index is not a number is keyed as the first call", () => {
    const events = adapt([
      tuple({
        _type: "AIMessageChunk",
        id: "a1",
        content: "",
        tool_call_chunks: [{ id: "c1", name: "ls", args: "{", index: "0" }],
      }),
      tuple({ _type: "AIMessageChunk", id: "a1", content: "", tool_call_chunks: [{ args: "}" }] }),
    ]);
    expect(ofType(events, "tool.args").map((e) => [e.toolCallId, e.payload?.argsDelta])).toEqual([
      ["c1", "{"],
      ["c1", "}"],
    ]);
  });

  it("TOOL-01 a tool row started from a ToolMessage without a name has only its kind", () => {
    const events = adapt([tuple({ _type: "ToolMessage", tool_call_id: "c1", content: "ok" })]);
    expect(ofType(events, "tool.started").map((e) => [e.payload, e.messageId])).toEqual([
      [{ kind: "function" }, undefined],
    ]);
  });

  it("ENV-09 an SDK-looking record whose event is not a string is not understood", () => {
    const [note] = adapt([{ event: 5, data: {} }]);
    expect(note.payload?.message).toBe("langgraph record #0: not understood by this adapter");
  });

  it("ORD-02 an SDK chunk without its own id takes the frame's SSE id", () => {
    const adapter = langgraphAdapter.create();
    const first = adapter.push({ event: "custom", data: 1 }, 0, { sseId: "9" });
    const again = adapter.push({ event: "custom", data: 1 }, 1, { sseId: "9" });
    expect(first.map((e) => e.eventId)).toEqual(["langgraph:sse:9:0", "langgraph:sse:9:1"]);
    expect(again).toEqual([]);
  });
});
