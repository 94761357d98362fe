import type { AgentUiEvent, RuntimeSourceFactory } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { pushSource, type RunningServer, type SessionStore, startServer } from "../src";
import { MAX_EVENTS_AFTER_STORED_WINDOW } from "../src/http/stored-window";
import { gatedStore, scriptedFactory, waitFor } from "./helpers";
import { onEveryStore, type OpenStore } from "./store-suites";

const script: Partial<AgentUiEvent>[] = [
  { type: "run.started", runId: "r1", turnId: "t1", payload: {} },
  ...Array.from({ length: 12 }, (_, i) => ({
    type: "text.delta" as const,
    turnId: "t1",
    messageId: "m1",
    payload: { delta: `part ${i} ` },
  })),
];

function start(store: SessionStore, sources: RuntimeSourceFactory[]): Promise<RunningServer> {
  return startServer({ port: 0, store, noAuth: true, sources });
}

/** Resolves `promise`, or fails when it has not resolved within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Serves the session's window once, then closes the gateway cleanly (the window is stored). */
async function servedAndClosed(server: RunningServer, store: SessionStore, id: string): Promise<number> {
  expect((await fetch(`${server.url}/api/sessions/${id}/snapshot`)).status).toBe(200);
  await server.close();
  return (await store.getSession(id))?.lastSeq as number;
}

/** A scripted session left running (a run in flight) whose window was served before a clean close. */
async function leftRunning(store: SessionStore): Promise<{ id: string; seq: number }> {
  const first = await start(store, [scriptedFactory(script)]);
  const id = (await first.gateway.createSession({ source: "scripted" })).id;
  await waitFor(async () => ((await store.getSession(id))?.lastSeq ?? 0) >= script.length || undefined);
  return { id, seq: await servedAndClosed(first, store, id) };
}

async function snapshotText(server: RunningServer, id: string): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions/${id}/snapshot`);
  expect(response.status).toBe(200);
  return response.text();
}

async function eventsAfter(store: SessionStore, id: string, after: number): Promise<AgentUiEvent[]> {
  return (await store.readEvents(id, { after })).map((entry) => entry.event);
}

function settleSuite(name: string, open: OpenStore) {
  describe(`settling after a restart from the stored window (${name})`, () => {
    it("FALL-01 HYD-02 a run in flight at the close is named from the stored window, before the projection loads", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await leftRunning(store);
      const stored = await store.readWindow(id);
      expect(stored?.seq).toBe(seq);
      expect(JSON.parse(stored?.body ?? "{}").state.runtime.status).toBe("streaming");

      const gated = gatedStore(store);
      const server = await start(gated.store, [scriptedFactory(script)]);
      try {
        const report = await within(server.settled, 5000);
        expect(report.stopped).toEqual([id]);
        const facts = await eventsAfter(store, id, seq);
        expect(facts.find((e) => e.type === "diagnostic.changed")?.payload).toMatchObject({
          code: "transport_unavailable",
          message: expect.stringMatching(/while a run was in flight \(streaming\)/),
        });
        expect(facts.find((e) => e.type === "session.updated")?.payload).toMatchObject({
          sourceStatus: "stopped",
          stale: true,
        });
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("AS-10 HYD-02 once settled, the stored window still answers before the projection loads; the settlement's facts follow on the stream", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await leftRunning(store);
      const gated = gatedStore(store);
      const server = await start(gated.store, [scriptedFactory(script)]);
      try {
        await within(server.settled, 5000);
        const head = (await store.getSession(id))?.lastSeq as number;
        expect(head).toBeGreaterThan(seq);
        // Nothing asked for the session: its projection is not loaded beside the first paint.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(gated.loads).not.toContain(id);
        const cold = JSON.parse(await within(snapshotText(server, id), 5000));
        expect(cold.seq).toBe(seq);
        expect(cold.session).toMatchObject({ status: "stopped", lastSeq: head });
        expect(server.gateway.projectionLoaded(id)).toBe(false);
        const after = await fetch(`${server.url}/api/sessions/${id}/events.json?after=${cold.seq}`);
        const { entries } = (await after.json()) as { entries: { seq: number; event: AgentUiEvent }[] };
        expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: head - seq }, (_, i) => seq + 1 + i));
        expect(entries.map((e) => e.event.type)).toContain("session.updated");
        gated.open();
        await waitFor(() => server.gateway.projectionLoaded(id) || undefined);
        expect(JSON.parse(await snapshotText(server, id)).seq).toBe(head);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("HYD-08 more events after the stored window than it may be behind: the snapshot is the projection's", async () => {
      const { store, cleanup } = await open();
      const { id } = await leftRunning(store);
      const server = await start(store, [scriptedFactory(script)]);
      try {
        await within(server.settled, 5000);
        const more = Array.from({ length: MAX_EVENTS_AFTER_STORED_WINDOW }, (_, i) => ({
          type: "text.delta",
          turnId: "t2",
          messageId: "m2",
          payload: { delta: `later ${i} ` },
        }));
        await store.append(id, more as AgentUiEvent[]);
        const head = (await store.getSession(id))?.lastSeq;
        const body = JSON.parse(await snapshotText(server, id));
        expect(body.seq).toBe(head);
        expect(body.state.messages.at(-1).id).toBe("m2");
      } finally {
        await server.close();
        await cleanup();
      }
    });

    it("FALL-01 HYD-08 events after the stored window (a crash mid-stream): the run's state at the head comes from the window and those events, without loading the projection", async () => {
      const { store, cleanup } = await open();
      const { id, seq } = await leftRunning(store);
      expect(JSON.parse((await store.readWindow(id))?.body ?? "{}").state.runtime.status).toBe("streaming");
      // What a gateway appended after its last stored window and before it died: the run ended.
      await store.append(id, [
        { type: "text.delta", turnId: "t1", messageId: "m1", payload: { delta: "the end" } },
        { type: "run.finished", runId: "r1", turnId: "t1", payload: {} },
      ] as AgentUiEvent[]);
      const gated = gatedStore(store);
      const server = await start(gated.store, [scriptedFactory(script)]);
      try {
        const report = await within(server.settled, 5000);
        expect(report.stopped).toEqual([id]);
        expect(gated.loads).not.toContain(id);
        const facts = await eventsAfter(store, id, seq + 2);
        expect(facts.map((e) => e.type)).not.toContain("diagnostic.changed");
        expect(facts.find((e) => e.type === "session.updated")?.payload).toMatchObject({ stale: false });
        // The first joiner gets the stored window; the events after it are on the log.
        const cold = JSON.parse(await within(snapshotText(server, id), 5000));
        expect(cold.seq).toBe(seq);
        expect(cold.state.messages[0].parts[0].text).not.toContain("the end");
        expect(server.gateway.projectionLoaded(id)).toBe(false);
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("FALL-01 a push session resumes without loading its projection: its resume reads no state", async () => {
      const { store, cleanup } = await open();
      const first = await start(store, [pushSource]);
      const id = (await first.gateway.createSession({ source: "push", config: { format: "agent-ui" } })).id;
      const pushed = await fetch(`${first.url}/api/sessions/${id}/ingest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(script.map((event) => ({ ...event, sessionId: id }))),
      });
      expect(pushed.status).toBeLessThan(300);
      const seq = await servedAndClosed(first, store, id);

      const gated = gatedStore(store);
      const server = await start(gated.store, [pushSource]);
      try {
        const report = await within(server.settled, 5000);
        expect(report.resumed).toEqual([id]);
        expect(server.gateway.isAttached(id)).toBe(true);
        expect((await eventsAfter(store, id, seq)).map((e) => e.type)).toContain("diagnostic.changed");
      } finally {
        gated.open();
        await server.close();
        await cleanup();
      }
    });

    it("FALL-01 a source whose resume reads the state gets the projection's; one that declares it does not, cannot read it", async () => {
      const { store, cleanup } = await open();
      const reading: RuntimeSourceFactory = {
        ...scriptedFactory(script),
        kind: "reading",
        resume: (init) => ({
          source: scriptedFactory().create(init),
          reason: `carried ${init.state.messages.length} message(s)`,
        }),
      };
      const declared: RuntimeSourceFactory = { ...reading, kind: "declared", resumeReadsState: false };
      const first = await start(store, [reading, declared]);
      const ids: string[] = [];
      for (const source of ["reading", "declared"]) {
        const { id } = await first.gateway.createSession({ source });
        await waitFor(async () => ((await store.getSession(id))?.lastSeq ?? 0) >= script.length || undefined);
        ids.push(id);
      }
      await first.close();
      const server = await start(store, [reading, declared]);
      try {
        const report = await within(server.settled, 10_000);
        expect(report).toEqual({ resumed: [ids[0]], stopped: [ids[1]] });
        await waitFor(async () => (await store.getSession(ids[0]))?.status === "live" || undefined);
        const live = (await eventsAfter(store, ids[0], 0)).findLast((e) => e.type === "session.updated");
        expect(live?.payload).toMatchObject({ reason: expect.stringMatching(/carried 1 message\(s\)/) });
        expect((await store.getSession(ids[1]))?.statusReason).toMatch(/reads no state/);
      } finally {
        await server.close();
        await cleanup();
      }
    });
  });
}

onEveryStore("settle", settleSuite);
