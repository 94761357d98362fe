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

function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = langgraphAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}
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
