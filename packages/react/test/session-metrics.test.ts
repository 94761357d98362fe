// PERF-03/04 session metrics and the warm-session pool (HYD-06): a metric is present only once observed,
// under the standard's names; the pool keeps exactly the warm ids connected and releases the rest.
import { describe, expect, it } from "vitest";
import { SessionMetrics } from "../src/session-metrics";
import { SessionPool } from "../src/session/session-pool";

describe("session metrics", () => {
  it("PERF-03/04 an unobserved metric is absent, never 0; recorded values keep the last observation", () => {
    const metrics = new SessionMetrics();
    let changes = 0;
    metrics.subscribe(() => changes++);
    expect(metrics.snapshot()).toEqual({});
    metrics.since("session.click_to_shell_ms", 100, 142);
    metrics.record("tabs.hydrated_detail_count", 0);
    metrics.record("tabs.hydrated_detail_count", 0);
    expect(metrics.snapshot()).toEqual({ "session.click_to_shell_ms": 42, "tabs.hydrated_detail_count": 0 });
    expect(changes).toBe(2);
    expect(metrics.snapshot()["timeline.idle_hydrate_ms"]).toBeUndefined();
    expect(() => metrics.record("tabs.active_count", Number.NaN)).toThrow(RangeError);
    expect(() => metrics.record("tabs.active_count", -1)).toThrow(RangeError);
    expect(() => metrics.record("tabs.guess" as "tabs.active_count", 1)).toThrow(/unknown session metric/);
  });
});

describe("session pool", () => {
  it("HYD-06 sync keeps exactly the warm ids connected; released handles are closed and dropped", () => {
    const log: string[] = [];
    const make = (id: string) => ({
      id,
      connect: () => {
        log.push(`connect ${id}`);
        return () => log.push(`close ${id}`);
      },
    });
    const released: string[] = [];
    const pool = new SessionPool(make, (id) => released.push(id));
    const a = pool.get("a");
    expect(pool.connected("a")).toBe(false);
    pool.sync(["a", "b"]);
    expect(pool.get("a")).toBe(a);
    expect(log).toEqual(["connect a", "connect b"]);
    pool.sync(["b", "c"]);
    expect(log.slice(2)).toEqual(["close a", "connect c"]);
    expect(released).toEqual(["a"]);
    expect(pool.ids()).toEqual(["b", "c"]);
    // Unmount closes connections but keeps handles; the next sync reconnects the same handles.
    const b = pool.get("b");
    pool.disconnectAll();
    expect(pool.connected("b")).toBe(false);
    pool.sync(["b"]);
    expect(pool.get("b")).toBe(b);
    expect(log.slice(4)).toEqual(["close b", "close c", "connect b"]);
    pool.clear();
    expect(pool.ids()).toEqual([]);
  });
});
