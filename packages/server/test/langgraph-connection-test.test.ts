// The connection test for a LangGraph Agent Server (`POST /api/connect/test`, source `langgraph`) against
// the real server (`@langchain/langgraph-api` in-process on loopback): the graph is found by its id, a
// wrong id is not_found, an assistantId is required, and a URL that is not an Agent Server is named.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer } from "./helpers";
import { GRAPH_ID, type LangGraphServer, startLangGraphServer } from "./langgraph-server";

describe("POST /api/connect/test for a LangGraph Agent Server", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let langgraph: LangGraphServer;
  const probe = (config: Record<string, unknown>) =>
    postJson(`${server.url}/api/connect/test`, { source: "langgraph", config });

  beforeAll(async () => {
    server = await startTestServer();
    langgraph = await startLangGraphServer();
  }, 60_000);
  afterAll(async () => {
    await langgraph?.close();
    await server?.close();
  });

  it("finds the graph by its id, without creating a thread or a run", async () => {
    const answer = await probe({ url: langgraph.url, assistantId: GRAPH_ID });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      source: "langgraph",
      code: "ok",
      found: { protocol: "langgraph", name: GRAPH_ID, note: `graph "${GRAPH_ID}" found` },
    });
    expect(langgraph.requests.map((r) => `${r.method} ${r.path}`)).not.toContainEqual(
      expect.stringMatching(/threads|runs/),
    );
  });

  it("an id the server does not know is not_found, naming the field to check", async () => {
    const answer = await probe({ url: langgraph.url, assistantId: "no-such-graph" });
    expect(answer.body).toMatchObject({ ok: false, code: "not_found" });
    expect((answer.body as { message: string }).message).toContain('"no-such-graph"');
  });

  it("without assistantId the config is refused like the connector refuses it", async () => {
    const answer = await probe({ url: langgraph.url });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "invalid_source_config" } });
  });

  it("a web page is wrong_protocol", async () => {
    const page = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>hi</p>"),
    );
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
      const answer = await probe({ url, assistantId: GRAPH_ID });
      expect(answer.body).toMatchObject({ ok: false, code: "wrong_protocol" });
      expect((answer.body as { message: string }).message).toContain("not a LangGraph Agent Server");
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
  });
});
