import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { createSqliteStore, Gateway, type SessionStore, startServer } from "../src";
import {
  createSession,
  getJson,
  readSseEntries,
  scriptedFactory,
  startTestServer,
  tempDir,
  waitFor,
} from "./helpers";

const here = new URL(".", import.meta.url).pathname;

describe("SQLite store durability", () => {
  it("an acknowledged append survives a crash (SIGKILL) and restart", async () => {
    const dir = tempDir();
    const file = join(dir.path, "agent-ui.sqlite");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(here, "fixtures/crash-writer.ts"), file, "s1", "400"],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let acked = 0;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        for (const line of chunk.toString().split("\n")) {
          const match = /^acked (\d+)$/.exec(line);
          if (match) acked = Math.max(acked, Number(match[1]));
        }
        if (acked >= 150 && !child.killed) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", () => resolve());
      child.on("error", reject);
    });
    await new Promise((resolve) => child.once("exit", resolve).once("close", resolve));
    const store = createSqliteStore({ file });
    const entries = await store.readEvents("s1");
    // Every acknowledged seq is there, contiguous from 1, with its payload intact.
    expect(entries.length).toBeGreaterThanOrEqual(acked);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: entries.length }, (_, i) => i + 1));
    expect(entries[acked - 1].event.payload).toEqual({ delta: `${acked},` });
    expect((await store.getSession("s1"))?.lastSeq).toBe(entries.length);
    await store.close();
    dir.remove();
  });

  it("append is atomic and ordered under concurrent appends (unique, contiguous seq)", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    await store.createSession({ id: "c", sourceKind: "test", config: {} });
    const batches = Array.from({ length: 20 }, (_, b) =>
      Array.from(
        { length: 5 },
        (_, i) => ({ type: "metric.changed", payload: { value: b * 5 + i } }) as AgentUiEvent,
      ),
    );
    const results = await Promise.all(batches.map((batch) => store.append("c", batch)));
    for (const entries of results) {
      // A batch occupies consecutive seqs: nothing interleaves inside it.
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => entries[0].seq + i));
    }
    const all = await store.readEvents("c");
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await expect(store.append("missing", [{ type: "x.y" }])).rejects.toThrow(/unknown session/);
    await store.close();
  });
});

describe("snapshot compaction", () => {
  const deltas = Array.from({ length: 45 }, (_, i) => ({
    type: "text.delta",
    messageId: "m1",
    sequence: i + 1,
    streamId: "run-1",
    payload: { delta: `w${i} ` },
  }));

  it("HYD-09 hydration reads the latest snapshot + tail, not the whole log, and equals a full replay", async () => {
    const scripted = scriptedFactory([]);
    const server = await startTestServer({ extraSources: [scripted], snapshotEvery: 10 });
    const { id } = await createSession(server, { source: "scripted" });
    const runtime = scripted.runtimes[0];
    // Several batches so compaction runs more than once.
    for (let i = 0; i < deltas.length; i += 7) await runtime.sink!.events(deltas.slice(i, i + 7));
    const snapshot = await waitFor(async () => {
      const s = await server.gateway.store.latestSnapshot(id);
      return s && s.seq >= 40 ? s : undefined;
    });
    await server.gateway.close();
    const full = await server.gateway.store.readEvents(id);
    const lastSeq = full[full.length - 1].seq;

    // A fresh gateway over the same store: count what it reads to hydrate.
    const reads: number[] = [];
    const spied: SessionStore = Object.create(server.gateway.store);
    spied.readEvents = (sessionId, options) => {
      reads.push(options?.after ?? 0);
      return server.gateway.store.readEvents(sessionId, options);
    };
    const fresh = new Gateway({ store: spied, sources: [] });
    const projection = await fresh.currentProjection(id);
    expect(projection.seq).toBe(lastSeq);
    expect(Math.min(...reads)).toBeGreaterThanOrEqual(snapshot.seq);
    const replayed = projectEvents(full.map((e) => e.event));
    expect(projection.state.messages).toEqual(replayed.messages);
    expect(projection.state.messages[0].parts.map((p) => p.text).join("")).toContain("w44");
    await fresh.close();
    await server.close();
  });
});

describe("redaction before storage (SEC-01/02)", () => {
  const SECRET = "sk-proj-Zx8c7V6b5N4m3Q2w1E0r9T8y7U6i5O4p";
  it("no secret from a runtime event reaches the store file, the log API or SSE", async () => {
    const scripted = scriptedFactory([
      {
        type: "tool.started",
        toolCallId: "t1",
        payload: {
          name: "http",
          input: {
            url: "https://api.example.com",
            apiKey: SECRET,
            headers: { authorization: `Bearer ${SECRET}` },
          },
        },
      },
      { type: "text.delta", messageId: "m1", payload: { delta: `the key is ${SECRET}` } },
    ]);
    const server = await startTestServer({ extraSources: [scripted] });
    const { id, lastSeq } = await createSession(
      server,
      { source: "scripted", config: { password: SECRET } },
      3,
    );
    const log = await getJson(`${server.url}/api/sessions/${id}/events.json`);
    const sse = await readSseEntries(`${server.url}/api/sessions/${id}/events?after=0`, lastSeq);
    const session = await getJson(`${server.url}/api/sessions/${id}`);
    const snapshot = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    for (const text of [
      JSON.stringify(log.body),
      JSON.stringify(sse.entries),
      JSON.stringify(session.body),
      JSON.stringify(snapshot.body),
    ]) {
      expect(text).not.toContain(SECRET);
    }
    expect(JSON.stringify(log.body)).toContain("[redacted:");
    const stored = readdirSync(server.dataDir).map((f) =>
      readFileSync(join(server.dataDir, f)).toString("latin1"),
    );
    for (const bytes of stored) expect(bytes).not.toContain(SECRET);
    await server.close();
  });
});

describe("group commit", () => {
  it("ORD-01 appends from many sessions issued together commit in FIFO order per session, each with its own result", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    for (let s = 0; s < 5; s++) await store.createSession({ id: `g${s}`, sourceKind: "test", config: {} });
    const notified: string[] = [];
    store.onAppended((sessionId, lastSeq) => notified.push(`${sessionId}:${lastSeq}`));
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      for (let s = 0; s < 5; s++)
        calls.push(store.append(`g${s}`, [{ type: "metric.changed", payload: { value: i } }]));
    }
    const failing = store.append("nope", [{ type: "metric.changed" }]);
    const results = (await Promise.all(calls)) as { seq: number; event: AgentUiEvent }[][];
    await expect(failing).rejects.toThrow(/unknown session/);
    for (let s = 0; s < 5; s++) {
      const log = await store.readEvents(`g${s}`);
      expect(log.map((e) => e.event.payload?.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    // Each caller got exactly its own entry back.
    expect(results.map((entries) => entries[0].event.payload?.value)).toEqual(
      results.map((_, n) => Math.floor(n / 5)),
    );
    expect(notified).toHaveLength(100);
    await store.close();
  });
});

describe("restart honesty", () => {
  it("FALL-01 after a crash-restart, a session no runtime feeds is `stopped` with a reason, not `live`", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    const scripted = scriptedFactory([]);
    const crashed = new Gateway({ store, sources: [scripted] });
    const session = await crashed.createSession({ source: "scripted" });
    await waitFor(async () => ((await store.getSession(session.id))?.status === "live" ? true : undefined));
    // A new gateway process over the same data; the old one never shut down cleanly.
    const restarted = await startServer({ noAuth: true, port: 0, store, sources: [scripted] });
    await restarted.settled;
    const record = await store.getSession(session.id);
    expect(record).toMatchObject({
      status: "stopped",
      statusReason: expect.stringMatching(/gateway restarted/),
    });
    const log = await store.readEvents(session.id);
    expect(log.at(-1)?.event).toMatchObject({
      type: "session.updated",
      payload: { sourceStatus: "stopped" },
    });
    await restarted.close();
    await crashed.close();
    await store.close();
  });
});

describe("bounded projection cache", () => {
  it("drops the least recently used idle projection and reloads it from the store on demand", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    const loads: string[] = [];
    const spied: SessionStore = Object.create(store);
    spied.latestSnapshot = (sessionId) => {
      loads.push(sessionId);
      return store.latestSnapshot(sessionId);
    };
    for (const id of ["p1", "p2", "p3"]) {
      await store.createSession({ id, sourceKind: "test", config: {} });
      await store.append(id, [
        { type: "text.delta", messageId: "m", sequence: 1, streamId: id, payload: { delta: id } },
      ]);
    }
    const gateway = new Gateway({ store: spied, sources: [], maxCachedProjections: 2 });
    for (const id of ["p1", "p2", "p1", "p3"]) await gateway.currentProjection(id);
    expect(loads).toEqual(["p1", "p2", "p3"]); // p1 was cached when asked again
    // p2 was the least recently used: evicted, so it reloads; p1 and p3 stay cached.
    const p2 = await gateway.currentProjection("p2");
    await gateway.currentProjection("p3");
    expect(loads).toEqual(["p1", "p2", "p3", "p2"]);
    expect(p2.state.messages[0].parts.map((p) => p.text).join("")).toBe("p2");
    await gateway.close();
    await store.close();
  });

  it("keeps the projections of many big sessions under the byte bound, least recently used dropped first", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    const ids = Array.from({ length: 10 }, (_, i) => `big${i}`);
    for (const id of ids) {
      await store.createSession({ id, sourceKind: "test", config: {} });
      await store.append(
        id,
        Array.from({ length: 50 }, (_, k) => ({
          type: "text.delta",
          messageId: `m${k}`,
          sequence: k + 1,
          streamId: id,
          payload: { delta: `${k} ${"word ".repeat(400)}` },
        })),
      );
    }
    const bound = 300_000;
    const gateway = new Gateway({ store, sources: [], maxCachedProjectionBytes: bound });
    const one = await gateway.currentProjection(ids[0]);
    const size = JSON.stringify(one.state).length;
    expect(size).toBeGreaterThan(bound / 4);
    // Accounted as what it weighs.
    expect(gateway.cachedProjections().bytes).toBe(size);
    for (const id of ids) await gateway.currentProjection(id);
    const held = gateway.cachedProjections();
    expect(held.bytes).toBeLessThanOrEqual(bound);
    expect(held.sessions).toBe(Math.floor(bound / size));
    // The most recently used is held; the first one was dropped and reloads whole.
    expect((await gateway.currentProjection(ids[0])).state.messages).toHaveLength(50);
    expect(gateway.cachedProjections().bytes).toBeLessThanOrEqual(bound);
    await gateway.close();
    await store.close();
  });
});
