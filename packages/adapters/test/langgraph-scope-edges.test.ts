import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { adapt, ask, root, type Tuple } from "./langgraph-rows-support";

/** The actions resolved, each with the index of the record that resolved it. */
function resolvedAt(records: unknown[]): [number, string | undefined][] {
  const adapter = langgraphAdapter.create();
  return records.flatMap((r, i) =>
    adapter
      .push(r, i)
      .filter((e) => e.type === "action.resolved")
      .map((e): [number, string | undefined] => [i, e.actionId]),
  );
}

const token = (id: string, content: string, meta: object = {}): unknown[] => [
  { _type: "AIMessageChunk", id, content },
  meta,
];

describe("langgraph thread id learned late", () => {
  it("TEAM-02 a subgraph's message without thread id leaves its parent edge to the one that names it", () => {
    const events = adapt([
      [["sub:1"], "messages", token("a", "x")],
      [["sub:1"], "messages", token("a", "y", { thread_id: "th" })],
    ]);
    const edges = events.filter((e) => e.type === "agent.changed");
    expect(edges.map((e) => [e.agentId, e.parentThreadId])).toEqual([["sub:1", "th"]]);
  });
});

describe("langgraph messages that name nothing", () => {
  const resumed: Tuple[] = [
    root("values", { log: [] }),
    root("updates", ask("i1")),
    root("values", { log: [] }),
  ];

  it("HITL-03 a tool result naming no call resolves no interrupt of the resumed run", () => {
    const orphan = { _type: "ToolMessage", id: "r1", content: "ok" };
    const records = [...resumed, root("messages", [orphan, {}])];
    expect(resolvedAt(records)).toEqual([]);
    expect(resolvedAt([...records, root("values", { log: ["yes"] })])).toEqual([[4, "i1"]]);
  });

  it("HITL-03 a result of a call no interrupt gates resolves no interrupt of the resumed run", () => {
    const other = { _type: "ToolMessage", id: "r1", tool_call_id: "c9", content: "ok" };
    expect(resolvedAt([...resumed, root("messages", [other, {}])])).toEqual([]);
  });

  it("HITL-03 app data shaped like an interrupt list is app data, not an echo of the pause", () => {
    const lookalike = { __interrupt__: [{ id: "i1", value: "i1?" }] };
    const adapter = langgraphAdapter.create();
    for (const [i, r] of resumed.slice(0, 2).entries()) adapter.push(r, i);
    const events = adapter.push(root("custom", lookalike), 2);
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ["state.delta", { patch: [{ op: "add", path: "/custom", value: lookalike }] }],
    ]);
  });

  it("TEXT-04 a complete AI message without id states no text", () => {
    const events = adapt([
      root("values", { log: [] }),
      root("updates", { agent: { messages: [{ _type: "AIMessage", content: "anonymous" }] } }),
    ]);
    expect(events.filter((e) => e.type.startsWith("text."))).toEqual([]);
  });

  it("TOOL-02 a tool call's arguments that are a list stay that list", () => {
    const call = { id: "c1", name: "f", args: [7] };
    const events = adapt([
      root("updates", {
        agent: { messages: [{ _type: "AIMessage", id: "m1", content: "", tool_calls: [call] }] },
      }),
    ]);
    const args = events.filter((e) => e.type === "tool.args").map((e) => e.payload);
    expect(args).toEqual([{ input: [7], complete: true }]);
  });
});

describe("langgraph subgraph records that end no step", () => {
  const ns = ["s:x"];
  const checkpoint = (payload: unknown): Tuple => [ns, "checkpoints", payload];
  const withId = (id: string) => checkpoint({ config: { configurable: { checkpoint_id: id } }, values: {} });
  /** A run whose subgraph asked `i1`, then the resumed run's opening state. */
  const resumed: Tuple[] = [
    root("values", { log: [] }),
    [ns, "values", { log: [] }],
    [ns, "updates", ask("i1")],
    root("updates", ask("i1")),
    root("values", { log: [] }),
  ];

  it("HITL-03 TEAM-13 the first checkpoint a resumed subgraph shows restates its pause: no step ended", () => {
    const records = [...resumed, withId("k1")];
    expect(resolvedAt(records)).toEqual([]);
    expect(resolvedAt([...records, withId("k2")])).toEqual([[6, "i1"]]);
  });

  it("HITL-03 a subgraph value that only restates its interrupts is no new state", () => {
    const records: Tuple[] = [...resumed, [ns, "values", { log: [] }], [ns, "values", ask("i2")]];
    expect(resolvedAt(records)).toEqual([]);
    expect(resolvedAt([...records, [ns, "values", { log: ["yes"] }]])).toEqual([[7, "i1"]]);
  });

  it("HITL-03 app data shaped like a checkpoint is no checkpoint of the subgraph", () => {
    const lookalike = { config: { configurable: { checkpoint_id: "k2" } } };
    const records: Tuple[] = [...resumed, withId("k1"), [ns, "custom", lookalike]];
    expect(resolvedAt(records)).toEqual([]);
    expect(resolvedAt([...records, withId("k2")])).toEqual([[7, "i1"]]);
  });

  it("ENV-09 a subgraph checkpoint without body or config adds nothing and breaks nothing", () => {
    const records = [...resumed, checkpoint(null), checkpoint({ values: {} }), checkpoint({ config: 1 })];
    const events = adapt(records).filter((e) => e.type === "diagnostic.changed");
    expect(events.map((e) => e.payload?.code)).toEqual(["transport_unavailable"]);
    expect(resolvedAt(records)).toEqual([]);
  });
});

describe("langgraph run input", () => {
  const user = (id: string | undefined, content: string) => ({ type: "human", id, content });
  const inputs = (records: unknown[]) =>
    adapt(records)
      .filter((e) => e.type === "run.started")
      .map((e) => e.payload);

  it("TEXT-09 a resumed run opening with the user message it already showed has no input again", () => {
    const first = root("values", { messages: [user("h1", "go")] });
    expect(inputs([first, root("updates", ask("i1")), first])).toEqual([
      { input: "go", userMessageId: "h1" },
      {},
    ]);
  });

  it("TEXT-09 a user message without id is still the run's input", () => {
    expect(inputs([root("values", { messages: [user(undefined, "go")] })])).toEqual([{ input: "go" }]);
  });

  it("TEXT-09 app data shaped like a state or a checkpoint is no run input", () => {
    const messages = [user("h1", "go")];
    expect(inputs([root("custom", { messages, values: { messages } })])).toEqual([{}]);
  });

  it("ENV-09 a stream opening with a checkpoint that has no body opens its run without input", () => {
    expect(inputs([root("checkpoints", null)])).toEqual([{}]);
  });
});
