// The SQLite store commits appends on a worker thread (its fsync never blocks the gateway's event loop)
// while the gateway thread's own connection keeps writing session rows, idempotency keys and snapshots.
// Both connections must take turns without "database is locked", appends must keep their FIFO order and
// contiguous seqs, close must wait for the commits in flight, and what was acknowledged must be there
// when the file is opened again.
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createSqliteStore, type SessionStore } from "../src";
import { tempDir } from "./helpers";

const delta = (i: number): AgentUiEvent =>
  ({ type: "text.delta", eventId: `e${i}`, sequence: i, payload: { delta: `${i} ` } }) as AgentUiEvent;

async function withStore<T>(file: string, run: (store: SessionStore) => Promise<T>): Promise<T> {
  const store = createSqliteStore({ file });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

const newSession = (id: string) => ({ id, sourceKind: "test", config: {} });

describe("SQLite commit thread", () => {
  it("ORD-01/ORD-07 appends racing the gateway thread's own writes keep FIFO order and contiguous seqs", async () => {
    const dir = tempDir();
    const file = join(dir.path, "store.sqlite");
    try {
      await withStore(file, async (store) => {
        await store.createSession(newSession("a"));
        await store.createSession(newSession("b"));
        const appends: Promise<unknown>[] = [];
        for (let i = 0; i < 200; i++) {
          appends.push(store.append(i % 2 === 0 ? "a" : "b", [delta(i)]));
          // Writes on the gateway thread's connection between commits of the worker's.
          appends.push(store.claimIdempotency("a", `k${i}`, "f"));
          if (i % 25 === 0) appends.push(store.setStatus("b", "live", `tick ${i}`));
          if (i % 40 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        await Promise.all(appends);
        for (const [id, parity] of [
          ["a", 0],
          ["b", 1],
        ] as const) {
          const entries = await store.readEvents(id);
          expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, k) => k + 1));
          expect(entries.map((e) => e.event.eventId)).toEqual(
            Array.from({ length: 100 }, (_, k) => `e${2 * k + parity}`),
          );
          expect((await store.getSession(id))?.lastSeq).toBe(100);
        }
        expect(await store.claimIdempotency("a", "k199", "f")).toEqual({ kind: "pending", fingerprint: "f" });
      });
    } finally {
      dir.remove();
    }
  });

  it("ORD-07 close waits for the commits in flight; every acknowledged append is in the file afterwards", async () => {
    const dir = tempDir();
    const file = join(dir.path, "store.sqlite");
    try {
      const store = createSqliteStore({ file });
      await store.createSession(newSession("s"));
      const outcomes = Array.from({ length: 50 }, (_, i) =>
        store.append("s", [delta(i)]).then(
          (entries) => entries[0].seq,
          () => "rejected" as const,
        ),
      );
      await store.close();
      const acknowledged = (await Promise.all(outcomes)).filter((o) => o !== "rejected");
      const later = await store.append("s", [delta(99)]).then(
        () => "appended",
        (error: Error) => error.message,
      );
      expect(later).not.toBe("appended");
      await withStore(file, async (reopened) => {
        const stored = (await reopened.readEvents("s")).map((e) => e.seq);
        expect(stored).toEqual(acknowledged);
        expect(stored).toEqual(Array.from({ length: stored.length }, (_, k) => k + 1));
      });
    } finally {
      dir.remove();
    }
  });

  it("ENV-01 an append to an unknown session fails alone; the batch it rode in commits", async () => {
    const dir = tempDir();
    try {
      await withStore(join(dir.path, "store.sqlite"), async (store) => {
        await store.createSession(newSession("known"));
        const [known, unknown] = await Promise.allSettled([
          store.append("known", [delta(1)]),
          store.append("missing", [delta(2)]),
        ]);
        expect(known.status === "fulfilled" && known.value.map((e) => e.seq)).toEqual([1]);
        expect(unknown.status === "rejected" && String(unknown.reason)).toMatch(/missing/);
      });
    } finally {
      dir.remove();
    }
  });
});
