// Idle HTTP connections stay open long enough that the client closes them first: the gateway announces
// its keep-alive timeout, and a connection reused after Node's 5 s default is still served.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS } from "../src/start-server";
import { startTestServer } from "./helpers";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("gateway keep-alive", () => {
  it("announces a keep-alive timeout well past a client's idle timeout and keeps an idle socket open past 5 s", async () => {
    const { port } = new URL(server.url);
    const sockets = new Set<unknown>();
    const get = () =>
      new Promise<{ keepAlive: string | undefined }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/api/health", agent }, (res) => {
          sockets.add(req.socket);
          res.resume();
          res.on("end", () => resolve({ keepAlive: String(res.headers["keep-alive"]) }));
        });
        req.on("error", reject);
        req.end();
      });
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get();
      expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await get();
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
