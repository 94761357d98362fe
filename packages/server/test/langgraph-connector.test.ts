// The LangGraph connector against the real Agent Server (`@langchain/langgraph-api`, what `langgraph
// dev` runs) on loopback (./langgraph-server): a thread and a streamed run, a tool call paused on
// `interrupt()` and answered from the client with `Command({resume})`, a stream cut mid-reply and joined
// again with `Last-Event-ID`, refused writes, and cancellation.
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPSTREAM_UNAVAILABLE } from "@agent-ui/connectors";
import { startServer } from "../src";
import { allSources, getJson, postJson, startTestServer, tempDir, waitFor } from "./helpers";
import { GRAPH_ID, type LangGraphServer, REPLY, startLangGraphServer } from "./langgraph-server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let upstream: LangGraphServer;

beforeAll(async () => {
  server = await startTestServer();
  upstream = await startLangGraphServer();
}, 30_000);
afterAll(async () => {
  await upstream?.close();
  await server?.close();
});

const sessionOf = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
const stateOf = async (id: string) =>
  (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
const command = (id: string, body: Record<string, unknown>) =>
  postJson(`${server.url}/api/sessions/${id}/commands`, body);

async function createLangGraph(config: Record<string, unknown> = {}): Promise<string> {
  const created = await postJson(`${server.url}/api/sessions`, {
    source: "langgraph",
    config: { url: upstream.url, assistantId: GRAPH_ID, ...config },
  });
  expect(created.status).toBe(201);
  return created.body.session.id as string;
}

async function stateWhen(id: string, probe: (s: ProjectionState) => boolean, timeoutMs = 10_000) {
  return waitFor(async () => {
    const state = await stateOf(id);
    return probe(state) ? state : undefined;
  }, timeoutMs);
}

const live = (id: string) =>
  waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined), 10_000);
const assistantTexts = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role === "assistant")
    .map((m) =>
      m.parts
        .filter((p) => p.kind === "assistant_text")
        .map((p) => p.text ?? "")
        .join(""),
    )
    .filter((t) => t !== "");
const userTexts = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role === "user")
    .flatMap((m) => m.parts.map((p) => p.text ?? ""))
    .filter((t) => t !== "");
const pendingActions = (state: ProjectionState) =>
  Object.values(state.actions).filter((a) => a.status === "pending");
const runPaths = (since: number) =>
  upstream.requests.slice(since).map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ":id")}`);

describe("LangGraph connector: the real Agent Server (@langchain/langgraph-api)", () => {
  it("HITL-03 TOOL-01 a full session: message, tool call approved from the client, streamed reply", async () => {
    const before = upstream.requests.length;
    const id = await createLangGraph();
    await live(id);
    const sent = await command(id, {
      kind: "send",
      idempotencyKey: "send:1",
      text: "find deployments",
      clientMessageId: "client-msg-1",
    });
    expect(sent.body).toMatchObject({ status: "accepted", assigned: { messageId: "client-msg-1" } });
    const asked = await stateWhen(id, (s) => pendingActions(s).length === 1);
    const [action] = pendingActions(asked);
    expect(action.toolCallId).toBe("call_1");
    expect(asked.tools.call_1).toMatchObject({ name: "search" });
    await live(id);
    const answered = await command(id, {
      kind: "respond_action",
      idempotencyKey: "approve:1",
      actionId: action.actionId,
      decision: "approve",
    });
    expect(answered.body.status).toBe("accepted");
    const final = await stateWhen(id, (s) => s.runtime.status === "completed");
    expect(userTexts(final)).toEqual(["find deployments"]);
    // The client's message id is the graph's human message id: one message, not an echo beside it.
    expect(final.messages.filter((m) => m.role === "user").map((m) => m.id)).toEqual(["client-msg-1"]);
    expect(assistantTexts(final)).toEqual([REPLY]);
    expect(final.tools.call_1.status).toBe("output-available");
    expect(final.tools.call_1.outputPreview).toContain("3 deployments found");
    expect(Object.values(final.actions).map((a) => a.status)).toEqual(["resolved"]);
    const runs = upstream.requests.slice(before).filter((r) => r.path.endsWith("/runs/stream"));
    expect(runs.map((r) => JSON.parse(r.body).command)).toEqual([
      undefined,
      { resume: { decision: "approve", approved: true } },
    ]);
    expect(runPaths(before)).toContain("POST /threads");
  });

  it.each([
    { label: "before its first frame", frames: 0, joinsCut: 0 },
    { label: "after the first token", frames: 1, joinsCut: 0 },
    { label: "mid-reply", frames: 10, joinsCut: 0 },
    { label: "mid-reply by a connection reset", frames: 10, joinsCut: 0, reset: true },
    { label: "mid-reply, and the join cut again", frames: 5, joinsCut: 1 },
    { label: "mid-reply, read back after the run ended", frames: 10, joinsCut: 0, runEndsFirst: true },
  ])(
    "CTRL-07 ORD-02 a stream cut $label is joined with Last-Event-ID: nothing lost, nothing twice",
    async ({ frames, joinsCut, reset, runEndsFirst }) => {
      const id = await createLangGraph({ text: "find deployments" });
      const [action] = pendingActions(await stateWhen(id, (s) => pendingActions(s).length === 1));
      const before = upstream.requests.length;
      const cut = upstream.cutNext((r) => r.method === "POST" && r.body.includes('"resume"'), frames, reset);
      await command(id, {
        kind: "respond_action",
        idempotencyKey: `approve:cut:${frames}:${joinsCut}`,
        actionId: action.actionId,
        decision: "approve",
      });
      await cut;
      // The connector learns of the run only once it is over: the rest of its stream is read back.
      if (runEndsFirst) upstream.delayNext((r) => r.method === "GET" && !r.path.endsWith("/stream"), 1500);
      for (let i = 0; i < joinsCut; i++)
        await upstream.cutNext((r) => r.method === "GET" && r.path.endsWith("/stream"), 5);
      const final = await stateWhen(id, (s) => s.runtime.status === "completed");
      expect(assistantTexts(final)).toEqual([REPLY]);
      expect(final.tools.call_1.status).toBe("output-available");
      const joins = upstream.requests
        .slice(before)
        .filter((r) => r.method === "GET" && r.path.endsWith("/stream"));
      expect(joins).toHaveLength(joinsCut + 1);
      // Each join asks for what came after the last frame read, and later joins start further on.
      const ids = joins.map((r) => Number(r.lastEventId));
      // Nothing read yet: the run's stream from its start (the server keeps it: `stream_resumable`).
      if (frames === 0) expect(joins[0].lastEventId).toBe("-1");
      else expect(ids[0]).toBeGreaterThan(0);
      for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
    },
  );

  it("CTRL-06 refused writes say why: an answer with nothing pending, a send while paused", async () => {
    const id = await createLangGraph();
    await live(id);
    const answer = await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:none",
      actionId: "nope",
      decision: "answer",
      payload: { text: "yes" },
    });
    expect(answer.body.status).toBe("rejected");
    expect(answer.body.reason).toMatch(/nothing is pending/);
    await command(id, { kind: "send", idempotencyKey: "send:p", text: "find deployments" });
    await stateWhen(id, (s) => pendingActions(s).length === 1);
    await live(id);
    const second = await command(id, { kind: "send", idempotencyKey: "send:p2", text: "again" });
    expect(second.body.status).toBe("rejected");
    expect(second.body.reason).toMatch(/waits on interrupt/);
    const steer = await command(id, { kind: "steer", idempotencyKey: "steer:1", text: "faster" });
    expect(steer.body.status).toBe("unavailable");
  });

  it("CTRL-06 a run the server refuses is a rejected write with the server's status and reason", async () => {
    const id = await createLangGraph({ assistantId: "no-such-graph" });
    await live(id);
    const sent = await command(id, { kind: "send", idempotencyKey: "send:missing", text: "hello" });
    expect(sent.body.status).toBe("rejected");
    expect(sent.body.reason).toMatch(/^the LangGraph server refused the run: status 404: \S/);
    // Nothing half-started: the session takes the next write.
    const again = await command(id, { kind: "send", idempotencyKey: "send:missing:2", text: "hello" });
    expect(again.body.reason).toMatch(/status 404/);
  });

  it("CTRL-03 interrupt cancels the streaming run on the server; a queued message starts the next run", async () => {
    const id = await createLangGraph({ text: "find deployments" });
    const [action] = pendingActions(await stateWhen(id, (s) => pendingActions(s).length === 1));
    await command(id, {
      kind: "respond_action",
      idempotencyKey: "approve:c",
      actionId: action.actionId,
      decision: "approve",
    });
    // The reply has begun streaming: cancel it half-way.
    await stateWhen(id, (s) => assistantTexts(s).some((t) => t.startsWith("The ")));
    const before = upstream.requests.length;
    const cancelled = await command(id, { kind: "interrupt", idempotencyKey: "stop:1" });
    expect(cancelled.body.status).toBe("accepted");
    const runId = cancelled.body.assigned.runId as string;
    expect(runPaths(before)).toContain("POST /threads/:id/runs/:id/cancel?wait=0&action=interrupt");
    const stopped = await stateWhen(id, (s) => s.runtime.status === "cancelled");
    expect(stopped.runtime).toMatchObject({ runId, reason: "run cancelled on the LangGraph server" });
    expect(assistantTexts(stopped).some((t) => t === REPLY)).toBe(false);
    const thread = stopped.runtime.threadId as string;
    const run = await fetch(`${upstream.url}/threads/${thread}/runs/${runId}`).then((r) => r.json());
    expect(run.status).toBe("interrupted");
    await live(id);
    const again = await command(id, { kind: "interrupt", idempotencyKey: "stop:2" });
    expect(again.body).toMatchObject({
      status: "rejected",
      reason: "no LangGraph run is streaming to cancel",
    });
    // The thread goes on: a queued message is the next run's input, which asks again.
    const queued = await command(id, { kind: "queue", idempotencyKey: "queue:1", text: "list them" });
    expect(queued.body.status).toBe("accepted");
    const asked = await stateWhen(id, (s) => pendingActions(s).length === 1 && s.runtime.runId !== runId);
    expect(userTexts(asked)).toEqual(["find deployments", "list them"]);
    expect(asked.runtime.status).toBe("interrupted");
  });

  it("REM-02 HITL-04 an existing thread: its history and pending interrupt are read, a rejection resumes it", async () => {
    const first = await createLangGraph({ text: "find deployments" });
    const paused = await stateWhen(first, (s) => pendingActions(s).length === 1);
    const threadId = paused.runtime.threadId as string;
    const before = upstream.requests.length;
    const id = await createLangGraph({ threadId });
    const joined = await stateWhen(id, (s) => pendingActions(s).length === 1);
    expect(userTexts(joined)).toEqual(["find deployments"]);
    expect(upstream.requests.slice(before).some((r) => r.method === "POST" && r.path === "/threads")).toBe(
      false,
    );
    const [action] = pendingActions(joined);
    expect(action.actionId).toBe(pendingActions(paused)[0].actionId);
    const rejected = await command(id, {
      kind: "respond_action",
      idempotencyKey: "reject:1",
      actionId: action.actionId,
      decision: "reject",
    });
    expect(rejected.body.status).toBe("accepted");
    const done = await stateWhen(id, (s) => assistantTexts(s).includes(REPLY));
    expect(done.tools.call_1.outputPreview).toContain("the user declined the search");
    const resume = upstream.requests.slice(before).find((r) => r.body.includes('"resume"'));
    expect(JSON.parse(resume?.body ?? "{}").command).toEqual({
      resume: { decision: "reject", approved: false },
    });
  });

  it("REM-02 after a gateway restart the session re-reads its thread and the pending approval is answered", async () => {
    const dir = tempDir("agent-ui-langgraph-restart-");
    const options = { port: 0, dataDir: dir.path, noAuth: true, sources: allSources() };
    const a = await startServer(options);
    const created = await postJson(`${a.url}/api/sessions`, {
      source: "langgraph",
      config: { url: upstream.url, assistantId: GRAPH_ID, text: "find deployments" },
    });
    const id = created.body.session.id as string;
    const snapshot = async (url: string) =>
      (await getJson(`${url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
    const [action] = await waitFor(async () => {
      const pending = pendingActions(await snapshot(a.url));
      return pending.length === 1 ? pending : undefined;
    }, 10_000);
    await a.close();
    const b = await startServer(options);
    try {
      const session = await waitFor(async () => {
        const s = (await getJson(`${b.url}/api/sessions/${id}`)).body.session;
        return s.status === "live" ? s : undefined;
      }, 10_000);
      expect(session.statusReason).toContain(`paused on interrupt ${action.actionId}`);
      const answered = await postJson(`${b.url}/api/sessions/${id}/commands`, {
        kind: "respond_action",
        idempotencyKey: "approve:restart",
        actionId: action.actionId,
        decision: "approve",
      });
      expect(answered.body.status).toBe("accepted");
      const done = await waitFor(async () => {
        const s = await snapshot(b.url);
        return assistantTexts(s).includes(REPLY) ? s : undefined;
      }, 10_000);
      expect(userTexts(done)).toEqual(["find deployments"]);
      expect(assistantTexts(done)).toEqual([REPLY]);
    } finally {
      await b.close();
      dir.remove();
    }
  });

  it("SEC-03 bad config is a 400; a private upstream is refused with the uniform reason", async () => {
    const missing = await postJson(`${server.url}/api/sessions`, {
      source: "langgraph",
      config: { url: upstream.url },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("assistantId");
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "langgraph",
      config: { url: "http://10.0.0.1:2024", assistantId: GRAPH_ID },
    });
    const id = created.body.session.id as string;
    const failed = await waitFor(async () => {
      const s = await sessionOf(id);
      return s.status === "failed" ? s : undefined;
    });
    expect(failed.statusReason).toBe(UPSTREAM_UNAVAILABLE);
    const sent = await command(id, { kind: "send", idempotencyKey: "send:x", text: "hi" });
    expect(sent.body.status).not.toBe("accepted");
  });
});
