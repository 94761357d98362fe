// A gateway restart listens before it settles the sessions the previous process left attached: loading a
// long session's projection takes a while, and nothing else may wait for it. `/api/health` answers at
// once; a request for a session not settled yet waits for its settlement (never the status the restart
// is about to change), or past the wait gets 503 `session_settling` with Retry-After.
import type { ChildProcess } from "node:child_process";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { RestartSettlement } from "../src/gateway/restart";
import { settledFirst } from "../src/http/settled";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

const SLOW_MS = 4000;

describe("a restart listens first", () => {
  const dir = tempDir("agent-ui-listen-first-");
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) await crashChild(child);
    dir.remove();
  });

  it("FALL-01 health answers before the sessions are settled; a session request waits for its own", async () => {
    const first = await startChildGateway(dir.path);
    children.push(first.child);
    const records = Array.from({ length: 50 }, (_, i) => ({
      type: "text.delta",
      turnId: "t1",
      messageId: "m1",
      timestamp: new Date(i * 60_000).toISOString(),
      payload: { delta: `${i} ` },
    }));
    const created = await postJson(`${first.url}/api/sessions`, {
      source: "replay",
      config: { records, format: "agent-ui", speed: 1 },
    });
    const id = created.body.session.id as string;
    await waitFor(async () =>
      (await getJson(`${first.url}/api/sessions/${id}`)).body.session.status === "live" ? true : undefined,
    );
    await crashChild(first.child);

    const second = await startChildGateway(dir.path, { AGENT_UI_TEST_SLOW_PROJECTION_MS: String(SLOW_MS) });
    children.push(second.child);
    const asked = Date.now();
    const health = await getJson(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - asked).toBeLessThan(SLOW_MS);
    // It listens and answers while the session is not settled yet: the list still shows what the
    // previous process left.
    const listed = await getJson(`${second.url}/api/sessions`);
    expect(listed.body.sessions.find((s: { id: string }) => s.id === id)?.status).toBe("live");
    // A request for the session waits for its settlement.
    const session = await getJson(`${second.url}/api/sessions/${id}`);
    expect(session.body.session).toMatchObject({
      status: "stopped",
      statusReason: expect.stringMatching(/gateway restarted/),
    });
    await crashChild(second.child);
  }, 60_000);

  it("a request still waiting past the bound gets 503 session_settling with Retry-After", async () => {
    const settlement = { whenSettled: () => new Promise<void>(() => {}) } as unknown as RestartSettlement;
    const app = new Hono();
    app.use("/api/sessions/:id", settledFirst(settlement, 50));
    app.get("/api/sessions/:id", (c) => c.json({ ok: true }));
    const response = await app.request("/api/sessions/s1");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect((await response.json()).error.code).toBe("session_settling");
  });
});
