// A viewer that receives an event can open its detail body at once — never a 404 for a delivered ref
// Store level: an append listener reads the bodies of the seqs it is told about, in the writing
// instance and (PostgreSQL) in a second instance woken by LISTEN/NOTIFY. Gateway level: an SSE viewer fetches
// `GET /api/sessions/:id/details/:ref` the moment each entry arrives, on the gateway that holds the runtime
// or (PostgreSQL) on another gateway of the same database.
import { type LogEntry, SseDecoder } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionStore } from "../src";
import { createSession, scriptedFactory, startTestServer, waitFor } from "./helpers";
import { type DetailsBackend, detailsBackends, refsOf, toolResultWithBody } from "./store-details-backends";

const APPENDS = 120;
const refOf = (sessionId: string, seq: number) => `output://${sessionId}/${seq}`;

/** Reads, as soon as `reader` announces them, the bodies of the seqs it announces for `sessionId`. */
function readBodiesOnAnnounce(reader: SessionStore, sessionId: string) {
  let seen = 0;
  const reads: Promise<void>[] = [];
  const missing: string[] = [];
  const stop = reader.onAppended((id, lastSeq) => {
    if (id !== sessionId || lastSeq <= seen) return;
    for (let seq = seen + 1; seq <= lastSeq; seq++) {
      const ref = refOf(sessionId, seq);
      reads.push(
        reader.readDetail(sessionId, ref).then((detail) => {
          if (!detail) missing.push(ref);
        }),
      );
    }
    seen = lastSeq;
  });
  return {
    seen: () => seen,
    missing,
    done: async () => {
      stop();
      await Promise.all(reads);
    },
  };
}

/** Appends `APPENDS` one-event appends with their bodies in bursts (several group commits, several events
 * per commit); the i-th append gets seq i, as appends to one session commit in submission order. */
async function appendWithBodies(writer: SessionStore, sessionId: string): Promise<LogEntry[]> {
  const pending: Promise<LogEntry[]>[] = [];
  for (let seq = 1; seq <= APPENDS; seq++) {
    const { event, detail } = toolResultWithBody(refOf(sessionId, seq), `output ${seq}\n`.repeat(200));
    pending.push(writer.append(sessionId, [event], [detail]));
    if (seq % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return (await Promise.all(pending)).flat();
}

for (const makeBackend of detailsBackends("live")) {
  const backend: DetailsBackend = makeBackend();
  describe(`${backend.name} store: an announced event's body is already readable`, () => {
    let writer: SessionStore;
    let second: SessionStore | undefined;
    beforeAll(async () => {
      writer = await backend.open();
      if (backend.server.shared) second = await backend.open();
    });
    afterAll(async () => {
      await second?.close();
      await writer?.close();
      await backend.cleanup();
    });

    it("EVID-10 / ORD-01 the writing instance's listener reads every announced body at once", async () => {
      await writer.createSession({ id: "own", sourceKind: "test", config: {} });
      const watch = readBodiesOnAnnounce(writer, "own");
      const entries = await appendWithBodies(writer, "own");
      expect(entries.map((e) => refsOf(e.event)[0])).toEqual(entries.map((e) => refOf("own", e.seq)));
      await waitFor(() => watch.seen() === APPENDS || undefined);
      await watch.done();
      expect(watch.missing).toEqual([]);
    });

    // Only PostgreSQL announces appends across instances (SQLite has one writing process).
    if (backend.server.shared)
      it("EVID-10 / ORD-01 another instance woken by LISTEN/NOTIFY reads every announced body at once", async () => {
        await writer.createSession({ id: "other", sourceKind: "test", config: {} });
        const watch = readBodiesOnAnnounce(second!, "other");
        await appendWithBodies(writer, "other");
        await waitFor(() => watch.seen() === APPENDS || undefined, 15_000);
        await watch.done();
        expect(watch.missing).toEqual([]);
      });
  });

  describe(`${backend.name} gateway: an SSE viewer never gets a 404 for a delivered ref`, () => {
    const database = makeBackend();
    const scripted = scriptedFactory([]);
    let holder: Awaited<ReturnType<typeof startTestServer>>;
    let viewer: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      const options = { ...database.server.options, extraSources: [scripted] };
      holder = await startTestServer(options);
      viewer = database.server.shared ? await startTestServer(options) : holder;
    });
    afterAll(async () => {
      if (viewer !== holder) await viewer?.close();
      await holder?.close();
      await database.cleanup();
    });

    it("TOOL-05 / EVID-10 every tool output ref an SSE entry carries opens at once (HTTP 200, full body)", async () => {
      const { id, lastSeq } = await createSession(holder, { source: "scripted" });
      const runtime = scripted.runtimes[scripted.runtimes.length - 1];
      const abort = new AbortController();
      const opened: { ref: string; status: number; body: string }[] = [];
      const opens: Promise<void>[] = [];
      let markReady: () => void = () => {};
      const ready = new Promise<void>((resolve) => {
        markReady = resolve;
      });
      const reading = (async () => {
        const response = await fetch(`${viewer.url}/api/sessions/${id}/events?after=${lastSeq}`, {
          headers: { accept: "text/event-stream" },
          signal: abort.signal,
        });
        const decoder = new SseDecoder();
        const text = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          for (const message of decoder.push(text.decode(chunk, { stream: true }))) {
            if (message.event === "ready") markReady();
            if (message.event !== "entry") continue;
            const entry = JSON.parse(message.data) as LogEntry;
            for (const ref of refsOf(entry.event))
              opens.push(
                fetch(`${viewer.url}/api/sessions/${id}/details/${encodeURIComponent(ref)}`).then(
                  async (r) => void opened.push({ ref, status: r.status, body: await r.text() }),
                ),
              );
          }
        }
      })().catch((error: unknown) => {
        if (!abort.signal.aborted) throw error;
      });
      await ready;

      // The runtime streams tool results with their full output beside the ref, without awaiting.
      const count = 60;
      const sent: Promise<void>[] = [];
      for (let i = 1; i <= count; i++) {
        sent.push(
          runtime.sink!.events([
            {
              type: "tool.result",
              toolCallId: `call_${i}`,
              payload: { output: `result ${i}\n`.repeat(300), outputRef: `output://call_${i}` },
            },
          ]),
        );
        if (i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(sent);
      await waitFor(() => opens.length >= count || undefined, 15_000);
      await Promise.all(opens);
      abort.abort();
      await reading;

      expect(opened.filter((o) => o.status !== 200)).toEqual([]);
      expect(opened.map((o) => o.ref).sort()).toEqual(
        Array.from({ length: count }, (_, i) => `output://call_${i + 1}`).sort(),
      );
      for (const { ref, body } of opened) {
        const n = ref.slice("output://call_".length);
        expect(JSON.parse(body)).toMatchObject({ ref, body: `result ${n}\n`.repeat(300) });
      }
    });
  });
}
