// PERF-02 stream rendering metrics, measured by the frame batcher: a flood of 10k text deltas on a busy main
// thread switches the render mode to catch-up, queue depth and oldest unrendered age grow while frames are
// shed, and the mode returns to smooth once frames come on time again.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { StreamMetrics } from "../src/stream-metrics";
import { frameBatched } from "../src/use-projection";

function flood() {
  const projector = createProjector();
  let clock = 0;
  const frames: (() => void)[] = [];
  const metrics = new StreamMetrics(() => clock);
  const batched = frameBatched(projector, (flush) => frames.push(flush), {
    shedLoad: true,
    now: () => clock,
    metrics,
  });
  let renders = 0;
  batched.subscribe(() => renders++);
  let sequence = 0;
  const delta = (text: string) => {
    sequence += 1;
    projector.apply({
      eventId: `e${sequence}`,
      sequence,
      streamId: "s",
      sessionId: "s",
      turnId: "t1",
      type: "text.delta",
      messageId: "a1",
      partId: "a1",
      payload: { delta: text },
    } as AgentUiEvent);
  };
  const frame = (ms: number) => {
    clock += ms;
    frames.shift()?.();
  };
  return { batched, metrics, delta, frame, renders: () => renders, tick: (ms: number) => (clock += ms) };
}

describe("stream rendering metrics", () => {
  it("PERF-02 a 10k-delta flood on a busy thread switches to catch-up and back to smooth when frames are on time", () => {
    const f = flood();
    expect(f.batched.streamMetrics?.()["stream.render_mode"]).toBe("smooth");
    for (let burst = 0; burst < 100; burst++) {
      for (let i = 0; i < 100; i++) {
        f.delta("x");
        f.tick(0.4);
      }
      f.frame(60); // the main thread was busy: every frame comes late
    }
    f.delta("z");
    f.tick(5);
    const during = f.metrics.snapshot();
    expect(during["stream.render_mode"]).toBe("catch-up");
    expect(during["stream.mode_transition_count"]).toBeGreaterThanOrEqual(1);
    expect(during["text_delta.queue_depth"]).toBeGreaterThan(0);
    expect(during["text_delta.oldest_unrendered_age_ms"]).toBeGreaterThan(0);
    expect(f.renders()).toBeLessThan(100);
    f.delta("y");
    f.frame(10);
    f.frame(10);
    const after = f.metrics.snapshot();
    expect(after["stream.render_mode"]).toBe("smooth");
    expect(after["text_delta.queue_depth"]).toBe(0);
    expect(after["text_delta.oldest_unrendered_age_ms"]).toBe(0);
    expect(after["stream.flush_interval_ms"]).toBeGreaterThan(0);
  });

  it("PERF-02 every notification counts toward queue depth until a render shows it", () => {
    const f = flood();
    f.delta("a");
    f.tick(5);
    f.delta("b");
    f.delta("c");
    f.tick(3);
    expect(f.metrics.snapshot()).toMatchObject({
      "text_delta.queue_depth": 3,
      "text_delta.oldest_unrendered_age_ms": 8,
    });
    f.frame(0);
    expect(f.metrics.snapshot()["text_delta.queue_depth"]).toBe(0);
    expect(f.metrics.snapshot()["stream.flush_interval_ms"]).toBeUndefined();
  });

  it("PERF-02 flapping between smooth and catch-up within a second counts rapid re-entries; paused is its own mode", () => {
    let clock = 0;
    const m = new StreamMetrics(() => clock);
    m.shed();
    clock += 100;
    m.rendered(false);
    clock += 200;
    m.shed();
    clock += 100;
    m.rendered(false);
    clock += 5000;
    m.shed();
    expect(m.snapshot()).toMatchObject({
      "stream.render_mode": "catch-up",
      "stream.mode_transition_count": 5,
      "stream.rapid_reentry_count": 1,
    });
    m.visibility(true);
    expect(m.snapshot()["stream.render_mode"]).toBe("paused");
    m.visibility(false);
    expect(m.snapshot()["stream.render_mode"]).toBe("smooth");
    expect(new StreamMetrics(() => 0, true).snapshot()["stream.render_mode"]).toBe("fallback");
  });
});
