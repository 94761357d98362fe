// Older history through the client (HYD-05): the hydration window holds the newest messages; each
// `loadEarlier()` brings the page before it, in order and without duplicates, until the first message.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient } from "../src";
import { deltas, heldSource, waitUntil } from "./gateway-fixtures";

describe("SessionClient.loadEarlier", () => {
  it("HYD-05 / RT-AS-10 / V-11 pages back from the window to the first message, once each, oldest first", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-earlier-"));
    const source = heldSource();
    const server = await startServer({ port: 0, dataDir, sources: [source], noAuth: true });
    try {
      const session = await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" });
      await waitUntil(() => source.sink !== undefined);
      for (let i = 1; i <= 95; i++)
        await source.sink?.events(deltas(i, i, `m${String(i).padStart(3, "0")}`) as AgentUiEvent[]);
      const timings: [string, number][] = [];
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        messageWindow: 40,
        onTiming: (metric, ms) => timings.push([metric, ms]),
      });
      await client.open();
      // PERF-03: the window's request, its apply and the whole hydration, once each.
      expect(timings.map(([m]) => m)).toEqual([
        "session.detail_request_ms",
        "session.snapshot_apply_ms",
        "session.messages_hydrate_ms",
      ]);
      const [request, apply, hydrate] = timings.map(([, ms]) => ms);
      expect(hydrate).toBeCloseTo(request + apply, 6);
      const ids = () => client.state.messages.map((m) => m.id);
      expect(ids()).toHaveLength(40);
      expect(ids()[0]).toBe("m056");
      expect(client.history).toMatchObject({ count: 0, reachedStart: false, loading: false });

      const first = client.loadEarlier(40);
      expect(client.history.loading).toBe(true);
      // A second request while one loads is the same request.
      expect(client.loadEarlier(40)).toBe(first);
      await first;
      expect(ids()).toHaveLength(80);
      expect(ids()[0]).toBe("m016");
      await client.loadEarlier(40);
      expect(client.history).toMatchObject({ count: 55, reachedStart: true, loading: false });
      expect(ids()).toEqual(Array.from({ length: 95 }, (_, i) => `m${String(i + 1).padStart(3, "0")}`));
      // At the start, there is nothing more to ask for.
      await client.loadEarlier(40);
      expect(ids()).toHaveLength(95);
      // PERF-03: one page load time per page that arrived (the joined call and the call at the start add none).
      expect(timings.filter(([m]) => m === "history.page_load_ms")).toHaveLength(2);

      // Live messages still arrive after the loaded history.
      await source.sink?.events(deltas(96, 96, "m096") as AgentUiEvent[]);
      await waitUntil(() => ids().at(-1) === "m096");
      expect(new Set(ids()).size).toBe(96);
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
