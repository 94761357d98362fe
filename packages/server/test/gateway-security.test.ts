// The gateway's front door on a real loopback server: an access token by default, Host and Origin checks
// (DNS rebinding, cross-site requests and WebSocket hijacking), JSON-only writes, no token in a write's
// URL, and the browser-side headers on every answer.
import { request } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WS_PROTOCOL, wsProtocols } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createApp, Gateway, type RunningServer, startServer } from "../src";
import { createSqliteStore } from "../src/store/sqlite-store";
import { scriptedFactory, tempDir } from "./helpers";

/** A raw request, so the Host and Origin headers are exactly what a hostile page's browser would send. */
function raw(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method: options.method ?? "GET", path: options.path, headers: options.headers },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Opens a WebSocket; resolves with the refused upgrade's status, or `open` and the chosen protocol. */
function wsOutcome(
  url: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(`open:${socket.protocol}`);
      socket.close();
    });
    socket.on("error", () => resolve(0));
  });
}

describe("SEC gateway access token by default", () => {
  it("SEC startServer without a token or noAuth generates one: /api answers 401 without it, 200 with it", async () => {
    const dir = tempDir();
    const server = await startServer({ port: 0, dataDir: dir.path });
    try {
      expect(server.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(server.accessUrl).toBe(`${server.url}/#token=${server.token}`);
      expect((await fetch(`${server.url}/api/sessions`)).status).toBe(401);
      const ok = await fetch(`${server.url}/api/sessions`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(ok.status).toBe(200);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
      dir.remove();
    }
  });

  it("SEC two gateways get different tokens", async () => {
    const dirs = [tempDir(), tempDir()];
    const servers = await Promise.all(dirs.map((d) => startServer({ port: 0, dataDir: d.path })));
    expect(servers[0].token).not.toBe(servers[1].token);
    await Promise.all(servers.map((s) => s.close()));
    for (const d of dirs) d.remove();
  });

  it("SEC createApp refuses to build an API with neither a token nor noAuth", async () => {
    const dir = tempDir();
    const store = await createSqliteStore({ file: join(dir.path, "s.sqlite") });
    const gateway = new Gateway({ store, sources: [] });
    expect(() => createApp(gateway)).toThrow(/access token/);
    await gateway.close();
    await store.close();
    dir.remove();
  });
});

describe("SEC gateway request checks (token set)", () => {
  const TOKEN = "front-door-token";
  const auth = { authorization: `Bearer ${TOKEN}` };
  const scripted = scriptedFactory([{ type: "run.started", payload: {} }]);
  let server: RunningServer;
  let dir: ReturnType<typeof tempDir>;
  let sessionId: string;
  let host: string;

  beforeAll(async () => {
    dir = tempDir();
    const staticDir = join(dir.path, "static");
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>wb</title>");
    server = await startServer({
      port: 0,
      dataDir: dir.path,
      token: TOKEN,
      staticDir,
      sources: [scripted],
      corsOrigins: ["http://listed.example:9999"],
      allowedHosts: ["agents.example.internal"],
    });
    host = new URL(server.url).host;
    const created = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ source: "scripted" }),
    });
    sessionId = ((await created.json()) as { session: { id: string } }).session.id;
  });
  afterAll(async () => {
    await server?.close();
    dir?.remove();
  });

  it("SEC a foreign Host name (DNS rebinding) is refused 403 on the API, health and the HTML, token or not", async () => {
    for (const path of ["/api/sessions", "/api/health", "/", "/index.html"]) {
      const answer = await raw(server.url, {
        path,
        headers: { ...auth, host: `rebind.attacker.example:${server.port}` },
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "host_not_allowed" } });
    }
    for (const name of ["localhost", "127.0.0.1", "[::1]", "agents.example.internal"]) {
      const answer = await raw(server.url, {
        path: "/api/sessions",
        headers: { ...auth, host: `${name}:${server.port}` },
      });
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
    }
  });

  it("SEC a foreign Origin is refused 403 on reads and writes; the own origin and a --cors origin pass", async () => {
    const foreign = ["http://evil.example", "null", `http://localhost:${server.port + 1}`];
    for (const origin of foreign) {
      const read = await raw(server.url, { path: "/api/sessions", headers: { ...auth, host, origin } });
      expect({ origin, status: read.status }).toEqual({ origin, status: 403 });
      expect(JSON.parse(read.body)).toMatchObject({ error: { code: "origin_not_allowed" } });
      const write = await raw(server.url, {
        method: "POST",
        path: `/api/sessions/${sessionId}/commands`,
        headers: { ...auth, host, origin, "content-type": "application/json" },
        body: JSON.stringify({ kind: "send", idempotencyKey: `k-${origin}`, text: "hi" }),
      });
      expect({ origin, status: write.status }).toEqual({ origin, status: 403 });
    }
    expect(scripted.runtimes.at(-1)?.commands).toHaveLength(0);
    for (const origin of [server.url, "http://listed.example:9999"]) {
      const read = await raw(server.url, { path: "/api/sessions", headers: { ...auth, host, origin } });
      expect({ origin, status: read.status }).toEqual({ origin, status: 200 });
    }
  });

  it("SEC writes that are not application/json are refused 415 and reach no runtime (text/plain, form, none)", async () => {
    const types = ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", undefined];
    for (const type of types) {
      for (const path of [`/api/sessions/${sessionId}/commands`, "/api/sessions"]) {
        const answer = await raw(server.url, {
          method: "POST",
          path,
          headers: { ...auth, host, ...(type ? { "content-type": type } : {}) },
          body: JSON.stringify({ kind: "send", idempotencyKey: "k-plain", text: "hi", source: "scripted" }),
        });
        expect({ type, path, status: answer.status }).toEqual({ type, path, status: 415 });
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "unsupported_media_type" } });
      }
    }
    expect(scripted.runtimes.at(-1)?.commands).toHaveLength(0);
    expect(scripted.runtimes).toHaveLength(1);
  });

  it("SEC ?token= is refused on writes and non-stream reads, accepted on the stream GETs", async () => {
    const write = await fetch(`${server.url}/api/sessions/${sessionId}/commands?token=${TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "send", idempotencyKey: "k-query", text: "hi" }),
    });
    expect(write.status).toBe(401);
    expect(((await write.json()) as { error: { message: string } }).error.message).toMatch(/stream GETs/);
    const stop = await fetch(`${server.url}/api/sessions/${sessionId}/stop?token=${TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(stop.status).toBe(401);
    expect((await fetch(`${server.url}/api/sessions/${sessionId}?token=${TOKEN}`)).status).toBe(401);
    expect(scripted.runtimes.at(-1)?.commands).toHaveLength(0);
    const abort = new AbortController();
    const sse = await fetch(`${server.url}/api/sessions/${sessionId}/events?after=0&token=${TOKEN}`, {
      signal: abort.signal,
    });
    expect(sse.status).toBe(200);
    abort.abort();
  });

  it("SEC a WebSocket upgrade checks Origin, Host and the token; the token travels as a subprotocol", async () => {
    const ws = `${server.url.replace(/^http/, "ws")}/api/sessions/${sessionId}/ws?after=0`;
    const withToken = { protocols: wsProtocols(TOKEN) };
    expect(await wsOutcome(ws, withToken)).toBe(`open:${WS_PROTOCOL}`);
    expect(await wsOutcome(ws, { protocols: wsProtocols("wrong") })).toBe(401);
    expect(await wsOutcome(ws, { protocols: [WS_PROTOCOL] })).toBe(401);
    expect(await wsOutcome(ws, { ...withToken, headers: { origin: "http://evil.example" } })).toBe(403);
    expect(
      await wsOutcome(ws, { ...withToken, headers: { host: `rebind.attacker.example:${server.port}` } }),
    ).toBe(403);
    expect(await wsOutcome(ws, { ...withToken, headers: { origin: server.url } })).toBe(
      `open:${WS_PROTOCOL}`,
    );
  });

  it("SEC HTML and API answers carry a strict CSP, frame-ancestors 'none', DENY, nosniff, no-referrer", async () => {
    for (const path of ["/", "/index.html", "/s/deep-link", "/api/health", "/api/sessions"]) {
      const answer = await raw(server.url, { path, headers: { host } });
      const csp = String(answer.headers["content-security-policy"]);
      expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'none'") });
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    }
  });
});

describe("SEC noAuth", () => {
  it("SEC noAuth serves /api without a token but still refuses foreign Origins, Hosts and text/plain writes", async () => {
    const dir = tempDir();
    const server = await startServer({
      port: 0,
      dataDir: dir.path,
      noAuth: true,
      sources: [scriptedFactory()],
    });
    try {
      expect(server.token).toBeUndefined();
      expect((await fetch(`${server.url}/api/sessions`)).status).toBe(200);
      const host = new URL(server.url).host;
      const cross = await raw(server.url, {
        method: "POST",
        path: "/api/sessions",
        headers: { host, origin: "http://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ source: "scripted" }),
      });
      expect(cross.status).toBe(403);
      const plain = await raw(server.url, {
        method: "POST",
        path: "/api/sessions",
        headers: { host, "content-type": "text/plain" },
        body: JSON.stringify({ source: "scripted" }),
      });
      expect(plain.status).toBe(415);
      const rebind = await raw(server.url, { path: "/api/sessions", headers: { host: "evil.example" } });
      expect(rebind.status).toBe(403);
      expect(await server.gateway.store.listSessions()).toHaveLength(0);
    } finally {
      await server.close();
      dir.remove();
    }
  });
});
