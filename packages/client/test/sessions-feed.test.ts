// The session list pushed over SSE (`watchSessions`), session rename/delete through the typed gateway
// client, the run's own state in the list, and a gateway that goes down and comes back.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoSource } from "@agent-ui/demo";
import { type RunningServer, startServer } from "@agent-ui/server";
import { afterEach, describe, expect, it } from "vitest";
import {
  GatewayHttpClient,
  GatewayRequestError,
  type GatewayStatus,
  type SessionInfo,
  watchSessions,
} from "../src";
import { waitUntil } from "./gateway-fixtures";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gateway(dataDir: string, port = 0): Promise<RunningServer> {
  const server = await startServer({ port, dataDir, sources: [demoSource], noAuth: true });
  cleanups.push(() => server.close());
  return server;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "agent-ui-feed-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("session list over the sessions feed", () => {
  it("pushes created, renamed and deleted sessions without polling; run state comes from the projection", async () => {
    const server = await gateway(tempDir());
    const http = new GatewayHttpClient({ baseUrl: server.url });
    let list: SessionInfo[] = [];
    let pushes = 0;
    const feed = watchSessions({
      baseUrl: server.url,
      onSessions: (sessions) => {
        list = sessions;
        pushes += 1;
      },
    });
    cleanups.push(() => feed.close());
    await waitUntil(() => pushes > 0);
    expect(list).toEqual([]);
    expect(feed.status.state).toBe("live");

    const created = await http.createSession({
      source: "demo",
      scenario: "approval",
      title: "approval demo",
    });
    await waitUntil(() => list.some((s) => s.id === created.id && s.run?.status === "action_required"));
    const shown = list.find((s) => s.id === created.id);
    // The source is healthy (`live`); the run is what needs the user.
    expect(shown?.status).toBe("live");
    expect(shown?.run).toMatchObject({ status: "action_required", pendingActions: 1 });

    await http.renameSession(created.id, "  Release checklist ");
    await waitUntil(() => list.some((s) => s.title === "Release checklist"));
    await expect(http.renameSession(created.id, "   ")).rejects.toMatchObject({
      status: 400,
      code: "invalid_title",
    });

    await http.deleteSession(created.id);
    await waitUntil(() => list.length === 0);
    await expect(http.getSession(created.id)).rejects.toBeInstanceOf(GatewayRequestError);
    await expect(http.deleteSession(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it("offers the gateway's scenarios from its sources list", async () => {
    const server = await gateway(tempDir());
    const sources = await new GatewayHttpClient({ baseUrl: server.url }).listSources();
    expect(sources.find((s) => s.kind === "demo")?.scenarios).toEqual(
      expect.arrayContaining(["solo", "approval", "team"]),
    );
  });

  it("says the gateway is down, and notices within 2 s that it is back", async () => {
    const dir = tempDir();
    const first = await gateway(dir);
    const statuses: GatewayStatus[] = [];
    const feed = watchSessions({
      baseUrl: first.url,
      onSessions: () => {},
      onStatus: (s) => statuses.push(s),
    });
    cleanups.push(() => feed.close());
    await waitUntil(() => feed.status.state === "live");
    await first.close();
    await waitUntil(() => feed.status.state === "down");
    expect(feed.status.reason).toBeTruthy();
    // Down long enough for the backoff to reach its ceiling.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(feed.status.retryAt! - Date.now()).toBeLessThanOrEqual(2000);
    const back = Date.now();
    await gateway(dir, first.port);
    await waitUntil(() => feed.status.state === "live", 4000);
    expect(Date.now() - back).toBeLessThan(2500);
  });

  it("a refused token is `unauthorized`, not retried in a loop", async () => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir(),
      sources: [demoSource],
      token: "s3cret",
    });
    cleanups.push(() => server.close());
    const feed = watchSessions({ baseUrl: server.url, token: "wrong", onSessions: () => {} });
    cleanups.push(() => feed.close());
    await waitUntil(() => feed.status.state === "unauthorized");
    const ok = watchSessions({ baseUrl: server.url, token: "s3cret", onSessions: () => {} });
    cleanups.push(() => ok.close());
    await waitUntil(() => ok.status.state === "live");
  });
});
