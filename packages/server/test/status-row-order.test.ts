// A runtime's status reports reach the session row in the order it made them (FALL-01): with a connection
// pool two row writes can land in either order, and a `live` written after `completed` would make a clean
// shutdown stop a finished session and the next start settle it as interrupted.
import { describe, expect, it } from "vitest";
import { createSqliteStore, type SessionStore, startServer } from "../src";
import { scriptedFactory, tempDir, waitFor } from "./helpers";

/** A store whose `live` row writes wait until `release()`, like a pool connection that runs late. */
function lateLiveWrites(store: SessionStore) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const late: SessionStore = Object.create(store);
  late.setStatus = async (id, status, reason) => {
    if (status === "live") await held;
    return store.setStatus(id, status, reason);
  };
  return { store: late, release };
}

describe("session row status order", () => {
  it("FALL-01 a completed report issued while the live row write is late leaves the session completed, across a restart", async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: `${dir.path}/agent-ui.sqlite` });
    const late = lateLiveWrites(store);
    const factory = scriptedFactory([
      { type: "text.delta", turnId: "t1", messageId: "m1", payload: { delta: "hi" } },
    ]);
    try {
      const first = await startServer({ port: 0, store: late.store, noAuth: true, sources: [factory] });
      const { id } = await first.gateway.createSession({ source: "scripted" });
      // The source's start resolved: its `live` facts are stored and the row write waits.
      await waitFor(async () =>
        (await store.readEvents(id)).some((entry) => entry.event.payload?.sourceStatus === "live")
          ? true
          : undefined,
      );
      const completed = factory.runtimes[0].sink?.status("completed");
      await new Promise((resolve) => setTimeout(resolve, 50));
      late.release();
      await completed;
      expect((await store.getSession(id))?.status).toBe("completed");
      await first.close();
      const { lastSeq } = (await store.getSession(id)) ?? {};
      const second = await startServer({ port: 0, store, noAuth: true, sources: [scriptedFactory()] });
      try {
        await second.settled;
        const session = await store.getSession(id);
        expect(session?.status).toBe("completed");
        expect(session?.lastSeq).toBe(lastSeq);
      } finally {
        await second.close();
      }
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
