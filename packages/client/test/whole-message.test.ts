// HYD-13: a message the hydration window sent cut loads whole on request and is swapped in through the
// projection; live deltas of that same message that arrive while it loads are kept, each exactly once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient } from "../src";
import { heldSource, textOf, waitUntil } from "./gateway-fixtures";

const CHUNK = 100 * 1024;
const delta = (sequence: number, text: string): Partial<AgentUiEvent> => ({
  type: "text.delta",
  messageId: "m1",
  streamId: "m1",
  sequence,
  payload: { delta: text },
});

function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe("SessionClient.loadWholeMessage", () => {
  it("HYD-13 swaps the whole message in, keeping deltas that arrived during the load once each", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-whole-"));
    const source = heldSource();
    const server = await startServer({ port: 0, dataDir, sources: [source], noAuth: true });
    try {
      const session = await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" });
      await waitUntil(() => source.sink !== undefined);
      const chunks = ["a", "b", "c"].map((letter) => letter.repeat(CHUNK));
      await source.sink?.events(chunks.map((text, i) => delta(i + 1, text)) as AgentUiEvent[]);
      // The whole-message request waits twice: before the gateway reads it (a delta lands in both) and
      // after it answered (a delta only the client has).
      const beforeServe = gate();
      const afterServe = gate();
      let served = false;
      const fetchWith: typeof fetch = async (input, init) => {
        if (!String(input).includes("/messages/")) return fetch(input, init);
        await beforeServe.wait;
        const response = await fetch(input, init);
        const body = await response.text();
        served = true;
        await afterServe.wait;
        return new Response(body, { status: response.status, headers: response.headers });
      };
      const client = connectSession({ baseUrl: server.url, sessionId: session.id, fetch: fetchWith });
      await client.open();
      const cut = client.cutMessages.get("m1");
      expect(cut?.source).toBe("window");
      expect(textOf(client, "m1").length).toBeLessThan(3 * CHUNK);

      const loading = client.loadWholeMessage("m1");
      expect(client.cutMessages.get("m1")?.loading).toBe(true);
      await source.sink?.events([delta(4, "<A>")] as AgentUiEvent[]);
      await waitUntil(() => textOf(client, "m1").endsWith("<A>"));
      beforeServe.open();
      await waitUntil(() => served);
      await source.sink?.events([delta(5, "<B>")] as AgentUiEvent[]);
      await waitUntil(() => textOf(client, "m1").endsWith("<B>"));
      afterServe.open();
      expect(await loading).toBe(true);

      const whole = `${chunks.join("")}<A><B>`;
      expect(textOf(client, "m1")).toBe(whole);
      expect(client.cutMessages.has("m1")).toBe(false);
      // Deltas after the swap continue the whole text.
      await source.sink?.events([delta(6, "<C>")] as AgentUiEvent[]);
      await waitUntil(() => textOf(client, "m1").endsWith("<C>"));
      expect(textOf(client, "m1")).toBe(`${whole}<C>`);
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("HYD-13 a failed load says why and can be tried again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-whole-"));
    const source = heldSource();
    const server = await startServer({ port: 0, dataDir, sources: [source], noAuth: true });
    try {
      const session = await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" });
      await waitUntil(() => source.sink !== undefined);
      await source.sink?.events([delta(1, "x".repeat(3 * CHUNK))] as AgentUiEvent[]);
      let down = true;
      const fetchWith: typeof fetch = async (input, init) => {
        if (down && String(input).includes("/messages/")) throw new TypeError("network down");
        return fetch(input, init);
      };
      const client = connectSession({ baseUrl: server.url, sessionId: session.id, fetch: fetchWith });
      await client.open();
      expect(await client.loadWholeMessage("m1")).toBe(false);
      expect(client.cutMessages.get("m1")).toMatchObject({
        loading: false,
        error: expect.stringMatching(/network down/),
      });
      down = false;
      expect(await client.loadWholeMessage("m1")).toBe(true);
      expect(textOf(client, "m1")).toBe("x".repeat(3 * CHUNK));
      client.close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
