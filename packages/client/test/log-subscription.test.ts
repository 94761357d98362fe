import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  backoffDelay,
  type ConnectionInfo,
  type EventTransport,
  type LogEntry,
  LogSubscription,
  type TransportHandlers,
} from "../src";

const entry = (seq: number): LogEntry => ({
  seq,
  event: { type: "text.delta", eventId: `e${seq}`, payload: { delta: `${seq}` } },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

/** A transport the test drives: every connect is recorded and can be made ready, fed or dropped. */
class ScriptedTransport implements EventTransport {
  readonly name = "scripted";
  readonly connections: { after: number; handlers: TransportHandlers; closed: boolean }[] = [];
  connect(_sessionId: string, after: number, handlers: TransportHandlers) {
    const connection = { after, handlers, closed: false };
    this.connections.push(connection);
    return {
      close: () => {
        connection.closed = true;
      },
    };
  }
  get last() {
    return this.connections[this.connections.length - 1];
  }
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

function subscription(
  transport: ScriptedTransport,
  extra: Partial<ConstructorParameters<typeof LogSubscription>[0]> = {},
) {
  const delivered: number[] = [];
  const states: ConnectionInfo["state"][] = [];
  const sub = new LogSubscription({
    transport,
    sessionId: "s",
    after: 0,
    onEntries: (entries) => delivered.push(...entries.map((e) => e.seq)),
    onConnection: (info) => states.push(info.state),
    backoff: { baseMs: 2, maxMs: 8 },
    ...extra,
  });
  return { sub, delivered, states };
}

describe("LogSubscription", () => {
  it("ORD-04 resumes from the last applied seq after a disconnect and drops replayed duplicates (ORD-02)", async () => {
    const transport = new ScriptedTransport();
    const { sub, delivered, states } = subscription(transport);
    const ready = sub.start();
    transport.last.handlers.onReady(5);
    await ready;
    transport.last.handlers.onEntries(range(1, 5));
    transport.last.handlers.onClose("network lost");
    expect(sub.state.state).toBe("reconnecting");
    await tick(30);
    expect(transport.connections).toHaveLength(2);
    expect(transport.last.after).toBe(5);
    // A server that replays a little too much: 3..8.
    transport.last.handlers.onReady(8);
    transport.last.handlers.onEntries(range(3, 8));
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(states).toEqual(["live", "reconnecting", "live"]);
    sub.close();
  });

  it("ORD-02 property: any interleaving of redelivery, overlap and disconnects delivers each seq exactly once, in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ back: fc.nat(6), count: fc.integer({ min: 1, max: 6 }), drop: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (steps) => {
          const transport = new ScriptedTransport();
          const { sub, delivered } = subscription(transport, { backoff: { baseMs: 0, maxMs: 0 } });
          void sub.start();
          let serverHead = 0;
          for (const step of steps) {
            const connection = transport.last;
            // The server resends from somewhat before the client's resume point, then new entries.
            const from = Math.max(1, connection.after + 1 - step.back);
            const to = Math.max(serverHead, connection.after) + step.count;
            serverHead = to;
            connection.handlers.onReady(to);
            connection.handlers.onEntries(range(from, to));
            connection.handlers.onEntries(range(from, to)); // and once more: duplicate delivery
            if (step.drop) {
              connection.handlers.onClose("drop");
              await tick(2);
            }
          }
          expect(delivered).toEqual(Array.from({ length: serverHead }, (_, i) => i + 1));
          sub.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("AUI-AR-HYDRATE-002 a gap marks the connection stale, repairs from a snapshot, then resumes after it", async () => {
    const transport = new ScriptedTransport();
    const gaps: { expected: number; got: number }[] = [];
    let finishRepair!: (seq: number) => void;
    const { sub, delivered, states } = subscription(transport, {
      repair: (gap) => {
        gaps.push(gap);
        return new Promise<number>((resolve) => {
          finishRepair = resolve;
        });
      },
    });
    void sub.start();
    transport.last.handlers.onReady(2);
    transport.last.handlers.onEntries([entry(1), entry(2), entry(5), entry(6)]);
    expect(delivered).toEqual([1, 2]);
    expect(gaps).toEqual([{ expected: 3, got: 5 }]);
    expect(sub.state).toMatchObject({ state: "stale", reason: "gap: expected seq 3, got 5" });
    expect(transport.connections[0].closed).toBe(true);
    finishRepair(10); // the snapshot reflects seq 10
    await tick();
    expect(transport.last.after).toBe(10);
    transport.last.handlers.onReady(11);
    transport.last.handlers.onEntries([entry(11)]);
    expect(delivered).toEqual([1, 2, 11]);
    expect(states).toEqual(["live", "stale", "live"]);
    sub.close();
  });

  it("backs off on repeated failures, reports stale after N attempts, and recovers to live", async () => {
    const transport = new ScriptedTransport();
    const { sub, states } = subscription(transport, { staleAfterAttempts: 2 });
    void sub.start();
    for (let i = 0; i < 3; i++) {
      transport.last.handlers.onClose("refused");
      await tick(20);
    }
    expect(states).toEqual(["reconnecting", "reconnecting", "stale"]);
    expect(sub.state.attempt).toBe(3);
    transport.last.handlers.onReady(0);
    expect(sub.state).toMatchObject({ state: "live", attempt: 0 });
    sub.close();
    expect(sub.state.state).toBe("closed");
    const connections = transport.connections.length;
    transport.last.handlers.onClose("late close");
    await tick(20);
    expect(transport.connections).toHaveLength(connections);
  });

  it("backoff property: exponential ceiling with jitter in [ceiling/2, ceiling], capped", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (attempt, r) => {
          const delay = backoffDelay(attempt, { baseMs: 100, maxMs: 5000, random: () => r });
          const ceiling = Math.min(5000, 100 * 2 ** (attempt - 1));
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
    const lows = [1, 2, 3, 4].map((a) => backoffDelay(a, { baseMs: 100, random: () => 0 }));
    expect(lows).toEqual([50, 100, 200, 400]);
  });
  it("CTRL-07 a refused subscription (401/403/404) is `failed` with the reason and is not retried", async () => {
    const transport = new ScriptedTransport();
    const { sub, states } = subscription(transport);
    void sub.start();
    transport.last.handlers.onReady(0);
    transport.last.handlers.onClose("network lost");
    await tick(30);
    expect(transport.connections).toHaveLength(2);
    transport.last.handlers.onClose("HTTP 401", true);
    await tick(30);
    expect(transport.connections).toHaveLength(2);
    expect(sub.state).toMatchObject({ state: "failed", reason: "HTTP 401" });
    expect(states).toEqual(["live", "reconnecting", "failed"]);
    sub.close();
    expect(sub.state.state).toBe("closed");
  });

  it("backoff jitter: each reconnect waits exactly the delay the injected random gives, growing per attempt", () => {
    vi.useFakeTimers();
    try {
      const draws = [0, 0.5, 0.999999, 0.25];
      const transport = new ScriptedTransport();
      const { sub } = subscription(transport, {
        backoff: { baseMs: 100, maxMs: 300, random: () => draws.shift() ?? 0 },
      });
      void sub.start();
      // attempt → ceiling min(300, 100·2^(attempt-1)); delay = ceiling/2 + r·ceiling/2
      const expected = [50, 150, 300, 188];
      for (const delay of expected) {
        const before = transport.connections.length;
        transport.last.handlers.onClose("refused");
        vi.advanceTimersByTime(delay - 1);
        expect(transport.connections).toHaveLength(before);
        vi.advanceTimersByTime(1);
        expect(transport.connections).toHaveLength(before + 1);
      }
      sub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("backoff property: a random source outside [0, 1) (NaN, negative, > 1) never leaves the bounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.double(), (attempt, r) => {
        const delay = backoffDelay(attempt, { baseMs: 100, maxMs: 5000, random: () => r });
        const ceiling = Math.min(5000, 100 * 2 ** (attempt - 1));
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });
});
