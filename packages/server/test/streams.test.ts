import type { LogEntry, ServerFrame } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSession, postJson, readSseEntries, scriptedFactory, startTestServer } from "./helpers";

const SCRIPT = Array.from({ length: 6 }, (_, i) => ({
  type: "text.delta",
  messageId: "m1",
  sequence: i + 1,
  payload: { delta: `part${i + 1} ` },
}));

describe("live log transports resume by sequence", () => {
  const scripted = scriptedFactory(SCRIPT);
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionId: string;
  let head: number;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scripted] });
    const created = await createSession(server, { source: "scripted" }, SCRIPT.length + 1);
    sessionId = created.id;
    head = created.lastSeq;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("SSE delivers the log from ?after= and from Last-Event-ID, each entry id = its seq (ORD-04)", async () => {
    const url = `${server.url}/api/sessions/${sessionId}/events`;
    const all = await readSseEntries(`${url}?after=0`, head);
    expect(all.entries.map((e) => e.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    expect(all.ready).toMatchObject({ after: 0 });
    const fromQuery = await readSseEntries(`${url}?after=3`, head - 3);
    const fromHeader = await readSseEntries(url, head - 3, { "last-event-id": "3" });
    expect(fromQuery.entries.map((e) => e.seq)).toEqual(all.entries.slice(3).map((e) => e.seq));
    expect(fromHeader.entries).toEqual(fromQuery.entries);
  });

  it("SSE goes live after the backlog: a fact made after subscribing arrives once (COMP-05, ORD-02)", async () => {
    const url = `${server.url}/api/sessions/${sessionId}/events?after=${head}`;
    const reading = readSseEntries(url, 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const write = await postJson(`${server.url}/api/sessions/${sessionId}/commands`, {
      kind: "send",
      idempotencyKey: "send:live-1",
      text: "hello",
    });
    expect(write.body.status).toBe("accepted");
    const { entries } = await reading;
    expect(entries).toHaveLength(1);
    expect(entries[0].seq).toBe(head + 1);
    expect(entries[0].event).toMatchObject({ type: "run.started", payload: { via: "send" } });
    head = entries[0].seq;
  });

  it("WebSocket resumes from ?after= and continues live without duplicates", async () => {
    const received: LogEntry[] = [];
    const frames: ServerFrame[] = [];
    const open = (after: number) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(
          `${server.url.replace("http", "ws")}/api/sessions/${sessionId}/ws?after=${after}`,
        );
        socket.on("message", (data) => {
          const frame = JSON.parse(String(data)) as ServerFrame;
          frames.push(frame);
          if (frame.type === "entries") received.push(...frame.entries);
          if (frame.type === "ready") resolve(socket);
        });
        socket.on("error", reject);
      });
    const first = await open(2);
    expect(received[0].seq).toBe(3);
    expect(received.at(-1)!.seq).toBe(head);
    first.close();
    const resumeFrom = received.at(-1)!.seq - 2; // pretend the last two were not applied
    received.splice(-2);
    const second = await open(resumeFrom);
    await postJson(`${server.url}/api/sessions/${sessionId}/commands`, {
      kind: "send",
      idempotencyKey: "send:ws-1",
      text: "x",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    second.close();
    const seqs = received.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: head + 1 - 2 }, (_, i) => i + 3));
    expect(frames.filter((f) => f.type === "ready")).toHaveLength(2);
  });

  it("rejects a non-numeric resume point with 400", async () => {
    const response = await fetch(`${server.url}/api/sessions/${sessionId}/events`, {
      headers: { "last-event-id": "abc" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("invalid_request");
  });
});
