// Security promises of the gateway, checked route by route on a real loopback server:
// the optional bearer token guards every `/api` route (SSE, WebSocket and the details API included), an
// unauthenticated caller learns nothing (401 before any session lookup), and the real client works with the
// token over both transports and reports a refusal as a connection fact.
import {
  connectSession,
  GatewayHttpClient,
  type GatewayRequestError,
  type WebSocketConstructor,
} from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { scriptedFactory, startTestServer, waitFor } from "./helpers";

const TOKEN = "route-token-7f3a";

/** Every `/api` route except health, with a body where the route needs one. */
function routes(id: string, ref: string): { method: "GET" | "POST"; path: string; body?: unknown }[] {
  const s = `/api/sessions/${id}`;
  return [
    { method: "GET", path: "/api/sources" },
    { method: "GET", path: "/api/sessions" },
    { method: "POST", path: "/api/sessions", body: { source: "scripted" } },
    { method: "GET", path: s },
    { method: "GET", path: `${s}/snapshot` },
    { method: "GET", path: `${s}/snapshot?before=1&limit=1` },
    { method: "GET", path: `${s}/events.json` },
    { method: "GET", path: `${s}/details/${encodeURIComponent(ref)}` },
    { method: "GET", path: `${s}/details/${encodeURIComponent(ref)}?format=raw` },
    { method: "GET", path: `${s}/events` },
    { method: "GET", path: `${s}/events?after=0` },
    { method: "POST", path: `${s}/commands`, body: { kind: "send", idempotencyKey: "k-auth", text: "hi" } },
    { method: "POST", path: `${s}/stop`, body: {} },
    // Routes that do not exist are refused too: no probing for what exists.
    { method: "GET", path: "/api/sessions/missing/snapshot" },
    { method: "GET", path: "/api/no-such-route" },
  ];
}

async function call(
  url: string,
  route: { method: string; path: string; body?: unknown },
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown; contentType: string | null }> {
  const response = await fetch(`${url}${route.path}`, {
    method: route.method,
    headers: {
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      ...headers,
    },
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
  const contentType = response.headers.get("content-type");
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, contentType };
}

/** Opens a WebSocket and resolves with the HTTP status of a refused upgrade, or `open`. */
function wsOutcome(url: string): Promise<number | "open"> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("message", () => {
      resolve("open");
      socket.close();
    });
    socket.on("error", () => resolve(0));
  });
}

describe("bearer token on every /api route (SEC)", () => {
  const scripted = scriptedFactory([{ type: "run.started", payload: { input: "hello" } }]);
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionId: string;
  const ref = "output://routes/1";
  beforeAll(async () => {
    server = await startTestServer({ token: TOKEN, extraSources: [scripted] });
    const http = new GatewayHttpClient({ baseUrl: server.url, token: TOKEN });
    sessionId = (await http.createSession({ source: "scripted" })).id;
    await server.gateway.store.putDetails(sessionId, [
      { ref, mediaType: "text/plain", bytes: 11, body: "detail body" },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("SEC missing, wrong, non-Bearer and wrong-query tokens are all 401 JSON on every route; no runtime sees a write", async () => {
    const denials: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token" },
      { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}` },
      { authorization: `bearer${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const route of routes(sessionId, ref)) {
      for (const headers of denials) {
        const answer = await call(server.url, route, headers);
        expect({ route: route.path, headers, status: answer.status }).toEqual({
          route: route.path,
          headers,
          status: 401,
        });
        expect(answer.contentType).toMatch(/^application\/json/);
        expect(answer.body).toMatchObject({ error: { code: "unauthorized" } });
      }
      const sep = route.path.includes("?") ? "&" : "?";
      const wrongQuery = await call(server.url, { ...route, path: `${route.path}${sep}token=nope` }, {});
      expect({ route: route.path, status: wrongQuery.status }).toEqual({ route: route.path, status: 401 });
    }
    const runtime = scripted.runtimes.at(-1)!;
    expect(runtime.commands).toHaveLength(0);
    const stored = await server.gateway.store.getSession(sessionId);
    expect(stored?.status).not.toBe("stopped");
  });

  it("SEC the right token in the header opens every read route; in the URL it opens stream GETs only", async () => {
    const good = { authorization: `Bearer ${TOKEN}` };
    const reads = routes(sessionId, ref).filter(
      // An SSE stream never ends (checked below); the last two routes do not exist.
      (r) => r.method === "GET" && !r.path.includes("/events?") && !r.path.endsWith("/events"),
    );
    for (const route of reads.slice(0, -2)) {
      const answer = await call(server.url, route, good);
      expect({ route: route.path, status: answer.status }).toEqual({ route: route.path, status: 200 });
    }
    const detail = await call(
      server.url,
      { method: "GET", path: `/api/sessions/${sessionId}/details/${encodeURIComponent(ref)}?token=${TOKEN}` },
      {},
    );
    expect(detail.status).toBe(401);
    const withHeader = await call(
      server.url,
      { method: "GET", path: `/api/sessions/${sessionId}/details/${encodeURIComponent(ref)}` },
      good,
    );
    expect(withHeader.body).toMatchObject({ ref, body: "detail body" });
    // SSE with the header: the stream opens (200, event-stream); we only read its head.
    const abort = new AbortController();
    const sse = await fetch(`${server.url}/api/sessions/${sessionId}/events?after=0`, {
      headers: good,
      signal: abort.signal,
    });
    expect(sse.status).toBe(200);
    expect(sse.headers.get("content-type")).toMatch(/^text\/event-stream/);
    abort.abort();
  });

  it("SEC the WebSocket upgrade is refused (401) without the token or with a wrong one, and opens with it", async () => {
    const base = `${server.url.replace(/^http/, "ws")}/api/sessions/${sessionId}/ws?after=0`;
    expect(await wsOutcome(base)).toBe(401);
    expect(await wsOutcome(`${base}&token=wrong`)).toBe(401);
    expect(await wsOutcome(`${server.url.replace(/^http/, "ws")}/api/sessions/missing/ws`)).toBe(401);
    expect(await wsOutcome(`${base}&token=${TOKEN}`)).toBe("open");
  });

  it("SEC health stays open for probes and says nothing about sessions", async () => {
    const health = await call(server.url, { method: "GET", path: "/api/health" }, {});
    expect(health.status).toBe(200);
    expect(JSON.stringify(health.body)).not.toContain(sessionId);
  });

  for (const transport of ["sse", "websocket"] as const) {
    it(`SEC the real client with the token goes live over ${transport} and its write is accepted`, async () => {
      const client = connectSession({
        baseUrl: server.url,
        token: TOKEN,
        sessionId,
        transport,
        WebSocket: WebSocket as unknown as WebSocketConstructor,
        backoff: { baseMs: 10, maxMs: 20 },
      });
      await client.open();
      expect(client.connection.state).toBe("live");
      const before = client.seq;
      const result = await client.runtime.send({ text: `over ${transport}` });
      expect(result.status).toBe("accepted");
      await waitFor(() => client.seq > before || undefined);
      client.close();
    });

    it(`SEC a client with a wrong token is refused over ${transport}: hydration throws 401, the stream never goes live`, async () => {
      const http = new GatewayHttpClient({ baseUrl: server.url, token: "wrong" });
      await expect(http.snapshot(sessionId)).rejects.toMatchObject({
        name: "GatewayRequestError",
        status: 401,
        code: "unauthorized",
      } satisfies Partial<GatewayRequestError>);
      const client = connectSession({
        baseUrl: server.url,
        token: "wrong",
        sessionId,
        transport,
        WebSocket: WebSocket as unknown as WebSocketConstructor,
        backoff: { baseMs: 10, maxMs: 20 },
        bindTimeoutMs: 300,
      });
      const result = await client.runtime.send({ text: "should never be sent" });
      expect(result.status).toBe("unavailable");
      // The refusal is a connection fact with its reason, not an endless "connecting".
      expect(client.connection.state).toBe("failed");
      expect(client.connection.reason).toMatch(/unauthorized/);
      client.close();
    });
  }
});
