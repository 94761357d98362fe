import { validateRuntimeEvent } from "@agent-ui/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDemoRuntime, DEMO_SCENARIO_NAMES, UnknownScenarioError } from "../src";
import { answerEverything, playManual, write } from "./harness";

const problems = (events: readonly unknown[]) =>
  events.flatMap((event, index) =>
    validateRuntimeEvent(event, { index })
      .filter((d) => d.severity !== "info")
      .map((d) => `${(event as { type: string }).type}: ${d.code} ${d.message}`),
  );

describe("demo runtime: Lime profile events", () => {
  for (const scenario of DEMO_SCENARIO_NAMES) {
    for (const decision of ["approve", "reject"] as const) {
      it(`ENV-10 every ${scenario} event validates against the Lime profile schema (${decision})`, () => {
        const runtime = playManual(scenario);
        answerEverything(runtime, decision);
        const events = runtime.events();
        expect(events.length).toBeGreaterThan(8);
        expect(problems(events)).toEqual([]);
        expect(events.every((e) => e.schemaVersion === "lime-profile-0.4.0")).toBe(true);
        // STAT-07: the turn's terminal fact, then the runtime's read model.
        expect(events.slice(-2).map((e) => e.type)).toEqual(["turn.completed", "snapshot.updated"]);
      });
    }
  }

  it("ORD-01 sequences run 1..n without gaps and event ids are unique and stable", () => {
    const runtime = playManual("team");
    answerEverything(runtime);
    const events = runtime.events();
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect(events[0].eventId).toBe("evt_000001_turn_submitted");
    const timestamps = events.map((e) => Date.parse(e.timestamp));
    expect(timestamps.every((t, i) => i === 0 || t >= timestamps[i - 1])).toBe(true);
  });

  it("determinism: the same seed and the same writes give identical events", () => {
    const run = (seed: number) => {
      const runtime = playManual("team", seed);
      runtime.advance(10);
      answerEverything(runtime, "reject");
      write(runtime, { kind: "send", text: "and a follow-up", clientMessageId: "c1" });
      runtime.runUntilIdle();
      answerEverything(runtime);
      return JSON.stringify(runtime.events());
    };
    expect(run(11)).toBe(run(11));
    expect(run(12)).not.toBe(run(11));
  });

  it("TEXT-04 answer deltas are small chunks that join to exactly the final text", () => {
    const runtime = playManual("solo");
    const events = runtime.events();
    const deltas = events.filter((e) => e.type === "model.delta");
    const final = events.find((e) => e.type === "model.completed");
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((e) => String(e.payload?.delta).length <= 7)).toBe(true);
    expect(deltas.map((e) => e.payload?.delta).join("")).toBe(final?.payload?.text);
    expect(new Set(deltas.map((e) => e.payload?.messageId))).toEqual(new Set([final?.payload?.messageId]));
  });

  it("STAT-01 pacing: status arrives before text, deltas are 20–40 ms apart, tools take hundreds of ms", () => {
    const runtime = playManual("solo");
    const events = runtime.events();
    const at = (type: string) => Date.parse(events.find((e) => e.type === type)!.timestamp);
    const start = Date.parse("2026-05-11T10:00:00.000Z");
    expect(at("turn.started") - start).toBeLessThanOrEqual(100);
    expect(at("turn.started")).toBeLessThan(at("model.delta"));
    const deltaTimes = events.filter((e) => e.type === "model.delta").map((e) => Date.parse(e.timestamp));
    const gaps = deltaTimes.slice(1).map((t, i) => t - deltaTimes[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(40);
    expect(at("tool.result") - at("tool.started")).toBeGreaterThanOrEqual(200);
  });

  it("large tool output is offloaded to an outputRef with a preview and its size", () => {
    const result = playManual("solo")
      .events()
      .find((e) => e.type === "tool.result")!;
    expect(result.outputRef).toMatch(/^output:\/\//);
    expect(result.payload).toMatchObject({
      outputRef: result.outputRef,
      outputBytes: 48_213,
      truncated: true,
    });
    expect(String(result.payload?.outputPreview).length).toBeLessThan(200);
  });

  it("the evidence export carries refs and verification outcomes, never a pack body", () => {
    const evidence = playManual("solo")
      .events()
      .find((e) => e.type === "evidence.changed")!;
    expect(evidence.evidenceId).toBeDefined();
    expect(evidence.payload).toMatchObject({
      status: "exported",
      packRef: expect.any(String),
      replayRef: expect.any(String),
    });
    expect(evidence.payload?.verificationOutcomes).toHaveLength(2);
  });

  it("an unknown scenario is refused with the list of names", () => {
    expect(() => createDemoRuntime({ scenario: "nope" })).toThrow(UnknownScenarioError);
    expect(() => createDemoRuntime({ scenario: "nope" })).toThrow(/solo, team, approval/);
  });

  it("the default scenario is the team", () => {
    expect(createDemoRuntime({ manual: true }).scenario.name).toBe("team");
  });
});

describe("demo runtime: real-time driver", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("STAT-01 at realistic pace the runtime status arrives within ~100 ms of a send", () => {
    vi.useFakeTimers();
    const runtime = createDemoRuntime({ scenario: "solo", pace: 1, clock: () => 0 });
    const result = write(runtime, { kind: "send", text: "hi", clientMessageId: "c1" });
    expect(result.status).toBe("accepted");
    vi.advanceTimersByTime(100);
    const early = runtime.events().map((e) => e.type);
    expect(early.slice(0, 2)).toEqual(["turn.submitted", "turn.started"]);
    expect(early).not.toContain("model.delta");
    expect(runtime.events()[0].payload).toMatchObject({ input: "hi", clientMessageId: "c1" });
    vi.advanceTimersByTime(60_000);
    expect(runtime.events().at(-2)?.type).toBe("turn.completed");
    runtime.stop();
  });

  it("pace scales real time: at pace 0.5 the same events arrive in half the time", () => {
    vi.useFakeTimers();
    const runtime = createDemoRuntime({ scenario: "solo", pace: 0.5 });
    runtime.start();
    vi.advanceTimersByTime(1_000);
    // One real second at pace 0.5 covers about two logical seconds of the scenario.
    expect(runtime.time).toBeGreaterThan(1_800);
    expect(runtime.time).toBeLessThan(2_200);
    expect(runtime.events().some((e) => e.type === "turn.completed")).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(runtime.events().at(-2)?.type).toBe("turn.completed");
    runtime.stop();
  });

  it("stop ends production: no event after stop, and writes are unavailable", () => {
    vi.useFakeTimers();
    const runtime = createDemoRuntime({ scenario: "solo" });
    runtime.start();
    vi.advanceTimersByTime(500);
    runtime.stop();
    const count = runtime.events().length;
    vi.advanceTimersByTime(60_000);
    expect(runtime.events().length).toBe(count);
    expect(write(runtime, { kind: "send", text: "x" }).status).toBe("unavailable");
  });
});
