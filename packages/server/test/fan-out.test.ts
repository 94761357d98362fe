// Live fan-out: many viewers of one session over SSE and WebSocket get every entry exactly once, in seq
// order, from a wire encoding shared by all of them; a viewer that cannot keep up is cut and resumes by
// seq instead of growing the gateway's memory; the direct-to-socket SSE path keeps middleware headers.
import type { LogEntry, ServerFrame } from "@agent-ui/client";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { sseEntryFrames, wsEntriesFrame } from "../src/gateway/encoded-frames";
import { entryCursorOf } from "../src/gateway/resume-cursor";
import { type FrameSink, LivePump } from "../src/gateway/live-pump";
import { SessionFeed } from "../src/gateway/session-feed";
import { createSqliteStore } from "../src";
import { readSseEntries, scriptedFactory, startTestServer, waitFor } from "./helpers";

const delta = (i: number) => ({ type: "text.delta", messageId: "m1", payload: { delta: `${i} ` } });

describe("live fan-out", () => {
  it("ORD-01/ORD-02 twelve SSE and WebSocket viewers each get every entry once, in order, ids = seq", async () => {
    const scripted = scriptedFactory();
    const server = await startTestServer({ extraSources: [scripted], corsOrigins: ["http://ui.test"] });
    try {
      const created = await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source: "scripted", id: "fan" }),
      });
      expect(created.status).toBe(201);
      await waitFor(() => scripted.runtimes[0]?.sink, 20_000);
      const sink = scripted.runtimes[0].sink!;
      // The source's `live` status is appended after its start resolves; the head is read once it landed.
      const { lastSeq: head } = await waitFor(async () => {
        const session = await server.gateway.getSession("fan");
        return session.status === "live" ? session : undefined;
      }, 20_000);
      const total = head + 300;
      const url = `${server.url}/api/sessions/fan/events?after=0`;
      const sse = Array.from({ length: 8 }, () => readSseEntries(url, total, {}, 15_000));
      const ws = Array.from({ length: 4 }, () => readWs(server.url, "fan", total));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Appends without awaiting, in batches of varying size: group commit merges them.
      const appends: Promise<void>[] = [];
      for (let i = 0; i < 300; ) {
        const size = 1 + (i % 7);
        appends.push(sink.events(Array.from({ length: Math.min(size, 300 - i) }, (_, k) => delta(i + k))));
        i += size;
      }
      await Promise.all(appends);
      const expected = Array.from({ length: total }, (_, i) => i + 1);
      for (const { entries } of await Promise.all(sse)) expect(entries.map((e) => e.seq)).toEqual(expected);
      for (const entries of await Promise.all(ws)) expect(entries.map((e) => e.seq)).toEqual(expected);
    } finally {
      await server.close();
    }
  }, 30_000);

  it("the SSE response keeps the CORS headers middleware set and says not to buffer", async () => {
    const scripted = scriptedFactory([delta(1)]);
    const server = await startTestServer({ extraSources: [scripted], corsOrigins: ["http://ui.test"] });
    try {
      await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source: "scripted", id: "cors" }),
      });
      const abort = new AbortController();
      const response = await fetch(`${server.url}/api/sessions/cors/events`, {
        headers: { origin: "http://ui.test" },
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      expect(response.headers.get("access-control-allow-origin")).toBe("http://ui.test");
      expect(response.headers.get("x-accel-buffering")).toBe("no");
      abort.abort();
    } finally {
      await server.close();
    }
  });

  it("each batch is encoded once and shared by every viewer (same bytes object)", () => {
    const batch: LogEntry[] = [1, 2, 3].map((seq) => ({ seq, event: { type: "x.y", payload: { seq } } }));
    expect(sseEntryFrames(batch)).toBe(sseEntryFrames(batch));
    expect(wsEntriesFrame(batch)).toBe(wsEntriesFrame(batch));
    const text = sseEntryFrames(batch).toString("utf8");
    expect(text.split("\n\n").filter(Boolean)).toHaveLength(3);
    expect(
      text.startsWith(`event: entry\nid: ${entryCursorOf(batch[0])}\ndata: ${JSON.stringify(batch[0])}\n\n`),
    ).toBe(true);
    const frame = JSON.parse(wsEntriesFrame(batch).toString("utf8")) as ServerFrame;
    expect(frame).toEqual({ type: "entries", entries: batch, cursor: entryCursorOf(batch[2]) });
  });

  it("ORD-04 a viewer past the buffer limit is cut (not buffered without bound) and resumes by seq without loss", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    await store.createSession({ id: "slow", sourceKind: "test", config: {} });
    const feed = new SessionFeed(store, "slow", 0);
    store.onAppended((_id, lastSeq, entries) => feed.announce(lastSeq, entries));
    const written: Uint8Array[] = [];
    let buffered = 0;
    let closedWith: string | undefined;
    const sink: FrameSink = {
      get buffered() {
        return buffered;
      },
      write: (frames) => {
        written.push(...frames);
        buffered += frames.reduce((n, f) => n + f.byteLength, 0);
      },
      close: (reason) => {
        closedWith = reason;
      },
    };
    const encoding = { readyBeforeBacklog: true, ready: () => new Uint8Array(1), entries: sseEntryFrames };
    const pump = new LivePump(sink, encoding, 2_000);
    await pump.start((listener) => Promise.resolve(feed.subscribe(0, listener)), 0);
    for (let i = 0; i < 40; i++) await store.append("slow", [delta(i) as never]);
    await waitFor(() => closedWith, 20_000);
    expect(closedWith).toMatch(/^client_too_slow/);
    const deliveredSeqs = written.slice(1).flatMap((bytes) =>
      [
        ...Buffer.from(bytes)
          .toString("utf8")
          .matchAll(/^id: (\d+)\.[0-9a-f]{8}$/gm),
      ].map((m) => +m[1]),
    );
    expect(deliveredSeqs.length).toBeLessThan(40);
    // Resuming from the last seq it got delivers exactly the rest.
    const rest: number[] = [];
    const resumed = feed.subscribe(deliveredSeqs.at(-1) ?? 0, (entries) =>
      rest.push(...entries.map((e) => e.seq)),
    );
    await resumed.ready;
    expect([...deliveredSeqs, ...rest]).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await store.close();
  });
});

function readWs(baseUrl: string, sessionId: string, count: number): Promise<LogEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: LogEntry[] = [];
    const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/api/sessions/${sessionId}/ws?after=0`);
    const timer = setTimeout(() => {
      socket.close();
      resolve(entries);
    }, 15_000);
    socket.on("message", (data, isBinary) => {
      if (isBinary) reject(new Error("entries must arrive as text frames"));
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === "entries") entries.push(...frame.entries);
      if (entries.length >= count) {
        clearTimeout(timer);
        socket.close();
        resolve(entries);
      }
    });
    socket.on("error", reject);
  });
}
