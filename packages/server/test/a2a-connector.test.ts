// The A2A connector against a real `@a2a-js/sdk` agent on loopback (./a2a-agent): card discovery,
// `SendStreamingMessage`, the input-required question answered from the client, a stream cut mid-task
// and resubscribed, cancellation, refused writes and failed discovery.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTION_MARKER_PREFIX } from "@agent-ui/contracts";
import { a2aConnector, UPSTREAM_UNAVAILABLE } from "@agent-ui/connectors";
import type { RuntimeSink } from "../src";
import { type A2aAgent, QUESTION, REPORT, startA2aAgent } from "./a2a-agent";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

let server: Awaited<ReturnType<typeof startTestServer>>;
let agent: A2aAgent;

beforeAll(async () => {
  server = await startTestServer();
  agent = await startA2aAgent();
});
afterAll(async () => {
  await agent?.close();
  await server?.close();
});

const sessionOf = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
const stateOf = async (id: string) =>
  (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
const command = (id: string, body: Record<string, unknown>) =>
  postJson(`${server.url}/api/sessions/${id}/commands`, body);

async function createA2a(config: Record<string, unknown>): Promise<string> {
  const created = await postJson(`${server.url}/api/sessions`, { source: "a2a", config });
  expect(created.status).toBe(201);
  return created.body.session.id as string;
}

/** The state once `probe` holds and the session is not streaming (status live again). */
async function stateWhen(id: string, probe: (s: ProjectionState) => boolean, timeoutMs = 5000) {
  return waitFor(async () => {
    const state = await stateOf(id);
    return probe(state) ? state : undefined;
  }, timeoutMs);
}

const agentTexts = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role !== "user")
    .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""));
const userTexts = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role === "user")
    .flatMap((m) => m.parts.map((p) => p.text ?? ""))
    .filter((t) => t !== "");
const pendingActions = (state: ProjectionState) =>
  Object.values(state.actions).filter((a) => a.status === "pending");

describe("A2A connector: a live @a2a-js/sdk agent", () => {
  it("HITL-03 ART-01 REM-02 a full task: text, artifact, the question answered from the client, completed", async () => {
    const id = await createA2a({ url: agent.baseUrl, text: "Write a weather report" });
    const asked = await stateWhen(id, (s) => pendingActions(s).length === 1);
    const [action] = pendingActions(asked);
    expect(action.prompt ?? action.title).toContain("Approve publishing");
    expect(asked.artifacts["art-report"].preview).toContain(REPORT.join(""));
    // The answer goes back on the same task as a follow-up message.
    const answered = await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:1",
      actionId: action.actionId,
      decision: "answer",
      payload: { text: "yes" },
    });
    expect(answered.body.status).toBe("accepted");
    const done = await stateWhen(id, (s) => s.runtime.status === "completed");
    expect(agent.executor.answers).toEqual(["yes"]);
    const taskIds = Object.keys(done.tasks);
    expect(taskIds).toHaveLength(1);
    expect(done.tasks[taskIds[0]].status).toBe("completed");
    expect(agentTexts(done)).toEqual(["Drafting report", QUESTION, "Publishing", "Published."]);
    expect(userTexts(done)).toEqual(["Write a weather report"]);
    expect(done.artifacts["art-report"]).toMatchObject({ title: "report.md", status: "ready" });
    expect(Object.values(done.actions).map((a) => a.status)).toEqual(["resolved"]);
    expect(agent.methods.filter((m) => m !== "SendStreamingMessage")).toEqual([]);
    await waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined));
  });

  it("CTRL-07 ORD-02 a stream cut mid-task is resubscribed: nothing lost, nothing twice", async () => {
    const before = agent.methods.length;
    agent.executor.held = undefined;
    const id = await createA2a({ url: agent.baseUrl, text: "Write a weather report and hold" });
    // The first chunk is projected, then the agent holds; the connection dies under it.
    await stateWhen(id, (s) => (s.artifacts["art-report"]?.preview ?? "").includes(REPORT[0]));
    await waitFor(() => agent.executor.held);
    expect(agent.cutStreams()).toBe(1);
    await waitFor(() => (agent.methods.slice(before).includes("SubscribeToTask") ? true : undefined));
    // Once resubscribed, the agent carries on: the rest arrives on the new stream.
    agent.executor.release();
    const asked = await stateWhen(id, (s) => pendingActions(s).length === 1);
    expect(agentTexts(asked)).toEqual(["Drafting report", QUESTION]);
    expect(asked.artifacts["art-report"].preview).toContain(REPORT.join(""));
    expect(asked.artifacts["art-report"].preview?.split(REPORT[0]).length).toBe(2);
    expect(Object.keys(asked.tasks)).toHaveLength(1);
    expect(Object.values(asked.actions)).toHaveLength(1);
    expect(agent.methods.slice(before)).toEqual(["SendStreamingMessage", "SubscribeToTask"]);
    // The question that came over the resubscription is answered like any other.
    await waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined));
    const answered = await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:after-cut",
      actionId: pendingActions(asked)[0].actionId,
      decision: "answer",
      payload: { text: "yes" },
    });
    expect(answered.body.status).toBe("accepted");
    const done = await stateWhen(id, (s) => s.runtime.status === "completed");
    expect(agentTexts(done)).toEqual(["Drafting report", QUESTION, "Publishing", "Published."]);
  });

  it("CTRL-07 what the agent said while no stream was open comes back with the resubscribed task", async () => {
    const before = agent.methods.length;
    agent.executor.held = undefined;
    const id = await createA2a({ url: agent.baseUrl, text: "Write a weather report and hold" });
    await stateWhen(id, (s) => (s.artifacts["art-report"]?.preview ?? "").includes(REPORT[0]));
    await waitFor(() => agent.executor.held);
    expect(agent.cutStreams()).toBe(1);
    // The agent finishes its turn before the connector is back.
    agent.executor.release();
    const asked = await stateWhen(id, (s) => pendingActions(s).length === 1);
    expect(agentTexts(asked)).toEqual(["Drafting report", QUESTION]);
    expect(asked.artifacts["art-report"].preview).toContain(REPORT.join(""));
    expect(asked.artifacts["art-report"].preview?.split(REPORT[0]).length).toBe(2);
    expect(agent.methods.slice(before)).toEqual(["SendStreamingMessage", "SubscribeToTask"]);
  });

  it("CTRL-07 REM-02 a task that completed while no stream was open is read back whole (GetTask)", async () => {
    const id = await createA2a({ url: agent.baseUrl, text: "Write a weather report" });
    const [action] = pendingActions(await stateWhen(id, (s) => pendingActions(s).length === 1));
    const before = agent.methods.length;
    await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:hold",
      actionId: action.actionId,
      decision: "answer",
      payload: { text: "yes, hold" },
    });
    agent.executor.held = undefined;
    await stateWhen(id, (s) => agentTexts(s).includes("Publishing"));
    await waitFor(() => agent.executor.held);
    expect(agent.cutStreams()).toBe(1);
    agent.executor.release();
    const done = await stateWhen(id, (s) => s.runtime.status === "completed");
    expect(agentTexts(done)).toEqual(["Drafting report", QUESTION, "Publishing", "Published."]);
    expect(Object.values(done.tasks).map((t) => t.status)).toEqual(["completed"]);
    expect(agent.methods.slice(before)).toEqual(["SendStreamingMessage", "SubscribeToTask", "GetTask"]);
    await waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined));
  });

  it("TASK-06 interrupt cancels the task through the agent (CancelTask)", async () => {
    const before = agent.methods.length;
    const id = await createA2a({ url: agent.baseUrl, text: "Write and wait" });
    await stateWhen(id, (s) => agentTexts(s).includes("Drafting report"));
    const interrupted = await command(id, { kind: "interrupt", idempotencyKey: "int:1" });
    expect(interrupted.body.status).toBe("accepted");
    const cancelled = await stateWhen(id, (s) => s.runtime.status === "cancelled");
    expect(Object.values(cancelled.tasks).map((t) => t.status)).toEqual(["cancelled"]);
    expect(agentTexts(cancelled)).toEqual(["Drafting report", "Cancelled."]);
    expect(agent.methods.slice(before)).toEqual(["SendStreamingMessage", "CancelTask"]);
    // Nothing left to cancel: a second interrupt is refused with the reason.
    const again = await command(id, { kind: "interrupt", idempotencyKey: "int:2" });
    expect(again.body).toMatchObject({ status: "rejected", reason: "no active A2A task to cancel" });
  });

  it("CTRL-06 a write A2A has no equivalent for is unavailable with a reason; an unknown action is refused", async () => {
    const id = await createA2a({ url: agent.baseUrl });
    await waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined));
    const steer = await command(id, { kind: "steer", idempotencyKey: "steer:1", text: "faster" });
    expect(steer.body).toMatchObject({ status: "unavailable", reason: 'A2A has no "steer" write' });
    const answer = await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:x",
      actionId: "nope",
      decision: "answer",
      payload: { text: "yes" },
    });
    expect(answer.body.status).toBe("rejected");
    expect(answer.body.reason).toContain("not a question of the agent's current task");
  });
});

describe("A2A connector: a 0.3 agent", () => {
  let legacy: A2aAgent;
  beforeAll(async () => {
    legacy = await startA2aAgent("0.3");
  });
  afterAll(() => legacy?.close());

  it("HITL-03 REM-02 message/stream, the question answered on the task, completed", async () => {
    const id = await createA2a({ url: legacy.baseUrl, text: "Write a weather report" });
    const [action] = pendingActions(await stateWhen(id, (s) => pendingActions(s).length === 1));
    await waitFor(async () => ((await sessionOf(id)).status === "live" ? true : undefined));
    const answered = await command(id, {
      kind: "respond_action",
      idempotencyKey: "answer:v03",
      actionId: action.actionId,
      decision: "answer",
      payload: { text: "yes" },
    });
    expect(answered.body.status).toBe("accepted");
    const done = await stateWhen(id, (s) => s.runtime.status === "completed");
    expect(agentTexts(done)).toEqual(["Drafting report", QUESTION, "Publishing", "Published."]);
    expect(done.artifacts["art-report"].preview).toContain(REPORT.join(""));
    expect(legacy.executor.answers).toEqual(["yes"]);
    expect(legacy.methods).toEqual(["message/stream", "message/stream"]);
  });
});

describe("A2A connector: discovery", () => {
  let web: Server;
  let webUrl: string;
  let closedUrl: string;
  beforeAll(async () => {
    web = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/`;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

  async function failure(url: string) {
    const id = await createA2a({ url, text: "hi" });
    const session = await waitFor(async () => {
      const s = await sessionOf(id);
      return s.status === "failed" ? s : undefined;
    });
    const write = await command(id, { kind: "send", idempotencyKey: "s:1", text: "hi" });
    return { reason: session.statusReason as string, write: write.body };
  }

  it("SEC-01 CTRL-07 no card, a closed port, a private and a metadata address all fail the same way", async () => {
    const results = [
      await failure(webUrl),
      await failure(closedUrl),
      await failure("http://10.255.255.1:8080/"),
      await failure("http://169.254.169.254/"),
    ];
    for (const { reason } of results) {
      expect(reason).toMatch(/^upstream_unavailable: no usable A2A agent card/);
      expect(reason).toBe(results[0].reason);
    }
    expect(results[0].write.status).not.toBe("accepted");
  });

  it("SEC-01 a card naming a metadata address as its endpoint: the stream is refused, upstream_unavailable", async () => {
    const card = {
      name: "Misdirected agent",
      capabilities: { streaming: true },
      supportedInterfaces: [
        { url: "http://169.254.169.254/", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    };
    const misdirect = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card)),
    );
    await new Promise<void>((resolve) => misdirect.listen(0, "127.0.0.1", resolve));
    const id = await createA2a({
      url: `http://127.0.0.1:${(misdirect.address() as AddressInfo).port}/`,
      text: "hi",
    });
    const session = await waitFor(async () => {
      const s = await sessionOf(id);
      return s.status === "failed" ? s : undefined;
    });
    expect(session.statusReason).toBe(UPSTREAM_UNAVAILABLE);
    await new Promise<void>((resolve) => misdirect.close(() => resolve()));
  });

  it("the card URL itself is accepted as well as the agent's base URL", async () => {
    const id = await createA2a({ url: `${agent.baseUrl}/.well-known/agent-card.json` });
    const session = await waitFor(async () => {
      const s = await sessionOf(id);
      return s.status === "live" ? s : undefined;
    });
    expect(session.statusReason).toContain("Report agent");
  });
});

describe("A2A connector: after a gateway restart", () => {
  it("FALL-01 a resumed session rediscovers the agent and takes a new send; stored secrets refuse", async () => {
    const factory = a2aConnector();
    const init = (config: Record<string, unknown>) =>
      ({ sessionId: "s-resumed", config, session: {}, state: {} }) as never;
    const refused = factory.resume?.(
      init({ url: agent.baseUrl, headers: { authorization: `${REDACTION_MARKER_PREFIX}x]` } }),
    );
    expect(refused).toMatchObject({ refused: expect.stringContaining("redacted") });
    const outcome = factory.resume?.(init({ url: agent.baseUrl, text: "not sent again" }));
    if (outcome === undefined || !("source" in outcome)) throw new Error("the A2A connector did not resume");
    const records: unknown[] = [];
    const statuses: string[] = [];
    const sink: RuntimeSink = {
      records: async (batch) => void records.push(...batch),
      events: async () => {},
      diagnostic: async () => {},
      status: async (status) => void statuses.push(status),
    };
    const abort = new AbortController();
    const before = agent.methods.length;
    await outcome.source.start({ sessionId: "s-resumed", sink, signal: abort.signal });
    // The gateway reports the resumed `live`; the configured first message is not sent twice.
    expect(statuses).toEqual([]);
    expect(agent.methods.length).toBe(before);
    const sent = await outcome.source.command({
      kind: "send",
      sessionId: "s-resumed",
      idempotencyKey: "k",
      text: "Write a report",
    });
    expect(sent.status).toBe("accepted");
    await waitFor(() => (statuses.includes("live") ? true : undefined));
    expect(agent.methods.slice(before)).toEqual(["SendStreamingMessage"]);
    expect(records.length).toBeGreaterThan(3);
    await outcome.source.stop();
    abort.abort();
  });
});
