// The hydration window ("shell, status, pending actions, queued turns, recent messages; older
// history paged by cursor") on a live demo session, and what a late client shows from it alone: the
// pending approval and the queued turn are there before any live event (HYD-02), and a reject through the
// client fails the tool without it ever running (HITL-04).
import { connectSession, GatewayHttpClient, type HydrationWindow } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor } from "./helpers";

const pendingAction = (state: ProjectionState) =>
  Object.values(state.actions).find((a) => a.status === "pending");

describe("the hydration window of a live session (HYD-01/02)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let http: GatewayHttpClient;
  let sessionId: string;
  let window: HydrationWindow;
  beforeAll(async () => {
    server = await startTestServer();
    http = new GatewayHttpClient({ baseUrl: server.url });
    sessionId = (
      await http.createSession({
        source: "demo",
        scenario: "approval",
        title: "hydration",
        config: { pace: 0 },
      })
    ).id;
    // The turn blocks on its approval; a send meanwhile is queued behind it.
    await waitFor(async () => pendingAction((await http.snapshot(sessionId)).state), 15_000);
    const queued = await postSend(server.url, sessionId, "after the approval, summarise");
    expect(queued).toMatchObject({ status: "accepted", assigned: { mode: "queue" } });
    window = await waitFor(async () => {
      const snapshot = await http.snapshot(sessionId);
      return snapshot.state.queue.items.length > 0 ? snapshot : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("HYD-01 the window holds the shell, the runtime status, the pending action, the queued turn and recent messages", () => {
    expect(window.session).toMatchObject({
      id: sessionId,
      title: "hydration",
      sourceKind: "demo",
      scenario: "approval",
    });
    expect(window.attached).toBe(true);
    expect(window.seq).toBeGreaterThan(0);
    expect(window.state.runtime.status).not.toBe("unknown");
    expect(["completed", "idle"]).not.toContain(window.state.runtime.status);
    expect(pendingAction(window.state)).toMatchObject({ type: "tool_approval", toolName: "write_file" });
    expect(window.state.queue.items[0]).toMatchObject({
      preview: expect.stringContaining("after the approval"),
    });
    expect(window.state.messages.some((m) => m.role === "user")).toBe(true);
    expect(window.window.messages).toMatchObject({ total: window.state.messages.length, truncated: false });
  });

  it("HYD-05 older history comes only by cursor, in pages, and the pages add up to the whole conversation", async () => {
    const small = await http.snapshot(sessionId, { limit: 1 });
    expect(small.state.messages).toHaveLength(1);
    // Everything but messages and timeline comes whole even in a small window.
    expect(pendingAction(small.state)?.actionId).toBe(pendingAction(window.state)?.actionId);
    expect(small.state.queue.items).toHaveLength(window.state.queue.items.length);
    const ids = [...small.state.messages.map((m) => m.id)];
    let before = small.window.messages.before;
    while (before !== null) {
      const page = await http.history(sessionId, before, 1);
      ids.unshift(...page.messages.map((m) => m.id));
      before = page.window.before;
    }
    const full = await http.snapshot(sessionId, { limit: 500 });
    expect(ids).toEqual(full.state.messages.map((m) => m.id));
  });

  it("HYD-02 / HITL-04 a late client shows the pending approval and the queue from the window alone; its reject fails the tool, which never runs", async () => {
    const client = connectSession({ baseUrl: server.url, sessionId, messageWindow: 5 });
    await client.open();
    const action = pendingAction(client.state);
    expect(action).toBeDefined();
    expect(client.state.queue.items.length).toBeGreaterThan(0);
    const result = await client.runtime.reject(String(action?.actionId));
    expect(result.status).toBe("accepted");
    const toolCallId = String(action?.toolCallId);
    await waitFor(
      () => (client.state.actions[String(action?.actionId)]?.status === "resolved" ? true : undefined),
      15_000,
    );
    await waitFor(
      () => (client.state.tools[toolCallId]?.status === "output-error" ? true : undefined),
      15_000,
    );
    const log = await http.events(sessionId, 0, 5000);
    // The gated tool was announced, but no result of it exists: it never ran.
    const results = log.entries.filter(
      (e) => e.event.toolCallId === toolCallId && e.event.type === "tool.result",
    );
    expect(results).toEqual([]);
    client.close();
  });
});

async function postSend(url: string, sessionId: string, text: string) {
  const response = await fetch(`${url}/api/sessions/${sessionId}/commands`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: "send", idempotencyKey: `send:${text}`, clientMessageId: text, text }),
  });
  return response.json();
}
