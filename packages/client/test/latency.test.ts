import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LATENCY_CLOCK_POINTS, type AgentUiEvent, readLatency } from "@agent-ui/contracts";
import { demoSource } from "@agent-ui/demo";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient, TurnLatencyRecorder, trackLatency } from "../src";

function fakeClock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const ev = (type: string, turnId: string | undefined, payload: Record<string, unknown> = {}) =>
  ({ type, turnId, payload }) as unknown as AgentUiEvent;

describe("turn latency marks (PERF-01, §E-3)", () => {
  it("PERF-01 stamps each clock point once, in the order the turn reached it, and derives every alias", () => {
    const clock = fakeClock();
    const recorder = new TurnLatencyRecorder(clock.now);
    recorder.listenerBound();
    clock.advance(50);
    recorder.submitted();
    clock.advance(10);
    recorder.acknowledged({ status: "accepted", idempotencyKey: "k", assigned: { turnId: "t1" } });
    clock.advance(5);
    recorder.observe([ev("run.status", "t1", { status: "accepted" })]);
    clock.advance(5);
    recorder.observe([ev("run.status", "t1", { status: "waiting_provider" })]);
    clock.advance(20);
    recorder.observe([ev("text.delta", "t1"), ev("text.delta", "t1")]);
    clock.advance(16);
    recorder.painted("text");
    const { marks, intervals } = recorder.snapshot();
    expect(marks).toEqual({
      "listener.bound_ms": 1000,
      "composer.submit_ms": 1050,
      "submit.accepted_ms": 1060,
      first_event_ms: 1065,
      first_runtime_status_ms: 1065,
      "provider.request_start_ms": 1070,
      first_text_delta_ms: 1090,
      first_text_paint_ms: 1106,
    });
    expect(intervals).toEqual({
      submitToStatusMs: 15,
      submit_to_status_ms: 15,
      submit_to_first_event_ms: 15,
      submitToFirstTextMs: 40,
      submit_to_first_text_ms: 40,
      firstTextToPaintMs: 16,
      first_text_to_paint_ms: 16,
    });
  });

  it("PERF-07 submit → shell is the first frame painted after the turn's first fact, once per turn", () => {
    const clock = fakeClock();
    const recorder = new TurnLatencyRecorder(clock.now);
    recorder.submitted();
    clock.advance(10);
    recorder.painted("shell");
    recorder.acknowledged({ status: "accepted", idempotencyKey: "k", assigned: { turnId: "t1" } });
    clock.advance(5);
    recorder.observe([ev("run.status", "t2", { status: "accepted" })]);
    recorder.painted("shell");
    // Frames before the turn's own first fact paint no shell of it.
    expect(recorder.snapshot().metrics).toEqual({});
    clock.advance(5);
    recorder.observe([ev("run.status", "t1", { status: "accepted" })]);
    clock.advance(16);
    recorder.painted("shell");
    clock.advance(16);
    recorder.painted("shell");
    expect(recorder.snapshot().metrics).toEqual({ "turn.submit_to_shell_ms": 36 });
    expect(readLatency("submitToShellMs", recorder.snapshot())).toBe(36);
    recorder.submitted();
    expect(recorder.snapshot().metrics).toEqual({});
  });

  it("PERF-01 the turn's facts that overtake the write's answer count at the time they arrived", () => {
    const clock = fakeClock();
    const recorder = new TurnLatencyRecorder(clock.now);
    recorder.submitted();
    clock.advance(4);
    recorder.observe([
      ev("run.status", "t1", { status: "running" }),
      ev("run.status", "t0", { status: "idle" }),
    ]);
    clock.advance(6);
    recorder.observe([ev("text.delta", "t1")]);
    clock.advance(10);
    recorder.acknowledged({ status: "accepted", idempotencyKey: "k", assigned: { turnId: "t1" } });
    expect(recorder.snapshot().marks).toMatchObject({
      "composer.submit_ms": 1000,
      first_event_ms: 1004,
      first_runtime_status_ms: 1004,
      "runtime.start_ms": 1004,
      first_text_delta_ms: 1010,
      "submit.accepted_ms": 1020,
    });
    // A rejected answer drops what was kept: nothing is joined to a turn that never was.
    recorder.submitted();
    recorder.observe([ev("text.delta", "t2")]);
    recorder.acknowledged({ status: "rejected", idempotencyKey: "k2", reason: "busy" });
    expect(recorder.snapshot().marks.first_text_delta_ms).toBeUndefined();
  });

  it("PROSE-03 facts of another turn, or without a turn id, are never joined to the tracked turn", () => {
    const clock = fakeClock();
    const recorder = new TurnLatencyRecorder(clock.now);
    recorder.submitted();
    recorder.acknowledged({ status: "accepted", idempotencyKey: "k", assigned: { turnId: "t2" } });
    clock.advance(30);
    recorder.observe([ev("text.delta", "t1"), ev("run.status", undefined, { status: "streaming" })]);
    expect(recorder.snapshot().marks.first_event_ms).toBeUndefined();
    expect(recorder.snapshot().intervals).toEqual({});
  });

  it("FALL-01 a rejected write ends tracking; a queued write without a turn id stamps nothing from facts", () => {
    const recorder = new TurnLatencyRecorder(fakeClock().now);
    recorder.submitted();
    recorder.acknowledged({ status: "rejected", idempotencyKey: "k", reason: "empty" });
    recorder.observe([ev("text.delta", "t1")]);
    expect(Object.keys(recorder.snapshot().marks)).toEqual(["composer.submit_ms"]);

    recorder.submitted();
    recorder.acknowledged({
      status: "accepted",
      idempotencyKey: "q",
      assigned: { queuedId: "q1", mode: "queue" },
    });
    recorder.observe([ev("text.delta", "t1")]);
    expect(recorder.snapshot()).toMatchObject({ queued: true });
    expect(recorder.snapshot().marks.first_text_delta_ms).toBeUndefined();
  });

  it("PERF-01 a real send through the gateway and the demo runtime reaches every event clock point in order", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-latency-"));
    const server = await startServer({ noAuth: true, port: 0, dataDir, sources: [demoSource] });
    try {
      const http = new GatewayHttpClient({ baseUrl: server.url });
      const created = await http.createSession({
        source: "demo",
        scenario: "solo",
        config: { autoStart: false, pace: 0.05 },
      });
      const client = connectSession({ baseUrl: server.url, sessionId: created.id });
      const recorder = new TurnLatencyRecorder();
      const untrack = trackLatency(client, recorder);
      await client.open();
      recorder.submitted();
      recorder.acknowledged(await client.runtime.send({ text: "Summarize the repo" }));
      const deadline = Date.now() + 15_000;
      while (recorder.snapshot().marks.first_text_delta_ms === undefined && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const { marks, intervals } = recorder.snapshot();
      const reached = LATENCY_CLOCK_POINTS.filter((point) => marks[point] !== undefined);
      expect(reached).toEqual(
        expect.arrayContaining([
          "listener.bound_ms",
          "composer.submit_ms",
          "submit.accepted_ms",
          "first_event_ms",
          "first_runtime_status_ms",
          "first_text_delta_ms",
        ]),
      );
      const times = reached.map((point) => marks[point] as number);
      expect(marks["listener.bound_ms"]).toBeLessThanOrEqual(marks["composer.submit_ms"] as number);
      expect(marks.first_event_ms).toBeLessThanOrEqual(marks.first_text_delta_ms as number);
      expect(times.every((t) => Number.isFinite(t))).toBe(true);
      expect(intervals.submit_to_first_text_ms).toBeGreaterThanOrEqual(0);
      untrack();
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
