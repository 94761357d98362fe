// Damage first met by a read after start (the check at open found the file whole): the read answers 503
// `session_damaged` naming the session — never an opaque 500 — and the session list marks it from then on,
// while the other sessions keep answering.
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createSqliteStore, startServer } from "../src";
import { tempDir } from "./helpers";

const DB = "agent-ui.sqlite";
const event = (i: number) => ({
  type: "text.delta",
  eventId: `e-${i}`,
  messageId: "m1",
  payload: { delta: `${i} ${"y".repeat(600)}` },
});

describe("storage damage met by a later read", () => {
  it("FALL-01 a read hitting corrupt pages answers 503 session_damaged; the list marks the session", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      const store = createSqliteStore({ file });
      for (const id of ["a", "z"]) {
        await store.createSession({ id, sourceKind: "test", config: {} });
        await store.append(
          id,
          Array.from({ length: 200 }, (_, i) => event(i)),
        );
        await store.setStatus(id, "completed");
      }
      await store.close();
      const side = new Database(file);
      side.pragma("wal_checkpoint(TRUNCATE)");
      // The events table is keyed (session_id, seq): its last leaf pages hold session z's rows.
      const leaves = (
        side
          .prepare("SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY path")
          .all() as { pageno: number }[]
      ).map((row) => row.pageno);
      const pageSize = side.pragma("page_size", { simple: true }) as number;
      side.close();
      const server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      try {
        const fd = openSync(file, "r+");
        for (const page of leaves.slice(Math.ceil(leaves.length * 0.7)))
          writeSync(fd, Buffer.alloc(pageSize, 0xab), 0, pageSize, (page - 1) * pageSize);
        closeSync(fd);
        // Another connection's commit: the gateway's readers drop their cached pages and meet the damage.
        const writer = new Database(file);
        writer.pragma("user_version = 7");
        writer.close();

        const response = await fetch(`${server.url}/api/sessions/z/events.json`);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(response.status).toBe(503);
        expect(body.error.code).toBe("session_damaged");
        expect(body.error.message).toMatch(/^session z is damaged: its stored rows cannot be read/);
        const list = (await (await fetch(`${server.url}/api/sessions`)).json()) as {
          sessions: { id: string; damage?: string }[];
        };
        expect(list.sessions.find((s) => s.id === "z")?.damage).toMatch(/cannot be read/);
        expect(list.sessions.find((s) => s.id === "a")?.damage).toBeUndefined();
        expect((await fetch(`${server.url}/api/sessions/z`)).status).toBe(503);
        const good = await fetch(`${server.url}/api/sessions/a/events.json`);
        expect(good.status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });

  it("FALL-01 a snapshot row whose JSON was garbled answers 503 session_damaged on the session's first load", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      const store = createSqliteStore({ file });
      await store.createSession({ id: "s", sourceKind: "test", config: {} });
      const entries = await store.append(
        "s",
        Array.from({ length: 20 }, (_, i) => event(i)),
      );
      await store.saveSnapshot("s", entries[entries.length - 1].seq, {
        messages: [{ id: "m1", role: "assistant", parts: [] }],
      } as never);
      await store.setStatus("s", "completed");
      await store.close();
      const server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      try {
        // Garbled after the check at open: the first load of the session meets it.
        const writer = new Database(file);
        writer
          .prepare("UPDATE snapshots SET state = ? WHERE session_id = 's'")
          .run('{"messages":[{"id":"m1"},');
        writer.close();
        const response = await fetch(`${server.url}/api/sessions/s/snapshot`);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(response.status).toBe(503);
        expect(body.error.code).toBe("session_damaged");
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });
});
