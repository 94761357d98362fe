// Which chunk after a pause opens the resumed run, restates the pause, or is that run's progress: the
// interrupt echo, checkpoint and task bookkeeping, a restated checkpoint (once per run), app state
// that only looks like a checkpoint, and the end of input after a resumed run did or did not go on.
// Exact events through the public adapter.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { ask, paused, root, rows, type Tuple, unknownEnd } from "./langgraph-rows-support";

function adapt(records: unknown[], finish = true): AgentUiEvent[] {
  const adapter = langgraphAdapter.create();
  const events = records.flatMap((r, i) => adapter.push(r, i));
  return finish ? [...events, ...adapter.finish()] : events;
}
const checkpoint = (
  id: string,
  next: string[],
  interrupts: string[] = [],
  values: unknown = { log: [] },
) => ({
  config: { configurable: { checkpoint_id: id } },
  values,
  next,
  tasks: [{ id: "t1", name: "ask", interrupts: interrupts.map((i) => ({ id: i, value: `${i}?` })) }],
});

describe("langgraph interrupt echoes", () => {
  it("HITL-01 an interrupt repeated as a new run's first chunk raises nothing and opens no run", () => {
    const sse = (event: string, data: unknown) => ({ event, data });
    const records = [
      sse("metadata", { run_id: "r1" }),
      sse("updates", ask("i1")),
      sse("end", null),
      sse("metadata", { run_id: "r2" }),
      sse("values", ask("i1")),
      sse("values", { log: [] }),
    ];
    expect(rows(records)).toEqual([
      [1, "run.started", "submitted", undefined],
      ...paused(1, "i1"),
      [5, "run.started", "submitted", undefined],
      [5, "state.snapshot", undefined, undefined],
      ...unknownEnd,
    ]);
  });
});

/** A pause on interrupt i1, its checkpoint restated twice, then the resumed task's start. */
const resumedPause = (): Tuple[] => [
  root("checkpoints", checkpoint("k1", ["ask"])),
  root("tasks", {
    id: "t1",
    name: "ask",
    result: [],
    error: null,
    interrupts: [{ id: "i1", value: "i1?" }],
  }),
  root("checkpoints", checkpoint("k2", ["ask"], ["i1"])),
  root("checkpoints", checkpoint("k2", ["ask"], ["i1"])),
  root("tasks", { id: "t2", name: "ask", input: {}, triggers: ["start:ask"] }),
];

describe("langgraph bookkeeping of a resumed run is not its progress", () => {
  it("HITL-03 a restated checkpoint and a task start leave the resumed interrupt open at the end", () => {
    const records: Tuple[] = [...resumedPause()];
    const events = adapt(records);
    expect(events.filter((e) => e.type === "action.resolved")).toEqual([]);
    expect(events.map((e) => [e.type, e.phase])).toEqual([
      ["run.started", "submitted"],
      ["state.snapshot", undefined],
      ["task.changed", undefined],
      ["action.required", "waiting"],
      ["run.finished", "interrupted"],
      ["run.started", "submitted"],
      ["task.changed", undefined],
      ["run.status", undefined],
      ["diagnostic.changed", undefined],
    ]);
  });

  it("HITL-03 an interrupt asked again is no progress: the other resumed interrupt stays open", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      root("updates", ask("i1")),
      root("updates", ask("i2")),
      root("values", { log: [] }),
      root("updates", ask("i1")),
    ];
    const events = adapt(records);
    expect(events.filter((e) => e.type === "action.resolved")).toEqual([]);
    expect(rows(records)).toEqual([
      [0, "run.started", "submitted", undefined],
      [0, "state.snapshot", undefined, undefined],
      ...paused(1, "i1"),
      [2, "action.required", "waiting", "i2"],
      [3, "run.started", "submitted", undefined],
      [4, "run.finished", "interrupted", undefined],
    ]);
  });

  it("HITL-03 a resumed run that opened with a node's update went on: its end resolves the interrupt", () => {
    const records: Tuple[] = [root("updates", ask("i1")), root("updates", { ask: { log: ["yes"] } })];
    expect(rows(records)).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(0, "i1"),
      [1, "run.started", "submitted", undefined],
      ["end", "action.resolved", undefined, "i1"],
      ...unknownEnd,
    ]);
  });
});

describe("langgraph restated checkpoints", () => {
  it("HITL-03 a run restates its pause once: the second restatement closes it and opens the next", () => {
    const records: Tuple[] = [
      ...resumedPause(),
      root("checkpoints", checkpoint("k2", ["ask"], ["i1"])),
      root("tasks", { id: "t3", name: "ask", result: [["log", ["yes"]]], error: null, interrupts: [] }),
      root("checkpoints", checkpoint("k3", [], [], { log: ["yes"] })),
    ];
    expect(rows(records).filter(([, type]) => type !== "state.snapshot" && type !== "task.changed")).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(1, "i1"),
      [3, "run.started", "submitted", undefined],
      [5, "run.finished", "interrupted", undefined],
      [5, "run.started", "submitted", undefined],
      [7, "action.resolved", undefined, "i1"],
      ["end", "run.finished", "completed", undefined],
    ]);
  });

  it("HITL-03 a run opened by a state, not a restatement, takes the checkpoint it then restates as its own", () => {
    const records: Tuple[] = [
      root("values", { log: [] }),
      root("checkpoints", checkpoint("k1", ["ask"])),
      root("updates", ask("i1")),
      root("checkpoints", checkpoint("k2", ["ask"], ["i1"])),
      // Run 2 opens by restating k2 and asks again; run 3 opens with its state, then restates k3.
      root("checkpoints", checkpoint("k2", ["ask"], ["i1"])),
      root("updates", ask("i1")),
      root("checkpoints", checkpoint("k3", ["ask"], ["i1"])),
      root("values", { log: [] }),
      root("checkpoints", checkpoint("k3", ["ask"], ["i1"])),
      root("updates", { ask: { log: ["yes"] } }),
      root("values", { log: ["yes"] }),
    ];
    expect(rows(records).filter(([, type]) => type !== "state.snapshot")).toEqual([
      [0, "run.started", "submitted", undefined],
      ...paused(2, "i1"),
      [4, "run.started", "submitted", undefined],
      [5, "run.finished", "interrupted", undefined],
      [7, "run.started", "submitted", undefined],
      [10, "action.resolved", undefined, "i1"],
      ...unknownEnd,
    ]);
  });

  it("HITL-03 a subgraph checkpoint never restates the root's pause, whatever its id", () => {
    const records: Tuple[] = [
      root("checkpoints", checkpoint("k1", ["research"])),
      root("updates", ask("i1")),
      [["research:1"], "checkpoints", checkpoint("k1", ["ask"])],
    ];
    expect(rows(records).filter(([, type]) => type.startsWith("run.") || type === "action.resolved")).toEqual(
      [
        [0, "run.started", "submitted", undefined],
        [1, "run.finished", "interrupted", undefined],
      ],
    );
  });
});

describe("langgraph app state that looks like a checkpoint", () => {
  const config = (id: string) => ({ configurable: { checkpoint_id: id } });

  it("ENV-01 HITL-03 a root state with config and tasks keys is app state, not a restated pause", () => {
    const state = { config: config("k1"), tasks: [{ interrupts: [{ id: "x", value: "x?" }] }] };
    const records: Tuple[] = [
      root("values", state),
      root("checkpoints", { config: config("k1"), values: state, next: ["ask"], tasks: [] }),
      root("updates", ask("i1")),
      // The paused step's closing state (it changed): it trails the pause, it opens no run.
      root("values", { ...state, log: ["a"] }),
    ];
    expect(rows(records)).toEqual([
      [0, "run.started", "submitted", undefined],
      [0, "state.snapshot", undefined, undefined],
      ...paused(2, "i1"),
      [3, "state.snapshot", undefined, undefined],
    ]);
  });

  it("HITL-03 the resumed run's opening state ends no step, whatever checkpoint id its app state names", () => {
    const state = { log: [], config: config("k2") };
    const records: Tuple[] = [
      root("values", state),
      root("checkpoints", { config: config("k1"), values: state, next: ["ask"], tasks: [] }),
      root("updates", ask("i1")),
      root("values", state),
    ];
    expect(adapt(records, false).filter((e) => e.type === "action.resolved")).toEqual([]);
    expect(rows(records).filter(([, type]) => type.startsWith("run."))).toEqual([
      [0, "run.started", "submitted", undefined],
      [2, "run.finished", "interrupted", undefined],
      [3, "run.started", "submitted", undefined],
      ["end", "run.status", undefined, undefined],
    ]);
  });
});

describe("langgraph runs after a thread state", () => {
  it("HYD-01 HITL-01 after a thread state's pending interrupt the next state opens a run, whatever paused before", () => {
    const sse = (event: string, data: unknown) => ({ event, data });
    const records = [
      sse("metadata", { run_id: "r1" }),
      sse("values", { log: [] }),
      sse("updates", ask("i1")),
      sse("end", null),
      sse("metadata", { run_id: "r2" }),
      sse("values", { log: [] }),
      sse("updates", { ask: { log: ["yes"] } }),
      sse("values", { log: ["yes"] }),
      sse("end", null),
      {
        values: { log: ["yes"] },
        next: ["review"],
        tasks: [{ id: "t2", name: "review", interrupts: [{ id: "i2", value: "i2?" }] }],
        config: { configurable: { thread_id: "th1" } },
      },
      sse("values", { log: ["yes", "more"] }),
    ];
    expect(rows(records).filter(([, type]) => type !== "state.snapshot")).toEqual([
      [1, "run.started", "submitted", undefined],
      ...paused(2, "i1"),
      [5, "run.started", "submitted", undefined],
      [7, "action.resolved", undefined, "i1"],
      [8, "run.finished", "completed", undefined],
      [9, "action.required", "waiting", "i2"],
      [10, "run.started", "submitted", undefined],
      ...unknownEnd,
    ]);
  });
});
