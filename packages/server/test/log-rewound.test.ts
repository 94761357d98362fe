// A resume cursor names the entry it stopped at (`<seq>.<tag>`): when the log was rewound and refilled
// (a crash inside the marker's flush lag, a restored backup), the entry stored at that seq is another one,
// and the resume is told `log_rewound` — 409 over SSE, an error frame and close 4409 over WebSocket — instead
// of being served entries that do not follow what the client saw.
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { SseDecoder } from "@agent-ui/client";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSqliteStore, startServer } from "../src";
import { tempDir } from "./helpers";

const DB = "agent-ui.sqlite";
const fact = (i: number, run = "a"): AgentUiEvent => ({
  type: "text.delta",
  eventId: `${run}-${i}`,
  messageId: "m1",
  payload: { delta: `${i} ` },
});

/** Reads the SSE stream until `count` entries arrived; gives the `id:` of each. */
async function readIds(url: string, count: number, headers: Record<string, string> = {}): Promise<string[]> {
  const abort = new AbortController();
  const ids: string[] = [];
  try {
    const response = await fetch(url, { headers, signal: abort.signal });
    expect(response.status).toBe(200);
    const decoder = new SseDecoder();
    const text = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const message of decoder.push(text.decode(chunk, { stream: true })))
        if (message.event === "entry" && message.id !== undefined) ids.push(message.id);
      if (ids.length >= count) break;
    }
  } finally {
    abort.abort();
  }
  return ids;
}

/** The WebSocket's frames until it closes, and its close code. */
interface Frame {
  type: string;
  cursor?: string;
  entries?: { seq: number }[];
}

function wsSession(url: string): Promise<{ frames: Frame[]; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ["agent-ui"]);
    const frames: Frame[] = [];
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      frames.push(frame);
      if (frame.type === "ready") socket.close();
    });
    socket.on("close", (code) => resolve({ frames, code }));
    socket.on("error", reject);
  });
}

/** The store as a gateway left it: session `s` with `n` facts, finished. */
async function seed(file: string, n: number): Promise<void> {
  const store = createSqliteStore({ file });
  await store.createSession({ id: "s", sourceKind: "test", config: {} });
  await store.append(
    "s",
    Array.from({ length: n }, (_, i) => fact(i + 1)),
  );
  await store.setStatus("s", "completed");
  await store.close();
}

/** Rewinds the stored log to `seq - 1` and refills seq `seq` with another event (as a gateway that lost
 * the tail and went on appending would). */
function refill(file: string, seq: number): void {
  const db = new Database(file);
  db.prepare("UPDATE events SET event = ? WHERE session_id = 's' AND seq = ?").run(
    JSON.stringify(fact(seq, "b")),
    seq,
  );
  db.close();
}

describe("resume cursors name the entry they stopped at", () => {
  it("ORD-04 a resume whose entry at its seq was replaced is told log_rewound (SSE 409, WebSocket 4409)", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      await seed(file, 6);
      let server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      const url = () => `${server.url}/api/sessions/s`;
      let ids: string[];
      try {
        ids = await readIds(`${url()}/events`, 6);
        expect(ids.map((id) => id.split(".")[0])).toEqual(["1", "2", "3", "4", "5", "6"]);
        for (const id of ids) expect(id).toMatch(/^\d+\.[0-9a-f]{8}$/);
        // The same log answers the same cursor: a resume from seq 5 by its id is served seq 6.
        expect(await readIds(`${url()}/events`, 1, { "last-event-id": ids[4] })).toEqual([ids[5]]);
        const ws = await wsSession(`${url().replace(/^http/, "ws")}/ws?after=${ids[4]}`);
        expect(ws.frames[0]).toMatchObject({ type: "entries", cursor: ids[5] });
        expect(ws.frames[0].entries?.map((e) => e.seq)).toEqual([6]);
      } finally {
        await server.close();
      }
      refill(file, 5);
      server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      try {
        const requests: { path: string; headers: Record<string, string> }[] = [
          { path: "/events", headers: { "last-event-id": ids[4] } },
          { path: `/events?after=${ids[4]}`, headers: {} },
        ];
        for (const request of requests) {
          const response = await fetch(`${url()}${request.path}`, { headers: request.headers });
          expect(response.status).toBe(409);
          const body = (await response.json()) as { error: { code: string; message: string } };
          expect(body.error.code).toBe("log_rewound");
          expect(body.error.message).toMatch(/seq 5 is not the one this client saw/);
        }
        const ws = await wsSession(`${url().replace(/^http/, "ws")}/ws?after=${ids[4]}`);
        expect(ws.frames).toEqual([{ type: "error", code: "log_rewound", message: expect.any(String) }]);
        expect(ws.code).toBe(4409);
        // Entries before the refilled one are the same: their cursors still resume.
        expect((await readIds(`${url()}/events`, 2, { "last-event-id": ids[3] }))[1]).toBe(ids[5]);
        // A bare seq carries no identity: still accepted.
        expect((await readIds(`${url()}/events?after=5`, 1))[0]).toBe(ids[5]);
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });

  it("ORD-04 a cursor whose seq is missing below the head is told log_rewound", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, DB);
      await seed(file, 4);
      let server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      let ids: string[];
      try {
        ids = await readIds(`${server.url}/api/sessions/s/events`, 4);
      } finally {
        await server.close();
      }
      const db = new Database(file);
      db.prepare("DELETE FROM events WHERE session_id = 's' AND seq = 3").run();
      db.close();
      server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      try {
        const response = await fetch(`${server.url}/api/sessions/s/events`, {
          headers: { "last-event-id": ids[2] },
        });
        expect(response.status).toBe(409);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("log_rewound");
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });

  it("a Last-Event-ID or after that is not a cursor is a clear 400, whatever its length", async () => {
    const dir = tempDir();
    try {
      await seed(join(dir.path, DB), 2);
      const server = await startServer({ port: 0, dataDir: dir.path, noAuth: true });
      try {
        for (const [header, fragment] of [
          ["1.ABCDEF12", "Last-Event-ID"],
          ["1.abc", "Last-Event-ID"],
          ["1.abcdef12.3", "Last-Event-ID"],
          [`1.${"a".repeat(4000)}`, "longer than 64"],
          ["-1", "Last-Event-ID"],
        ]) {
          const response = await fetch(`${server.url}/api/sessions/s/events`, {
            headers: { "last-event-id": header },
          });
          expect(response.status, header).toBe(400);
          const body = (await response.json()) as { error: { code: string; message: string } };
          expect(body.error.code).toBe("invalid_request");
          expect(body.error.message).toContain(fragment);
        }
        const response = await fetch(`${server.url}/api/sessions/s/ws?after=2.zz`);
        expect(response.status).toBe(400);
      } finally {
        await server.close();
      }
    } finally {
      dir.remove();
    }
  });
});
