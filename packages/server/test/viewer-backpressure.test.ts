// Catch-up under backpressure: a viewer of a long session receives its backlog a page at a time; one that
// stops reading is cut with a reason it can read (SSE final `close` event, WebSocket close 1013) instead
// of the gateway queueing the whole backlog for it, and it resumes by seq without loss. Resume points
// are validated (a clear 400 naming the parameter).
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readSseEntries, scriptedFactory, startTestServer, waitFor } from "./helpers";

const ENTRIES = 3000;
const filler = "x".repeat(4000);
const script = Array.from({ length: ENTRIES }, (_, i) => ({
  type: "text.delta",
  messageId: "m1",
  payload: { delta: `${i} ${filler}` },
}));

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let head = 0;

beforeAll(async () => {
  const scripted = scriptedFactory(script);
  server = await startTestServer({
    extraSources: [scripted],
    viewerLimits: { maxBuffered: 1024 * 1024, catchUpLowWater: 64 * 1024, stallMs: 300 },
  });
  await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: "scripted", id: "long" }),
  });
  head = await waitFor(async () => {
    const session = await server.gateway.getSession("long");
    return session.status === "live" ? session.lastSeq : undefined;
  }, 20_000);
}, 30_000);

afterAll(() => server?.close());

/** A raw HTTP client that sends the request and then reads nothing until `holdMs` passed. */
function stalledSse(path: string, holdMs: number): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n`,
      );
      socket.pause();
      setTimeout(() => socket.resume(), holdMs);
    });
    let text = "";
    // The response is complete once its final `close` event arrived (the socket may stay open for reuse).
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (/event: close\ndata: [^\n]*\n\n/.test(text.slice(-4096))) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

function seqsOf(sse: string): number[] {
  const body = sse.slice(sse.indexOf("\r\n\r\n") + 4);
  return [...body.matchAll(/^id: (\d+)\.[0-9a-f]{8}$/gm)].map((m) => Number(m[1]));
}

describe("viewer catch-up with backpressure", () => {
  it("ORD-04 an SSE viewer that stops reading during catch-up is cut with a final close event; it resumes by seq", async () => {
    expect(head).toBeGreaterThan(ENTRIES);
    const raw = await stalledSse("/api/sessions/long/events?after=0", 1500);
    expect(raw).toMatch(/event: close\r?\n?/);
    expect(raw).toContain("client_too_slow");
    const got = seqsOf(raw);
    // Only pages it could take were queued: far from the whole backlog.
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(head / 2);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => i + 1));
    const rest = await readSseEntries(
      `${server.url}/api/sessions/long/events?after=${got.at(-1)}`,
      head - got.length,
      {},
      15_000,
    );
    expect([...got, ...rest.entries.map((e) => e.seq)]).toEqual(
      Array.from({ length: head }, (_, i) => i + 1),
    );
  }, 30_000);

  it("ORD-04 a WebSocket viewer that stops reading is closed with 1013 and the reason", async () => {
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/api/sessions/long/ws?after=0`);
    const seqs: number[] = [];
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { type: string; entries?: { seq: number }[] };
      if (frame.type === "entries") seqs.push(...(frame.entries ?? []).map((e) => e.seq));
    });
    await new Promise((resolve) => socket.once("open", resolve));
    const tcp = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    tcp.resume();
    const { code, reason } = await closed;
    expect(code).toBe(1013);
    expect(reason).toMatch(/^client_too_slow/);
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.length).toBeLessThan(head / 2);
  }, 30_000);

  it("a reading viewer gets the whole backlog in pages, then live", async () => {
    const { entries } = await readSseEntries(
      `${server.url}/api/sessions/long/events?after=0`,
      head,
      {},
      15_000,
    );
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
  }, 30_000);

  it("ORD-04 a resume whose cursor is beyond the head is told cursor_ahead (409), never served from the head", async () => {
    for (const path of [
      `/api/sessions/long/events?after=${head + 5}`,
      `/api/sessions/long/ws?after=${head + 5}`,
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(409);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("cursor_ahead");
      expect(body.error.message).toContain(`head ${head}`);
    }
    const socket = new WebSocket(
      `${server.url.replace("http", "ws")}/api/sessions/long/ws?after=${head + 5}`,
    );
    const frame = await new Promise<{ type: string; code?: string }>((resolve) =>
      socket.once("message", (data) => resolve(JSON.parse(String(data)))),
    );
    expect(frame).toMatchObject({ type: "error", code: "cursor_ahead" });
    socket.close();
    const viaHeader = await fetch(`${server.url}/api/sessions/long/events`, {
      headers: { "last-event-id": String(head + 1) },
    });
    expect(viaHeader.status).toBe(409);
    await viaHeader.body?.cancel();
  });

  it("Last-Event-ID and numeric query parameters are bounded integers: a clear 400 names the parameter", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/api/sessions/long/events", { "last-event-id": "abc" }, "Last-Event-ID"],
      ["/api/sessions/long/events", { "last-event-id": "99999999999999999999" }, "Last-Event-ID"],
      ["/api/sessions/long/events?after=-1", {}, "after"],
      ["/api/sessions/long/events?after=1e3", {}, "after"],
      ["/api/sessions/long/events.json?limit=100000", {}, "limit"],
      ["/api/sessions/long/ws?after=x", {}, "after"],
    ];
    for (const [path, headers, name] of cases) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("invalid_request");
      expect(body.error.message).toContain(name);
    }
  });
});
