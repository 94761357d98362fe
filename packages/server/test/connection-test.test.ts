// `POST /api/connect/test` against loopback upstreams that fail in each way a user meets: a name that does
// not resolve (`.invalid`), a closed port, a peer that never answers, TLS spoken to plain HTTP, 401/403,
// 404, a redirect, a web page, the wrong protocol — and, when it works, what was found (the A2A card of a
// real `@a2a-js/sdk` agent, the first event of a replayed AG-UI / AI SDK stream).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startA2aAgent, type A2aAgent } from "./a2a-agent";
import { PEERS, postJson, startTestServer } from "./helpers";

type Listener = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function upstream(
  listener: Listener,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => listener(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const firstLine = (file: string) => readFileSync(join(PEERS, file), "utf8").split("\n")[0];

/** An AG-UI endpoint at /agent (POST only) that wants `authorization: Bearer let-me-in`. */
const agUi: Listener = (req, res) => {
  if (req.url !== "/agent") return void res.writeHead(404).end("not found");
  if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
  if (req.headers.authorization === undefined) return void res.writeHead(401).end();
  if (req.headers.authorization !== "Bearer let-me-in") return void res.writeHead(403).end();
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(`data: ${firstLine("agui.http.events.jsonl")}\n\n`);
  // The stream stays open: the test must close it after the first event.
};

const aiSdk: Listener = (req, res) => {
  if (req.method !== "POST") return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" });
  res.write(`data: ${JSON.stringify({ type: "start", messageId: "m1" })}\n\n`);
};

describe("POST /api/connect/test: what failed, in words, with a code", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let agent: A2aAgent;
  let agUiPeer: Awaited<ReturnType<typeof upstream>>;
  let aiSdkPeer: Awaited<ReturnType<typeof upstream>>;
  const closers: (() => Promise<void>)[] = [];
  const probe = async (source: string, config: Record<string, unknown>, timeoutMs?: number) => {
    const answer = await postJson(`${server.url}/api/connect/test`, { source, config, timeoutMs });
    expect(answer.status).toBe(200);
    return answer.body as { ok: boolean; code: string; message: string; found?: Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestServer();
    agent = await startA2aAgent("1.0", {
      skills: [{ id: "report", name: "Write a report", description: "drafts a report", tags: ["report"] }],
    });
    agUiPeer = await upstream(agUi);
    aiSdkPeer = await upstream(aiSdk);
    closers.push(agent.close, agUiPeer.close, aiSdkPeer.close);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await server?.close();
  });

  it("a host name that does not resolve is dns_not_found", async () => {
    const result = await probe("a2a", { url: "http://agent-ui-probe.invalid/" });
    expect(result).toMatchObject({ ok: false, code: "dns_not_found" });
    expect(result.message).toContain("agent-ui-probe.invalid does not resolve");
  });

  it("a closed port is connection_refused", async () => {
    const closed = await upstream(() => {});
    await closed.close();
    const result = await probe("ag-ui", { url: `${closed.url}/agent` });
    expect(result).toMatchObject({ ok: false, code: "connection_refused" });
    expect(result.message).toMatch(/ECONNREFUSED/);
  });

  it("a peer that accepts and never answers is a timeout", async () => {
    const silent = await upstream(() => {});
    closers.push(silent.close);
    const result = await probe("a2a", { url: silent.url }, 300);
    expect(result).toMatchObject({ ok: false, code: "timeout" });
    expect(result.message).toContain("within 0.3 s");
  });

  it("https:// to a plain HTTP port is a tls_error", async () => {
    const result = await probe("ag-ui", { url: `${agUiPeer.url.replace("http:", "https:")}/agent` });
    expect(result).toMatchObject({ ok: false, code: "tls_error" });
    expect(result.message).toContain("TLS handshake");
  });

  it("no credentials is unauthorized (401); wrong ones forbidden (403); the right ones pass", async () => {
    const url = `${agUiPeer.url}/agent`;
    expect(await probe("ag-ui", { url })).toMatchObject({ ok: false, code: "unauthorized" });
    expect(await probe("ag-ui", { url, headers: { authorization: "Bearer nope" } })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    const ok = await probe("ag-ui", { url, headers: { authorization: "Bearer let-me-in" } });
    expect(ok).toMatchObject({ ok: true, code: "ok", found: { protocol: "ag-ui", detected: "ag-ui" } });
  });

  it("a path that does not exist is not_found", async () => {
    const result = await probe("ag-ui", { url: `${agUiPeer.url}/agnet` });
    expect(result).toMatchObject({ ok: false, code: "not_found" });
    expect((await probe("a2a", { url: `${agUiPeer.url}/agnet` })).code).toBe("not_found");
  });

  it("a failure on the agent's side is upstream_error; a peer that hangs up without answering, connection_reset", async () => {
    const broken = await upstream((_req, res) => res.writeHead(502).end("bad gateway"));
    const hangsUp = await upstream((req) => req.socket.destroy());
    closers.push(broken.close, hangsUp.close);
    const failed = await probe("ai-sdk", { url: `${broken.url}/api/chat` });
    expect(failed).toMatchObject({ ok: false, code: "upstream_error" });
    expect(failed.message).toContain("HTTP 502");
    expect(await probe("ag-ui", { url: `${hangsUp.url}/agent` })).toMatchObject({
      ok: false,
      code: "connection_reset",
    });
  });

  it("a redirect is reported, not followed", async () => {
    const moved = await upstream((_req, res) =>
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere?token=abc" }).end(),
    );
    closers.push(moved.close);
    const result = await probe("ag-ui", { url: `${moved.url}/agent` });
    expect(result).toMatchObject({ ok: false, code: "redirected" });
    expect(result.message).toContain("http://127.0.0.1:9/elsewhere");
    expect(result.message).not.toContain("token=abc");
  });

  it("a web page is wrong_protocol, for a stream endpoint and for an agent card", async () => {
    const page = await upstream((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Home</title>"),
    );
    closers.push(page.close);
    const asAgUi = await probe("ag-ui", { url: `${page.url}/` });
    expect(asAgUi).toMatchObject({ ok: false, code: "wrong_protocol" });
    expect(asAgUi.message).toContain("web page (HTML)");
    const asA2a = await probe("a2a", { url: `${page.url}/` });
    expect(asA2a).toMatchObject({ ok: false, code: "wrong_protocol" });
    expect(asA2a.message).toContain("web page (HTML)");
  });

  it("an AG-UI endpoint given as A2A is wrong_protocol (no card, the URL takes only POST)", async () => {
    const result = await probe("a2a", { url: `${agUiPeer.url}/agent` });
    expect(result).toMatchObject({ ok: false, code: "wrong_protocol" });
    expect(result.message).toContain("is not an A2A agent");
    expect(result.message).toContain("pick that protocol");
  });

  it("an A2A agent given as AG-UI is wrong_protocol, named by its card (nothing is POSTed to it)", async () => {
    const before = agent.methods.length;
    const result = await probe("ag-ui", { url: `${agent.baseUrl}/` });
    expect(result).toMatchObject({ ok: false, code: "wrong_protocol" });
    expect(result.message).toContain('A2A agent ("Report agent"');
    expect(agent.methods.length).toBe(before);
  });

  it("an AI SDK stream given as AG-UI is wrong_protocol naming the AI SDK; given as AI SDK it passes", async () => {
    const wrong = await probe("ag-ui", { url: `${aiSdkPeer.url}/api/chat` });
    expect(wrong).toMatchObject({ ok: false, code: "wrong_protocol" });
    expect(wrong.message).toContain("speaks the AI SDK UI message stream");
    const right = await probe("ai-sdk", { url: `${aiSdkPeer.url}/api/chat` });
    expect(right).toMatchObject({ ok: true, found: { protocol: "ai-sdk", detected: "ai-sdk" } });
  });

  it("an A2A agent answers with its card: name, protocol, skills, capabilities", async () => {
    const result = await probe("a2a", { url: agent.baseUrl });
    expect(result).toMatchObject({
      ok: true,
      code: "ok",
      found: {
        protocol: "a2a",
        name: "Report agent",
        protocolVersion: "1.0",
        skills: [{ id: "report", name: "Write a report" }],
        streaming: true,
        pushNotifications: false,
      },
    });
    expect(result.message).toContain('"Report agent"');
  });

  it("a host the upstream policy refuses is refused_by_policy, and nothing is sent", async () => {
    const result = await probe("a2a", { url: "http://169.254.169.254/latest/" });
    expect(result).toMatchObject({ ok: false, code: "refused_by_policy" });
    expect(result.message).toContain("--upstream-allow");
  });

  it("bad requests are 400s with a code: unknown source, no url, a forbidden header, a bad timeout", async () => {
    const url = `${server.url}/api/connect/test`;
    expect((await postJson(url, { source: "demo", config: {} })).body.error.code).toBe("unknown_source");
    expect((await postJson(url, { source: "a2a", config: {} })).body.error.code).toBe(
      "invalid_source_config",
    );
    const host = await postJson(url, {
      source: "a2a",
      config: { url: agent.baseUrl, headers: { Host: "x" } },
    });
    expect(host).toMatchObject({ status: 400, body: { error: { code: "invalid_source_config" } } });
    const slow = await postJson(url, { source: "a2a", config: { url: agent.baseUrl }, timeoutMs: 10 ** 6 });
    expect(slow).toMatchObject({ status: 400, body: { error: { code: "invalid_request" } } });
  });
});

describe("POST /api/connect/test behind the access token", () => {
  it("401 without the token, 415 without JSON, 200 with both", async () => {
    const server = await startTestServer({ token: "probe-token-0123456789" });
    try {
      const url = `${server.url}/api/connect/test`;
      const body = { source: "a2a", config: { url: "http://agent-ui-probe.invalid/" } };
      expect((await postJson(url, body)).status).toBe(401);
      const auth = { authorization: "Bearer probe-token-0123456789" };
      const form = await fetch(url, {
        method: "POST",
        headers: { ...auth, "content-type": "text/plain" },
        body: JSON.stringify(body),
      });
      expect(form.status).toBe(415);
      expect((await postJson(url, body, auth)).body).toMatchObject({ code: "dns_not_found" });
    } finally {
      await server.close();
    }
  });
});
