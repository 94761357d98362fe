// Storage damage is never silent: a vanished or zero-length database is refused while the marker says
// sessions existed; a lost or truncated WAL never hands out a seq clients already saw; random 4 KB blocks
// overwritten mid-file are either refused at start or reported per session (never a session that reads
// back short without saying so).
import {
  copyFileSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeSync,
  closeSync,
} from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createSqliteStore, MARKER_FILE, StoreRefusedError, startServer } from "../src";
import { allSources, tempDir } from "./helpers";

const DB = "agent-ui.sqlite";
const event = (i: number) => ({
  type: "text.delta",
  messageId: "m1",
  payload: { delta: `${i} ${"y".repeat(600)}` },
});

async function fill(file: string, sessions: string[], perSession: number, batch = 10) {
  const store = createSqliteStore({ file });
  for (const id of sessions) {
    await store.createSession({ id, sourceKind: "test", config: {} });
    for (let i = 0; i < perSession; i += batch)
      await store.append(id, Array.from({ length: batch }, (_, k) => event(i + k)) as never);
  }
  return store;
}

const markerFlush = () => new Promise((resolve) => setTimeout(resolve, 400));

describe("storage damage", () => {
  it("FALL-01 a zero-length or missing database is refused while the marker records sessions", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      await (await fill(file, ["a", "b"], 20)).close();
      truncateSync(file, 0);
      expect(() => createSqliteStore({ file })).toThrow(StoreRefusedError);
      expect(() => createSqliteStore({ file })).toThrow(/is empty, but .* records 2 session\(s\)/);
      unlinkSync(file);
      expect(() => createSqliteStore({ file })).toThrow(/is missing, but .* records 2 session\(s\)/);
    } finally {
      dir.remove();
    }
  });

  for (const mode of ["lost", "truncated"] as const) {
    it(`FALL-01 a ${mode} WAL: the rewound session is reported and no seq clients saw is reused`, async () => {
      const dir = tempDir();
      const copy = tempDir();
      try {
        const file = join(dir.path, DB);
        const store = await fill(file, ["s"], 50);
        // Part of the log reaches the main file; the rest lives only in the WAL.
        const side = new Database(file);
        side.pragma("wal_checkpoint(TRUNCATE)");
        side.close();
        for (let i = 50; i < 120; i += 10)
          await store.append("s", Array.from({ length: 10 }, (_, k) => event(i + k)) as never);
        await markerFlush();
        // The copy is the machine after a crash that lost (or cut) the WAL.
        copyFileSync(file, join(copy.path, DB));
        copyFileSync(join(dir.path, MARKER_FILE), join(copy.path, MARKER_FILE));
        if (mode === "truncated") {
          const wal = readFileSync(`${file}-wal`);
          const out = openSync(join(copy.path, `${DB}-wal`), "w");
          writeSync(out, wal, 0, Math.floor(wal.length / 2));
          closeSync(out);
        }
        await store.close();
        const reopened = createSqliteStore({ file: join(copy.path, DB) });
        try {
          const session = await reopened.getSession("s");
          expect(session?.lastSeq).toBe(120);
          expect(session?.logRewound).toMatch(/were lost; new events continue after 120/);
          expect(reopened.integrity?.rewound.has("s")).toBe(true);
          const stored = await reopened.readEvents("s", { after: 0 });
          expect(stored.length).toBeLessThan(120);
          const [next] = await reopened.append("s", [event(999)] as never);
          expect(next.seq).toBe(121);
        } finally {
          await reopened.close();
        }
      } finally {
        dir.remove();
        copy.remove();
      }
    });
  }

  it("FALL-01 a session whose rows cannot be read answers 503 session_damaged; the list marks it", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      await (await fill(file, ["good", "bad"], 40)).close();
      // One of the bad session's rows no longer parses, and a page in the middle of the file is
      // overwritten (quick_check fails, so every session's rows are read back at start).
      const db = new Database(file);
      db.prepare("UPDATE events SET event = '{broken' WHERE session_id = 'bad' AND seq = 7").run();
      db.close();
      const size = statSync(file).size;
      const fd = openSync(file, "r+");
      writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, Math.floor(size / 4096 / 2) * 4096);
      closeSync(fd);
      const server = await startServer({
        port: 0,
        dataDir: dir.path,
        noAuth: true,
        sources: allSources(),
      });
      try {
        const list = (await (await fetch(`${server.url}/api/sessions`)).json()) as {
          sessions: { id: string; damage?: string }[];
        };
        const bad = list.sessions.find((s) => s.id === "bad");
        expect(bad?.damage).toMatch(/cannot be read/);
        for (const path of ["", "/snapshot", "/events.json"]) {
          const response = await fetch(`${server.url}/api/sessions/bad${path}`);
          expect(response.status, path).toBe(503);
          const body = (await response.json()) as { error: { code: string; message: string } };
          expect(body.error.code).toBe("session_damaged");
          expect(body.error.message).toContain("session bad is damaged");
        }
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });

  it("FALL-01 random 4 KB blocks overwritten mid-file: refused, or every session either reads back whole or is reported damaged", async () => {
    const outcomes: string[] = [];
    for (const seed of [1, 2, 3]) {
      const dir = tempDir();
      try {
        const file = join(dir.path, DB);
        const ids = ["a", "b", "c", "d", "e"];
        await (await fill(file, ids, 120, 40)).close();
        const size = statSync(file).size;
        const fd = openSync(file, "r+");
        let state = seed * 7919;
        const random = () => {
          state = (state * 1103515245 + 12345) % 2 ** 31;
          return state / 2 ** 31;
        };
        for (let n = 0; n < 3; n++) {
          const block = 1 + Math.floor(random() * (Math.floor(size / 4096) - 1));
          const garbage = Buffer.alloc(4096, Math.floor(random() * 256));
          writeSync(fd, garbage, 0, 4096, block * 4096);
        }
        closeSync(fd);
        let store: ReturnType<typeof createSqliteStore>;
        try {
          store = createSqliteStore({ file });
        } catch (error) {
          expect(error).toBeInstanceOf(StoreRefusedError);
          outcomes.push("refused");
          continue;
        }
        try {
          await store.checked;
          expect(store.integrity?.quickCheck).not.toBe("ok");
          outcomes.push(`damaged ${store.integrity?.damaged.size}`);
          for (const session of await store.listSessions()) {
            if (session.damage !== undefined) {
              await expect(store.readEvents(session.id, { after: 0 })).rejects.toThrow();
              continue;
            }
            const events = await store.readEvents(session.id, { after: 0 });
            expect(events.map((e) => e.seq)).toEqual(
              Array.from({ length: session.lastSeq }, (_, i) => i + 1),
            );
          }
        } finally {
          await store.close();
        }
      } finally {
        dir.remove();
      }
    }
    // The seeds cover both answers: a refusal and sessions reported damaged.
    expect(outcomes.some((o) => o.startsWith("damaged") && o !== "damaged 0")).toBe(true);
  });
});
