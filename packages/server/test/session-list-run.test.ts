// The session list's run state (`SessionInfo.run`) never makes the gateway load a long session's whole
// projection: it comes from the projection when held, from the stored window when that is at the
// session's head, and otherwise from a load only for a short session.
import type { AgentUiEvent, SessionInfo } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createSqliteStore, pushSource, type SessionStore, startServer } from "../src";
import { MAX_EVENTS_LOADED_FOR_LIST } from "../src/http/sessions-feed-route";
import { gatedStore, waitFor } from "./helpers";

const LONG = MAX_EVENTS_LOADED_FOR_LIST + 1;

/** A run that asks for an approval, then streams `deltas` text deltas. */
function session(deltas: number): Partial<AgentUiEvent>[] {
  return [
    { type: "run.started", runId: "r1", turnId: "t1", payload: {} },
    {
      type: "action.required",
      turnId: "t1",
      actionId: "a1",
      toolCallId: "c1",
      payload: { actionType: "tool_approval", toolName: "delete_file" },
    },
    ...Array.from({ length: deltas }, (_, i) => ({
      type: "text.delta" as const,
      turnId: "t1",
      messageId: "m1",
      payload: { delta: `${i} ` },
    })),
  ];
}

async function stored(store: SessionStore, id: string, events: Partial<AgentUiEvent>[]): Promise<void> {
  await store.createSession({ id, sourceKind: "push", config: {} });
  for (let at = 0; at < events.length; at += 2_000)
    await store.append(id, events.slice(at, at + 2_000) as AgentUiEvent[]);
  await store.setStatus(id, "completed");
}

const start = (store: SessionStore) => startServer({ port: 0, store, noAuth: true, sources: [pushSource] });

async function listed(url: string, id: string): Promise<SessionInfo | undefined> {
  const body = (await (await fetch(`${url}/api/sessions`)).json()) as { sessions: SessionInfo[] };
  return body.sessions.find((s) => s.id === id);
}

describe("the session list's run state", () => {
  it("AS-10 HYD-02 a long session's run state comes from its stored window at the head, without a load", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    try {
      await stored(store, "long", session(LONG));
      const first = await start(store);
      // A viewer's window is stored when the gateway closes.
      expect((await fetch(`${first.url}/api/sessions/long/snapshot`)).status).toBe(200);
      await first.close();
      expect((await store.readWindow("long"))?.seq).toBe(LONG + 2);

      const gated = gatedStore(store);
      const second = await start(gated.store);
      try {
        const info = await listed(second.url, "long");
        expect(info?.run).toEqual({ status: "action_required", attention: "high", pendingActions: 1 });
        expect(gated.loads).toEqual([]);
        expect(second.gateway.projectionLoaded("long")).toBe(false);
      } finally {
        gated.open();
        await second.close();
      }
    } finally {
      await store.close();
    }
  }, 60_000);

  it("AS-10 a long session without a window at its head shows no run state and is not loaded; a short one is", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    try {
      await stored(store, "long", session(LONG));
      await stored(store, "short", session(10));
      const gated = gatedStore(store);
      const server = await start(gated.store);
      try {
        const list = (async () => [await listed(server.url, "long"), await listed(server.url, "short")])();
        // The list waits for the short session's load, and only for that one.
        await waitFor(() => gated.loads.length > 0 || undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(gated.loads).toEqual(["short"]);
        gated.open();
        const [long, short] = await list;
        expect(long?.status).toBe("completed");
        expect(long?.run).toBeUndefined();
        expect(short?.run).toEqual({
          status: "action_required",
          attention: "high",
          pendingActions: 1,
        });
        expect(server.gateway.projectionLoaded("long")).toBe(false);
      } finally {
        gated.open();
        await server.close();
      }
    } finally {
      await store.close();
    }
  }, 60_000);
});
