// Where a LangGraph step ends and what a checkpoint restates: a paused step's writes and its closing
// state, checkpoints without id, config or body, the first checkpoint a stream shows, a restated
// checkpoint's own interrupts and messages, a step end two subgraphs deep, and a thread state read
// while a resumed run goes on. Exact events through the public adapter.
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { MAX_NAMESPACES } from "../src/langgraph/namespaces";
import { ask, paused, type Row, root, rows, type Tuple, unknownEnd } from "./langgraph-rows-support";

const config = (id?: string) => ({ configurable: id === undefined ? {} : { checkpoint_id: id } });
const runs = (all: Row[]) => all.filter(([, type]) => type.startsWith("run.") || type.startsWith("action."));

describe("langgraph paused step's writes", () => {
  it("HITL-03 a root task wrote in the paused step: its closing state trails the pause even when unchanged", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      // A write to a channel the state's output leaves out.
      root("updates", { plan: { scratch: 1 } }),
      root("updates", ask("i1")),
      root("values", { log: [] }),
      root("values", { log: [] }),
    ];
    expect(runs(rows(records))).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(2, "i1"),
      [4, "run.started", "submitted", undefined],
      ["end", "run.status", undefined, undefined],
    ]);
  });

  it("HITL-03 a subgraph's update and a replay marker are no root write: the same state opens the resumed run", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      [["sub:1"], "updates", { n: { x: 1 } }],
      root("updates", { __metadata__: { cached: true } }),
      root("updates", ask("i1")),
      root("values", { log: [] }),
    ];
    expect(runs(rows(records))).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(3, "i1"),
      [4, "run.started", "submitted", undefined],
      ["end", "run.status", undefined, undefined],
    ]);
  });
});

describe("langgraph checkpoints that end no step", () => {
  const step = (id?: string): Tuple =>
    root("checkpoints", { config: config(id), values: { log: [] }, next: ["ask"], tasks: [] });

  it("HITL-03 the first root checkpoint a stream shows, and one without id, leave the resumed interrupt open", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      root("updates", ask("i1")),
      root("values", { log: [] }),
      step("k1"),
      step(),
    ];
    expect(rows(records)).toEqual([
      [0, "run.started", "submitted", undefined],
      [0, "state.snapshot", undefined, undefined],
      ...paused(1, "i1"),
      [2, "run.started", "submitted", undefined],
      ...unknownEnd,
    ]);
  });

  it("ENV-09 checkpoints without config, without body or with a null task add nothing and break nothing", () => {
    const records: Tuple[] = [
      root("checkpoints", { config: config("k1"), values: { log: [] }, next: ["ask"], tasks: [null] }),
      root("checkpoints", { values: { log: [] }, next: ["ask"], tasks: [] }),
      root("checkpoints", null),
    ];
    expect(rows(records)).toEqual([
      [0, "run.started", "submitted", undefined],
      [0, "state.snapshot", undefined, undefined],
      ...unknownEnd,
    ]);
  });
});

describe("langgraph restated checkpoint contents", () => {
  it("HITL-01 a restated checkpoint's new interrupt is the root's, restated; a null task is skipped", () => {
    const records: Tuple[] = [
      root("checkpoints", { config: config("k1"), values: { log: [] }, next: ["ask"], tasks: [] }),
      root("checkpoints", {
        config: config("k1"),
        values: { log: [] },
        next: ["ask"],
        tasks: [null, { id: "t1", name: "ask", interrupts: [{ value: "ok?" }] }],
      }),
    ];
    const adapter = langgraphAdapter.create();
    const events = records.flatMap((r, i) => adapter.push(r, i));
    const action = events.filter((e) => e.type === "action.required");
    expect(action.map((e) => [e.actionId, e.agentId, e.runtimeEntity, e.sequence])).toEqual([
      ["root:interrupt:0", undefined, undefined, undefined],
    ]);
    expect(events.map((e) => [e.type, e.phase])).toEqual([
      ["run.started", "submitted"],
      ["state.snapshot", undefined],
      ["action.required", "waiting"],
      ["run.finished", "interrupted"],
      ["run.started", "submitted"],
    ]);
  });

  it("ORD-01 a checkpoint's messages are restated facts: they take no place in the sequence", () => {
    const messages = [
      { type: "human", id: "h1", content: "Hi" },
      { type: "ai", id: "a1", content: "Hello" },
    ];
    const records: Tuple[] = [
      root("checkpoints", { config: config("k1"), values: { messages }, next: [], tasks: [] }),
    ];
    const adapter = langgraphAdapter.create();
    const events = [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
    expect(events.map((e) => [e.type, e.messageId, e.sequence])).toEqual([
      ["run.started", undefined, 1],
      ["text.final", "h1", undefined],
      ["text.final", "a1", undefined],
      ["run.finished", undefined, 2],
    ]);
  });
});

describe("langgraph step ends two subgraphs deep", () => {
  const inner = ["r:1", "a:2"];
  const records: Tuple[] = [
    root("values", { log: [] }),
    [["r:1"], "values", { log: [] }],
    [inner, "values", { log: [] }],
    [inner, "updates", ask("i1")],
    root("updates", ask("i1")),
    root("values", { log: [] }),
    [["r:1"], "values", { log: [] }],
    [inner, "values", { log: [] }],
    [inner, "custom", { progress: "asking", pct: 50 }],
    [inner, "updates", { ask: { log: ["yes"] } }],
    [inner, "values", { log: ["yes"] }],
  ];

  it("HITL-03 TEAM-13 the nested subgraph's next state resolves its interrupt before the root step ends", () => {
    expect(runs(rows(records))).toEqual([
      [0, "run.started", "submitted", undefined],
      [3, "action.required", "waiting", "i1"],
      [3, "run.finished", "interrupted", undefined],
      [5, "run.started", "submitted", undefined],
      [10, "action.resolved", undefined, "i1"],
      ["end", "run.status", undefined, undefined],
    ]);
  });

  it("TEAM-13 a nested subgraph's progress names its node", () => {
    const adapter = langgraphAdapter.create();
    const events = records.flatMap((r, i) => adapter.push(r, i));
    const progress = events.filter((e) => e.type === "task.changed");
    expect(progress.map((e) => [e.taskId, e.agentId, e.payload])).toEqual([
      ["r:1|a:2", "r:1|a:2", { status: "running", title: "a", progress: { message: "asking", ratio: 0.5 } }],
    ]);
  });
});

describe("langgraph thread states and errors between runs", () => {
  it("HYD-01 HITL-03 a thread state read while the resumed run goes on does not ask its interrupt again", () => {
    const records = [
      root("values", { log: [] }),
      root("updates", ask("i1")),
      root("values", { log: [] }),
      {
        values: { log: [] },
        next: ["ask"],
        tasks: [{ id: "t1", name: "ask", interrupts: [{ id: "i1", value: "i1?" }] }],
        config: { configurable: { thread_id: "th1" } },
      },
      root("updates", { ask: { log: ["yes"] } }),
      root("values", { log: ["yes"] }),
    ];
    expect(runs(rows(records))).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(1, "i1"),
      [2, "run.started", "submitted", undefined],
      [5, "action.resolved", undefined, "i1"],
      ["end", "run.status", undefined, undefined],
    ]);
  });

  it("STAT-02 an error event without a metadata event before it fails the run, and says only that", () => {
    const records = [{ event: "error", data: { error: "ValueError", message: "boom" } }];
    const adapter = langgraphAdapter.create();
    const events = records.flatMap((r, i) => adapter.push(r, i));
    expect(events.map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["run.failed", "failed", { message: "boom" }],
    ]);
  });
});

describe("langgraph subgraph checkpoints that end no step", () => {
  const ns = (k: number | string) => [`s:${k}`];
  const subCheckpoint = (k: number | string, id?: string): Tuple => [
    ns(k),
    "checkpoints",
    { config: config(id), values: {}, next: [], tasks: [] },
  ];
  const resolvedBeforeEnd = (records: Tuple[]) => {
    const adapter = langgraphAdapter.create();
    return records
      .flatMap((r, i) => adapter.push(r, i))
      .filter((e) => e.type === "action.resolved")
      .map((e) => e.actionId);
  };
  const pauseIn = (k: number | string): Tuple[] => [
    [ns(k), "values", { log: [] }],
    [ns(k), "updates", ask("i1")],
    root("updates", ask("i1")),
  ];

  it("HITL-03 TEAM-13 a subgraph checkpoint without id leaves the interrupt it raised open", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      subCheckpoint("x", "c1"),
      ...pauseIn("x"),
      root("values", { log: [] }),
      subCheckpoint("x"),
    ];
    expect(resolvedBeforeEnd(records)).toEqual([]);
    expect(resolvedBeforeEnd([...records, subCheckpoint("x", "c2")])).toEqual(["i1"]);
  });

  it("HITL-03 ENV-09 a subgraph beyond the followed ones ends no step of its own: the root step's end settles it", () => {
    const many = Array.from({ length: MAX_NAMESPACES }, (_, k) => subCheckpoint(k, `c${k}`));
    const records: Tuple[] = [
      root("values", { log: [] }),
      ...many,
      subCheckpoint("x", "cx1"),
      ...pauseIn("x"),
      root("values", { log: [] }),
      subCheckpoint("x", "cx2"),
    ];
    expect(resolvedBeforeEnd(records)).toEqual([]);
    expect(resolvedBeforeEnd([...records, root("values", { log: ["yes"] })])).toEqual(["i1"]);
  });
});
