// The SQLite store's integrity check reads the whole file (about a second at a million events): it runs on
// the commit thread while the gateway listens. The store's session reads and writes wait for it, so no
// session is served before the check has said which ones are damaged; `/api/health` and the page's
// files answer at once.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore, startServer } from "../src";
import { gateUntil } from "../src/store/gate";
import { allSources, getJson, tempDir } from "./helpers";

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
    let finishCheck = () => {};
    const check = new Promise<void>((resolve) => {
      finishCheck = resolve;
    });
    // The store as the gateway gets it while a long check runs.
    const checking = gateUntil(Object.create(store), check);
    const server = await startServer({ port: 0, store: checking, noAuth: true, sources: allSources() });
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
});
