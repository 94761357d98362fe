import { validateRuntimeEvent, type RuntimeEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDemoRuntime, DEMO_SCENARIO_NAMES, type DemoRuntime } from "../src";
import { answerEverything, type CommandInput, write } from "./harness";

type Step =
  | { advance: number }
  | { write: "send" | "queue" | "steer"; text: string }
  | { write: "interrupt" | "retry" | "unknown" }
  | { write: "respond"; decision: "approve" | "reject"; repeat: boolean }
  | { write: "remove_queued" | "promote_queued"; n: number }
  | { write: "stop"; role: "researcher" | "coder" | "reviewer" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ advance: fc.integer({ min: 0, max: 3_000 }) }),
  fc.record({
    write: fc.constantFrom("send", "queue", "steer"),
    text: fc.string({ minLength: 0, maxLength: 20 }),
  }),
  fc.record({ write: fc.constantFrom("interrupt", "retry", "unknown") }),
  fc.record({
    write: fc.constant("respond"),
    decision: fc.constantFrom("approve", "reject"),
    repeat: fc.boolean(),
  }),
  fc.record({ write: fc.constantFrom("remove_queued", "promote_queued"), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ write: fc.constant("stop"), role: fc.constantFrom("researcher", "coder", "reviewer") }),
) as fc.Arbitrary<Step>;

function commandFor(runtime: DemoRuntime, step: Exclude<Step, { advance: number }>, n: number): CommandInput {
  const key = `k${n}`;
  switch (step.write) {
    case "send":
    case "queue":
      return { kind: step.write, text: step.text, clientMessageId: `c${n}`, idempotencyKey: key };
    case "steer":
      return { kind: "steer", text: step.text, idempotencyKey: key };
    case "interrupt":
      return { kind: "interrupt", idempotencyKey: key };
    case "retry":
      return { kind: "retry", idempotencyKey: key };
    case "unknown":
      return { kind: "rollback", idempotencyKey: key };
    case "respond": {
      const actionId = runtime.waitingFor().find((g) => !g.startsWith("retry:")) ?? "action_none";
      return { kind: "respond_action", actionId, decision: step.decision, idempotencyKey: key };
    }
    case "remove_queued":
    case "promote_queued":
      return { kind: step.write, queuedId: `queued_00${step.n}`, idempotencyKey: key };
    case "stop":
      return { kind: "stop", agentId: `agent_001_${step.role}`, idempotencyKey: key };
  }
}

function play(
  scenario: string,
  seed: number,
  steps: Step[],
): { runtime: DemoRuntime; events: readonly RuntimeEvent[] } {
  const runtime = createDemoRuntime({ scenario, seed, manual: true });
  runtime.start();
  for (const [n, step] of steps.entries()) {
    if ("advance" in step) {
      runtime.advance(step.advance);
      continue;
    }
    const command = commandFor(runtime, step, n);
    const first = write(runtime, command);
    if (step.write === "respond" && step.repeat) {
      // The same key again: the first result, marked duplicate, and nothing new happens.
      expect(write(runtime, command)).toEqual({ ...first, duplicate: true });
    }
  }
  runtime.runUntilIdle();
  answerEverything(runtime);
  return { runtime, events: runtime.events() };
}

const input = fc.record({
  scenario: fc.constantFrom(...DEMO_SCENARIO_NAMES),
  seed: fc.integer({ min: 0, max: 1_000 }),
  steps: fc.array(stepArb, { maxLength: 12 }),
});

describe("demo runtime properties under arbitrary writes", () => {
  it("ENV-10 / ORD-01 any writes at any times: every event is a valid profile event, sequences are contiguous", () => {
    fc.assert(
      fc.property(input, ({ scenario, seed, steps }) => {
        const { events } = play(scenario, seed, steps);
        expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
        for (const [index, event] of events.entries()) {
          const bad = validateRuntimeEvent(event, { index }).filter((d) => d.severity !== "info");
          expect(bad, `${event.type} #${index}`).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("determinism: the same seed and the same writes give byte-identical events", () => {
    fc.assert(
      fc.property(input, ({ scenario, seed, steps }) => {
        expect(JSON.stringify(play(scenario, seed, steps).events)).toBe(
          JSON.stringify(play(scenario, seed, steps).events),
        );
      }),
      { numRuns: 25 },
    );
  });

  it("TOOL-11 / HITL-05 once everything settles, every tool, action and turn has exactly one terminal fact", () => {
    fc.assert(
      fc.property(input, ({ scenario, seed, steps }) => {
        const { runtime, events } = play(scenario, seed, steps);
        expect(runtime.activeTurnId).toBeUndefined();
        const count = (type: string, key: keyof RuntimeEvent) => {
          const seen = new Map<unknown, number>();
          for (const e of events) if (e.type === type) seen.set(e[key], (seen.get(e[key]) ?? 0) + 1);
          return seen;
        };
        const started = count("tool.started", "toolCallId");
        const ended = new Map([...count("tool.result", "toolCallId"), ...count("tool.failed", "toolCallId")]);
        for (const id of started.keys()) expect(ended.get(id), `tool ${String(id)}`).toBe(1);
        const required = count("action.required", "actionId");
        const resolved = count("action.resolved", "actionId");
        for (const id of required.keys()) expect(resolved.get(id), `action ${String(id)}`).toBe(1);
        const submitted = count("turn.submitted", "turnId");
        const completed = count("turn.completed", "turnId");
        for (const id of submitted.keys()) expect(completed.get(id), `turn ${String(id)}`).toBe(1);
      }),
      { numRuns: 40 },
    );
  });
});
