// `prepareSteps()` builds, a bounded number of rows per step, the views the next `getState()` would build
// after a large hydration, so that read only takes them. Its state is the state an unprepared projector
// hands out, also after later facts change prepared rows.
import type { AgentUiEvent, ProjectionState, ToolRecord } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { type Projector, createProjector, projectEvents } from "../src";

function tools(count: number): Record<string, ToolRecord> {
  const out: Record<string, ToolRecord> = {};
  for (let i = 0; i < count; i++)
    out[`c${i}`] = {
      toolCallId: `c${i}`,
      name: "read",
      status: "output-available",
      attempts: [],
    } as unknown as ToolRecord;
  return out;
}

function hydrated(count: number): Projector {
  const projector = createProjector();
  const empty = projectEvents([]);
  projector.hydrate({ kind: "projection", state: { ...empty, tools: tools(count) } as ProjectionState });
  return projector;
}

const steps = (projector: Projector): number => {
  let taken = 0;
  for (const _ of projector.prepareSteps()) taken++;
  return taken;
};

describe("views prepared in steps after a hydration", () => {
  it.each([
    [1, 1],
    [64, 1],
    [65, 2],
    [130, 3],
  ])("HYD-09 %i hydrated rows are prepared in %i steps of at most 64, once", (count, expected) => {
    const projector = hydrated(count);
    expect(steps(projector)).toBe(expected);
    expect(steps(projector)).toBe(0);
    const state = projector.getState();
    expect(Object.keys(state.tools)).toHaveLength(count);
    expect(state).toEqual(hydrated(count).getState());
  });

  it("HYD-09 a prepared row changed before the next read shows its change", () => {
    const later: AgentUiEvent[] = [
      { eventId: "e1", type: "tool.started", toolCallId: "c3", payload: { name: "read again" } },
      { eventId: "e2", type: "tool.started", toolCallId: "c70", payload: { name: "write" } },
    ];
    const prepared = hydrated(70);
    expect(steps(prepared)).toBe(2);
    prepared.applyAll(later);
    const plain = hydrated(70);
    plain.applyAll(later);
    const state = prepared.getState();
    expect(state.tools.c3).toMatchObject({ name: "read again", status: "running" });
    expect(state.tools.c70).toMatchObject({ name: "write", status: "running" });
    expect(state).toEqual(plain.getState());
  });

  it("HYD-09 a second hydration before any read is prepared again, and shows its own rows", () => {
    const projector = hydrated(70);
    expect(steps(projector)).toBe(2);
    const empty = projectEvents([]);
    const renamed = tools(130);
    for (const tool of Object.values(renamed)) tool.name = "renamed";
    projector.hydrate({ kind: "projection", state: { ...empty, tools: renamed } as ProjectionState });
    expect(steps(projector)).toBe(3);
    const state = projector.getState();
    expect(Object.values(state.tools).map((tool) => tool.name)).toEqual(Array(130).fill("renamed"));
  });

  it("HYD-09 a read between two steps takes what was prepared; the rest of the steps find nothing left", () => {
    const projector = hydrated(130);
    const iterator = projector.prepareSteps();
    iterator.next();
    const state = projector.getState();
    expect(Object.keys(state.tools)).toHaveLength(130);
    expect(state).toEqual(hydrated(130).getState());
    let rest = 0;
    while (iterator.next().done !== true) rest++;
    expect(rest).toBe(0);
    expect(projector.getState()).toBe(state);
  });
});
