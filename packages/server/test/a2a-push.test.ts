// A2A push notifications against a real `@a2a-js/sdk` agent that offers them (its in-memory config store
// and default sender): the connector registers the session's webhook on the task it follows, with a token
// made for the session (not the gateway's API token); the agent's own pushes reach the session and, with
// the stream carrying the same updates, nothing is projected twice; an update that only a push carries is
// appended like a streamed one, once; a push without the hook's token is refused.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type A2aAgent, QUESTION, startA2aAgent } from "./a2a-agent";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const API_TOKEN = "api-token-for-push-tests-0123";

describe("A2A push notifications (agent capabilities.pushNotifications)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let agent: A2aAgent;
  const auth = { authorization: `Bearer ${API_TOKEN}` };
  const received: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ token: API_TOKEN });
    agent = await startA2aAgent("1.0", { pushNotifications: true });
    // Count what reaches the hooks (and with which outcome), without changing it.
    const hooks = server.gateway.webhooks as NonNullable<typeof server.gateway.webhooks>;
    const receive = hooks.receive.bind(hooks);
    hooks.receive = async (kind, sessionId, token, body) => {
      const outcome = await receive(kind, sessionId, token, body);
      received.push(outcome);
      return outcome;
    };
  });
  afterAll(async () => {
    await agent?.close();
    await server?.close();
  });

  const stateOf = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/snapshot`, auth)).body.state as ProjectionState;
  const eventsOf = async (id: string) =>
    (
      (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`, auth)).body.entries as {
        event: AgentUiEvent;
      }[]
    ).map((e) => e.event);
  const agentTexts = (state: ProjectionState) =>
    state.messages
      .filter((m) => m.role !== "user")
      .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""));

  async function askedSession(): Promise<{
    id: string;
    hook: { url: string; token: string; taskId: string };
  }> {
    const created = await postJson(
      `${server.url}/api/sessions`,
      { source: "a2a", config: { url: agent.baseUrl, text: "Write a report" } },
      auth,
    );
    expect(created.status).toBe(201);
    const id = created.body.session.id as string;
    await waitFor(async () => {
      const state = await stateOf(id);
      return Object.values(state.actions).some((a) => a.status === "pending") || undefined;
    }, 5000);
    const config = await waitFor(async () => agent.pushConfigs.at(-1), 5000);
    return { id, hook: config as { url: string; token: string; taskId: string } };
  }

  it("registers the session's own webhook on the task, with a token that is not the API token", async () => {
    const { id, hook } = await askedSession();
    expect(agent.methods).toContain("CreateTaskPushNotificationConfig");
    expect(hook.url).toBe(`${server.url}/hooks/a2a/${id}`);
    expect(hook.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hook.token).not.toBe(API_TOKEN);
    const state = await stateOf(id);
    expect(Object.keys(state.tasks)).toEqual([hook.taskId]);
  });

  it("the agent's own pushes reach the session, and what both the stream and the push carry is kept once", async () => {
    const created = await postJson(
      `${server.url}/api/sessions`,
      { source: "a2a", config: { url: agent.baseUrl, text: "Write a report, hold after the first chunk" } },
      auth,
    );
    const id = created.body.session.id as string;
    const registered = agent.pushConfigs.length;
    // The agent holds after its first chunk; once the webhook is registered, the rest goes both ways.
    await waitFor(
      async () => (agent.executor.held && agent.pushConfigs.length > registered) || undefined,
      5000,
    );
    const deliveredBefore = received.filter((r) => r === "delivered").length;
    agent.executor.release();
    const state = await waitFor(async () => {
      const s = await stateOf(id);
      return Object.values(s.actions).some((a) => a.status === "pending") ? s : undefined;
    }, 5000);
    // The second chunk and the question: each pushed (as well as streamed).
    await waitFor(
      async () => received.filter((r) => r === "delivered").length >= deliveredBefore + 2 || undefined,
      5000,
    );
    expect(agentTexts(await stateOf(id))).toEqual(["Drafting report", QUESTION]);
    expect(state.artifacts["art-report"].preview).toContain("Paris is 21°C.");
    const ids = (await eventsOf(id)).map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("an update only a push carries is appended like a streamed one, once; a repeat adds nothing", async () => {
    const { id, hook } = await askedSession();
    const update = {
      statusUpdate: {
        taskId: hook.taskId,
        status: {
          state: "TASK_STATE_COMPLETED",
          timestamp: new Date().toISOString(),
          message: {
            messageId: "push-final",
            role: "ROLE_AGENT",
            parts: [{ text: "Published while no stream was open." }],
            taskId: hook.taskId,
          },
        },
      },
    };
    const push = () =>
      fetch(hook.url, {
        method: "POST",
        headers: { "content-type": "application/a2a+json", "x-a2a-notification-token": hook.token },
        body: JSON.stringify(update),
      });
    expect((await push()).status).toBe(200);
    const done = await waitFor(async () => {
      const state = await stateOf(id);
      return state.tasks[hook.taskId]?.status === "completed" ? state : undefined;
    }, 5000);
    expect(agentTexts(done)).toContain("Published while no stream was open.");
    const before = (await eventsOf(id)).length;
    expect((await push()).status).toBe(200);
    expect((await eventsOf(id)).length).toBe(before);
    expect(agentTexts(await stateOf(id)).filter((t) => t.startsWith("Published while"))).toHaveLength(1);
  });

  it("a push without the hook's token is refused: none, a wrong one, the API token, another session's", async () => {
    const first = await askedSession();
    const second = await askedSession();
    const before = (await eventsOf(first.id)).length;
    const post = (headers: Record<string, string>) =>
      fetch(first.hook.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({
          statusUpdate: { taskId: first.hook.taskId, status: { state: "TASK_STATE_FAILED" } },
        }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ "x-a2a-notification-token": "not-the-token" })).status).toBe(401);
    expect((await post(auth)).status).toBe(401);
    expect((await post({ "x-a2a-notification-token": second.hook.token })).status).toBe(401);
    const unknown = await fetch(`${server.url}/hooks/a2a/no-such-session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-a2a-notification-token": first.hook.token },
      body: "{}",
    });
    expect(unknown.status).toBe(401);
    expect((await eventsOf(first.id)).length).toBe(before);
  });

  it("an A2A 0.3 agent gets tasks/pushNotificationConfig/set with the config nested, and accepts it", async () => {
    const legacy = await startA2aAgent("0.3", { pushNotifications: true });
    try {
      const created = await postJson(
        `${server.url}/api/sessions`,
        { source: "a2a", config: { url: legacy.baseUrl, text: "Write a report" } },
        auth,
      );
      const id = created.body.session.id as string;
      const params = (await waitFor(async () => legacy.pushConfigs.at(-1), 5000)) as {
        taskId: string;
        pushNotificationConfig: { url: string; token: string };
      };
      expect(legacy.methods).toContain("tasks/pushNotificationConfig/set");
      expect(params.pushNotificationConfig.url).toBe(`${server.url}/hooks/a2a/${id}`);
      // The agent may get the registration before the gateway stored the task it names.
      const taskId = await waitFor(async () => Object.keys((await stateOf(id)).tasks)[0], 5000);
      expect(params.taskId).toBe(taskId);
      // Accepted: no diagnostic says the registration was refused.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = (await eventsOf(id)).filter((e) =>
        JSON.stringify(e.payload ?? {}).includes("push notifications for task"),
      );
      expect(refused).toEqual([]);
    } finally {
      await legacy.close();
    }
  });
});
