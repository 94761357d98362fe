// A stored projection hydrates in bounded steps (a server yields its event loop between them) into the
// same projector `hydrate()` makes in one call: the same state, secrets redacted the same way, and the
// same projection of the events that follow. `prepareSteps()` builds the views the first `getState()`
// would build, so that read only takes them.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { toEnvelopeEvents } from "../../../bench/src/encode/envelope";
import { generateSession } from "../../../bench/src/generator";
import { createProjector, type HydrationInput, projectEvents } from "../src";

const events = toEnvelopeEvents(generateSession({ seed: 3, events: 12000 })) as AgentUiEvent[];
const head = events.slice(0, 11000);
const tail = events.slice(11000);

function stored(): ProjectionState {
  const state = JSON.parse(JSON.stringify(projectEvents(head))) as ProjectionState;
  // A secret in a row of a large table and in a small slice: both must be redacted.
  const [toolId] = Object.keys(state.tools);
  (state.tools[toolId] as unknown as Record<string, unknown>).apiKey = "sk-live-1234567890abcdef1234567890";
  (state.runtime as unknown as Record<string, unknown>).password = "hunter2-hunter2";
  return state;
}

describe("hydration in steps", () => {
  it("HYD-09 a stored projection hydrated step by step is the projector hydrate() makes", () => {
    const input: HydrationInput = { kind: "projection", state: stored() };
    const whole = createProjector();
    whole.hydrate(structuredClone(input));
    const stepped = createProjector();
    let steps = 0;
    for (const _ of stepped.hydrateSteps(structuredClone(input))) steps++;
    let prepared = 0;
    for (const _ of stepped.prepareSteps()) prepared++;
    // Bounded steps: several for a few hundred rows.
    expect(steps).toBeGreaterThan(4);
    expect(prepared).toBeGreaterThan(4);
    const state = stepped.getState();
    expect(state).toEqual(whole.getState());
    expect(JSON.stringify(state)).not.toContain("sk-live-1234567890abcdef");
    expect(JSON.stringify(state)).not.toContain("hunter2-hunter2");
    for (const event of tail) {
      whole.apply(event);
      stepped.apply(event);
    }
    expect(stepped.getState()).toEqual(whole.getState());
  });

  it("HYD-03 a stale or foreign snapshot is refused step by step as in one call", () => {
    const state = stored();
    const foreign: HydrationInput = {
      kind: "projection",
      state: { ...state, session: { ...state.session, sessionId: "another" } },
    };
    const whole = createProjector({ sessionId: state.session.sessionId });
    whole.hydrate(structuredClone(foreign));
    const stepped = createProjector({ sessionId: state.session.sessionId });
    for (const _ of stepped.hydrateSteps(structuredClone(foreign)));
    expect(stepped.getState()).toEqual(whole.getState());
    expect(stepped.getState().diagnostics.map((d) => d.code)).toContain("stale_hydration_ignored");
  });

  it("HYD-09 a handed-over input hydrates the same; one not handed over stays the caller's", () => {
    const input: HydrationInput = { kind: "projection", state: stored() };
    const whole = createProjector();
    whole.hydrate(structuredClone(input));
    const handedOver = createProjector();
    for (const _ of handedOver.hydrateSteps(structuredClone(input), { handOver: true }));
    expect(handedOver.getState()).toEqual(whole.getState());
    // Without handOver the projector copies: the caller's later changes to its input do not reach it.
    const kept = createProjector();
    const mine = structuredClone(input) as { kind: "projection"; state: ProjectionState };
    for (const _ of kept.hydrateSteps(mine));
    const [toolId] = Object.keys(mine.state.tools);
    (mine.state.tools[toolId] as unknown as Record<string, unknown>).status = "changed by the caller";
    mine.state.timeline[0].id = "changed by the caller";
    expect(kept.getState()).toEqual(whole.getState());
  });
});
