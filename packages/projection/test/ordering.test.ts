import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { codes, stream } from "./helpers";

/** A random but well-formed scenario of one stream: text, reasoning, tools, actions, tasks, queue. */
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("text"),
    msg: fc.constantFrom("m1", "m2"),
    delta: fc.string({ maxLength: 5 }),
  }),
  fc.record({
    kind: fc.constant("final"),
    msg: fc.constantFrom("m1", "m2"),
    text: fc.string({ maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant("reasoning"), delta: fc.string({ maxLength: 5 }) }),
  fc.record({
    kind: fc.constant("tool"),
    id: fc.constantFrom("c1", "c2", "c3"),
    phase: fc.constantFrom("started", "progress", "result", "failed"),
  }),
  fc.record({ kind: fc.constant("action"), id: fc.constantFrom("a1", "a2"), resolve: fc.boolean() }),
  fc.record({
    kind: fc.constant("task"),
    id: fc.constantFrom("k1", "k2"),
    status: fc.constantFrom("running", "failed", "retrying", "completed", "blocked"),
  }),
  fc.record({ kind: fc.constant("queue"), n: fc.nat({ max: 3 }) }),
  fc.record({
    kind: fc.constant("status"),
    status: fc.constantFrom("routing", "streaming", "retrying", "waiting"),
  }),
);

type Step = { kind: string; [key: string]: unknown };

function toEvents(steps: Step[]): AgentUiEvent[] {
  const e = stream({ turnId: "t1" });
  return steps.map((step) => {
    switch (step.kind) {
      case "text":
        return e("text.delta", { messageId: step.msg as string, payload: { delta: step.delta } });
      case "final":
        return e("text.final", { messageId: step.msg as string, payload: { text: step.text } });
      case "reasoning":
        return e("reasoning.delta", { payload: { delta: step.delta } });
      case "tool":
        return e(`tool.${step.phase}`, {
          toolCallId: step.id as string,
          payload:
            step.phase === "started"
              ? { name: "t" }
              : { output: "o", error: step.phase === "failed" ? "x" : undefined },
        });
      case "action":
        return step.resolve
          ? e("action.resolved", {
              actionId: step.id as string,
              payload: { outcome: "resolved", decision: "approve" },
            })
          : e("action.required", { actionId: step.id as string, payload: { actionType: "tool_approval" } });
      case "task":
        return e("task.changed", { taskId: step.id as string, payload: { status: step.status } });
      case "queue":
        return e("queue.changed", {
          payload: { items: Array.from({ length: step.n as number }, (_, i) => ({ id: `q${i}` })) },
        });
      default:
        return e("run.status", { payload: { status: step.status } });
    }
  });
}

const scenarioArb = fc.array(stepArb, { minLength: 1, maxLength: 30 }).map(toEvents);

function snapshot(events: Iterable<AgentUiEvent>, options: Parameters<typeof projectEvents>[1] = {}): string {
  return JSON.stringify(projectEvents(events, options));
}

describe("ordering, duplicates and garbage (properties)", () => {
  it("ORD-01 any permutation of a stream with sequences intact gives the in-order state (known stream start)", () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((events) =>
          fc.tuple(
            fc.constant(events),
            fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
          ),
        ),
        ([events, shuffled]) => {
          expect(snapshot(shuffled, { expectStreamStart: 1 })).toBe(
            snapshot(events, { expectStreamStart: 1 }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("ORD-01 with a baseline from the first event, any permutation of the rest gives the in-order state", () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((events) =>
          fc.tuple(
            fc.constant(events),
            fc.shuffledSubarray(events.slice(1), {
              minLength: events.length - 1,
              maxLength: events.length - 1,
            }),
          ),
        ),
        ([events, rest]) => {
          expect(snapshot([events[0], ...rest])).toBe(snapshot(events));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("ORD-02 duplicates never change state (redelivered anywhere after the original)", () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((events) =>
          fc.tuple(fc.constant(events), fc.array(fc.nat({ max: events.length - 1 }), { maxLength: 10 })),
        ),
        ([events, picks]) => {
          const withDuplicates = [...events];
          for (const index of picks) withDuplicates.push(events[index]);
          expect(snapshot(withDuplicates)).toBe(snapshot(events));
          const p = createProjector();
          p.applyAll(events);
          const before = p.getState();
          const version = p.version;
          p.applyAll(events);
          expect(p.getState()).toBe(before);
          expect(p.version).toBe(version);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("garbage never throws and never enters state silently", () => {
    const garbage = fc.oneof(
      fc.anything(),
      fc.record(
        { type: fc.anything(), sequence: fc.anything(), payload: fc.anything(), toolCallId: fc.anything() },
        { requiredKeys: [] },
      ),
      fc.record({
        type: fc.constantFrom(
          "text.delta",
          "tool.result",
          "action.required",
          "state.delta",
          "task.changed",
          "state.snapshot",
          "agent.spawned",
          "artifact.created",
        ),
        payload: fc.anything(),
        eventId: fc.string(),
        turnId: fc.oneof(fc.string(), fc.integer()),
        toolCallId: fc.string(),
        actionId: fc.string(),
        taskId: fc.string(),
        agentId: fc.string(),
        artifactId: fc.string(),
      }),
    );
    fc.assert(
      fc.property(fc.array(garbage, { maxLength: 30 }), (items) => {
        const p = createProjector();
        expect(() => {
          for (const item of items) p.apply(item as AgentUiEvent);
          JSON.stringify(p.getState());
        }).not.toThrow();
        const nonObjects = items.filter(
          (item) => item === null || typeof item !== "object" || Array.isArray(item),
        ).length;
        expect(p.getState().diagnostics.length).toBeGreaterThanOrEqual(nonObjects);
      }),
      { numRuns: 300 },
    );
  });
});

describe("ordering gate", () => {
  it("ORD-01/05 an event ahead of a gap is held, the gap is visible, and it applies once the gap fills", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [a, b, c, d] = [
      e("text.delta", { payload: { delta: "1" } }),
      e("text.delta", { payload: { delta: "2" } }),
      e("text.delta", { payload: { delta: "3" } }),
      e("text.delta", { payload: { delta: "4" } }),
    ];
    const p = createProjector();
    p.applyAll([a, c, d]);
    let state = p.getState();
    expect(state.messages[0].parts[0].text).toBe("1");
    expect(state.cursor).toMatchObject({
      gaps: [{ streamId: "s1", from: 2, to: 2 }],
      stale: true,
      staleSections: ["stream:s1"],
    });
    expect(state.session.hydration.status).toBe("stale");
    p.apply(b);
    state = p.getState();
    expect(state.messages[0].parts[0].text).toBe("1234");
    expect(state.cursor).toMatchObject({
      gaps: [],
      stale: false,
      staleSections: [],
      lastSequence: 4,
      eventCount: 4,
    });
    expect(state.session.hydration.status).toBe("live");
  });

  it("HYD-10 a repair snapshot releases held events in order and clears the stale marks", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "lost" } }),
      e("text.delta", { payload: { delta: "c" } }),
    ];
    const p = createProjector();
    p.applyAll([events[0], events[2]]);
    expect(p.getState().cursor.gaps).toHaveLength(1);
    p.apply({ type: "state.snapshot", eventId: "repair-1", payload: { repair: true, appState: {} } });
    const state = p.getState();
    expect(state.cursor).toMatchObject({ gaps: [], stale: false });
    expect(state.messages[0].parts[0].text).toBe("ac");
  });

  it("ORD-02 a duplicate eventId is ignored; a different event claiming a used sequence is flagged", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const first = e("text.delta", { payload: { delta: "x" } });
    const state = projectEvents([first, first, { ...first, eventId: "other" }]);
    expect(state.messages[0].parts[0].text).toBe("x");
    expect(codes(state)).toEqual(["duplicate_event"]);
  });

  it("ORD-01 a late event below a joined baseline is applied (never lost) and flagged out_of_order", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [a, b] = [
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "b" } }),
    ];
    const state = projectEvents([b, a]);
    expect(state.messages[0].parts[0].text).toBe("ba");
    expect(codes(state)).toContain("out_of_order");
  });

  it("ORD-01 streams are ordered independently", () => {
    const x = stream({ turnId: "tx", messageId: "mx" }, "x");
    const y = stream({ turnId: "ty", messageId: "my" }, "y");
    const [x1, x2] = [
      x("text.delta", { payload: { delta: "x1" } }),
      x("text.delta", { payload: { delta: "x2" } }),
    ];
    const [y1, y2] = [
      y("text.delta", { payload: { delta: "y1" } }),
      y("text.delta", { payload: { delta: "y2" } }),
    ];
    const state = projectEvents([x2, y1, x1, y2], { expectStreamStart: 1 });
    expect(state.messages.map((m) => m.parts[0].text).sort()).toEqual(["x1x2", "y1y2"]);
    expect(state.cursor.streams).toEqual({ x: 2, y: 2 });
  });

  it("ORD-04 events covered by a hydrated cursor are not re-applied", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "b" } }),
      e("text.delta", { payload: { delta: "c" } }),
    ];
    const first = createProjector();
    first.applyAll(events.slice(0, 2));
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: first.getState() });
    resumed.applyAll(events);
    expect(resumed.getState().messages[0].parts[0].text).toBe("abc");
  });

  it("unsequenced events apply in arrival order and still dedupe by eventId", () => {
    const ev = { type: "text.delta", eventId: "u1", turnId: "t", messageId: "m", payload: { delta: "z" } };
    expect(projectEvents([ev, ev]).messages[0].parts[0].text).toBe("z");
  });

  it("invalid envelopes become diagnostics with codes (contracts validation detail), never state", () => {
    const inputs = [
      null,
      5,
      [],
      { type: "text.delta", sequence: -1 },
      { sequence: 1 },
      { type: "text.delta", payload: "x" },
    ];
    const state = projectEvents(inputs as never);
    expect(state.messages).toHaveLength(0);
    expect(codes(state).slice(0, 3)).toEqual(["unparseable_input", "unparseable_input", "unparseable_input"]);
    expect(state.diagnostics.length).toBeGreaterThanOrEqual(inputs.length);
    expect(codes(state).slice(3)).toContain("schema_mismatch");
    expect(
      codes(state)
        .slice(3)
        .every((code) => code === "schema_mismatch" || code === "missing_scope_id"),
    ).toBe(true);
    expect(state.diagnostics.find((d) => d.path === "/sequence")).toBeDefined();
  });

  it("validation: full records the contracts' diagnostics for every event and still projects it", () => {
    const event = { type: "text.delta", eventId: "e1", sequence: 1, turnId: "t", payload: { delta: "x" } };
    const state = projectEvents([event], { validation: "full" });
    expect(codes(state)).toContain("missing_scope_id");
    expect(state.messages[0].parts[0].text).toBe("x");
    expect(projectEvents([event]).diagnostics).toHaveLength(0);
  });
});
