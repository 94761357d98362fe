import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { type RunningServer, type SessionStore, startServer } from "../src";
import type { StoredWindow } from "../src/store/session-store";
import { hydrationWindow, windowKey } from "../src/http/hydration-window";
import {
  MAX_EVENTS_AFTER_STORED_WINDOW,
  MAX_STORED_WINDOW_BYTES,
  saveServedWindows,
  WINDOW_STAMP,
} from "../src/http/stored-window";
import { WindowCache } from "../src/http/window-cache";
import { gatedStore, scriptedFactory, waitFor } from "./helpers";
import { onEveryStore, type OpenStore } from "./store-suites";

const script: Partial<AgentUiEvent>[] = Array.from({ length: 60 }, (_, i) => ({
  type: "text.delta",
  turnId: `t${Math.floor(i / 3)}`,
  messageId: `m${Math.floor(i / 3)}`,
  payload: { delta: `part ${i} of a reply ` },
}));

async function snapshotText(server: RunningServer, id: string): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions/${id}/snapshot`);
  expect(response.status).toBe(200);
  return response.text();
}

async function start(store: SessionStore, factory = scriptedFactory(script)): Promise<RunningServer> {
  return startServer({ port: 0, store, noAuth: true, sources: [factory] });
}

/** A gateway that keeps one projection in memory: opening a second session drops the first's. */
function startEvicting(store: SessionStore): Promise<RunningServer> {
  return startServer({
    port: 0,
    store,
    noAuth: true,
    sources: [scriptedFactory(script)],
    maxCachedProjections: 1,
    // These tests are about the windows of evicted projections, not of projections at rest.
    restingWindowMs: 600_000,
  });
}

/** Two sessions run to the end of the script and stopped. */
async function twoStoppedSessions(server: RunningServer, store: SessionStore): Promise<[string, string]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const { id } = await server.gateway.createSession({ source: "scripted" });
    await waitFor(async () => ((await store.getSession(id))?.lastSeq ?? 0) >= script.length || undefined);
    await server.gateway.stopSession(id);
    ids.push(id);
  }
  return [ids[0], ids[1]];
}

/** A gateway that runs a session (completed, or left running), serves its window once and closes. */
async function servedAndClosed(store: SessionStore, complete = true): Promise<{ id: string; seq: number }> {
  const factory = scriptedFactory(script);
  const server = await start(store, factory);
  const id = (await server.gateway.createSession({ source: "scripted" })).id;
  await waitFor(async () => ((await store.getSession(id))?.lastSeq ?? 0) >= script.length || undefined);
  if (complete) await factory.runtimes[0].sink?.status("completed");
  await waitFor(async () => !complete || (await store.getSession(id))?.status === "completed" || undefined);
  await snapshotText(server, id);
  await server.close();
  return { id, seq: (await store.getSession(id))?.lastSeq as number };
}

/** A gateway (left running: the tests end it as a crash would, without its close) whose session ran the
 * script and completed. */
async function completedSession(
  store: SessionStore,
  restingWindowMs: number,
): Promise<{ server: RunningServer; id: string }> {
  const factory = scriptedFactory(script);
  const server = await startServer({ port: 0, store, noAuth: true, sources: [factory], restingWindowMs });
  const id = (await server.gateway.createSession({ source: "scripted" })).id;
  await waitFor(async () => ((await store.getSession(id))?.lastSeq ?? 0) >= script.length || undefined);
  await factory.runtimes[0].sink?.status("completed");
  await waitFor(async () => (await store.getSession(id))?.status === "completed" || undefined);
  return { server, id };
}

function storedWindowSuite(name: string, open: OpenStore) {
  describe(`a stored hydration window (${name})`, () => {
    it("AS-10 HYD-02 the first snapshot after a restart answers before the projection loads, equal to the loaded projection's", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await servedAndClosed(store);
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        const cold = await snapshotText(server, id);
        expect(server.gateway.projectionLoaded(id)).toBe(false);
        // The projection loads behind the answer, for the requests that need it.
        await waitFor(() => gated.loads.includes(id) || undefined);
        gated.open();
        const projection = await server.gateway.currentProjection(id);
        expect(projection.seq).toBe(seq);
        const loaded = JSON.stringify(
          hydrationWindow(await server.gateway.getSession(id), false, seq, projection.state),
        );
        expect(cold).toBe(loaded);
        expect(JSON.parse(cold).state.messages.at(-1).id).toBe("m19");
        expect(await snapshotText(server, id)).toBe(loaded);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("HYD-08 an event after the stored window: the window answers at its seq, the event follows on the log, the loaded projection holds it", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await servedAndClosed(store);
      await store.append(id, [
        { type: "text.delta", turnId: "t-new", messageId: "m-new", payload: { delta: "a new reply" } },
      ] as AgentUiEvent[]);
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        const cold = JSON.parse(await snapshotText(server, id));
        expect(cold.seq).toBe(seq);
        expect(cold.session.lastSeq).toBe(seq + 1);
        expect(cold.state.messages.at(-1).id).toBe("m19");
        const after = await fetch(`${server.url}/api/sessions/${id}/events.json?after=${cold.seq}`);
        const { entries } = (await after.json()) as { entries: { seq: number; event: AgentUiEvent }[] };
        expect(entries.map((e) => [e.seq, e.event.messageId])).toEqual([[seq + 1, "m-new"]]);
        gated.open();
        await waitFor(() => server.gateway.projectionLoaded(id) || undefined);
        const loaded = JSON.parse(await snapshotText(server, id));
        expect(loaded.seq).toBe(seq + 1);
        expect(loaded.state.messages.at(-1).id).toBe("m-new");
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("HYD-08 a stored window is served while at most MAX_EVENTS_AFTER_STORED_WINDOW events are after it, not one more", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await servedAndClosed(store);
      const deltas = (count: number) =>
        Array.from({ length: count }, (_, i) => ({
          type: "text.delta",
          turnId: "t-new",
          messageId: "m-new",
          payload: { delta: `${i} ` },
        })) as AgentUiEvent[];
      const window = (await store.readWindow(id)) as StoredWindow;
      await store.append(id, deltas(MAX_EVENTS_AFTER_STORED_WINDOW));
      let server = await start(store);
      try {
        expect(JSON.parse(await snapshotText(server, id)).seq).toBe(seq);
        await server.close();
        // The same window, one event more behind (the close stored a newer one: put back).
        await store.saveWindow(id, window);
        await store.append(id, deltas(1));
        server = await start(store);
        const body = JSON.parse(await snapshotText(server, id));
        expect(body.seq).toBe(seq + MAX_EVENTS_AFTER_STORED_WINDOW + 1);
        expect(body.state.messages.at(-1).id).toBe("m-new");
      } finally {
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 a rename and a status change after the window was stored: it is served with the current record", async () => {
      const { store, cleanup } = await open();
      const { id } = await servedAndClosed(store);
      await store.setStatus(id, "failed", "changed while the gateway was down");
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        const renamed = await fetch(`${server.url}/api/sessions/${id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title: "renamed after the restart" }),
        });
        expect(renamed.status).toBe(200);
        const body = JSON.parse(await snapshotText(server, id));
        expect(server.gateway.projectionLoaded(id)).toBe(false);
        expect(body.session).toEqual({ ...(await store.getSession(id)) });
        expect(body.session).toMatchObject({ title: "renamed after the restart", status: "failed" });
        expect(body.attached).toBe(false);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 a session settling after the restart is answered from its window; the settlement's facts follow on the log", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await servedAndClosed(store, false);
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        const cold = JSON.parse(await snapshotText(server, id));
        expect(cold.seq).toBe(seq);
        expect(server.gateway.projectionLoaded(id)).toBe(false);
        gated.open();
        await server.settled;
        const after = await fetch(`${server.url}/api/sessions/${id}/events.json?after=${seq}`);
        const { entries } = (await after.json()) as { entries: { event: AgentUiEvent }[] };
        expect(entries.map((e) => e.event.type)).toContain("session.updated");
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 a session whose projection was evicted is answered from the window still kept", async () => {
      const { store, cleanup } = await open();
      const gated = gatedStore(store);
      gated.open();
      const server = await startEvicting(gated.store);
      try {
        const [first, second] = await twoStoppedSessions(server, store);
        const served = await snapshotText(server, first);
        await snapshotText(server, second);
        expect(server.gateway.projectionLoaded(first)).toBe(false);
        gated.hold();
        expect(await snapshotText(server, first)).toBe(served);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 a session whose projection is dropped from memory has its served window stored then, not only at a clean close", async () => {
      const { store, cleanup } = await open();
      const server = await startEvicting(store);
      try {
        const [first, second] = await twoStoppedSessions(server, store);
        const served = await snapshotText(server, first);
        expect(await store.readWindow(first)).toBeUndefined();
        await snapshotText(server, second);
        expect(server.gateway.projectionLoaded(first)).toBe(false);
        const stored = await waitFor(async () => await store.readWindow(first));
        expect(stored).toMatchObject({ seq: (await store.getSession(first))?.lastSeq, stamp: WINDOW_STAMP });
        const { session: _session, attached: _attached, seq: _seq, ...content } = JSON.parse(served);
        expect(JSON.parse(stored.body)).toEqual(content);
        expect(await store.readWindow(second)).toBeUndefined();
      } finally {
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 HYD-02 a session at rest has its window stored while the gateway runs: after a crash, the next gateway answers from it", async () => {
      const { store, cleanup } = await open();
      const { server: crashed, id } = await completedSession(store, 20);
      const gated = gatedStore(store);
      let next: RunningServer | undefined;
      try {
        // Held in memory, as for a viewer; no joiner asked for its window, and the gateway does not close.
        await crashed.gateway.currentProjection(id);
        const head = (await store.getSession(id))?.lastSeq;
        const stored = await waitFor(async () => {
          const window = await store.readWindow(id);
          return window?.seq === head ? window : undefined;
        });
        expect(stored.stamp).toBe(WINDOW_STAMP);
        next = await start(gated.store);
        const cold = await snapshotText(next, id);
        expect(next.gateway.projectionLoaded(id)).toBe(false);
        gated.open();
        const projection = await next.gateway.currentProjection(id);
        expect(projection.seq).toBe(head);
        expect(cold).toBe(
          JSON.stringify(
            hydrationWindow(await next.gateway.getSession(id), false, head as number, projection.state),
          ),
        );
        expect(JSON.parse(cold).state.messages.at(-1).id).toBe("m19");
      } finally {
        gated.open();
        await next?.close();
        await crashed.close();
        await cleanup();
      }
    });

    it("AS-10 HYD-02 a session that streams has its window stored before it rests (`streamingWindowMs`)", async () => {
      const { store, cleanup } = await open();
      const server = await startServer({
        port: 0,
        store,
        noAuth: true,
        restingWindowMs: 600_000,
        streamingWindowMs: 20,
      });
      try {
        const { id } = await server.gateway.createSession({ source: "push", config: { format: "agent-ui" } });
        const pushed = await fetch(`${server.url}/api/sessions/${id}/ingest`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(script.slice(0, 6).map((event) => ({ ...event, sessionId: id }))),
        });
        expect(pushed.status).toBeLessThan(300);
        const head = (await store.getSession(id))?.lastSeq;
        const stored = await waitFor(async () => {
          const window = await store.readWindow(id);
          return window?.seq === head ? window : undefined;
          // Well before the default streaming time (5 s) and the rest time.
        }, 3_000);
        expect(JSON.parse(stored.body).state.messages.at(-1).id).toBe("m1");
      } finally {
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 a session loaded after a crash left it without a window has one stored once its projection rests", async () => {
      const { store, cleanup } = await open();
      const { server: crashed, id } = await completedSession(store, 600_000);
      let next: RunningServer | undefined;
      try {
        expect(await store.readWindow(id)).toBeUndefined();
        next = await startServer({ port: 0, store, noAuth: true, restingWindowMs: 20 });
        // A table page needs the projection: it loads, and no event follows.
        expect((await fetch(`${next.url}/api/sessions/${id}/tables/tools?limit=1`)).status).toBe(200);
        const head = (await store.getSession(id))?.lastSeq;
        const stored = await waitFor(async () => await store.readWindow(id));
        expect(stored.seq).toBe(head);
      } finally {
        await next?.close();
        await crashed.close();
        await cleanup();
      }
    });

    it("a window stamped by another window format is not served", async () => {
      const { store, cleanup } = await open();
      const { id } = await servedAndClosed(store);
      const stored = await store.readWindow(id);
      expect(stored?.stamp).toBe(WINDOW_STAMP);
      await store.saveWindow(id, { ...(stored as NonNullable<typeof stored>), stamp: "another-format" });
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        let answered = false;
        const answer = snapshotText(server, id).then((text) => {
          answered = true;
          return text;
        });
        await waitFor(() => gated.loads.includes(id) || undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(answered).toBe(false);
        gated.open();
        expect(JSON.parse(await answer).seq).toBe(stored?.seq);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("a window over the bound is not stored; a deleted session's window goes with it", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await servedAndClosed(store);
      const server = await start(store);
      try {
        const windows = new WindowCache();
        windows.put(
          id,
          windowKey(seq, 40),
          Buffer.from(`{"state":{},"window":{},"pad":"${"x".repeat(MAX_STORED_WINDOW_BYTES)}"}`),
        );
        await store.saveWindow(id, { seq: 1, messageLimit: 40, stamp: WINDOW_STAMP, body: "{}" });
        await saveServedWindows(server.gateway, windows);
        expect((await store.readWindow(id))?.seq).toBe(1);
        await server.gateway.deleteSession(id);
        expect(await store.readWindow(id)).toBeUndefined();
      } finally {
        await server.close();
        await cleanup();
      }
    });
  });
}

onEveryStore("stored-window", storedWindowSuite);
