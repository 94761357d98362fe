// The tables and lists of a snapshot built from the previous snapshot's (a list patched with the changed
// and appended views) or through the store's views map must be the same data, whatever happened between
// two reads: changes, additions, deletions (a queued turn leaving the queue drops its task capsule) and
// pages of older rows merged before the held ones (HYD-05). Each snapshot, read late, is compared with a
// projector that saw the same inputs and was read only once.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Projector, createProjector } from "../src";
import { stream } from "./helpers";

type Op =
  | { kind: "tool"; id: number; phase: "started" | "progress" | "result" }
  | { kind: "text"; message: number; delta: string }
  | { kind: "queue"; items: number[] }
  | { kind: "older"; ids: number[] }
  | { kind: "read"; now: boolean };

/** Past the eager-build threshold: every table and list here is deferred and may be patched. */
const HISTORY = 140;

function inputs(ops: readonly Op[]): ((projector: Projector) => void)[] {
  const e = stream({ turnId: "t1" });
  const event = (type: string, fields: Partial<AgentUiEvent>) => {
    const built = e(type, fields);
    return (projector: Projector) => projector.apply(built);
  };
  const out: ((projector: Projector) => void)[] = [];
  for (let i = 0; i < HISTORY; i++) {
    out.push(event("tool.started", { toolCallId: `c${i}`, payload: { name: "read" } }));
    out.push(event("text.delta", { messageId: `m${i}`, payload: { delta: `answer ${i}` } }));
  }
  out.push(event("queue.changed", { payload: { items: queued([...Array(HISTORY).keys()]) } }));
  for (const op of ops) {
    if (op.kind === "tool")
      out.push(
        event(`tool.${op.phase}`, {
          toolCallId: `c${op.id}`,
          payload: op.phase === "started" ? { name: "read" } : { output: "o", message: "50%" },
        }),
      );
    else if (op.kind === "text")
      out.push(event("text.delta", { messageId: `m${op.message}`, payload: { delta: op.delta } }));
    else if (op.kind === "queue") out.push(event("queue.changed", { payload: { items: queued(op.items) } }));
    else if (op.kind === "older") {
      const rows = Object.fromEntries(
        op.ids.map((id) => [`old${id}`, { toolCallId: `old${id}`, name: "read", status: "succeeded" }]),
      );
      out.push((projector) => projector.mergeRecords("tools", rows));
    } else out.push(() => {});
  }
  return out;
}

function queued(ids: readonly number[]): { id: string; position: number }[] {
  return [...new Set(ids)].map((id, position) => ({ id: `q${id}`, position: position + 1 }));
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("tool" as const),
      id: fc.nat({ max: HISTORY + 20 }),
      phase: fc.constantFrom("started" as const, "progress" as const, "result" as const),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("text" as const),
      message: fc.nat({ max: HISTORY + 5 }),
      delta: fc.string({ maxLength: 3 }),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant("queue" as const), items: fc.array(fc.nat({ max: HISTORY + 10 })) }),
  fc.record({ kind: fc.constant("older" as const), ids: fc.array(fc.nat({ max: 30 }), { maxLength: 4 }) }),
  { arbitrary: fc.record({ kind: fc.constant("read" as const), now: fc.boolean() }), weight: 3 },
);

function fresh(steps: readonly ((projector: Projector) => void)[]): string {
  const projector = createProjector();
  for (const step of steps) step(projector);
  return JSON.stringify(projector.getState());
}

describe("snapshots of tables and lists built from the previous snapshot's", () => {
  it("ORD-02 HYD-05 perf §2.2 every snapshot, read late, equals a projector read once at its point", () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const steps = inputs(ops);
        const first = steps.length - ops.length;
        const projector = createProjector();
        const snapshots: { at: number; state: ProjectionState }[] = [];
        for (let i = 0; i < steps.length; i++) {
          steps[i](projector);
          const op = ops[i - first];
          if (op?.kind !== "read") continue;
          const state = projector.getState();
          // Read now (the next snapshot may then be patched from this one) or only at the end.
          if (op.now) JSON.stringify(state);
          snapshots.push({ at: i + 1, state });
        }
        for (const { at, state } of snapshots.reverse())
          expect(JSON.stringify(state)).toBe(fresh(steps.slice(0, at)));
      }),
      { numRuns: 30 },
    );
  });

  it("perf §2.2 a change to one entity of a large table read every step: every other entity keeps its object, and the older snapshot its data", () => {
    const changed = [3, 7, HISTORY + 1];
    const steps = inputs(changed.map((id) => ({ kind: "tool", id, phase: "progress" })));
    const projector = createProjector();
    for (const step of steps.slice(0, -changed.length)) step(projector);
    let before = projector.getState();
    const tasks = before.tasks;
    let json = JSON.stringify(before);
    for (const [index, id] of changed.entries()) {
      steps[steps.length - changed.length + index](projector);
      const after = projector.getState();
      expect(Object.keys(after.tools)).toHaveLength(HISTORY + (id >= HISTORY ? 1 : 0));
      for (const [key, tool] of Object.entries(before.tools))
        if (key !== `c${id}`) expect(after.tools[key]).toBe(tool);
      expect(after.tasks).toBe(tasks);
      expect(after.tools[`c${id}`]).not.toBe(before.tools[`c${id}`]);
      expect(JSON.stringify(before)).toBe(json);
      before = after;
      json = JSON.stringify(after);
    }
  });
});
