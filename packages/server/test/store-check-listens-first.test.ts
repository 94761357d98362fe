// The SQLite store's integrity check reads the whole file (about a second at a million events): it runs on
// the commit thread while the gateway listens. The store's session reads and writes wait for it, so no
// session's events are served before the check has said which ones are damaged; `/api/health`, the
// page's files and a session's stored hydration window (one row) answer at once.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore, type SessionStore, startServer } from "../src";
import { gateUntil } from "../src/store/gate";
import { allSources, getJson, postJson, tempDir } from "./helpers";

/** A gateway on `store` whose check at open is still running until `finishCheck()`. */
async function startChecking(store: SessionStore) {
  let finishCheck = () => {};
  const check = new Promise<void>((resolve) => {
    finishCheck = resolve;
  });
  // The store as the gateway gets it while a long check runs.
  const checking = gateUntil(Object.create(store), check);
  const server = await startServer({ port: 0, store: checking, noAuth: true, sources: allSources() });
  return { server, finishCheck };
}

describe("the store's check at open runs while the gateway listens", () => {
  const dirs: { remove(): void }[] = [];
  afterAll(() => {
    for (const dir of dirs) dir.remove();
  });
  const storeFile = () => {
    const dir = tempDir("agent-ui-check-");
    dirs.push(dir);
    return join(dir.path, "agent-ui.sqlite");
  };

  it("FALL-01 a reopened store answers session reads only once its quick_check is done", async () => {
    const file = storeFile();
    const first = createSqliteStore({ file });
    await first.createSession({ id: "s", sourceKind: "push", config: {} });
    await first.close();

    const store = createSqliteStore({ file });
    try {
      // The store is open before the check is done: the check runs on the commit thread.
      expect(store.integrity?.quickCheck).toBe("pending");
      const order: string[] = [];
      const listed = store.listSessions().then((sessions) => order.push(`listed ${sessions.length}`));
      const read = store.getSession("s").then((session) => order.push(`read ${session?.id}`));
      const checked = store.checked.then((report) => order.push(`checked ${report?.quickCheck}`));
      await Promise.all([listed, read, checked]);
      expect(order[0]).toBe("checked ok");
      expect(order.slice(1).sort()).toEqual(["listed 1", "read s"]);
      expect(store.integrity?.quickCheck).toBe("ok");
    } finally {
      await store.close();
    }
  });

  it("FALL-01 the gateway listens and answers health while the store still checks; a session request waits", async () => {
    const file = storeFile();
    const store = createSqliteStore({ file });
    await store.createSession({ id: "s", sourceKind: "push", config: {} });
    // Left attached by a process that is gone: the restart settles it.
    await store.setStatus("s", "live");
    const { server, finishCheck } = await startChecking(store);
    try {
      const health = await getJson(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      let answered = false;
      const session = getJson(`${server.url}/api/sessions/s`).then((reply) => {
        answered = true;
        return reply;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      finishCheck();
      const reply = await session;
      expect(reply.status).toBe(200);
      // Settled by the restart before it was served: re-attached by this gateway.
      expect(reply.body.session.status).toBe("live");
      expect(await server.settled).toEqual({ resumed: ["s"], stopped: [] });
    } finally {
      finishCheck();
      await server.close();
      await store.close();
    }
  });

  it("HYD-02 AS-10 a session's stored window answers its first joiner while the check runs; its events wait", async () => {
    const file = storeFile();
    const first = createSqliteStore({ file });
    const writer = await startServer({ port: 0, store: first, noAuth: true, sources: allSources() });
    const created = await postJson(`${writer.url}/api/sessions`, {
      source: "push",
      config: { format: "agent-ui" },
    });
    const id = created.body.session.id as string;
    const text = (i: number) => ({
      type: "text.delta",
      eventId: `e${i}`,
      sequence: i + 1,
      turnId: "t1",
      messageId: "m1",
      payload: { delta: `word ${i} ` },
    });
    const ingest = await postJson(
      `${writer.url}/api/sessions/${id}/ingest`,
      Array.from({ length: 12 }, (_, i) => text(i)),
    );
    expect(ingest.status).toBe(200);
    // Stopped: the next start has nothing to settle for it, so its head stays where the window is.
    await writer.gateway.stopSession(id);
    const served = await getJson(`${writer.url}/api/sessions/${id}/snapshot`);
    expect(served.status).toBe(200);
    // A clean close stores the window it served.
    await writer.close();
    await first.close();

    const store = createSqliteStore({ file });
    const { server, finishCheck } = await startChecking(store);
    try {
      let eventsAnswered = false;
      const events = getJson(`${server.url}/api/sessions/${id}/events.json`).then(
        (reply) => {
          eventsAnswered = true;
          return reply;
        },
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
      const early = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
      expect(early.status).toBe(200);
      expect(JSON.stringify(early.body.state)).toContain("word 0 word 1 ");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(eventsAnswered).toBe(false);
      finishCheck();
      const reply = await events;
      expect(reply.status).toBe(200);
      // The window was the session's head, and what the loaded projection answers once the check is done.
      expect(early.body.seq).toBe(reply.body.entries.at(-1).seq);
      await server.gateway.currentProjection(id);
      const loaded = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
      expect(early.body).toEqual(loaded.body);
    } finally {
      finishCheck();
      await server.close();
      await store.close();
    }
  });
});
