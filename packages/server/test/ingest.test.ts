// Push ingest (`push` sessions): records pushed over HTTP are adapted and stored in order, bad lines
// become named errors without losing their neighbours, a retried batch is stored once, a busy session
// answers 429 with Retry-After, and the session's writes reach the runtime over its writes channel
// and come back as the runtime's own results (CTRL-01/06, ORD-01, SEC-01).
import { connectSession, createIngestSink } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const TOKEN = "ingest-test-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

async function pushSession(server: RunningServer, format = "agent-ui"): Promise<string> {
  const created = await postJson(`${server.url}/api/sessions`, { source: "push", config: { format } }, auth);
  expect(created.status).toBe(201);
  return created.body.session.id as string;
}

async function post(url: string, body: string, type: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": type, ...auth, ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const delta = (n: number) => ({
  type: "text.delta",
  turnId: "t1",
  messageId: "m1",
  payload: { delta: `w${n} ` },
});
const logOf = async (server: RunningServer, id: string) =>
  (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`, auth)).body.entries as {
    seq: number;
    event: { type: string; payload: Record<string, unknown> };
  }[];

describe("push ingest", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ token: TOKEN, ingestLimits: { maxInFlight: 3, maxPerRequest: 50 } });
  });
  afterAll(async () => server?.close());

  it("ORD-01 NDJSON records are stored in order; a bad line is named and its neighbours kept", async () => {
    const id = await pushSession(server);
    const body = [JSON.stringify(delta(1)), "{not json PASSWORD=hunter2", JSON.stringify(delta(2))].join(
      "\n",
    );
    const answer = await post(`${server.url}/api/sessions/${id}/ingest`, body, "application/x-ndjson");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ accepted: 2, format: "agent-ui" });
    expect(answer.body.errors).toEqual([
      { record: 2, code: "unparseable_input", message: "line 2 is not JSON; skipped" },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain("hunter2");
    const deltas = (await logOf(server, id)).filter((e) => e.event.type === "text.delta");
    expect(deltas.map((e) => e.event.payload.delta)).toEqual(["w1 ", "w2 "]);
  });

  it("ORD-02 a batch resent with the same Idempotency-Key is stored once and answered the same", async () => {
    const id = await pushSession(server);
    const body = JSON.stringify([delta(1), delta(2)]);
    const url = `${server.url}/api/sessions/${id}/ingest`;
    const first = await post(url, body, "application/json", { "idempotency-key": "batch-1" });
    const again = await post(url, body, "application/json", { "idempotency-key": "batch-1" });
    expect(again.body).toEqual(first.body);
    expect((await logOf(server, id)).filter((e) => e.event.type === "text.delta")).toHaveLength(2);
    const reused = await post(url, JSON.stringify([delta(9)]), "application/json", {
      "idempotency-key": "batch-1",
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
  });

  it("ORD-02 a duplicate sent while its batch is being stored answers 409 ingest_in_progress + Retry-After", async () => {
    const id = await pushSession(server);
    const body = JSON.stringify([delta(1)]);
    const url = `${server.url}/api/sessions/${id}/ingest`;
    // Hold the first request's append until the duplicate has been answered.
    const store = server.gateway.store;
    const append = store.append.bind(store);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appending = false;
    store.append = async (...args) => {
      store.append = append;
      appending = true;
      await held;
      return append(...args);
    };
    const first = post(url, body, "application/json", { "idempotency-key": "slow-1" });
    await waitFor(() => appending, 5_000);
    const duplicate = await post(url, body, "application/json", { "idempotency-key": "slow-1" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("ingest_in_progress");
    expect(duplicate.headers.get("retry-after")).toBe("1");
    release();
    expect((await first).status).toBe(200);
    const retried = await post(url, body, "application/json", { "idempotency-key": "slow-1" });
    expect(retried.body).toEqual((await first).body);
    expect((await logOf(server, id)).filter((e) => e.event.type === "text.delta")).toHaveLength(1);
  });

  it("detects the format of pushed records, and refuses records no adapter is sure of", async () => {
    const id = await pushSession(server, "auto");
    const agUi = [
      { type: "RUN_STARTED", threadId: "th", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "hi" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "RUN_FINISHED", threadId: "th", runId: "r1" },
    ];
    const ok = await post(
      `${server.url}/api/sessions/${id}/ingest`,
      JSON.stringify(agUi),
      "application/json",
    );
    expect(ok.body.format).toBe("ag-ui");
    const client = connectSession({ baseUrl: server.url, token: TOKEN, sessionId: id });
    await client.ready;
    await waitFor(() =>
      client.state.messages.some((m) => m.parts.some((p) => p.text === "hi")) ? true : undefined,
    );
    client.close();
    const unsure = await post(
      `${server.url}/api/sessions/${id}/ingest`,
      JSON.stringify([{ hello: 1 }]),
      "application/json",
    );
    expect(unsure.status).toBe(422);
    expect(unsure.body.error.code).toBe("format_unknown");
  });

  it("bounds a request and answers 429 + Retry-After while a session's records are being stored", async () => {
    const id = await pushSession(server);
    const url = `${server.url}/api/sessions/${id}/ingest`;
    const tooMany = await post(
      url,
      JSON.stringify(Array.from({ length: 51 }, (_, i) => delta(i))),
      "application/json",
    );
    expect(tooMany.status).toBe(413);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(url, JSON.stringify([delta(i), delta(i + 100)]), "application/json"),
      ),
    );
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].headers.get("retry-after")).toBe("1");
    expect(busy[0].body.error.code).toBe("ingest_busy");
    const stored = answers.filter((a) => a.status === 200).length * 2;
    expect((await logOf(server, id)).filter((e) => e.event.type === "text.delta")).toHaveLength(stored);
  });

  it("SEC-01 refuses pushes without the token, and to sessions that are not push sessions", async () => {
    const id = await pushSession(server);
    const anonymous = await fetch(`${server.url}/api/sessions/${id}/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[]",
    });
    expect(anonymous.status).toBe(401);
    const demo = await postJson(`${server.url}/api/sessions`, { source: "demo", scenario: "approval" }, auth);
    const refused = await post(
      `${server.url}/api/sessions/${demo.body.session.id}/ingest`,
      "[]",
      "application/json",
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("not_a_push_session");
  });

  it("CTRL-01 CTRL-06 a write reaches the runtime over its writes channel; its own result comes back", async () => {
    const id = await pushSession(server);
    const write = (text: string) =>
      postJson(
        `${server.url}/api/sessions/${id}/commands`,
        { kind: "send", sessionId: id, text, idempotencyKey: `k-${text}` },
        auth,
      );
    // No runtime holds the channel: honestly unavailable.
    const early = await write("before");
    expect(early.body).toMatchObject({ status: "unavailable" });
    expect(early.body.reason).toContain("writes channel");

    const sink = createIngestSink({ baseUrl: server.url, token: TOKEN, sessionId: id, format: "agent-ui" });
    const seen: string[] = [];
    sink.onCommand(async (command) => {
      seen.push(command.kind === "send" ? command.text : command.kind);
      if (command.kind === "send" && command.text === "no") return { status: "rejected", reason: "not now" };
      sink.push({
        type: "run.started",
        turnId: "t2",
        payload: { input: command.kind === "send" ? command.text : "" },
      });
      await sink.flush();
      return { status: "accepted", assigned: { turnId: "t2" } };
    });
    const accepted = await waitFor(async () => {
      const answer = await write("hello");
      return answer.body.status === "accepted" ? answer.body : undefined;
    });
    expect(accepted).toMatchObject({
      status: "accepted",
      idempotencyKey: "k-hello",
      assigned: { turnId: "t2" },
    });
    const rejected = await write("no");
    expect(rejected.body).toMatchObject({ status: "rejected", reason: "not now", idempotencyKey: "k-no" });
    // The same key again is the stored first result, never a second command to the runtime.
    expect((await write("hello")).body).toMatchObject({ status: "accepted", duplicate: true });
    expect(seen).toEqual(["hello", "no"]);
    expect((await logOf(server, id)).some((e) => e.event.type === "run.started")).toBe(true);
    await sink.end("completed");
    await sink.close();
    expect((await getJson(`${server.url}/api/sessions/${id}`, auth)).body.session.status).toBe("completed");
  });

  it("ORD-01 the sink sends every record of a stream in order across batches", async () => {
    const id = await pushSession(server);
    const sink = createIngestSink({ baseUrl: server.url, token: TOKEN, sessionId: id, batchSize: 7 });
    async function* produce() {
      for (let i = 0; i < 40; i++) yield delta(i);
    }
    await sink.pipe(produce());
    await sink.close();
    const deltas = (await logOf(server, id)).filter((e) => e.event.type === "text.delta");
    expect(deltas.map((e) => e.event.payload.delta)).toEqual(Array.from({ length: 40 }, (_, i) => `w${i} `));
    expect(sink.results.reduce((n, r) => n + r.accepted, 0)).toBe(40);
  });

  it("a push to a session whose source stopped is a named conflict, also when the stop lands mid-request", async () => {
    const id = await pushSession(server);
    const url = `${server.url}/api/sessions/${id}/ingest`;
    // The stop lands while the request is being handled (between taking the source and storing).
    const store = server.gateway.store;
    const claim = store.claimIdempotency.bind(store);
    store.claimIdempotency = async (...args) => {
      store.claimIdempotency = claim;
      await server.gateway.stopSession(id);
      return claim(...args);
    };
    const racing = await post(url, JSON.stringify([delta(1)]), "application/json", {
      "idempotency-key": "race-1",
    });
    expect(racing.status).toBe(409);
    expect(racing.body.error.code).toBe("source_stopped");
    expect(racing.body.error.message).toContain("stopped");
    // Stopped before the request: the same named conflict, and the key is free again (not "in progress").
    const after = await post(url, JSON.stringify([delta(1)]), "application/json", {
      "idempotency-key": "race-1",
    });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe("source_stopped");
    expect(after.body.error.message).toContain("stopped on request");
    const end = await postJson(`${url}/end`, { status: "completed" }, auth);
    expect(end.body.error.code).toBe("source_stopped");
    // The sink names the refusal at once instead of retrying a conflict that cannot clear.
    let requests = 0;
    const counted: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const sink = createIngestSink({ baseUrl: server.url, token: TOKEN, sessionId: id, fetch: counted });
    await expect(sink.pipe([delta(2)])).rejects.toMatchObject({ status: 409, code: "source_stopped" });
    expect(requests).toBe(1);
    expect((await logOf(server, id)).filter((e) => e.event.type === "text.delta")).toHaveLength(0);
  });
});
