// A hydration window the caller already holds (fetched while the page loaded, or by a server render):
// shown by the client before it opens, and not asked for again by that open.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient } from "../src";
import { deltas, heldSource, textOf, waitUntil } from "./gateway-fixtures";

describe("SessionClient with a held window", () => {
  it("HYD-02 PERF-05: shows the held window before open(); open() listens from its seq without asking again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-initial-"));
    const source = heldSource();
    const server = await startServer({ port: 0, dataDir, sources: [source], noAuth: true });
    try {
      const http = new GatewayHttpClient({ baseUrl: server.url });
      const session = await http.createSession({ source: "held" });
      await waitUntil(() => source.sink !== undefined);
      await source.sink?.events(deltas(1, 3, "m1") as AgentUiEvent[]);
      const held = await http.snapshot(session.id);
      expect(held.seq).toBeGreaterThan(0);
      // Facts after the held window: the open must bring them from the log, after its seq.
      await source.sink?.events(deltas(4, 5, "m1") as AgentUiEvent[]);

      const asked: string[] = [];
      const timings: string[] = [];
      const client = connectSession({
        baseUrl: server.url,
        sessionId: session.id,
        initialSnapshot: held,
        onTiming: (metric) => timings.push(metric),
        fetch: (input, init) => {
          asked.push(new URL(String(input)).pathname);
          return fetch(input, init);
        },
      });
      // Before any request: the held window is the state.
      expect(textOf(client, "m1")).toBe("1 2 3 ");
      expect(timings).toEqual(["session.snapshot_apply_ms"]);
      await client.open();
      await waitUntil(() => textOf(client, "m1") === "1 2 3 4 5 ");
      expect(client.seq).toBe(held.seq + 2);
      expect(asked.filter((path) => path.endsWith("/snapshot"))).toEqual([]);
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
