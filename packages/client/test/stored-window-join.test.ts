// A gateway that ended while a session streamed (a crash) left that session's window a few events behind
// its head; the next gateway answers a joiner from it, and the client reads the events after it from the
// log: the joiner ends at the head, with every event once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createSqliteStore, startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient } from "../src";
import { deltas, textOf, waitUntil } from "./gateway-fixtures";

describe("joining from a stored window behind the head", () => {
  it("HYD-08 AS-10 the client shows the window, then the events after it, and ends at the head", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-behind-"));
    const file = join(dataDir, "agent-ui.sqlite");
    try {
      const store = createSqliteStore({ file });
      await store.createSession({ id: "s", sourceKind: "test", config: {} });
      await store.append("s", deltas(1, 3, "m1") as AgentUiEvent[]);
      await store.setStatus("s", "completed");
      await store.close();
      // A gateway serves the session's window and closes: the window is stored at seq 3.
      const first = await startServer({ port: 0, dataDir, noAuth: true });
      expect((await new GatewayHttpClient({ baseUrl: first.url }).snapshot("s")).seq).toBe(3);
      await first.close();
      // What the gateway appended after its last stored window, before it died.
      const after = createSqliteStore({ file });
      await after.append("s", deltas(4, 6, "m1") as AgentUiEvent[]);
      await after.close();

      const server = await startServer({ port: 0, dataDir, noAuth: true });
      try {
        const windows: number[] = [];
        const client = connectSession({
          baseUrl: server.url,
          sessionId: "s",
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            if (new URL(String(input)).pathname.endsWith("/snapshot"))
              windows.push(((await response.clone().json()) as { seq: number }).seq);
            return response;
          },
        });
        await client.open();
        await waitUntil(() => textOf(client, "m1") === "1 2 3 4 5 6 ");
        expect(windows).toEqual([3]);
        expect(client.seq).toBe(6);
        client.close();
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
