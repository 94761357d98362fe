// Complexity facts of getState(), asserted without timing (spec/perf-and-ops.md §2.2: keep
// per-delta work O(1)): what a read re-creates does not grow with history, untouched slices keep identity,
// lazily built slices still show the state as of their getState() however late they are read, and
// snapshots stay plain, storable data (ARCH-04: state is recreatable from snapshots).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type Step =
  | { kind: "tool"; id: number; phase: "started" | "progress" | "result" }
  | { kind: "text"; message: number; delta: string }
  | { kind: "unknown" };

function toEvents(steps: readonly Step[]): AgentUiEvent[] {
  const e = stream({ turnId: "t1" });
  return steps.map((step) => {
    if (step.kind === "tool")
      return e(`tool.${step.phase}`, {
        toolCallId: `c${step.id}`,
        payload: step.phase === "started" ? { name: "read" } : { output: "o", message: "50%" },
      });
    if (step.kind === "text")
      return e("text.delta", { messageId: `m${step.message}`, payload: { delta: step.delta } });
    return e("vendor.unknown_thing", { payload: {} });
  });
}

/** A history with `size` tools, messages and diagnostics (well past the eager-build threshold). */
function history(size: number): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < size; i++) {
    steps.push({ kind: "tool", id: i, phase: "started" });
    steps.push({ kind: "text", message: i, delta: `answer ${i}` });
    steps.push({ kind: "tool", id: i, phase: "result" });
    steps.push({ kind: "unknown" });
  }
  return steps;
}

/** Every object reachable from a snapshot (reading every slice, as a renderer of all surfaces would). */
function reachable(value: unknown, into = new Set<object>()): Set<object> {
  if (value === null || typeof value !== "object" || into.has(value)) return into;
  into.add(value);
  for (const child of Object.values(value)) reachable(child, into);
  return into;
}

/** How many objects of `after` did not exist in `before`. */
function recreated(before: ProjectionState, after: ProjectionState): number {
  const old = reachable(before);
  let fresh = 0;
  for (const object of reachable(after)) if (!old.has(object)) fresh++;
  return fresh;
}

function afterOneDelta(size: number): { before: ProjectionState; after: ProjectionState } {
  const events = toEvents([...history(size), { kind: "text", message: 0, delta: "more" }]);
  const projector = createProjector();
  projector.applyAll(events.slice(0, -1));
  const before = projector.getState();
  reachable(before);
  projector.apply(events[events.length - 1]);
  return { before, after: projector.getState() };
}

describe("getState() cost does not depend on history length", () => {
  it("perf §2.2 (O(1) per delta) one text delta re-creates the same number of objects after 50 or 600 entities", () => {
    const small = afterOneDelta(50);
    const large = afterOneDelta(600);
    const counted = recreated(small.before, small.after);
    expect(recreated(large.before, large.after)).toBe(counted);
    // The state, its cursor (and the cursor's streams, gaps, staleSections), the messages array, the
    // message, its parts array, its text part and source refs: a handful, whatever the history.
    expect(counted).toBeLessThanOrEqual(12);
  });

  it("perf §2.2 (O(1) per delta) a text delta leaves large untouched tables, lists and their entities identical (===)", () => {
    const { before, after } = afterOneDelta(600);
    expect(after.tools).toBe(before.tools);
    expect(after.timeline).toBe(before.timeline);
    expect(after.diagnostics).toBe(before.diagnostics);
    expect(after.messages).not.toBe(before.messages);
    const changed = after.messages.findIndex((message) => message.id === "m0");
    expect(after.messages[changed]).not.toBe(before.messages[changed]);
    after.messages.forEach((message, i) => {
      if (i !== changed) expect(message).toBe(before.messages[i]);
    });
  });

  it("perf §2.2 (O(1) per delta) a large changed slice is built when first read, then is a plain data property", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(300)));
    const state = projector.getState();
    const deferred = Object.getOwnPropertyDescriptor(state, "tools");
    expect(deferred?.get).toBeTypeOf("function");
    expect(deferred?.enumerable).toBe(true);
    const tools = state.tools;
    expect(Object.keys(tools)).toHaveLength(300);
    expect(Object.getOwnPropertyDescriptor(state, "tools")).toMatchObject({ value: tools, enumerable: true });
    expect(state.tools).toBe(tools);
  });

  it("perf §2.2 a changed slice of up to 128 entries, or one already built, is a plain data property at once", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(128)));
    const small = projector.getState();
    for (const key of ["tools", "diagnostics"] as const) {
      const own = Object.getOwnPropertyDescriptor(small, key);
      expect(own?.get, key).toBeUndefined();
      expect(Object.keys(own?.value ?? {}), key).toHaveLength(128);
    }
    projector.applyAll(toEvents(history(130)).slice(4 * 128));
    const large = projector.getState();
    expect(Object.getOwnPropertyDescriptor(large, "tools")?.get).toBeTypeOf("function");
    const tools = large.tools;
    expect(Object.keys(tools)).toHaveLength(130);
    // Built already and unchanged since: the next snapshot holds it as data.
    projector.apply(toEvents([{ kind: "unknown" }])[0]);
    expect(Object.getOwnPropertyDescriptor(projector.getState(), "tools")).toMatchObject({ value: tools });
  });

  it("ARCH-04 snapshots are plain data: JSON, structuredClone and spreading see every slice", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(200)));
    const json = JSON.stringify(projector.getState());
    projector.apply(toEvents([{ kind: "unknown" }])[0]);
    const fresh = createProjector();
    fresh.applyAll(toEvents(history(200)));
    expect(JSON.stringify(structuredClone(fresh.getState()))).toBe(json);
    expect(JSON.stringify({ ...fresh.getState() })).toBe(json);
    expect(Object.keys(fresh.getState())).toEqual(Object.keys(JSON.parse(json)));
  });

  it("ARCH-04 a frozen snapshot still reads its deferred slices, always the same value", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(300)));
    const state = Object.freeze(projector.getState());
    projector.applyAll(toEvents([{ kind: "tool", id: 1, phase: "progress" }]));
    expect(state.tools).toBe(state.tools);
    expect(Object.keys(state.tools)).toHaveLength(300);
  });

  it("ARCH-04 a deferred slice read through an object inheriting from the snapshot is the snapshot's", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(300)));
    const state = projector.getState();
    const derived = Object.create(state) as ProjectionState;
    const tools = derived.tools;
    expect(Object.keys(tools)).toHaveLength(300);
    expect(Object.hasOwn(derived, "tools")).toBe(false);
    expect(state.tools).toBe(tools);
    expect(derived.tools).toBe(tools);
  });

  it("ARCH-04 each deferred slice of each snapshot reads its own data, whichever is read first", () => {
    const steps = history(300);
    const later: Step[] = [
      { kind: "tool", id: 300, phase: "started" },
      { kind: "text", message: 300, delta: "newest" },
      { kind: "unknown" },
    ];
    const projector = createProjector();
    projector.applyAll(toEvents(steps));
    const older = projector.getState();
    projector.applyAll(toEvents([...steps, ...later]).slice(steps.length));
    const newer = projector.getState();
    const slices = ["tools", "messages", "timeline", "diagnostics"] as const;
    for (const state of [older, newer])
      for (const key of slices)
        expect(Object.getOwnPropertyDescriptor(state, key)?.get, key).toBeTypeOf("function");
    const expected = (size: number) => projectEvents(toEvents([...steps, ...later]).slice(0, size));
    const [whole, prefix] = [expected(steps.length + later.length), expected(steps.length)];
    // Newer first, slices in reverse order, then the older snapshot's.
    for (const key of [...slices].reverse())
      expect(JSON.stringify(newer[key]), key).toBe(JSON.stringify(whole[key]));
    for (const key of slices) expect(JSON.stringify(older[key]), key).toBe(JSON.stringify(prefix[key]));
    expect(Object.keys(newer.tools)).toHaveLength(301);
    expect(Object.keys(older.tools)).toHaveLength(300);
  });

  it("ARCH-04 a copy of a snapshot's descriptors read first leaves the snapshot its deferred slices", () => {
    const projector = createProjector();
    projector.applyAll(toEvents(history(300)));
    const state = projector.getState();
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(state)) as ProjectionState;
    const tools = copy.tools;
    expect(Object.keys(tools)).toHaveLength(300);
    expect(copy.tools).toBe(tools);
    expect(state.tools).toBe(tools);
    expect(state.messages.length).toBeGreaterThan(300);
    expect(copy.messages).toBe(state.messages);
  });
});

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("tool" as const),
    id: fc.nat({ max: 24 }),
    phase: fc.constantFrom("started" as const, "progress" as const, "result" as const),
  }),
  fc.record({
    kind: fc.constant("text" as const),
    message: fc.nat({ max: 24 }),
    delta: fc.string({ maxLength: 3 }),
  }),
  fc.constant({ kind: "unknown" as const }),
);

describe("lazy slices are snapshots", () => {
  it("ORD-02 / perf §2.2 a snapshot read after later events equals a fresh projection of its prefix", () => {
    fc.assert(
      fc.property(
        // A large prefix so that tables pass the eager threshold, then random steps and read points.
        fc.array(stepArb, { minLength: 1, maxLength: 150 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.func(fc.integer()),
        fc.func(fc.boolean()),
        (tail, points, order, readNow) => {
          const events = toEvents([...history(140), ...tail]);
          const cuts = [...new Set(points.map((point) => 560 + (point % (tail.length + 1))))].sort(
            (a, b) => a - b,
          );
          const projector = createProjector();
          const snapshots: { cut: number; state: ProjectionState }[] = [];
          let applied = 0;
          for (const cut of cuts) {
            projector.applyAll(events.slice(applied, cut));
            applied = cut;
            const state = projector.getState();
            // Read now (the next list is then patched from this one) or only at the end.
            if (readNow(cut)) JSON.stringify(state);
            snapshots.push({ cut, state });
          }
          projector.applyAll(events.slice(applied));
          projector.getState();
          // Read the snapshots late and in an arbitrary order.
          const reading = [...snapshots].sort((a, b) => order(a.cut) - order(b.cut));
          for (const { cut, state } of reading)
            expect(JSON.stringify(state)).toBe(JSON.stringify(projectEvents(events.slice(0, cut))));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("one-shot projections", () => {
  it("ARCH-04 projectEvents returns plain data properties only (no deferred accessors)", () => {
    const state = projectEvents(toEvents(history(300)));
    for (const key of Object.keys(state))
      expect(Object.getOwnPropertyDescriptor(state, key)?.get, key).toBeUndefined();
    expect(Object.keys(state.tools)).toHaveLength(300);
  });
});
