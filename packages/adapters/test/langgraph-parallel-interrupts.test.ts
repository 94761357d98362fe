// Two nodes of one step that both call `interrupt()`, as `@langchain/langgraph` 1.x streams them with
// `streamMode: ["updates", "values"]` (recorded from a real graph: START → a, START → b; `a` asks once,
// `b` twice; the resume answers both pending interrupts). LangGraph streams one `__interrupt__` update
// per interrupting task, and a task that finishes beside an interrupt reports after it: neither is a
// new run, so neither may resolve an interrupt nobody answered (HITL-03). A resume that answers only
// some interrupts makes the resumed run raise the others again, under the same ids: they stay pending.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { adapt } from "./langgraph-rows-support";

type Tuple = [string[], string, unknown];
const A = { id: "0906716666564b710350c3c52e872fdc", value: "a?" };
const B = { id: "d1c70d088b54f33aef6e35f8b4c5c76b", value: "b?" };
const B2 = { id: "1a74e9c2aeb2033d9527e47a57d352dd", value: "b2?" };
const pause = (i: unknown): Tuple[] => [
  [[], "updates", { __interrupt__: [i] }],
  [[], "values", { __interrupt__: [i] }],
];
const RUN1: Tuple[] = [[[], "values", { log: [] }], ...pause(A), ...pause(B)];
const RUN2: Tuple[] = [
  [[], "values", { log: [] }],
  ...pause(B2),
  [[], "updates", { a: { log: ["a:ok"] } }],
  [[], "values", { log: ["a:ok"] }],
];

const actions = (events: AgentUiEvent[]) =>
  events
    .filter((e) => e.type === "action.required" || e.type === "action.resolved")
    .map((e) => [e.type, e.actionId]);

describe("langgraph parallel interrupts", () => {
  it("HITL-01 HITL-03 both tasks' interrupts are pending in one paused run; neither is resolved", () => {
    const events = adapt(RUN1);
    expect(actions(events)).toEqual([
      ["action.required", A.id],
      ["action.required", B.id],
    ]);
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(1);
    const state = projectEvents(events);
    expect(state.runtime.status).toBe("interrupted");
    expect([state.actions[A.id].status, state.actions[B.id].status]).toEqual(["pending", "pending"]);
  });

  it("HITL-03 the resume resolves both; b's second interrupt stays pending while a finishes beside it", () => {
    const events = adapt([...RUN1, ...RUN2]);
    expect(actions(events)).toEqual([
      ["action.required", A.id],
      ["action.required", B.id],
      // b asks again before anything runs past the pause; a's update is the run going past both.
      ["action.required", B2.id],
      ["action.resolved", A.id],
      ["action.resolved", B.id],
    ]);
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(2);
    const state = projectEvents(events);
    expect(state.actions[B2.id].status).toBe("pending");
    expect(state.runtime.status).toBe("interrupted");
    expect(state.appState).toMatchObject({ log: ["a:ok"] });
  });

  it("HITL-03 the next root state after the step's end opens the resumed run", () => {
    const RUN3: Tuple[] = [
      [[], "values", { log: ["a:ok"] }],
      [[], "updates", { b: { log: ["b:okok"] } }],
      [[], "values", { log: ["a:ok", "b:okok"] }],
    ];
    const events = adapt([...RUN1, ...RUN2, ...RUN3]);
    expect(actions(events).slice(-1)).toEqual([["action.resolved", B2.id]]);
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(3);
  });
});

describe("langgraph partial resume", () => {
  // Recorded the same way: START → a, START → b, both ask once; the resume answers only a's interrupt.
  const A1 = { id: "993ff1c15b6a8a12ce813208481fe046", value: "a?" };
  const B1 = { id: "844cb7f67b2e81c063afd108b6441fab", value: "b?" };
  const PAUSE: Tuple[] = [[[], "values", { log: [] }], ...pause(A1), ...pause(B1)];
  const RESUME_A: Tuple[] = [
    [[], "values", { log: [] }],
    ...pause(B1),
    [[], "updates", { a: { log: ["a:ok"] } }],
    [[], "values", { log: ["a:ok"] }],
  ];

  it("HITL-03 the interrupt the resume did not answer is raised again and stays pending; the answered one resolves", () => {
    const events = adapt([...PAUSE, ...RESUME_A]);
    expect(actions(events)).toEqual([
      ["action.required", A1.id],
      ["action.required", B1.id],
      ["action.resolved", A1.id],
    ]);
    const state = projectEvents(events);
    expect([state.actions[A1.id].status, state.actions[B1.id].status]).toEqual(["resolved", "pending"]);
    expect(state.runtime.status).toBe("interrupted");
    expect(events.filter((e) => e.type === "run.finished").map((e) => e.payload?.reason)).toEqual([
      `waiting on interrupt ${A1.id}`,
      `waiting on interrupt ${B1.id}`,
    ]);
  });

  it("HITL-03 an Agent Server end event resolves what the run went past without raising again", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1" } },
      { event: "updates", data: { __interrupt__: [A1] } },
      { event: "end", data: null },
      { event: "metadata", data: { run_id: "r2" } },
      { event: "values", data: { log: [] } },
      { event: "end", data: null },
    ]);
    expect(actions(events)).toEqual([
      ["action.required", A1.id],
      ["action.resolved", A1.id],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });
});

describe("langgraph resumed step: a task reports before the paused one asks again", () => {
  // Recorded from `@langchain/langgraph` 1.x (START → a, START → b, then c), streamMode
  // ["updates", "values"]: b waits before asking, so in the resumed step a reports first. Run 2 answers
  // only a (`Command({resume: {[a's id]: "ok"}})`): b asks the same again. Run 3 answers b.
  const A = { id: "c8b468f5dbc9d95b458da8c698784b66", value: "a?" };
  const B = { id: "67f28c973f4d7ad055f4b7dc2c9e87d8", value: "b?" };
  const RUNS: Tuple[][] = [
    [[[], "values", { log: [] }], ...pause(A), ...pause(B)],
    [
      [[], "values", { log: [] }],
      [[], "updates", { a: { log: ["a:ok"] } }],
      ...pause(B),
      [[], "values", { log: ["a:ok"] }],
    ],
    [
      [[], "values", { log: [] }],
      [[], "updates", { a: { log: ["a:ok"] }, __metadata__: { cached: true } }],
      [[], "updates", { b: { log: ["b:fine"] } }],
      [[], "values", { log: ["a:ok", "b:fine"] }],
      [[], "updates", { c: { log: ["c"] } }],
      [[], "values", { log: ["a:ok", "b:fine", "c"] }],
    ],
  ];

  /** [record, A's status, B's status] after each record of the runs, on one adapter. */
  function statuses(runs: Tuple[][], ids: string[]): string[][] {
    const adapter = langgraphAdapter.create();
    const events: AgentUiEvent[] = [];
    return runs.flat().map((record, i) => {
      events.push(...adapter.push(record, i));
      const { actions } = projectEvents(events);
      return [String(i), ...ids.map((id) => actions[id]?.status ?? "-")];
    });
  }

  it("HITL-03 b's interrupt stays pending through run 2; a's resolves with the state closing the step", () => {
    expect(statuses(RUNS, [A.id, B.id]).slice(5)).toEqual([
      ["5", "pending", "pending"],
      // a reported: b may still ask again in this step, so neither is resolved yet.
      ["6", "pending", "pending"],
      ["7", "pending", "pending"],
      ["8", "pending", "pending"],
      // The step's closing state: a's interrupt was answered, b's was raised again.
      ["9", "resolved", "pending"],
      ["10", "resolved", "pending"],
      ["11", "resolved", "pending"],
      ["12", "resolved", "pending"],
      ["13", "resolved", "resolved"],
      ["14", "resolved", "resolved"],
      ["15", "resolved", "resolved"],
    ]);
    const events = adapt(RUNS.flat());
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(3);
    expect(events.filter((e) => e.type === "action.resolved").map((e) => e.actionId)).toEqual([A.id, B.id]);
  });

  it("HITL-03 b asking a new question resolves its first one only with the step's closing state", () => {
    const B2 = { id: "4bde9c0a71c6878efe47181c9ed1f369", value: "b2?" };
    const runs: Tuple[][] = [
      RUNS[0],
      [
        [[], "values", { log: [] }],
        [[], "updates", { a: { log: ["a:ok"] } }],
        ...pause(B2),
        [[], "values", { log: ["a:ok"] }],
      ],
    ];
    expect(statuses(runs, [A.id, B.id, B2.id]).slice(5)).toEqual([
      ["5", "pending", "pending", "-"],
      ["6", "pending", "pending", "-"],
      ["7", "pending", "pending", "pending"],
      ["8", "pending", "pending", "pending"],
      ["9", "resolved", "resolved", "pending"],
    ]);
    // The step's closing state belongs to run 2, which ends waiting on b's new question.
    const events = adapt(runs.flat());
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(2);
    expect(projectEvents(events).runtime.status).toBe("interrupted");
  });

  it("HITL-03 the closing state of a step a task finished in is not the resumed run", () => {
    const B1 = { id: "eeffed54c60165084b3a5a553f4b217a", value: "b?" };
    const runs: Tuple[][] = [
      [
        [[], "values", { log: [] }],
        [[], "updates", { a: { log: ["a"] } }],
        ...pause(B1),
        [[], "values", { log: ["a"] }],
      ],
      [
        [[], "values", { log: [] }],
        [[], "updates", { a: { log: ["a"] }, __metadata__: { cached: true } }],
        [[], "updates", { b: { log: ["b:ok"] } }],
        [[], "values", { log: ["a", "b:ok"] }],
      ],
    ];
    expect(statuses(runs, [B1.id]).map(([, s]) => s)).toEqual([
      ...["-", "-", "pending", "pending", "pending"],
      ...["pending", "pending", "pending", "resolved"],
    ]);
    const events = adapt(runs.flat());
    const starts = events.filter((e) => e.type === "run.started").map((e) => e.source?.index);
    expect(starts).toEqual([0, 5]);
  });

  it("HITL-03 with checkpoints mode a new root checkpoint ends the resumed step", () => {
    const ck = (id: string, next: string[], log: string[]) =>
      [
        [],
        "checkpoints",
        { config: { configurable: { checkpoint_id: id } }, values: { log }, next, tasks: [] },
      ] as Tuple;
    const A1 = { id: "9b4a5e4160c157a0455e16a3f893a5bc", value: "a?" };
    const B1 = { id: "dcf4b9e4308a09cb5cc28748a313ea08", value: "b?" };
    const paused = ck("1f1ea473-095f-6e70-8000-1b10b7ec64fa", ["a", "b"], []);
    const runs: Tuple[][] = [
      [paused, [[], "updates", { __interrupt__: [A1] }], [[], "updates", { __interrupt__: [B1] }]],
      [
        paused,
        [[], "updates", { a: { log: ["a:ok"] } }],
        [[], "updates", { b: { log: ["b:ok"] } }],
        ck("1f1ea473-0b3e-66b0-8001-0940cf26cd9b", ["c"], ["a:ok", "b:ok"]),
        [[], "updates", { c: { log: ["c"] } }],
      ],
    ];
    expect(statuses(runs, [A1.id, B1.id]).slice(3)).toEqual([
      ["3", "pending", "pending"],
      ["4", "pending", "pending"],
      ["5", "pending", "pending"],
      ["6", "resolved", "resolved"],
      ["7", "resolved", "resolved"],
    ]);
  });
});
