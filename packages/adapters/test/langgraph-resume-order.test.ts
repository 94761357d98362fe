// A paused step resumed in any order: `streamMode: ["updates", "values"]` chunks shaped as
// `@langchain/langgraph` 1.x streams them (see langgraph-parallel-interrupts.test.ts for recordings).
// A step runs 2–5 tasks; some finish, the others call `interrupt()`. The graph pauses; the resume answers
// some of the interrupts. On resume the step runs again: the tasks that had finished replay their cached
// updates, the answered ones finish, the unanswered ones ask the same again — in whatever order they
// complete. After every chunk, an interrupt the resumed run asks again is never shown resolved, and when
// the run ends, the answered ones are resolved and the others pending (HITL-03); no run is invented.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";

type Tuple = [string[], string, unknown];
type Task = { name: string; interrupts: boolean; answered: boolean };

const asked = (id: string): Tuple[] => [
  [[], "updates", { __interrupt__: [{ id, value: `${id}?` }] }],
  [[], "values", { __interrupt__: [{ id, value: `${id}?` }] }],
];
const wrote = (task: string, cached = false): Tuple => [
  [],
  "updates",
  cached ? { [task]: { log: [task] }, __metadata__: { cached: true } } : { [task]: { log: [task] } },
];

/** Run 1 (the pause) and run 2 (the resume) of one step, tasks reporting in the given orders. */
function runs(tasks: Task[], firstOrder: number[], resumeOrder: number[]): Tuple[][] {
  const first: Tuple[] = [[[], "values", { log: [] }]];
  for (const i of firstOrder) {
    const t = tasks[i];
    first.push(...(t.interrupts ? asked(t.name) : [wrote(t.name)]));
  }
  const done = tasks.filter((t) => !t.interrupts).map((t) => t.name);
  if (done.length > 0) first.push([[], "values", { log: done }]);

  const second: Tuple[] = [[[], "values", { log: [] }], ...done.map((name) => wrote(name, true))];
  for (const i of resumeOrder) {
    const t = tasks[i];
    if (t.interrupts) second.push(...(t.answered ? [wrote(t.name)] : asked(t.name)));
  }
  const written = tasks.filter((t) => !t.interrupts || t.answered).map((t) => t.name);
  second.push([[], "values", { log: written }]);
  if (tasks.every((t) => !t.interrupts || t.answered)) {
    second.push([[], "updates", { next: { log: ["next"] } }]);
    second.push([[], "values", { log: [...written, "next"] }]);
  }
  return [first, second];
}

const stepArb = fc
  .array(fc.record({ interrupts: fc.boolean(), answered: fc.boolean() }), { minLength: 2, maxLength: 5 })
  .map((flags) => flags.map((f, i): Task => ({ name: `t${i}`, ...f })))
  .filter((tasks) => tasks.some((t) => t.interrupts) && tasks.some((t) => t.interrupts && t.answered))
  .chain((tasks) => {
    const order = fc.shuffledSubarray(
      tasks.map((_, i) => i),
      { minLength: tasks.length, maxLength: tasks.length },
    );
    return fc.tuple(fc.constant(tasks), order, order);
  });

describe("langgraph resumed step, any report order", () => {
  it("HITL-03 an interrupt asked again never shows resolved; the answered ones resolve by the run's end", () => {
    fc.assert(
      fc.property(stepArb, ([tasks, firstOrder, resumeOrder]) => {
        const [first, second] = runs(tasks, firstOrder, resumeOrder);
        const askedAgain = tasks.filter((t) => t.interrupts && !t.answered).map((t) => t.name);
        const answered = tasks.filter((t) => t.interrupts && t.answered).map((t) => t.name);
        const adapter = langgraphAdapter.create();
        const events: AgentUiEvent[] = [];
        [...first, ...second].forEach((record, i) => {
          events.push(...adapter.push(record, i));
          if (i < first.length) return;
          const { actions } = projectEvents(events);
          for (const id of askedAgain) expect(actions[id]?.status, `${id} after chunk ${i}`).toBe("pending");
        });
        const { actions } = projectEvents(events);
        for (const id of answered) expect(actions[id]?.status, id).toBe("resolved");
        expect(events.filter((e) => e.type === "run.started")).toHaveLength(2);
        expect(projectEvents([...events, ...adapter.finish()]).runtime.status).toBe(
          askedAgain.length > 0 ? "interrupted" : "unknown",
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe("langgraph interrupt inside a subgraph, resumed", () => {
  // As `@langchain/langgraph` 1.x streams a `research` subgraph whose `ask` node interrupts and whose
  // `work` node runs next, with `subgraphs: true` (recorded in the conformance live tests).
  const ns = ["research:t1"];
  const asked = { __interrupt__: [{ id: "i1", value: "go on?" }] };
  const checkpoint = (namespace: string[], id: string): Tuple => [
    namespace,
    "checkpoints",
    { config: { configurable: { checkpoint_id: id } }, values: {}, next: [], tasks: [] },
  ];
  const statusAfter = (records: Tuple[]) => {
    const adapter = langgraphAdapter.create();
    const events: AgentUiEvent[] = [];
    return records.map((record, i) => {
      events.push(...adapter.push(record, i));
      return projectEvents(events).actions.i1?.status;
    });
  };

  it("HITL-03 TEAM-13 it resolves with the subgraph's next state, before the root step around it ends", () => {
    const pause: Tuple[] = [
      [[], "values", { log: [] }],
      [ns, "values", { log: [] }],
      [ns, "updates", asked],
      [ns, "values", asked],
      [[], "updates", asked],
    ];
    const resume: Tuple[] = [
      [[], "values", { log: [] }],
      [ns, "values", { log: [] }],
      [ns, "updates", { ask: { log: ["ask:yes"] } }],
      [ns, "values", { log: ["ask:yes"] }],
      [ns, "updates", { work: { log: ["work"] } }],
      [[], "updates", { research: { log: ["ask:yes", "work"] } }],
    ];
    expect(statusAfter([...pause, ...resume]).slice(pause.length)).toEqual([
      "pending",
      "pending",
      "pending",
      "resolved",
      "resolved",
      "resolved",
    ]);
  });

  it("HITL-03 with checkpoints: the subgraph's restated checkpoint is no step end, a new one is", () => {
    const pause: Tuple[] = [
      checkpoint([], "r0"),
      checkpoint(ns, "s0"),
      [ns, "updates", asked],
      [[], "updates", asked],
    ];
    const resume: Tuple[] = [
      checkpoint([], "r0"),
      checkpoint(ns, "s0"),
      [ns, "updates", { ask: { log: ["ask:yes"] } }],
      checkpoint(ns, "s1"),
      [[], "updates", { research: { log: ["ask:yes"] } }],
    ];
    expect(statusAfter([...pause, ...resume]).slice(pause.length)).toEqual([
      "pending",
      "pending",
      "pending",
      "resolved",
      "resolved",
    ]);
  });
});

describe("langgraph resume in a stream of bookkeeping modes only (`debug`)", () => {
  // As `@langchain/langgraph` 1.x streams `streamMode: "debug"` with `subgraphs: true`, unwrapped.
  const checkpoint = (ns: string[], id: string, step: number): Tuple => [
    ns,
    "debug",
    { step, type: "checkpoint", payload: { config: { configurable: { checkpoint_id: id } }, values: {} } },
  ];
  const task = (ns: string[], fields: Record<string, unknown>): Tuple => [
    ns,
    "debug",
    { step: 1, type: fields.result === undefined ? "task" : "task_result", payload: fields },
  ];
  const sub = ["research:t1"];
  const asked = [{ id: "i1", value: "go on?" }];
  const pause: Tuple[] = [
    checkpoint([], "r0", 0),
    task([], { id: "t1", name: "research", input: {}, triggers: [] }),
    checkpoint(sub, "s0", 0),
    task(sub, { id: "k1", name: "ask", input: {}, triggers: [] }),
    task(sub, { id: "k1", name: "ask", result: {}, interrupts: asked }),
    task([], { id: "t1", name: "research", result: {}, interrupts: asked }),
  ];
  const resume: Tuple[] = [
    checkpoint([], "r0", 0),
    task([], { id: "t1", name: "research", input: {}, triggers: [] }),
    checkpoint(sub, "s0", 0),
    task(sub, { id: "k1", name: "ask", result: { log: ["ask:yes"] }, interrupts: [] }),
    checkpoint(sub, "s1", 1),
    task([], { id: "t1", name: "research", result: { log: ["ask:yes"] }, interrupts: [] }),
    checkpoint([], "r1", 1),
  ];

  it("HITL-03 STAT-08 the restated paused checkpoint opens the resumed run; the interrupt resolves at the subgraph's step end", () => {
    const adapter = langgraphAdapter.create();
    const events: AgentUiEvent[] = [];
    const seen = [...pause, ...resume].map((record, i) => {
      events.push(...adapter.push(record, i));
      const state = projectEvents(events);
      return [state.actions.i1?.status, state.agents["research:t1"]?.status];
    });
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(2);
    expect(seen.slice(pause.length)).toEqual([
      ["pending", "running"],
      ["pending", "running"],
      ["pending", "running"],
      ["pending", "running"],
      ["resolved", "running"],
      ["resolved", "completed"],
      ["resolved", "completed"],
    ]);
  });
});

describe("langgraph resume in a stream of `checkpoints` alone", () => {
  // As `@langchain/langgraph` 1.x streams `streamMode: "checkpoints"`: a checkpoint per step, none when a
  // step pauses. The pause shows first in the checkpoint the resumed run opens by restating.
  const checkpoint = (id: string, next: string[], interrupts: Record<string, string[]> = {}): Tuple => [
    [],
    "checkpoints",
    {
      config: { configurable: { checkpoint_id: id } },
      values: { log: [] },
      next,
      tasks: next.map((name) => ({
        id: `task-${name}`,
        name,
        interrupts: (interrupts[name] ?? []).map((i) => ({ id: i, value: `${i}?` })),
      })),
    },
  ];
  const pause: Tuple[] = [checkpoint("c0", ["__start__"]), checkpoint("c1", ["a", "b"])];
  const statuses = (records: Tuple[]) => {
    const adapter = langgraphAdapter.create();
    const events: AgentUiEvent[] = [];
    const seen = records.map((record, i) => {
      events.push(...adapter.push(record, i));
      const state = projectEvents(events);
      return Object.values(state.actions).map((a) => a.status);
    });
    events.push(...adapter.finish());
    const ends = events.filter((e) => e.type === "run.finished").map((e) => e.payload?.outcome);
    return { seen, ends, state: projectEvents(events) };
  };

  it("HITL-03 STAT-08 an interrupt first seen in the resumed run's restated checkpoint was answered by that run", () => {
    const resume = [
      checkpoint("c1", ["a", "b"], { b: ["ib"] }),
      checkpoint("c2", ["c"]),
      checkpoint("c3", []),
    ];
    const { seen, ends, state } = statuses([...pause, ...resume]);
    // The run before the resume paused on it; the resumed run resolves it when it leaves the step.
    expect(seen).toEqual([[], [], ["pending"], ["resolved"], ["resolved"]]);
    expect(ends).toEqual(["interrupted", "success"]);
    expect(state.runtime.status).toBe("completed");
  });

  it("HITL-03 a second restatement of the pause opens the next run: the one before ends interrupted", () => {
    const asked = { a: ["ia"], b: ["ib"] };
    const resumes = [
      checkpoint("c1", ["a", "b"], asked),
      checkpoint("c1", ["a", "b"], asked),
      checkpoint("c2", ["c"]),
      checkpoint("c3", []),
    ];
    const { seen, ends, state } = statuses([...pause, ...resumes]);
    expect(seen.slice(pause.length)).toEqual([
      ["pending", "pending"],
      ["pending", "pending"],
      ["resolved", "resolved"],
      ["resolved", "resolved"],
    ]);
    expect(ends).toEqual(["interrupted", "interrupted", "success"]);
    expect(state.runtime.status).toBe("completed");
  });
});
