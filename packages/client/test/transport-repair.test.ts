// Both network transports against a real gateway when frames go wrong on the way: a lost entries frame is a
// gap the client detects, repairs from a fresh snapshot and resumes after (AUI-AR-HYDRATE-002); an
// unreadable frame ends the connection and the client resumes from its last applied seq (ORD-04) — in both
// cases every fact ends up applied, none twice, and the connection state says what happened.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  type ConnectionInfo,
  connectSession,
  GatewayHttpClient,
  type WebSocketConstructor,
  type WebSocketLike,
} from "../src";
import { deltas, heldSource, textOf, waitUntil } from "./gateway-fixtures";

/** A real `ws` socket whose incoming frames pass through `tamper` first: it may pass, drop or rewrite one. */
function tamperingWebSocket(tamper: (data: string) => string | undefined): WebSocketConstructor {
  return class implements WebSocketLike {
    onopen: WebSocketLike["onopen"] = null;
    onmessage: WebSocketLike["onmessage"] = null;
    onclose: WebSocketLike["onclose"] = null;
    onerror: WebSocketLike["onerror"] = null;
    private readonly socket: WebSocket;
    constructor(url: string) {
      this.socket = new WebSocket(url);
      this.socket.onopen = (event) => this.onopen?.(event);
      this.socket.onclose = (event) => this.onclose?.(event);
      this.socket.onerror = (event) => this.onerror?.(event);
      this.socket.onmessage = (event) => {
        const data = tamper(String(event.data));
        if (data !== undefined) this.onmessage?.({ data });
      };
    }
    close(code?: number, reason?: string): void {
      this.socket.close(code, reason);
    }
  };
}

/** Does this frame carry the delta numbered `n`? */
const carries = (data: string, n: number) => data.includes(`"delta":"${n} "`);

async function withGateway(run: (ctx: Awaited<ReturnType<typeof gateway>>) => Promise<void>): Promise<void> {
  const ctx = await gateway();
  try {
    await run(ctx);
  } finally {
    await ctx.server.close();
    rmSync(ctx.dataDir, { recursive: true, force: true });
  }
}

async function gateway() {
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-ws-resume-"));
  const source = heldSource();
  const server = await startServer({ noAuth: true, port: 0, dataDir, sources: [source] });
  const session = await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" });
  await waitUntil(() => source.sink !== undefined);
  const append = async (from: number, to: number) => {
    await source.sink?.events(deltas(from, to, "m1") as AgentUiEvent[]);
  };
  return { dataDir, server, session, append };
}

describe("WebSocket transport: lost and unreadable frames against a real gateway", () => {
  it("AUI-AR-HYDRATE-002 / RT-AS-16 a lost entries frame is a gap: stale, repaired from a snapshot, then live again with every fact", async () => {
    await withGateway(async ({ server, session, append }) => {
      let dropped = false;
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        transport: "websocket",
        WebSocket: tamperingWebSocket((data) => {
          if (!dropped && carries(data, 4)) {
            dropped = true;
            return undefined; // lost on the way
          }
          return data;
        }),
        backoff: { baseMs: 10, maxMs: 40 },
      });
      const states: ConnectionInfo[] = [];
      client.onConnection((info) => states.push(info));
      const applied: number[] = [];
      client.subscribe((_state, entries) => applied.push(...entries.map((e) => e.seq)));
      await append(1, 3);
      await client.open();
      await append(4, 5); // this frame is lost
      await waitUntil(() => dropped);
      await append(6, 7); // the next frame shows the gap
      await waitUntil(() => textOf(client, "m1") === "1 2 3 4 5 6 7 ");
      const gap = states.find((s) => s.state === "stale");
      expect(gap?.reason).toMatch(/^gap: expected seq \d+, got \d+$/);
      await waitUntil(() => client.connection.state === "live");
      // After the repair the stream continues live from the snapshot's seq.
      await append(8, 8);
      await waitUntil(() => textOf(client, "m1") === "1 2 3 4 5 6 7 8 ");
      const head = (await server.gateway.store.getSession(session.id))?.lastSeq;
      await waitUntil(() => client.seq === head);
      expect(new Set(applied).size).toBe(applied.length);
      expect(applied).toEqual([...applied].sort((a, b) => a - b));
      client.close();
    });
  });

  it("ORD-04 / RT-AS-16 an unreadable frame ends the connection; the client resumes from its last seq and loses nothing", async () => {
    await withGateway(async ({ server, session, append }) => {
      let corrupted = false;
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        transport: "websocket",
        WebSocket: tamperingWebSocket((data) => {
          if (!corrupted && carries(data, 3)) {
            corrupted = true;
            return `${data.slice(0, 20)}…`; // cut short: not JSON any more
          }
          return data;
        }),
        backoff: { baseMs: 10, maxMs: 40 },
      });
      const states: ConnectionInfo[] = [];
      client.onConnection((info) => states.push(info));
      const applied: number[] = [];
      client.subscribe((_state, entries) => applied.push(...entries.map((e) => e.seq)));
      await append(1, 2);
      await client.open();
      await append(3, 4);
      await waitUntil(() => textOf(client, "m1") === "1 2 3 4 ");
      expect(states.map((s) => s.state)).toEqual(["live", "reconnecting", "live"]);
      expect(states[1].reason).toBe("malformed frame from the gateway");
      const head = (await server.gateway.store.getSession(session.id))?.lastSeq;
      await waitUntil(() => client.seq === head);
      expect(new Set(applied).size).toBe(applied.length);
      client.close();
    });
  });
});

/** `fetch` whose SSE response bodies pass each complete event through `tamper` (drop = undefined). */
function tamperingFetch(tamper: (event: string) => string | undefined): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body || !String(input).includes("/events?")) return response;
    let buffered = "";
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          buffered += decoder.decode(chunk, { stream: true });
          const events = buffered.split("\n\n");
          buffered = events.pop() ?? "";
          const kept = events.map((event) => tamper(event)).filter((event) => event !== undefined);
          if (kept.length > 0) controller.enqueue(encoder.encode(`${kept.join("\n\n")}\n\n`));
        },
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe("SSE transport: a lost event against a real gateway", () => {
  it("AUI-AR-HYDRATE-002 a lost SSE entry is a gap: stale, repaired from a snapshot, then live again with every fact", async () => {
    await withGateway(async ({ server, session, append }) => {
      let dropped = false;
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        transport: "sse",
        fetch: tamperingFetch((event) => {
          if (!dropped && carries(event, 4)) {
            dropped = true;
            return undefined;
          }
          return event;
        }),
        backoff: { baseMs: 10, maxMs: 40 },
      });
      const states: ConnectionInfo[] = [];
      client.onConnection((info) => states.push(info));
      await append(1, 3);
      await client.open();
      await append(4, 4); // lost on the way
      await waitUntil(() => dropped);
      await append(5, 6);
      await waitUntil(() => textOf(client, "m1") === "1 2 3 4 5 6 ");
      expect(states.find((s) => s.state === "stale")?.reason).toMatch(/^gap: expected seq \d+, got \d+$/);
      await waitUntil(() => client.connection.state === "live");
      const head = (await server.gateway.store.getSession(session.id))?.lastSeq;
      await waitUntil(() => client.seq === head);
      client.close();
    });
  });
});
