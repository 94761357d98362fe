// CONN-01 CTRL-07 HYD-01: how a session client opens, fails, retries, closes and completes rows — the
// connection states a status row shows (never a silent `connecting`), refusals told apart from outages,
// and nothing applied or announced after the client is closed.
import type { ProjectionState } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import {
  type ConnectionInfo,
  GatewayRequestError,
  InProcessTransport,
  SessionClient,
  type SessionClientOptions,
  type SessionSnapshot,
} from "../src";
import { waitUntil } from "./gateway-fixtures";
import { TestRuntime } from "./in-process-runtime";

/** A runtime whose log the client listens to and whose port answers every write at once. */
const emptyState = (): ProjectionState => createProjector().getState();
const snapshot = (seq: number, extra: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
  seq,
  state: emptyState(),
  ...extra,
});

function client(options: Partial<SessionClientOptions> = {}, runtime = new TestRuntime()) {
  const states: ConnectionInfo[] = [];
  const c = new SessionClient({
    sessionId: "s",
    transport: new InProcessTransport(runtime),
    port: runtime,
    backoff: { baseMs: 2, maxMs: 4, random: () => 0 },
    ...options,
  });
  c.onConnection((info) => states.push(info));
  return { client: c, runtime, states };
}

describe("SessionClient open and close", () => {
  it("CONN-01 starts `connecting` on its transport, at seq 0, before anything loaded", () => {
    const { client: c } = client();
    expect(c.connection).toMatchObject({
      state: "connecting",
      transport: "in-process",
      lastSeq: 0,
      attempt: 0,
    });
    expect(c.seq).toBe(0);
    c.close();
  });

  it("CONN-01 CTRL-07 a refused hydration (4xx) is `failed` with the gateway's reason and not retried", async () => {
    for (const status of [400, 401, 403, 404, 499]) {
      let asked = 0;
      const { client: c, states } = client({
        loadSnapshot: async () => {
          asked++;
          throw new GatewayRequestError(status, "not_found", "no such session");
        },
      });
      await expect(c.open()).rejects.toThrow("no such session");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked).toBe(1);
      expect(states.map((s) => s.state)).toEqual(["failed"]);
      expect(states[0].reason).toBe(`hydration not_found (HTTP ${status}): no such session`);
      c.close();
    }
  });

  it("CONN-01 an outage, a timeout, a busy gateway or a 5xx is retried: `reconnecting`, then `stale`", async () => {
    for (const error of [
      new GatewayRequestError(500, "internal", "boom"),
      new GatewayRequestError(408, "timeout", "slow"),
      new GatewayRequestError(429, "busy", "later"),
      // Not a refusal either: a redirect that reached the client is no answer about the session.
      new GatewayRequestError(302, "http_error", "HTTP 302"),
      new TypeError("fetch failed"),
    ]) {
      let asked = 0;
      const { client: c, states } = client({
        loadSnapshot: async () => {
          asked++;
          if (asked <= 4) throw error;
          return snapshot(0);
        },
      });
      await expect(c.open()).rejects.toThrow(error.message);
      await waitUntil(() => c.connection.state === "live");
      expect(states.slice(0, 4).map((s) => [s.state, s.attempt])).toEqual([
        ["reconnecting", 1],
        ["reconnecting", 2],
        ["reconnecting", 3],
        ["stale", 4],
      ]);
      expect(states[0].reason).toBe(
        error instanceof GatewayRequestError
          ? `hydration ${error.code} (HTTP ${error.status}): ${error.message}`
          : "fetch failed",
      );
      c.close();
    }
  });

  it("CONN-01 `staleAfterAttempts` sets how many failed tries stay `reconnecting`", async () => {
    let asked = 0;
    const { client: c, states } = client({
      staleAfterAttempts: 1,
      loadSnapshot: async () => {
        asked++;
        if (asked <= 2) throw new TypeError("fetch failed");
        return snapshot(0);
      },
    });
    await c.open().catch(() => {});
    await waitUntil(() => c.connection.state === "live");
    expect(states.slice(0, 2).map((s) => s.state)).toEqual(["reconnecting", "stale"]);
    c.close();
  });

  it("CONN-01 a client closed before it opened says so and refuses to open", async () => {
    const { client: c, states } = client({ loadSnapshot: async () => snapshot(0) });
    c.close();
    expect(states).toMatchObject([{ state: "closed", reason: "closed by client", lastSeq: 0 }]);
    await expect(c.open()).rejects.toThrow("the session client is closed");
  });

  it("CONN-01 closed while hydrating: the open fails and nothing listens", async () => {
    let release: (s: SessionSnapshot) => void = () => {};
    const { client: c, runtime } = client({ loadSnapshot: () => new Promise((r) => (release = r)) });
    const opening = c.open();
    c.close();
    release(snapshot(0));
    await expect(opening).rejects.toThrow("the session client is closed");
    runtime.emit({ type: "run.started", runId: "r1" });
    expect(c.seq).toBe(0);
  });

  it("HYD-01 a snapshot without a window opens, and listeners (until they unsubscribe) see each batch", async () => {
    const { client: c, runtime, states } = client({ loadSnapshot: async () => snapshot(0) });
    const batches: number[][] = [];
    const stop = c.subscribe((_state, entries) => batches.push(entries.map((e) => e.seq)));
    const seen: string[] = [];
    const stopConnection = c.onConnection((info) => seen.push(info.state));
    await c.open();
    expect(c.connection.state).toBe("live");
    runtime.emit({ type: "run.started", runId: "r1" });
    expect(batches.at(-1)).toEqual([1]);
    expect(c.seq).toBe(1);
    stop();
    stopConnection();
    const before = batches.length;
    runtime.emit({ type: "run.completed", runId: "r1" });
    expect(batches.length).toBe(before);
    c.close();
    expect(seen).not.toContain("closed");
    expect(states.at(-1)?.state).toBe("closed");
  });
});

describe("SessionClient writes wait for the listener", () => {
  it("COMP-05 a write during a slow hydration waits for it (up to 10 s by default) and is then sent", async () => {
    const { client: c, runtime } = client({
      loadSnapshot: () => new Promise((r) => setTimeout(() => r(snapshot(0)), 40)),
    });
    const result = await c.runtime.interrupt({ turnId: "t1" });
    expect(result.status).toBe("accepted");
    expect(runtime.written.map((w) => w.kind)).toEqual(["interrupt"]);
    c.close();
  });

  it("ENV-07 with `optimisticSends: false` a send shows nothing before the runtime's fact", async () => {
    const { client: c } = client({ optimisticSends: false, loadSnapshot: async () => snapshot(0) });
    await c.open();
    const shown: number[] = [];
    c.subscribe((state) => shown.push(state.messages.length));
    await c.runtime.send({ text: "hi" });
    expect(c.state.messages).toEqual([]);
    expect(shown.every((n) => n === 0)).toBe(true);
    c.close();
  });
});

describe("SessionClient.loadRecord", () => {
  it("HYD-02 completes a previewed row once, announced; an older row or no loader changes nothing", async () => {
    const completed: unknown[] = [];
    const projector = () => ({
      ...createProjector(),
      completeRecord: (...args: unknown[]) => completed.push(args),
    });
    let rowSeq = 5;
    const { client: c } = client({
      loadSnapshot: async () => snapshot(3),
      loadTableRow: async (table, id) => ({
        sessionId: "s",
        seq: rowSeq,
        table,
        id,
        record: { id, outputText: "x" },
      }),
      createProjector: projector,
    });
    await c.open();
    const batches: unknown[][] = [];
    c.subscribe((_state, entries) => batches.push([...entries]));
    expect(await c.loadRecord("tools", "t1")).toBe(true);
    expect(completed).toEqual([["tools", "t1", { id: "t1", outputText: "x" }]]);
    expect(batches).toEqual([[]]);
    rowSeq = 2;
    expect(await c.loadRecord("tools", "t1")).toBe(false);
    expect(completed).toHaveLength(1);
    c.close();

    const noLoader = client({ loadSnapshot: async () => snapshot(0), createProjector: projector });
    expect(await noLoader.client.loadRecord("tools", "t1")).toBe(false);
    const plainProjector = client({
      loadSnapshot: async () => snapshot(0),
      loadTableRow: async () => {
        throw new Error("not asked");
      },
      createProjector: () => createProjector(),
    });
    const bare = plainProjector.client as unknown as { projector: { completeRecord?: unknown } };
    bare.projector.completeRecord = undefined;
    expect(await plainProjector.client.loadRecord("tools", "t1")).toBe(false);
  });
});
