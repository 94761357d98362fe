// Edge shapes of LangGraph records and what each becomes: arrays that only look like chunks, debug
// records of other types, messages without content or with an `lc` marker, null entries, thread
// states, cancellations, failed tool results and interrupts deep in subgraphs — exact events,
// through the public adapter.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { MAX_PARTIAL_MESSAGES } from "../src/langgraph/run-scope";
import { adapt } from "./langgraph-rows-support";

const types = (events: AgentUiEvent[]) => events.map((e) => e.type);
const human = { type: "human", id: "h1", content: "Hi" };
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

describe("langgraph records that only look like chunks", () => {
  it("ENV-01 a three-item array led by a mode name is not a chunk: one unsupported record", () => {
    const events = adapt([["values", { messages: [human] }, 1]]);
    expect(types(events)).toEqual(["diagnostic.changed"]);
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("ENV-01 ENV-09 tuples of the wrong length or types and unknown modes are not understood, and start nothing", () => {
    const notChunks: [unknown, RecordMeta?][] = [
      [[["sub:1"], "values"]],
      [[[], "values", { log: [] }, "extra"]],
      [["sub:1", "values", { log: [] }]],
      [[[], 7, { log: [] }]],
      [[[], "bogus", { log: [] }]],
      [{ event: "bogus|sub:1", data: { log: [] } }],
      [{ log: [] }, { sseEvent: "bogus", sseId: "1" }],
    ];
    for (const [record, meta] of notChunks) {
      const events = langgraphAdapter.create().push(record, 0, meta);
      expect(
        events.map((e) => [e.type, e.payload?.message]),
        JSON.stringify(record),
      ).toEqual([["diagnostic.changed", "langgraph record #0: not understood by this adapter"]]);
    }
  });

  it("FALL-01 a debug record of a type LangGraph does not define stays unmapped as debug", () => {
    const events = adapt([[[], "debug", { type: "task_waiting", payload: { id: "t1" } }]]);
    const unsupported = ofType(events, "diagnostic.changed").filter(
      (e) => e.payload?.code === "unsupported_source_event",
    );
    expect(unsupported.map((e) => e.payload?.message)).toEqual([
      "langgraph record #0: stream mode debug is not mapped",
    ]);
  });
});

describe("langgraph messages of unusual shape", () => {
  it("TEXT-01 an AI message with tool calls and no content shows no text", () => {
    const ai = { type: "ai", id: "a1", tool_calls: [{ id: "c1", name: "search", args: {} }] };
    const events = adapt([[[], "values", { messages: [human, ai] }]]);
    expect(events.filter((e) => e.type.startsWith("text.") && e.messageId === "a1")).toEqual([]);
    expect(ofType(events, "tool.started").map((e) => e.toolCallId)).toEqual(["c1"]);
  });

  it("ENV-09 a dict with an lc marker that is not a constructor is read as the dict it is", () => {
    const ai = { lc: 1, type: "ai", id: "a1", content: "Hello" };
    const finals = ofType(adapt([[[], "values", { messages: [human, ai] }]]), "text.final");
    expect(finals.map((e) => [e.messageId, e.payload?.text])).toEqual([
      ["h1", "Hi"],
      ["a1", "Hello"],
    ]);
  });

  it("TOOL-01 a null entry among tool call chunks is skipped; the call after it starts", () => {
    const chunk = {
      type: "AIMessageChunk",
      id: "a1",
      content: "",
      tool_call_chunks: [null, { id: "c1", name: "search", args: "", index: 0 }],
    };
    const events = adapt([[[], "messages", [chunk, {}]]]);
    expect(ofType(events, "tool.started").map((e) => [e.toolCallId, e.payload?.name])).toEqual([
      ["c1", "search"],
    ]);
    // An empty args chunk adds nothing to the call's arguments.
    expect(ofType(events, "tool.args")).toEqual([]);
    expect(events.filter((e) => e.payload?.code === "unsupported_source_event")).toEqual([]);
  });

  it("TOOL-01 a null entry among a complete message's tool calls is skipped; the call after it starts", () => {
    const ai = {
      type: "ai",
      id: "a1",
      content: "",
      tool_calls: [null, { id: "c1", name: "search", args: {} }],
    };
    const events = adapt([[[], "values", { messages: [human, ai] }]]);
    expect(ofType(events, "tool.args").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["c1", { input: {}, complete: true }],
    ]);
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "transport_unavailable",
    ]);
  });

  it("TEXT-01 only text blocks make a message's text: another block with a text field is skipped", () => {
    const content = [
      { type: "text", text: "Hello" },
      { type: "citation", text: "[1]" },
    ];
    const ai = { type: "ai", id: "a1", content };
    const finals = ofType(adapt([[[], "values", { messages: [human, ai] }]]), "text.final");
    expect(finals.map((e) => [e.messageId, e.payload?.text])).toEqual([
      ["h1", "Hi"],
      ["a1", "Hello"],
    ]);
  });

  it("TOOL-01 a tool call chunk whose index is no number is read at index 0", () => {
    const chunk = (calls: unknown[]) => [
      [],
      "messages",
      [{ type: "AIMessageChunk", id: "a1", content: "", tool_call_chunks: calls }, {}],
    ];
    const events = adapt([
      chunk([{ id: "c1", name: "search", args: "", index: 0 }]),
      chunk([{ args: '{"q":', index: "1" }]),
    ]);
    expect(ofType(events, "tool.args").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["c1", { argsDelta: '{"q":' }],
    ]);
  });

  it("TEXT-01 a system prompt in state is configuration: it adds no event", () => {
    const system = { type: "system", content: "Be brief." };
    const withSystem = adapt([[[], "values", { messages: [system, human] }]]);
    const without = adapt([[[], "values", { messages: [human] }]]);
    expect(withSystem).toEqual(without);
  });

  it("TOOL-03 two failed tool results keep their own event ids (neither is deduped away)", () => {
    const ai = {
      type: "ai",
      id: "a1",
      content: "",
      tool_calls: [
        { id: "c1", name: "s", args: {} },
        { id: "c2", name: "t", args: {} },
      ],
    };
    const failed = (id: string, call: string) => ({
      type: "tool",
      id,
      tool_call_id: call,
      status: "error",
      content: "",
    });
    const events = adapt([[[], "values", { messages: [human, ai, failed("t1", "c1"), failed("t2", "c2")] }]]);
    expect(ofType(events, "tool.failed").map((e) => [e.toolCallId, e.eventId])).toEqual([
      ["c1", "langgraph:call:c1:tool.failed"],
      ["c2", "langgraph:call:c2:tool.failed"],
    ]);
  });
});

describe("langgraph thread states, cancellations and final checkpoints", () => {
  it("HYD-01 a thread state restates an AIMessageChunk as a whole message; a null task is skipped", () => {
    const ai = {
      lc: 1,
      type: "constructor",
      id: ["langchain_core", "messages", "AIMessageChunk"],
      kwargs: { id: "a1", content: "Hello" },
    };
    const events = adapt([{ values: { messages: [human, ai] }, next: [], tasks: [null], config: {} }]);
    expect(events.map((e) => [e.type, e.messageId, e.payload?.text])).toEqual([
      ["text.final", "h1", "Hi"],
      ["text.final", "a1", "Hello"],
    ]);
  });

  it("STAT-02 a cancellation's own message is its reason", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1" } },
      { event: "error", data: { error: "CancelledError", message: "stopped by Ana" } },
    ]);
    expect(ofType(events, "run.finished").map((e) => e.payload)).toEqual([
      { outcome: "cancelled", reason: "stopped by Ana" },
    ]);
  });

  it("STAT-08 a final root checkpoint whose tasks carry no interrupts field completes the run", () => {
    const events = adapt([
      [[], "values", { messages: [human] }],
      [
        [],
        "checkpoints",
        {
          config: { configurable: { checkpoint_id: "k1" } },
          values: { messages: [human] },
          next: [],
          tasks: [{ id: "t1", name: "agent" }],
        },
      ],
    ]);
    expect(events.map((e) => [e.type, e.phase])).toEqual([
      ["run.started", "submitted"],
      ["run.finished", "completed"],
    ]);
  });
});

describe("langgraph interrupts and tasks deep in subgraphs", () => {
  it("HITL-01 an interrupt without id two subgraphs deep is named by the whole namespace", () => {
    const events = adapt([[["a:1", "b:2"], "updates", { __interrupt__: [{ value: "ok?" }] }]]);
    expect(ofType(events, "action.required").map((e) => [e.actionId, e.payload?.requestedBy])).toEqual([
      ["a:1|b:2:interrupt:0", { agentId: "a:1|b:2" }],
    ]);
  });

  it("HITL-01 an interrupt entry that is no Interrupt object is still asked, at its position", () => {
    const events = adapt([[[], "updates", { __interrupt__: ["go on?", { id: "i2", value: "b?" }] }]]);
    expect(ofType(events, "action.required").map((e) => [e.actionId, e.payload])).toEqual([
      ["root:interrupt:0", { actionType: "structured_input", sourceType: "langgraph.interrupt" }],
      ["i2", { actionType: "clarification", sourceType: "langgraph.interrupt", prompt: "b?" }],
    ]);
  });

  it("TEAM-04 a completed task two subgraphs deep completes the subgraph its node ran", () => {
    const events = adapt([
      [["a:1", "b:2", "c:3"], "updates", { step: { done: true } }],
      [["a:1", "b:2"], "tasks", { id: "t3", name: "c", result: [], interrupts: [] }],
    ]);
    expect(ofType(events, "agent.completed").map((e) => e.agentId)).toEqual(["a:1|b:2|c:3"]);
  });
});

describe("langgraph partial messages and their tool calls", () => {
  const call = (args: unknown) => ({
    type: "ai",
    id: "a1",
    content: "",
    tool_calls: [{ id: "c1", name: "search", args }],
  });

  it("TOOL-01 a partial message starts its tool call's row; the input is the complete message's", () => {
    const adapter = langgraphAdapter.create();
    const partial = adapter.push({ event: "messages/partial", data: [call({ q: "a" })] }, 0);
    expect(partial.map((e) => [e.type, e.toolCallId ?? e.messageId, e.payload?.name])).toEqual([
      ["run.started", undefined, undefined],
      ["tool.started", "c1", "search"],
    ]);
    const complete = adapter.push({ event: "messages/complete", data: [call({ q: "ab" })] }, 1);
    expect(complete.map((e) => [e.type, e.toolCallId, e.payload])).toEqual([
      ["tool.args", "c1", { input: { q: "ab" }, complete: true }],
    ]);
  });

  it("TOOL-01 a partial message without id starts its tool call's row; the input is the complete message's", () => {
    const adapter = langgraphAdapter.create();
    const anonymous = (args: unknown) => ({ ...call(args), id: undefined });
    const partial = adapter.push({ event: "messages/partial", data: [anonymous({ q: "a" })] }, 0);
    expect(partial.map((e) => [e.type, e.toolCallId, e.payload?.name])).toEqual([
      ["run.started", undefined, undefined],
      ["tool.started", "c1", "search"],
    ]);
    const complete = adapter.push({ event: "messages/complete", data: [anonymous({ q: "ab" })] }, 1);
    expect(complete.map((e) => [e.type, e.toolCallId, e.payload])).toEqual([
      ["tool.args", "c1", { input: { q: "ab" }, complete: true }],
    ]);
  });

  it("ENV-09 partial user and tool messages take no place among the partial texts followed", () => {
    const users = Array.from({ length: MAX_PARTIAL_MESSAGES }, (_, k) => ({
      type: "human",
      id: `h${k}`,
      content: `question ${k}`,
    }));
    const tool = { type: "tool", id: "t1", tool_call_id: "c0", content: "ok" };
    const text = (content: string) => ({ type: "ai", id: "a1", content });
    const events = adapt([
      { event: "messages/partial", data: [...users, tool] },
      { event: "messages/partial", data: [text("Hel")] },
      { event: "messages/partial", data: [text("Hello")] },
    ]);
    expect(events.filter((e) => e.payload?.code === "source_limit_exceeded")).toEqual([]);
    expect(ofType(events, "text.delta").map((e) => [e.messageId, e.payload?.delta])).toEqual([
      ["a1", "Hel"],
      ["a1", "lo"],
    ]);
  });

  it("ENV-09 a messages tuple whose message is not an object adds nothing", () => {
    const events = adapt([
      [[], "values", { messages: [human] }],
      [[], "messages", ["not a message", {}]],
    ]);
    expect(events.every((e) => typeof e === "object" && typeof e.type === "string")).toBe(true);
    expect(types(events)).toEqual(["run.started", "run.status", "diagnostic.changed"]);
  });
});

describe("langgraph resumed subgraph steps settle only their own interrupts", () => {
  type Tuple = [string[], string, unknown];
  const ask = (id: string) => ({ __interrupt__: [{ id, value: `${id}?` }] });
  // Before the input ends: its end settles what the resumed run went past.
  const statuses = (records: Tuple[], ids: string[]) => {
    const adapter = langgraphAdapter.create();
    const events = records.flatMap((r, i) => adapter.push(r, i));
    const resolved = ofType(events, "action.resolved").map((e) => e.actionId);
    return ids.map((id) => (resolved.includes(id) ? "resolved" : "pending"));
  };

  it("HITL-03 TEAM-13 one subgraph's step end resolves its interrupt, not its sibling's", () => {
    const research = ["research:1"];
    const review = ["review:2"];
    const pause: Tuple[] = [
      [[], "values", { log: [] }],
      [research, "values", { log: [] }],
      [research, "updates", ask("i1")],
      [review, "values", { log: [] }],
      [review, "updates", ask("i2")],
      [[], "updates", ask("i1")],
      [[], "updates", ask("i2")],
    ];
    const resume: Tuple[] = [
      [[], "values", { log: [] }],
      [research, "values", { log: [] }],
      [research, "updates", { ask: { log: ["ask:yes"] } }],
      [research, "values", { log: ["ask:yes"] }],
    ];
    expect(statuses([...pause, ...resume], ["i1", "i2"])).toEqual(["resolved", "pending"]);
  });

  it("HITL-03 TEAM-13 a subgraph's step end resolves the interrupt of a graph nested in it", () => {
    const research = ["research:1"];
    const inner = ["research:1", "ask:3"];
    const pause: Tuple[] = [
      [[], "values", { log: [] }],
      [research, "values", { log: [] }],
      [inner, "values", { log: [] }],
      [inner, "updates", ask("i1")],
      [[], "updates", ask("i1")],
    ];
    const resume: Tuple[] = [
      [[], "values", { log: [] }],
      [research, "values", { log: [] }],
      [research, "updates", { ask: { log: ["ask:yes"] } }],
      [research, "values", { log: ["ask:yes"] }],
    ];
    expect(statuses([...pause, ...resume], ["i1"])).toEqual(["resolved"]);
  });
});
