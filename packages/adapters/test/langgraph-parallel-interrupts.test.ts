// Two nodes of one step that both call `interrupt()`, as `@langchain/langgraph` 1.x streams them with
// `streamMode: ["updates", "values"]` (recorded from a real graph: START → a, START → b; `a` asks once,
// `b` twice; the resume answers both pending interrupts). LangGraph streams one `__interrupt__` update
// per interrupting task, and a task that finishes beside an interrupt reports after it: neither is a
// new run, so neither may resolve an interrupt nobody answered (HITL-03).
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
      ["action.resolved", A.id],
      ["action.resolved", B.id],
      ["action.required", B2.id],
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
