// Live: the paused step of a real `@langchain/langgraph` graph runs again on resume, and a task of it
// reports before the paused one asks again (./langgraph-resume.producer). Every prefix of what the
// adapter emits must say what the graph says (HITL-03):
// - an interrupt the graph raises again in a run is never shown resolved during that run;
// - nothing resolved reappears pending, and every interrupt a run ends waiting on is pending then;
// - when the stream shows the paused step's end (`values` mode), the answered interrupts are resolved by
//   the end of the run that went past them, not later.
// The graph's own stream is the reference: the interrupts it streams in a run are the ones it waits on.
import { langgraphAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import { MODES, type Mode, SCENARIOS, produce } from "./langgraph-resume.producer";

/** The interrupt ids a run streams (`updates` / `values` `__interrupt__`): the ones the graph waits on. */
function raisedIn(run: unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const record of run) {
    const [, mode, payload] = record as [string[], string, Record<string, unknown>];
    if (mode !== "updates" && mode !== "values") continue;
    for (const entry of (payload?.__interrupt__ as { id: string }[] | undefined) ?? []) ids.add(entry.id);
  }
  return ids;
}

/** Where the run leaves the step it resumed (LangGraph streams the root state after each step, and a
 * checkpoint per step): its first root `values` state after the opening one, or a root checkpoint not
 * streamed before; the run's length when it shows neither. */
function stepEndIn(run: unknown[], seenCheckpoints: Set<unknown>): number {
  let end = run.length;
  run.forEach((record, j) => {
    const [namespace, mode, payload] = record as [string[], string, Record<string, unknown>];
    if (namespace.length > 0 || j >= end) return;
    if (mode === "values" && j > 0 && payload.__interrupt__ === undefined) end = j;
    if (mode === "checkpoints") {
      const id = JSON.stringify((payload.config as Record<string, unknown>)?.configurable);
      if (!seenCheckpoints.has(id) && j > 0) end = j;
      seenCheckpoints.add(id);
    }
  });
  return end;
}

const statusOf = (state: ProjectionState) =>
  new Map(Object.entries(state.actions).map(([id, action]) => [id, action.status]));

/** Where the adapter's view disagrees with the graph's, as readable lines (empty when honest). */
function dishonesty(runs: unknown[][], modes: Mode[]): string[] {
  const adapter = langgraphAdapter.create();
  const problems: string[] = [];
  const events: AgentUiEvent[] = [];
  const resolved = new Set<string>();
  // A step that pauses again streams its closing state (`values` mode, one of its tasks wrote) but no
  // checkpoint: only then can a reader see the step end before the next run starts.
  const showsStepEnds = modes.includes("values");
  const checkpoints = new Set<unknown>();
  let index = 0;
  runs.forEach((run, k) => {
    const raised = raisedIn(run);
    const resumed = k > 0 ? raisedIn(runs[k - 1]) : new Set<string>();
    const stepEnd = stepEndIn(run, checkpoints);
    run.forEach((record, j) => {
      events.push(...adapter.push(record, index++));
      const at = `run ${k} record ${j}`;
      const status = statusOf(projectEvents(events));
      for (const id of resolved)
        if (status.get(id) !== "resolved") problems.push(`${at}: ${id} is ${status.get(id)} again`);
      for (const [id, s] of status) if (s === "resolved") resolved.add(id);
      for (const id of raised)
        if (status.get(id) === "resolved") problems.push(`${at}: ${id} resolved while the run raises it`);
      if (j < stepEnd)
        for (const id of resumed)
          if (status.get(id) === "resolved") problems.push(`${at}: ${id} resolved before the step ended`);
    });
    const status = statusOf(projectEvents(events));
    const waiting = raisedIn(run);
    for (const id of waiting)
      if (status.get(id) !== "pending") problems.push(`end of run ${k}: ${id} is ${status.get(id)}`);
    if (showsStepEnds && k < runs.length - 1)
      for (const [id, s] of status)
        if (s === "pending" && !waiting.has(id)) problems.push(`end of run ${k}: ${id} still pending`);
  });
  events.push(...adapter.finish());
  const end = projectEvents(events);
  for (const [id, s] of statusOf(end)) if (s !== "resolved") problems.push(`at the end: ${id} is ${s}`);
  if (end.runtime.status === "interrupted") problems.push("at the end: the run is still interrupted");
  return problems;
}

describe("live @langchain/langgraph: a paused step's sibling reports before the paused node asks again", () => {
  for (const [name, scenario] of Object.entries(SCENARIOS))
    describe(name, () => {
      const produced = new Map<string, unknown[][]>();
      beforeAll(async () => {
        for (const modes of MODES) produced.set(modes.join("+"), await produce(scenario, modes));
      });

      it("the resumed step streams a's report before b's interrupt (the order under test)", () => {
        const [, second] = produced.get("updates") ?? [];
        const firstInterrupt = second.findIndex((r) => JSON.stringify(r).includes("__interrupt__"));
        const aReport = second.findIndex((r) => JSON.stringify(r).includes('"a":'));
        expect(aReport).toBeGreaterThanOrEqual(0);
        if (firstInterrupt >= 0) expect(aReport).toBeLessThan(firstInterrupt);
      });

      for (const modes of MODES)
        it(`HITL-03 every prefix is honest with streamMode ${modes.join(", ")}`, () => {
          expect(dishonesty(produced.get(modes.join("+")) ?? [], modes)).toEqual([]);
        });
    });
});
