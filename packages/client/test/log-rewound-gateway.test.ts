// Against a real gateway: a subscription keeps the resume cursor of the last entry it applied (`<seq>.<tag>`)
// and sends it back on reconnect. When the gateway comes back with its log rewound and refilled (another
// event at that seq), the resume is answered `log_rewound`: the subscription rehydrates from the snapshot
// and says so on its connection state — over SSE and over WebSocket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createSqliteStore, type RunningServer, startServer } from "@agent-ui/server";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  type ConnectionInfo,
  type EventTransport,
  type LogEntry,
  LogSubscription,
  SseTransport,
  type WebSocketConstructor,
  WebSocketTransport,
} from "../src";

const PLACEHOLDER = "http://gateway.invalid";
const fact = (i: number, run: string): AgentUiEvent => ({
  type: "text.delta",
  eventId: `${run}-${i}`,
  messageId: "m1",
  payload: { delta: `${i} ` },
});

async function waitUntil(probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Each transport talks to whichever gateway `target.url` names (the restarted one listens elsewhere). */
const transports: Record<string, (target: { url: string }) => EventTransport> = {
  sse: (target) =>
    new SseTransport({
      baseUrl: PLACEHOLDER,
      fetch: (input, init) => fetch(String(input).replace(PLACEHOLDER, target.url), init),
    }),
  websocket: (target) =>
    new WebSocketTransport({
      baseUrl: PLACEHOLDER,
      WebSocket: class extends WebSocket {
        constructor(url: string, protocols?: string[]) {
          super(
            url.replace(PLACEHOLDER.replace(/^http/, "ws"), target.url.replace(/^http/, "ws")),
            protocols,
          );
        }
      } as unknown as WebSocketConstructor,
    }),
};

describe("a subscription resuming into a rewound log", () => {
  for (const [name, makeTransport] of Object.entries(transports)) {
    it(`ORD-04 ${name}: the gateway's log_rewound → rehydrate from the snapshot, state names log_rewound`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "agent-ui-client-"));
      const file = join(dir, "agent-ui.sqlite");
      let server: RunningServer | undefined;
      let subscription: LogSubscription | undefined;
      try {
        const store = createSqliteStore({ file });
        await store.createSession({ id: "s", sourceKind: "test", config: {} });
        await store.append(
          "s",
          Array.from({ length: 6 }, (_, i) => fact(i + 1, "a")),
        );
        await store.setStatus("s", "completed");
        await store.close();
        server = await startServer({ port: 0, dataDir: dir, noAuth: true });
        const target = { url: server.url };
        const applied: LogEntry[] = [];
        const states: ConnectionInfo[] = [];
        const repairs: number[] = [];
        subscription = new LogSubscription({
          transport: makeTransport(target),
          sessionId: "s",
          after: 0,
          onEntries: (entries) => applied.push(...entries),
          repair: async (gap) => {
            repairs.push(gap.expected);
            const body = (await (await fetch(`${target.url}/api/sessions/s`)).json()) as {
              session: { lastSeq: number };
            };
            return body.session.lastSeq;
          },
          onConnection: (info) => states.push(info),
          backoff: { baseMs: 20, maxMs: 50 },
        });
        await subscription.start();
        await waitUntil(() => subscription?.seq === 6);
        await server.close();
        server = undefined;
        await waitUntil(() => states.some((s) => s.state === "reconnecting"));
        // The restored store: seq 6 holds another event than the one this client applied.
        const db = new Database(file);
        db.prepare("UPDATE events SET event = ? WHERE session_id = 's' AND seq = 6").run(
          JSON.stringify(fact(6, "b")),
        );
        db.close();
        server = await startServer({ port: 0, dataDir: dir, noAuth: true });
        target.url = server.url;
        await waitUntil(() => repairs.length === 1 && subscription?.state.state === "live");
        const rewound = states.find((s) => s.reason?.startsWith("log_rewound"));
        expect(rewound?.state).toBe("stale");
        expect(rewound?.reason).toMatch(/seq 6 is not the one this client saw/);
        expect(applied.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      } finally {
        subscription?.close();
        await server?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
