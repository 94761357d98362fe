// Integration facts on loopback, end to end: a real gateway running the embedded demo runtime,
// real `SessionClient`s over SSE and WebSocket. Two clients of one session hold identical projected state
// (while an approval is pending, right after a write, after the run); a double-submitted approval from two
// clients resolves once; a client whose TCP connection is cut mid-run (RST through a proxy, not just a
// closed listener) reconnects and resumes with every seq applied exactly once.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProjectionState } from "@agent-ui/contracts";
import { demoSource } from "@agent-ui/demo";
import { type RunningServer, startServer } from "@agent-ui/server";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { connectSession, GatewayHttpClient, type SessionClient, type WebSocketConstructor } from "../src";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gateway(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-two-clients-"));
  const server = await startServer({ noAuth: true, port: 0, dataDir, sources: [demoSource] });
  cleanups.push(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}

function open(baseUrl: string, sessionId: string, transport: "sse" | "websocket"): SessionClient {
  const client = connectSession({
    baseUrl,
    sessionId,
    transport,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    backoff: { baseMs: 20, maxMs: 100 },
  });
  cleanups.push(() => client.close());
  return client;
}

/** Every seq a client applies, in order (from its hydration point on). */
function recordApplied(client: SessionClient): number[] {
  const applied: number[] = [];
  client.subscribe((_state, entries) => applied.push(...entries.map((e) => e.seq)));
  return applied;
}

/** Waits until both clients applied the gateway's whole log and it stayed quiet for `quietMs`. */
async function caughtUp(server: RunningServer, id: string, clients: SessionClient[], quietMs = 250) {
  let last = -1;
  let since = Date.now();
  await until(async () => {
    const head = (await server.gateway.getSession(id)).lastSeq;
    if (head !== last) {
      last = head;
      since = Date.now();
    }
    return clients.every((c) => c.seq === head) && Date.now() - since >= quietMs ? true : undefined;
  }, 20_000);
  return last;
}

describe("two clients on one gateway session", () => {
  it("ORD-01/HYD-02 an SSE client and a WebSocket client see identical state: pending approval, after the write, after the run", async () => {
    const server = await gateway();
    const http = new GatewayHttpClient({ baseUrl: server.url });
    const session = await http.createSession({ source: "demo", scenario: "team", config: { pace: 0.3 } });
    const a = open(server.url, session.id, "sse");
    const b = open(server.url, session.id, "websocket");
    await Promise.all([a.open(), b.open()]);
    const pending = await until(
      () => Object.values(a.state.actions).find((action) => action.status === "pending"),
      20_000,
    );
    await caughtUp(server, session.id, [a, b]);
    expect(b.state.actions[pending.actionId].status).toBe("pending");
    expect(facts(b.state)).toEqual(facts(a.state));

    // The write goes through A; its facts reach both, and at the same seq both states are equal.
    const write = await a.runtime.approve(pending.actionId);
    expect(write.status).toBe("accepted");
    const resolvedAt = await until(() =>
      a.state.actions[pending.actionId]?.status !== "pending" ? a.seq : undefined,
    );
    const bAtSameSeq = await stateAt(b, resolvedAt);
    const aAtSameSeq = await stateAt(a, resolvedAt);
    expect(facts(bAtSameSeq)).toEqual(facts(aAtSameSeq));

    await caughtUp(server, session.id, [a, b], 600);
    expect(a.state.actions[pending.actionId].status).not.toBe("pending");
    expect(facts(b.state)).toEqual(facts(a.state));
    // And both equal a third client that hydrates afterwards from the gateway's snapshot.
    const late = open(server.url, session.id, "sse");
    await late.open();
    expect(late.state.messages).toEqual(a.state.messages);
    expect(late.state.actions).toEqual(a.state.actions);
    // Its tool rows came as previews; completed on request, they equal the streamed ones.
    for (const toolCallId of Object.keys(late.state.tools))
      expect(await late.loadRecord("tools", toolCallId)).toBe(true);
    expect(late.state.tools).toEqual(a.state.tools);
  }, 60_000);

  it("HITL-05 / AUI-AR-ACTION-004 two clients answering one approval (same intent, another device, a conflicting reject) yield one resolution", async () => {
    const server = await gateway();
    const http = new GatewayHttpClient({ baseUrl: server.url });
    const session = await http.createSession({ source: "demo", scenario: "approval", config: { pace: 0.5 } });
    const a = open(server.url, session.id, "sse");
    const b = open(server.url, session.id, "websocket");
    await Promise.all([a.open(), b.open()]);
    const pending = await until(
      () => Object.values(b.state.actions).find((action) => action.status === "pending"),
      10_000,
    );
    const results = await Promise.all([
      a.runtime.approve(pending.actionId),
      b.runtime.approve(pending.actionId),
      b.runtime.respondAction({
        actionId: pending.actionId,
        decision: "approve",
        idempotencyKey: "device-b",
      }),
      a.runtime.reject(pending.actionId),
    ]);
    const accepted = results.filter((r) => r.status === "accepted" && !r.duplicate);
    expect(accepted).toHaveLength(1);
    for (const r of results) expect(["accepted", "rejected"]).toContain(r.status);
    await caughtUp(server, session.id, [a, b], 600);
    const log = await http.events(session.id, 0, 5000);
    const resolutions = log.entries.filter(
      (e) => e.event.type === "action.resolved" && e.event.actionId === pending.actionId,
    );
    expect(resolutions).toHaveLength(1);
    expect(a.state.actions[pending.actionId]).toEqual(b.state.actions[pending.actionId]);
    expect(a.state.actions[pending.actionId].status).not.toBe("pending");
  }, 30_000);

  it("ORD-02/ORD-04 a client whose TCP connection is cut mid-run reconnects and resumes without loss or duplicates", async () => {
    const server = await gateway();
    const proxy = await tcpProxy(server.port);
    cleanups.push(() => proxy.close());
    const http = new GatewayHttpClient({ baseUrl: server.url });
    const session = await http.createSession({ source: "demo", scenario: "solo", config: { pace: 0.5 } });
    const steady = open(server.url, session.id, "sse");
    const cut = open(proxy.url, session.id, "sse");
    const applied = recordApplied(cut);
    const states: string[] = [];
    cut.onConnection((info) => states.push(info.state));
    await Promise.all([steady.open(), cut.open()]);
    const hydratedAt = cut.seq;
    await until(() => (cut.seq >= hydratedAt + 20 ? true : undefined), 15_000);
    const head = (await server.gateway.getSession(session.id)).lastSeq;
    expect(proxy.cut()).toBeGreaterThan(0);
    await until(() => (states.includes("reconnecting") || states.includes("stale") ? true : undefined));
    const end = await caughtUp(server, session.id, [steady, cut], 600);
    // The cut happened mid-run: the log kept growing after it.
    expect(end).toBeGreaterThan(head);
    expect(states.at(-1)).toBe("live");
    // Every seq after the hydration snapshot applied exactly once, in order, across the cut.
    const first = applied[0];
    expect(first).toBeLessThanOrEqual(hydratedAt + 1);
    expect(applied).toEqual(Array.from({ length: end - first + 1 }, (_, i) => first + i));
    expect(facts(cut.state)).toEqual(facts(steady.state));
  }, 60_000);
});

/** The projected facts of a state: everything but `cursor.eventCount`, the projector's own count of events
 * it applied — a client that hydrated from a later snapshot applied fewer events to reach the same seq. */
function facts(state: ProjectionState): ProjectionState {
  const { eventCount: _count, ...cursor } = state.cursor;
  return { ...state, cursor: cursor as ProjectionState["cursor"] };
}

/** The client's state once it applied exactly `seq` (deep copy taken at that moment). */
function stateAt(client: SessionClient, seq: number): Promise<ProjectionState> {
  if (client.seq === seq) return Promise.resolve(structuredClone(client.state));
  if (client.seq > seq) throw new Error(`client already past seq ${seq} (at ${client.seq})`);
  return new Promise((resolve) => {
    const off = client.subscribe((state) => {
      if (client.seq !== seq) return;
      off();
      resolve(structuredClone(state));
    });
  });
}

/** A TCP proxy to the gateway whose connections can be cut with a reset, like a dropped network. */
async function tcpProxy(targetPort: number): Promise<{ url: string; cut(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      const count = sockets.size;
      for (const s of sockets) s.resetAndDestroy();
      return count;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("until: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
