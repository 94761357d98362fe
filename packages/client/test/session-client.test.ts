import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent, ControlCommand, WriteResult } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import {
  connectSession,
  GatewayHttpClient,
  InProcessTransport,
  type LogEntry,
  SessionClient,
  type WebSocketConstructor,
} from "../src";
import { deltas, heldSource, textOf, waitUntil } from "./gateway-fixtures";

/** An in-process runtime whose log and write port share one array. A `send` emits its `run.started` fact
 * synchronously, inside the write call — the case COMP-05 is about. */
class InstantRuntime {
  readonly log: LogEntry[] = [];
  readonly calls: string[] = [];
  private readonly listeners = new Set<(entries: readonly LogEntry[]) => void>();

  async subscribe(_sessionId: string, after: number, listener: (entries: readonly LogEntry[]) => void) {
    this.calls.push("subscribe");
    this.listeners.add(listener);
    const backlog = this.log.filter((e) => e.seq > after);
    if (backlog.length > 0) listener(backlog);
    this.calls.push("bound");
    return {
      ready: Promise.resolve({ head: this.log.length }),
      unsubscribe: () => this.listeners.delete(listener),
    };
  }

  async write(command: ControlCommand): Promise<WriteResult> {
    this.calls.push(`write:${command.kind}`);
    if (command.kind === "send") {
      this.emit({
        type: "run.started",
        eventId: `run-${command.clientMessageId}`,
        runId: `run-${this.log.length}`,
        payload: { input: command.text, clientMessageId: command.clientMessageId },
      });
    }
    return { status: "accepted", idempotencyKey: command.idempotencyKey };
  }

  emit(event: AgentUiEvent): void {
    const entry = { seq: this.log.length + 1, event: { sessionId: "s", ...event } };
    this.log.push(entry);
    for (const listener of this.listeners) listener([entry]);
  }
}

describe("SessionClient", () => {
  it("COMP-05 VC-01 binds the listener before the first submit; a fact emitted synchronously on submit is not lost", async () => {
    const runtime = new InstantRuntime();
    const client = new SessionClient({
      sessionId: "s",
      transport: new InProcessTransport(runtime),
      port: runtime,
    });
    // No explicit open(): the write itself must bind first.
    const result = await client.runtime.send({ text: "hello there", clientMessageId: "c1" });
    expect(result.status).toBe("accepted");
    expect(runtime.calls).toEqual(["subscribe", "bound", "write:send"]);
    expect(client.seq).toBe(1);
    const user = client.state.messages.find((m) => m.role === "user");
    expect(user?.parts.map((p) => p.text).join("")).toContain("hello there");
    expect(client.connection.state).toBe("live");
    client.close();
    expect(client.connection.state).toBe("closed");
  });
});

describe("SessionClient.lastEventAt", () => {
  it("STAT-04 PERF-07 is when facts last arrived: unset before any, moved by each live batch", async () => {
    const runtime = new InstantRuntime();
    let now = 1_000;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => now);
    try {
      const client = new SessionClient({
        sessionId: "s",
        transport: new InProcessTransport(runtime),
        port: runtime,
      });
      expect(client.lastEventAt).toBeUndefined();
      await client.open();
      expect(client.lastEventAt).toBeUndefined();
      now = 2_000;
      runtime.emit({ type: "text.delta", messageId: "m1", payload: { delta: "hi" } });
      expect(client.lastEventAt).toBe(2_000);
      now = 3_000;
      runtime.emit({ type: "text.delta", messageId: "m1", payload: { delta: " there" } });
      expect(client.lastEventAt).toBe(3_000);
      client.close();
    } finally {
      clock.mockRestore();
    }
  });
});

describe("SessionClient when the gateway is unreachable", () => {
  it("CTRL-07 a write that cannot bind its listener is `unavailable` and is never sent blind (COMP-05)", async () => {
    const sent: ControlCommand[] = [];
    const client = new SessionClient({
      sessionId: "s",
      transport: {
        name: "dead",
        connect: (_s, _a, handlers) => {
          handlers.onClose("refused");
          return { close() {} };
        },
      },
      port: {
        write: async (command) => {
          sent.push(command);
          return { status: "accepted", idempotencyKey: command.idempotencyKey };
        },
      },
      backoff: { baseMs: 5, maxMs: 10 },
      bindTimeoutMs: 60,
    });
    const result = await client.runtime.send({ text: "hello?" });
    expect(result.status).toBe("unavailable");
    expect(result.reason).toMatch(/^host_unavailable: listener not bound/);
    expect(sent).toHaveLength(0);
    expect(["reconnecting", "stale"]).toContain(client.connection.state);
    client.close();
  });
});

for (const transport of ["sse", "websocket"] as const) {
  describe(`SessionClient over ${transport} against a real gateway`, () => {
    it("ORD-04 hydrates from the snapshot, survives a gateway restart and resumes without duplicates", async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-client-"));
      const source = heldSource();
      let server = await startServer({ noAuth: true, port: 0, dataDir, sources: [source] });
      const port = server.port;
      const http = new GatewayHttpClient({ baseUrl: server.url });
      const session = await http.createSession({ source: "held" });
      await waitUntil(() => source.sink !== undefined);
      await source.sink!.events(deltas(1, 5, "m1"));
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        transport,
        WebSocket: WebSocket as unknown as WebSocketConstructor,
        backoff: { baseMs: 20, maxMs: 100 },
      });
      const applied: number[] = [];
      client.subscribe((_state, entries) => applied.push(...entries.map((e) => e.seq)));
      await client.open();
      const hydratedSeq = client.seq;
      expect(hydratedSeq).toBeGreaterThanOrEqual(6);
      expect(textOf(client, "m1")).toBe("1 2 3 4 5 ");
      // Live: a write goes through the HTTP port and its fact comes back on the stream.
      const write = await client.runtime.send({ text: "go" });
      expect(write.status).toBe("accepted");
      await waitUntil(() => client.seq > hydratedSeq);

      // Restart the gateway on the same port and data: the client reconnects and resumes from its seq.
      const states: string[] = [];
      client.onConnection((info) => states.push(info.state));
      await server.close();
      await waitUntil(() => states.includes("reconnecting") || states.includes("stale"));
      server = await startServer({ noAuth: true, port, dataDir, sources: [source] });
      await waitUntil(() => client.connection.state === "live", 8000);
      const [last] = (
        await server.gateway.store.append(session.id, deltas(6, 8, "m1") as AgentUiEvent[])
      ).slice(-1);
      await waitUntil(() => client.seq === last.seq);
      expect(textOf(client, "m1")).toBe("1 2 3 4 5 6 7 8 ");
      // The restart is a fact on the stream too: the session's runtime is no longer attached.
      expect(states.at(-1)).toBe("live");
      // Every seq after the hydration point was applied exactly once, in order.
      expect(applied).toEqual(
        Array.from({ length: client.seq - hydratedSeq }, (_, i) => hydratedSeq + 1 + i),
      );
      client.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });
}

describe("SessionClient refused by, or cut off from, the gateway", () => {
  it("CTRL-07 a refused hydration (wrong token) is a `failed` connection fact with the reason, and is not retried", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-client-"));
    const server = await startServer({ port: 0, dataDir, sources: [heldSource()], token: "right" });
    try {
      const session = await new GatewayHttpClient({ baseUrl: server.url, token: "right" }).createSession({
        source: "held",
      });
      let snapshots = 0;
      const counting: typeof fetch = (input, init) => {
        if (String(input).includes("/snapshot")) snapshots += 1;
        return fetch(input, init);
      };
      const client = connectSession({
        baseUrl: server.url,
        token: "wrong",
        fetch: counting,
        sessionId: session.id,
        backoff: { baseMs: 5, maxMs: 10 },
      });
      const states: string[] = [];
      client.onConnection((info) => states.push(info.state));
      await expect(client.open()).rejects.toMatchObject({ status: 401 });
      expect(client.connection).toMatchObject({ state: "failed" });
      expect(client.connection.reason).toMatch(/unauthorized \(HTTP 401\)/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(snapshots).toBe(1);
      expect(states).toEqual(["failed"]);
      client.close();
      expect(client.connection.state).toBe("closed");
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("CTRL-07 a token revoked while connected: the SSE resume is refused (401) and the connection says `failed`", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-client-"));
    const source = heldSource();
    let server = await startServer({ port: 0, dataDir, sources: [source], token: "old" });
    const port = server.port;
    try {
      const session = await new GatewayHttpClient({ baseUrl: server.url, token: "old" }).createSession({
        source: "held",
      });
      const client = connectSession({
        baseUrl: server.url,
        token: "old",
        sessionId: session.id,
        backoff: { baseMs: 10, maxMs: 20 },
      });
      await client.open();
      expect(client.connection.state).toBe("live");
      await server.close();
      server = await startServer({ port, dataDir, sources: [source], token: "rotated" });
      await waitUntil(() => client.connection.state === "failed", 8000);
      expect(client.connection.reason).toBe("HTTP 401");
      // Not retried: it stays failed.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.connection.state).toBe("failed");
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("CTRL-07 a gateway that is down at open is retried with backoff (reconnecting, a fact) until it is up, then live", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-client-"));
    const source = heldSource();
    let server = await startServer({ noAuth: true, port: 0, dataDir, sources: [source] });
    const port = server.port;
    const session = await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" });
    await server.close();
    const client = connectSession({
      baseUrl: `http://127.0.0.1:${port}`,
      sessionId: session.id,
      backoff: { baseMs: 20, maxMs: 80 },
    });
    const states: { state: string; reason?: string }[] = [];
    client.onConnection((info) => states.push({ state: info.state, reason: info.reason }));
    await expect(client.open()).rejects.toThrow();
    expect(client.connection.state).toBe("reconnecting");
    expect(client.connection.reason).toBeTruthy();
    server = await startServer({ noAuth: true, port, dataDir, sources: [source] });
    try {
      await waitUntil(() => client.connection.state === "live", 8000);
      expect(states[0].state).toBe("reconnecting");
      expect(states.at(-1)?.state).toBe("live");
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
