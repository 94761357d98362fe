// `projector.select*(id)`: one entity of the current snapshot, the same object `getState()` exposes for it,
// read without building its table (perf-and-ops §2.2: a surface showing one card pays O(1), not O(table)).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Projector, createProjector } from "../src";
import { stream } from "./helpers";

/** One fact about entity `id` of one family (every family with an entity table). */
type Step = { family: number; id: number; turn: number };

function toEvent(e: ReturnType<typeof stream>, { family, id, turn }: Step): AgentUiEvent {
  const turnId = `t${turn}`;
  switch (family) {
    case 0:
      return e("tool.started", { turnId, toolCallId: `c${id}`, payload: { name: `tool${id}` } });
    case 1:
      return e("tool.result", { turnId, toolCallId: `c${id}`, payload: { output: `out${id}` } });
    case 2:
      return e("text.delta", { turnId, messageId: `m${id}`, payload: { delta: `w${id} ` } });
    case 3:
      return e("action.required", { turnId, actionId: `a${id}`, payload: { actionType: "clarification" } });
    case 4:
      return e("task.changed", { turnId, taskId: `k${id}`, payload: { status: "running" } });
    case 5:
      return e("agent.changed", { turnId, agentId: `g${id}`, payload: { status: "running" } });
    case 6:
      return e("artifact.changed", { turnId, artifactId: `r${id}`, artifactVersionId: `v${turn}` });
    default:
      return e("evidence.changed", { turnId, evidenceId: `ev${id}`, payload: { status: "exported" } });
  }
}

/** Every entity of a snapshot, each paired with what the projector's single-entity read returns. */
function pairs(p: Projector, state: ProjectionState): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  for (const message of state.messages)
    out.push([`message ${message.id}`, message, p.selectMessage(message.id)]);
  const tables = [
    ["tools", p.selectTool],
    ["actions", p.selectAction],
    ["tasks", p.selectTask],
    ["agents", p.selectAgent],
    ["artifacts", p.selectArtifact],
    ["evidence", p.selectEvidenceRecord],
  ] as const;
  for (const [key, select] of tables)
    for (const [id, entity] of Object.entries(state[key])) out.push([`${key} ${id}`, entity, select(id)]);
  for (const entry of state.timeline)
    out.push([`timeline ${entry.id}`, entry, p.selectTimelineEntry(entry.id)]);
  return out;
}

const stepArb = fc.record({
  family: fc.integer({ min: 0, max: 7 }),
  id: fc.integer({ min: 0, max: 5 }),
  turn: fc.integer({ min: 1, max: 2 }),
});

/** A history of `size` tools (well past the size up to which a changed table is built eagerly). */
function manyTools(size: number): { p: Projector; e: ReturnType<typeof stream> } {
  const e = stream({ turnId: "t1" });
  const p = createProjector();
  const events: AgentUiEvent[] = [];
  for (let i = 0; i < size; i++)
    events.push(e("tool.started", { toolCallId: `c${i}`, payload: { name: "read" } }));
  p.applyAll(events);
  return { p, e };
}

const isDeferred = (state: ProjectionState, key: keyof ProjectionState): boolean =>
  typeof Object.getOwnPropertyDescriptor(state, key)?.get === "function";

describe("single-entity reads (projector.select*)", () => {
  it("ARCH-04 every entity read is the very object getState() exposes, at any point of any stream", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.nat(), (steps, cut) => {
        const e = stream();
        const p = createProjector();
        const events = steps.map((step) => toEvent(e, step));
        const at = cut % (events.length + 1);
        p.applyAll(events.slice(0, at));
        // Read before getState(): the read itself brings the snapshot up to date.
        const early = p.selectTool("c0");
        const mid = p.getState();
        expect(early).toBe(mid.tools.c0);
        for (const [what, entity, read] of pairs(p, mid)) expect(read, what).toBe(entity);
        p.applyAll(events.slice(at));
        const end = p.getState();
        for (const [what, entity, read] of pairs(p, end)) expect(read, what).toBe(entity);
      }),
      { numRuns: 120 },
    );
  });

  it("ARCH-04 an id the snapshot does not hold reads undefined, for every table", () => {
    const { p } = manyTools(3);
    expect(p.selectTool("nope")).toBeUndefined();
    expect(p.selectMessage("nope")).toBeUndefined();
    expect(p.selectAction("nope")).toBeUndefined();
    expect(p.selectTask("nope")).toBeUndefined();
    expect(p.selectAgent("nope")).toBeUndefined();
    expect(p.selectArtifact("nope")).toBeUndefined();
    expect(p.selectEvidenceRecord("nope")).toBeUndefined();
    expect(p.selectTimelineEntry("nope")).toBeUndefined();
  });

  it("perf §2.2 an entity's identity survives events about other entities and changes with its own", () => {
    const { p, e } = manyTools(3);
    const c1 = p.selectTool("c1");
    p.apply(e("tool.progress", { toolCallId: "c2", payload: { message: "50%" } }));
    expect(p.selectTool("c1")).toBe(c1);
    p.apply(e("tool.result", { toolCallId: "c1", payload: { output: "done" } }));
    const after = p.selectTool("c1");
    expect(after).not.toBe(c1);
    expect(after).toMatchObject({ status: "output-available", outputPreview: "done" });
    // The earlier read is an immutable view: it still shows the tool before its result.
    expect(c1?.status).not.toBe("output-available");
    expect(c1?.outputPreview).toBeUndefined();
    expect(p.getState().tools.c1).toBe(after);
  });

  it("perf §2.2 reading one entity of a large changed table does not build the table", () => {
    const { p, e } = manyTools(300);
    const state = p.getState();
    expect(isDeferred(state, "tools")).toBe(true);
    const tool = p.selectTool("c150");
    expect(tool).toMatchObject({ toolCallId: "c150", name: "read" });
    expect(p.selectTimelineEntry("tool:c150")).toBeDefined();
    expect(p.selectMessage(state.messages[0]?.id ?? "none")).toBeDefined();
    // Still an accessor: nothing built the 300-entry record, and no new snapshot was made.
    expect(p.getState()).toBe(state);
    expect(isDeferred(state, "tools")).toBe(true);
    expect(isDeferred(state, "timeline")).toBe(true);
    // A read after the next event: the new snapshot's tools are not built either.
    p.apply(e("tool.result", { toolCallId: "c150", payload: { output: "ok" } }));
    const read = p.selectTool("c150");
    const next = p.getState();
    expect(isDeferred(next, "tools")).toBe(true);
    // Building it later shows the same objects the reads returned.
    expect(next.tools.c150).toBe(read);
    expect(state.tools.c150).toBe(tool);
  });

  it("ENV-07 a message is read by its runtime id once the runtime confirmed an optimistic one", () => {
    const p = createProjector();
    p.apply({ type: "run.started", payload: { input: "hi", clientMessageId: "client-1" } });
    expect(p.selectMessage("client-1")).toMatchObject({ id: "client-1", optimistic: true });
    p.apply({
      type: "run.started",
      turnId: "t1",
      runId: "r1",
      payload: { input: "hi", clientMessageId: "client-1", userMessageId: "u1" },
    });
    expect(p.selectMessage("client-1")).toBeUndefined();
    const confirmed = p.selectMessage("u1");
    expect(confirmed).toMatchObject({ id: "u1" });
    expect(confirmed?.optimistic).toBeFalsy();
    expect(p.getState().messages.find((m) => m.id === "u1")).toBe(confirmed);
  });

  it("perf §2.2 a single-entity read between two snapshots leaves each table of the next snapshot whole", () => {
    const e = stream({ turnId: "t1" });
    const steps: Step[] = [0, 3, 4, 5, 6, 7].map((family) => ({ family, id: 1, turn: 1 }));
    const p = createProjector();
    for (const step of steps) p.apply(toEvent(e, step));
    p.getState();
    for (const step of steps) p.apply(toEvent(e, { ...step, id: 2 }));
    const reads = [
      p.selectTool("c2"),
      p.selectAction("a2"),
      p.selectTask("k2"),
      p.selectAgent("g2"),
      p.selectArtifact("r2"),
      p.selectEvidenceRecord("ev2"),
    ];
    expect(reads.every((entity) => entity !== undefined)).toBe(true);
    const state = p.getState();
    for (const key of ["tools", "actions", "tasks", "agents", "artifacts", "evidence"] as const)
      expect(Object.keys(state[key]), key).toHaveLength(2);
  });
});
