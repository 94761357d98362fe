// @vitest-environment happy-dom
// PERF-01: the workbench shows where the last send's time went, from the client's latency marks, and says
// "not reached" for a clock point the turn never reached instead of a number.
import { TurnLatencyRecorder } from "@agent-ui/client";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { act, cleanup, render, screen } from "@testing-library/react";
import { SessionMetrics } from "@agent-ui/react";
import { afterEach, describe, expect, it } from "vitest";
import { measuredSends } from "../src/latency";
import { LatencyFacts, type LatencySource, SessionMetricFacts } from "../src/latency-facts";

afterEach(cleanup);

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function sourceOf(recorder: TurnLatencyRecorder) {
  const listeners = new Set<() => void>();
  const source: LatencySource = {
    snapshot: () => recorder.snapshot(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const changed = () =>
    act(() => {
      for (const listener of listeners) listener();
    });
  return { source, changed };
}

describe("last send latency (PERF-01)", () => {
  it("PERF-01 PERF-07 a send is stamped around the owner's answer; the intervals appear as the turn reaches them", async () => {
    const time = clock();
    const recorder = new TurnLatencyRecorder(time.now);
    const dispatch = measuredSends(async () => {
      time.advance(40);
      return { status: "accepted", idempotencyKey: "k", assigned: { turnId: "t1" } };
    }, recorder);
    const { source, changed } = sourceOf(recorder);
    render(<LatencyFacts source={source} />);
    expect(screen.queryByRole("region", { name: "Last send latency" })).toBeNull();

    await dispatch({ kind: "send", text: "hi" });
    time.advance(10);
    recorder.observe([{ type: "run.status", turnId: "t1", payload: { status: "accepted" } } as AgentUiEvent]);
    changed();
    const region = screen.getByRole("region", { name: "Last send latency" });
    expect(region.textContent).toContain("send → status50 ms");
    expect(region.textContent).toContain("send → first textnot reached");
    expect(region.textContent).toContain("send → shellnot reached");
    time.advance(8);
    recorder.painted("shell");
    changed();
    expect(region.textContent).toContain("send → shell58 ms");

    time.advance(17);
    recorder.observe([{ type: "text.delta", turnId: "t1", payload: { delta: "Hello" } } as AgentUiEvent]);
    time.advance(16);
    recorder.painted("text");
    changed();
    expect(region.textContent).toContain("send → first text75 ms");
    expect(region.textContent).toContain("first text → paint16 ms");
  });

  it("FALL-01 other writes are not timed as sends", async () => {
    const recorder = new TurnLatencyRecorder(clock().now);
    const dispatch = measuredSends(async () => ({ status: "accepted", idempotencyKey: "k" }), recorder);
    await dispatch({ kind: "interrupt" });
    expect(recorder.snapshot().marks).toEqual({});
  });
});

describe("restore and resource metrics (PERF-03/04)", () => {
  it("PERF-03/04 lists only the metrics observed, under the standard's names, and follows new values", () => {
    const metrics = new SessionMetrics();
    render(<SessionMetricFacts metrics={metrics} />);
    expect(screen.queryByRole("region", { name: "Session restore and resources" })).toBeNull();
    act(() => {
      metrics.record("session.click_to_shell_ms", 12.4);
      metrics.record("tabs.hydrated_detail_count", 0);
    });
    const region = screen.getByRole("region", { name: "Session restore and resources" });
    expect(region.textContent).toBe(
      "Restore and resourcessession.click_to_shell_ms12 mstabs.hydrated_detail_count0",
    );
    act(() => metrics.record("tabs.hydrated_detail_count", 3));
    expect(region.textContent).toContain("tabs.hydrated_detail_count3");
    expect(region.textContent).not.toContain("timeline.idle_hydrate_ms");
  });
});
