// The gateway's HTTP hardening on a real loopback server: loopback-only by default, no
// CORS headers unless origins are configured (preflight, SSE and error answers included), and every
// malformed request answered with a 4xx JSON `{ error: { code, message } }` while the server keeps serving.
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSession, getJson, postJson, scriptedFactory, startTestServer } from "./helpers";

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalIPv4(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const info of list ?? []) if (info.family === "IPv4" && !info.internal) return info.address;
  return undefined;
}

function wsStatus(url: string): Promise<number | "open"> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      resolve("open");
      socket.close();
    });
    socket.on("error", () => resolve(0));
  });
}

/** A JSON answer as these tests read it. */
type Answer = { status: number; body: { error?: { code?: string; message?: string } } };

async function postRaw(
  url: string,
  body: BodyInit,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<Answer> {
  const response = await fetch(url, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { status: response.status, body: await response.json() };
}

describe("gateway HTTP hardening", () => {
  const scripted = scriptedFactory([{ type: "run.started", payload: { input: "hello" } }]);
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionId: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scripted] });
    sessionId = (await createSession(server, { source: "scripted" })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("SEC binds 127.0.0.1 by default: reachable on loopback, refused on the machine's other address", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await getJson(`${server.url}/api/health`)).status).toBe(200);
    const external = externalIPv4();
    // A machine without a non-loopback interface has nothing else to refuse on.
    if (external !== undefined) {
      const outcome = await fetch(`http://${external}:${server.port}/api/health`).then(
        (r) => `HTTP ${r.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect(outcome).toBe("ECONNREFUSED");
    }
  });

  it("SEC CORS is off by default: no Access-Control-* header on reads, writes, preflights, SSE or errors", async () => {
    const origin = { origin: "http://evil.example" };
    const answers = [
      await fetch(`${server.url}/api/sessions`, { headers: origin }),
      await fetch(`${server.url}/api/sessions/${sessionId}/commands`, {
        method: "OPTIONS",
        headers: {
          ...origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, authorization",
        },
      }),
      await fetch(`${server.url}/api/sessions/${sessionId}/commands`, {
        method: "POST",
        headers: { ...origin, "content-type": "application/json" },
        body: JSON.stringify({ kind: "send", idempotencyKey: "cors-1", text: "hi" }),
      }),
      await fetch(`${server.url}/api/sessions/missing`, { headers: origin }),
    ];
    const abort = new AbortController();
    answers.push(
      await fetch(`${server.url}/api/sessions/${sessionId}/events?after=0`, {
        headers: origin,
        signal: abort.signal,
      }),
    );
    for (const response of answers) {
      const cors = [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
      expect({ url: response.url, status: response.status, cors }).toEqual({
        url: response.url,
        status: response.status,
        cors: [],
      });
    }
    abort.abort();
  });

  it("CTRL-02 malformed command requests get 4xx JSON errors and reach no runtime", async () => {
    const url = `${server.url}/api/sessions/${sessionId}/commands`;
    const runtime = scripted.runtimes.at(-1)!;
    const before = runtime.commands.length;
    const cases: [Promise<Answer>, number, string][] = [
      [postRaw(url, "{not json"), 400, "invalid_json"],
      [postRaw(url, ""), 400, "invalid_json"],
      [postRaw(url, "[1,2]"), 400, "invalid_json"],
      [postRaw(url, "null"), 400, "invalid_json"],
      [postJson(url, { kind: "teleport", idempotencyKey: "k1" }), 400, "invalid_command"],
      [postJson(url, { kind: 42, idempotencyKey: "k2" }), 400, "invalid_command"],
      [postJson(url, { idempotencyKey: "k3", text: "no kind" }), 400, "invalid_command"],
      [postJson(url, { kind: "send", idempotencyKey: "", text: "empty key" }), 400, "invalid_command"],
      [
        postJson(url, { kind: "send", idempotencyKey: "x".repeat(257), text: "long key" }),
        400,
        "invalid_command",
      ],
      [
        postJson(url, { kind: "respond_action", idempotencyKey: "k4", actionId: 7, decision: "approve" }),
        400,
        "invalid_command",
      ],
      [
        postJson(`${server.url}/api/sessions/missing/commands`, {
          kind: "send",
          idempotencyKey: "k5",
          text: "x",
        }),
        404,
        "session_not_found",
      ],
      [postJson(`${server.url}/api/sessions/missing/stop`, {}), 404, "session_not_found"],
    ];
    for (const [request, status, code] of cases) {
      const answer = await request;
      expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
      expect(typeof answer.body.error?.message).toBe("string");
    }
    expect(runtime.commands.length).toBe(before);
  });

  it("CTRL-02 an oversized body is a 413 JSON error, with or without a Content-Length", async () => {
    const url = `${server.url}/api/sessions/${sessionId}/commands`;
    const big = JSON.stringify({ kind: "send", idempotencyKey: "big", text: "x".repeat(1024 * 1024 + 10) });
    const declared = await postRaw(url, big);
    expect({ status: declared.status, code: declared.body.error?.code }).toEqual({
      status: 413,
      code: "body_too_large",
    });
    // Chunked: no Content-Length header, so the size is only known while reading.
    const bytes = new TextEncoder().encode(big);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await postRaw(url, chunked);
    expect({ status: streamed.status, code: streamed.body.error?.code }).toEqual({
      status: 413,
      code: "body_too_large",
    });
    const createBig = await postRaw(`${server.url}/api/sessions`, big);
    expect(createBig.status).toBe(413);
  });

  it("FALL-01 an unknown session is a 404 JSON error on every per-session route, the stream and the socket included", async () => {
    const base = `${server.url}/api/sessions/missing`;
    for (const path of ["", "/snapshot", "/events.json", "/events", "/details/output%3A%2F%2Fx"]) {
      const { status, body } = await getJson(`${base}${path}`);
      expect({ path, status, code: body.error?.code }).toEqual({
        path,
        status: 404,
        code: "session_not_found",
      });
    }
    expect(await wsStatus(`${base.replace(/^http/, "ws")}/ws?after=0`)).toBe(404);
  });

  it("HYD-05 bad paging and resume parameters are 400 invalid_request, never a silent default", async () => {
    const base = `${server.url}/api/sessions/${sessionId}`;
    for (const path of [
      "/snapshot?limit=0",
      "/snapshot?limit=abc",
      "/snapshot?limit=100000",
      "/snapshot?before=-1",
      "/snapshot?before=x",
      "/events.json?after=1.5",
      "/events.json?limit=0",
      "/events?after=abc",
    ]) {
      const { status, body } = await getJson(`${base}${path}`);
      expect({ path, status, code: body.error?.code }).toEqual({
        path,
        status: 400,
        code: "invalid_request",
      });
    }
    expect(await wsStatus(`${base.replace(/^http/, "ws")}/ws?after=nope`)).toBe(400);
  });

  it("a create request with a field the gateway does not know is 400 naming it, and creates nothing", async () => {
    const before = (await getJson(`${server.url}/api/sessions`)).body.sessions.length;
    const { status, body } = await postJson(`${server.url}/api/sessions`, {
      source: "scripted",
      sessionId: "mine",
    });
    expect({ status, code: body.error?.code }).toEqual({ status: 400, code: "invalid_request" });
    expect(body.error?.message).toContain('"sessionId"');
    expect(body.error?.message).toContain('"id"');
    expect((await getJson(`${server.url}/api/sessions`)).body.sessions.length).toBe(before);
  });

  it("the server keeps serving after all of the above", async () => {
    const { status, body } = await getJson(`${server.url}/api/sessions/${sessionId}`);
    expect(status).toBe(200);
    expect(body.session.id).toBe(sessionId);
  });
});
