import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SseDecoder, SseTransport, type WebSocketLike, WebSocketTransport } from "../src";

describe("SseDecoder", () => {
  const wire = [
    'event: ready\ndata: {"head":3}\n\n',
    ": keep-alive\n\n",
    'event: entry\nid: 1\ndata: {"seq":1}\n\n',
    'event: entry\r\nid: 2\r\ndata: {"seq":2}\r\n\r\n',
    'event: entry\rid: 3\rdata: {"seq":3}\r\r',
    "data: line one\ndata: line two\n\n",
  ].join("");

  it("decodes events, ids, multi-line data, comments and all three line endings", () => {
    const decoder = new SseDecoder();
    const messages = decoder.push(wire);
    expect(messages.map((m) => [m.event, m.id, m.data])).toEqual([
      ["ready", undefined, '{"head":3}'],
      ["entry", "1", '{"seq":1}'],
      ["entry", "2", '{"seq":2}'],
      ["entry", "3", '{"seq":3}'],
      // The last event id persists until a new one arrives (it is the resume point).
      ["message", "3", "line one\nline two"],
    ]);
  });

  it("property: any chunking of the byte stream yields the same events", () => {
    const whole = new SseDecoder().push(wire);
    fc.assert(
      fc.property(fc.array(fc.nat(wire.length), { maxLength: 20 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const decoder = new SseDecoder();
        const out = [];
        let from = 0;
        for (const point of [...points, wire.length]) {
          out.push(...decoder.push(wire.slice(from, point)));
          from = point;
        }
        expect(out).toEqual(whole);
      }),
    );
  });

  it("property: LF-only streams (the fast path) decode the same under any chunking, long lines included", () => {
    const long = "x".repeat(5000);
    const lfWire = [
      'event: ready\ndata: {"head":3}\n\n',
      ": keep-alive\n\n",
      `event: entry\nid: 7\ndata: {"text":"${long}"}\n\n`,
      "data: a\ndata: b\n\n",
      "event: entry\nid: 8\ndata: tail",
    ].join("");
    const whole = new SseDecoder().push(lfWire);
    expect(whole.map((m) => m.id)).toEqual([undefined, "7", "7"]);
    expect(whole[1].data).toBe(`{"text":"${long}"}`);
    fc.assert(
      fc.property(fc.array(fc.nat(lfWire.length), { maxLength: 40 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const decoder = new SseDecoder();
        const out = [];
        let from = 0;
        for (const point of [...points, lfWire.length]) {
          out.push(...decoder.push(lfWire.slice(from, point)));
          from = point;
        }
        // The unterminated last event is held back, never half-delivered.
        expect(out).toEqual(whole);
        expect(decoder.push("\n\n").map((m) => m.data)).toEqual(["tail"]);
      }),
    );
  });
});

describe("SseTransport", () => {
  it("treats a silent connection (no heartbeat) as lost, so the subscription reconnects", async () => {
    const silent: typeof fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            init?.signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
    const transport = new SseTransport({
      baseUrl: "http://gateway.invalid",
      fetch: silent,
      idleTimeoutMs: 40,
    });
    const reason = await new Promise<string | undefined>((resolve) => {
      transport.connect("s", 0, { onReady() {}, onEntries() {}, onClose: resolve });
    });
    expect(reason).toBeDefined();
  });

  it("reports a refused subscription (HTTP 404) as a close with the status", async () => {
    const notFound: typeof fetch = async () =>
      new Response('{"error":{"code":"session_not_found","message":"x"}}', { status: 404 });
    const transport = new SseTransport({ baseUrl: "http://gateway.invalid", fetch: notFound });
    const reason = await new Promise<string | undefined>((resolve) => {
      transport.connect("s", 0, { onReady() {}, onEntries() {}, onClose: resolve });
    });
    expect(reason).toBe("HTTP 404");
  });
  it("ORD-04 an unreadable entry ends the connection with a reason and releases the stream (no silent skip)", async () => {
    let signal: AbortSignal | undefined;
    const corrupt: typeof fetch = async (_url, init) => {
      signal = init?.signal ?? undefined;
      const wire =
        'event: ready\ndata: {"type":"ready","after":0,"head":2}\n\n' +
        'id: 1\nevent: entry\ndata: {"seq":1,"event":{"type":"text.delta"}}\n\n' +
        "id: 2\nevent: entry\ndata: {not json\n\n";
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(wire));
            // The stream stays open: only the client's abort ends it.
            signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
    };
    const transport = new SseTransport({ baseUrl: "http://gateway.invalid", fetch: corrupt });
    const delivered: number[] = [];
    const reason = await new Promise<string | undefined>((resolve) => {
      transport.connect("s", 0, {
        onReady() {},
        onEntries: (entries) => delivered.push(...entries.map((e) => e.seq)),
        onClose: resolve,
      });
    });
    expect(reason).toBe("malformed entry frame from the gateway");
    // The good entry before it was delivered, nothing past it; the subscription resumes after seq 1.
    expect(delivered).toEqual([1]);
    expect(signal?.aborted).toBe(true);
  });
});

describe("WebSocketTransport", () => {
  /** A socket the test drives; the transport attaches its handlers to the last one made. */
  class FakeSocket implements WebSocketLike {
    static last: FakeSocket | undefined;
    onopen: WebSocketLike["onopen"] = null;
    onmessage: WebSocketLike["onmessage"] = null;
    onclose: WebSocketLike["onclose"] = null;
    onerror: WebSocketLike["onerror"] = null;
    closed = false;
    constructor(
      readonly url: string,
      readonly protocols?: string[],
    ) {
      FakeSocket.last = this;
    }
    close(): void {
      this.closed = true;
    }
  }
  const connect = () => {
    const transport = new WebSocketTransport({
      baseUrl: "http://gw.invalid",
      token: "t k",
      WebSocket: FakeSocket,
    });
    const closes: { reason?: string; refused?: boolean }[] = [];
    const entries: number[] = [];
    transport.connect("s 1", 7, {
      onReady() {},
      onEntries: (batch) => entries.push(...batch.map((e) => e.seq)),
      onClose: (reason, refused) => closes.push({ reason, refused }),
    });
    return { socket: FakeSocket.last as FakeSocket, closes, entries };
  };

  it("ORD-04 resumes with ?after=; the token travels as a subprotocol (browsers cannot set headers), never in the URL", () => {
    const { socket } = connect();
    expect(socket.url).toBe("ws://gw.invalid/api/sessions/s%201/ws?after=7");
    // "t k" as the hex of its UTF-8 bytes: any token stays a valid subprotocol name.
    expect(socket.protocols).toEqual(["agent-ui", "agent-ui.token.74206b"]);
  });

  it("an unreadable frame ends the connection instead of being skipped; an unknown frame type is ignored", () => {
    const { socket, closes, entries } = connect();
    socket.onmessage?.({ data: JSON.stringify({ type: "entries", entries: [{ seq: 8, event: {} }] }) });
    socket.onmessage?.({ data: JSON.stringify({ type: "hello-from-the-future" }) });
    expect(closes).toEqual([]);
    socket.onmessage?.({ data: JSON.stringify({ type: "entries", entries: "not a list" }) });
    expect(entries).toEqual([8]);
    expect(closes).toEqual([{ reason: "malformed frame from the gateway", refused: undefined }]);
    expect(socket.closed).toBe(true);
  });

  it("CTRL-07 an error frame that refuses the session, or close code 1008, is a refusal; other closes are not", () => {
    const refused = connect();
    refused.socket.onmessage?.({
      data: JSON.stringify({ type: "error", code: "unauthorized", message: "missing or wrong bearer token" }),
    });
    expect(refused.closes).toEqual([
      { reason: "unauthorized: missing or wrong bearer token", refused: true },
    ]);
    const policy = connect();
    policy.socket.onclose?.({ code: 1008, reason: "session gone" });
    expect(policy.closes).toEqual([{ reason: "socket closed (1008 session gone)", refused: true }]);
    const slow = connect();
    slow.socket.onclose?.({ code: 1013, reason: "slow viewer" });
    expect(slow.closes).toEqual([{ reason: "socket closed (1013 slow viewer)", refused: false }]);
    const failed = connect();
    failed.socket.onmessage?.({
      data: JSON.stringify({ type: "error", code: "subscribe_failed", message: "db" }),
    });
    expect(failed.closes[0].refused).toBe(false);
  });
});
