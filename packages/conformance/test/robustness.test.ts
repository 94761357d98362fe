// Properties over the whole suite: no case passes on an empty projection (no vacuous case), and redelivery
// of any events of a case (reconnect replay, ORD-02) leaves its projected facts unchanged.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adaptInput, CASES, type CaseContext, createFixtureLoader, projectCase } from "../src/index";

const fixtures = createFixtureLoader();
const inputs = CASES.map((c) => ({
  id: c.id,
  input: typeof c.input === "function" ? c.input(fixtures) : c.input,
}));

/** The facts of a state: everything but the cursor and the diagnostics (a redelivery may be reported). */
function facts(state: ProjectionState): Omit<ProjectionState, "cursor" | "diagnostics"> {
  const { cursor: _cursor, diagnostics: _diagnostics, ...rest } = state;
  return rest;
}

describe("suite robustness", () => {
  it("no case passes on an empty projection", () => {
    const empty = projectCase([]);
    const ctx: CaseContext = {
      events: [],
      adapterDiagnostics: [],
      stateAt: () => empty,
      stateAfter: () => empty,
      project: () => empty,
    };
    const vacuous = CASES.filter((c) => {
      try {
        return c.check(empty, ctx).length === 0;
      } catch {
        return false;
      }
    }).map((c) => c.id);
    expect(vacuous).toEqual([]);
  });

  it("ORD-02 redelivering any of a case's events at the end changes no projected fact", () => {
    const streams = inputs
      .map(({ id, input }) => ({ id, hydrate: input.hydrate, events: adaptInput(input).events }))
      .filter((s) => s.events.length > 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: streams.length - 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        (which, picks) => {
          const { events, hydrate } = streams[which];
          const replay: AgentUiEvent[] = picks.map((p) => events[p % events.length]);
          expect(facts(projectCase([...events, ...replay], hydrate))).toEqual(
            facts(projectCase(events, hydrate)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
