import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, getJson, postJson, scriptedFactory, startTestServer } from "./helpers";

describe("gateway HTTP API", () => {
  const scripted = scriptedFactory([{ type: "run.started", payload: { input: "hello" } }]);
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scripted] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("binds 127.0.0.1 by default and reports health", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { status, body } = await getJson(`${server.url}/api/health`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, store: "sqlite" });
  });

  it("lists runtime source kinds with their scenarios", async () => {
    const { body } = await getJson(`${server.url}/api/sources`);
    const kinds = body.sources.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(["demo", "ag-ui", "ai-sdk", "replay", "scripted"]));
    expect(body.sources.find((s: { kind: string }) => s.kind === "demo").scenarios.length).toBeGreaterThan(0);
  });

  it("creates, lists and reads a session; the log pages by seq (events.json)", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: "agui.http.events.jsonl", speed: 0 } },
      "completed",
    );
    const listed = await getJson(`${server.url}/api/sessions`);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(id);
    const page1 = await getJson(`${server.url}/api/sessions/${id}/events.json?after=0&limit=10`);
    expect(page1.body.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page1.body.next).toBe(10);
    const page2 = await getJson(
      `${server.url}/api/sessions/${id}/events.json?after=${page1.body.next}&limit=5`,
    );
    expect(page2.body.entries[0].seq).toBe(11);
    for (const entry of page1.body.entries) expect(entry.event.sessionId).toBe(id);
  });

  it("HYD-01/HYD-13 snapshot is a bounded window with a cursor for older messages (AUI-AR-HYDRATE-001)", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: "agui.http.events.jsonl", speed: 0 } },
      "completed",
    );
    const head = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    expect(head.status).toBe(200);
    const total = head.body.window.messages.total as number;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(head.body.seq).toBeGreaterThan(0);
    expect(head.body.state.schemaVersion).toBe("agent-ui-projection/1");
    const small = await getJson(`${server.url}/api/sessions/${id}/snapshot?limit=1`);
    expect(small.body.state.messages).toHaveLength(1);
    expect(small.body.window.messages).toMatchObject({
      total,
      included: 1,
      truncated: true,
      before: String(total - 1),
    });
    // The newest message is in the window; the older one comes only by an explicit page request.
    expect(small.body.state.messages[0].id).toBe(head.body.state.messages[total - 1].id);
    const older = await getJson(
      `${server.url}/api/sessions/${id}/snapshot?before=${small.body.window.messages.before}&limit=1`,
    );
    expect(older.body.messages[0].id).toBe(head.body.state.messages[total - 2].id);
  });

  it("answers bad input with 4xx JSON { error: { code, message } }", async () => {
    const cases: [Promise<{ status: number; body: any }>, number, string][] = [
      [postJson(`${server.url}/api/sessions`, "{not json"), 400, "invalid_json"],
      [postJson(`${server.url}/api/sessions`, { source: "nope" }), 400, "unknown_source"],
      [postJson(`${server.url}/api/sessions`, {}), 400, "invalid_request"],
      [
        postJson(`${server.url}/api/sessions`, { source: "replay", config: { file: "../../etc/passwd" } }),
        400,
        "file_outside_replay_root",
      ],
      [
        postJson(`${server.url}/api/sessions`, { source: "ag-ui", config: { url: "ftp://x" } }),
        400,
        "invalid_source_config",
      ],
      [
        postJson(`${server.url}/api/sessions`, { source: "scripted", id: "bad id!" }),
        400,
        "invalid_session_id",
      ],
      [getJson(`${server.url}/api/sessions/missing`), 404, "session_not_found"],
      [getJson(`${server.url}/api/sessions/missing/snapshot`), 404, "session_not_found"],
      [getJson(`${server.url}/api/nothing-here`), 404, "not_found"],
    ];
    for (const [request, status, code] of cases) {
      const { status: got, body } = await request;
      expect({ got, code: body.error?.code }).toEqual({ got: status, code });
      expect(typeof body.error.message).toBe("string");
    }
  });

  it("CTRL-01 rejects malformed commands with a precise 400 before any runtime sees them", async () => {
    const { id } = await createSession(server, { source: "scripted" });
    const runtime = scripted.runtimes.at(-1)!;
    const url = `${server.url}/api/sessions/${id}/commands`;
    const bad = [
      { kind: "launch_missiles", idempotencyKey: "k" },
      { kind: "send", text: "hi" },
      { kind: "send", idempotencyKey: "k1" },
      { kind: "respond_action", idempotencyKey: "k2", actionId: "a", decision: "maybe" },
      { kind: "wait", idempotencyKey: "k3", agentIds: [1, 2] },
      { kind: "send", idempotencyKey: "k4", text: "x", sessionId: "other" },
    ];
    for (const body of bad) {
      const { status, body: answer } = await postJson(url, body);
      expect(status).toBe(400);
      expect(answer.error.code).toBe("invalid_command");
    }
    const events = await getJson(`${server.url}/api/sessions/${id}/events.json?after=0`);
    expect(runtime.commands).toHaveLength(0);
    expect(events.body.entries.length).toBeGreaterThan(0);
    const after = await getJson(`${server.url}/api/sessions/missing/events.json?after=abc`);
    expect(after.status).toBe(404);
    const badAfter = await getJson(`${server.url}/api/sessions/${id}/events.json?after=-1`);
    expect(badAfter.body.error.code).toBe("invalid_request");
  });

  it("AUI-AR-ACTION-004 / HITL-05 a repeated idempotency key returns the first result and makes no second fact", async () => {
    const { id } = await createSession(server, { source: "scripted" });
    const runtime = scripted.runtimes.at(-1)!;
    const url = `${server.url}/api/sessions/${id}/commands`;
    const command = {
      kind: "respond_action",
      idempotencyKey: "action:a1:approve",
      actionId: "a1",
      decision: "approve",
    };
    const results = await Promise.all([
      postJson(url, command),
      postJson(url, command),
      postJson(url, command),
    ]);
    const later = await postJson(url, command);
    for (const r of [...results, later]) expect(r.status).toBe(200);
    const firsts = [...results, later].filter((r) => !r.body.duplicate);
    expect(firsts).toHaveLength(1);
    for (const r of [...results, later])
      expect(r.body).toMatchObject({ status: "accepted", assigned: { n: "1" } });
    expect(runtime.commands).toHaveLength(1);
    const log = await getJson(`${server.url}/api/sessions/${id}/events.json?after=0`);
    const resolved = log.body.entries.filter(
      (e: { event: { type: string } }) => e.event.type === "action.resolved",
    );
    expect(resolved).toHaveLength(1);
  });

  it("ORD-07 a key reused for a different command is a 409, not a silent second write", async () => {
    const { id } = await createSession(server, { source: "scripted" });
    const url = `${server.url}/api/sessions/${id}/commands`;
    expect((await postJson(url, { kind: "send", idempotencyKey: "send:m1", text: "one" })).status).toBe(200);
    const reused = await postJson(url, { kind: "send", idempotencyKey: "send:m1", text: "two" });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
  });

  it("CTRL-06 a replay session answers writes with an honest `unavailable`", async () => {
    const { id } = await createSession(server, {
      source: "replay",
      config: { file: "agui.interrupt.events.jsonl", speed: 0 },
    });
    const { body } = await postJson(`${server.url}/api/sessions/${id}/commands`, {
      kind: "respond_action",
      idempotencyKey: "action:int-1:approve",
      actionId: "int-1",
      decision: "approve",
    });
    expect(body.status).toBe("unavailable");
    expect(body.reason).toMatch(/read-only/);
  });
});

describe("gateway auth and CORS", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ token: "s3cret-token" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("requires the bearer token on /api (health excepted) and sends no CORS headers by default", async () => {
    expect((await getJson(`${server.url}/api/health`)).status).toBe(200);
    const denied = await getJson(`${server.url}/api/sessions`);
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe("unauthorized");
    const allowed = await fetch(`${server.url}/api/sessions`, {
      headers: { authorization: "Bearer s3cret-token" },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBeNull();
    const foreign = await fetch(`${server.url}/api/sessions`, {
      headers: { authorization: "Bearer s3cret-token", origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    // A token in the URL opens stream GETs only.
    expect((await getJson(`${server.url}/api/sessions?token=s3cret-token`)).status).toBe(401);
  });
});

describe("CORS allow-list", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ["http://workbench.example"] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers only the listed origins", async () => {
    const allowed = await fetch(`${server.url}/api/sessions`, {
      headers: { origin: "http://workbench.example" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://workbench.example");
    const other = await fetch(`${server.url}/api/sessions`, { headers: { origin: "http://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
