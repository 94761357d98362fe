// Live: the real `@a2a-js/sdk` server (DefaultRequestHandler + our AgentExecutor on an express app at
// 127.0.0.1:0) and the SDK's own client. Turn 1: submitted → working → artifact in two chunks
// (`append`, `lastChunk`) → input-required. Turn 2: a follow-up message on the same task → completed.
// The client's StreamResponse objects and, separately, the raw SSE wire bytes (fetched with `fetch`)
// go through auto-detection, the adapter and the projection. A2A has no tool calls, so it is not part
// of the shared-scenario equivalence.
import { randomUUID } from "node:crypto";
import type { RequestListener, Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { type AgentCard, type Message, Role, TaskState } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The slice of express 5 this test uses (no `@types/express` in the workspace, so it is loaded untyped). */
type ExpressApp = RequestListener & {
  use(...handlers: unknown[]): ExpressApp;
  listen(port: number, host: string, ready: () => void): Server;
};
const express = createRequire(import.meta.url)("express") as () => ExpressApp;

const QUESTION = "Approve publishing the report? (yes/no)";
const REPORT = ["# Report\n", "Paris is 21°C.\n"] as const;
const SOURCE_URL = "https://weather.example.org/paris";
const PUBLISHED_URL = "https://reports.example.org/paris.pdf";

function textPart(value: string) {
  return {
    content: { $case: "text" as const, value },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  };
}

function dataPart(value: unknown) {
  return {
    content: { $case: "data" as const, value },
    metadata: undefined,
    filename: "",
    mediaType: "application/json",
  };
}

function urlPart(value: string, filename = "", mediaType = "text/html") {
  return { content: { $case: "url" as const, value }, metadata: undefined, filename, mediaType };
}

/** Three artifact chunks: two text, then structured data and the page the numbers came from. */
const ARTIFACT_CHUNKS = [
  [textPart(REPORT[0])],
  [textPart(REPORT[1])],
  [dataPart({ city: "Paris", tempC: 21 }), urlPart(SOURCE_URL)],
];

function message(role: Role, text: string, taskId = "", contextId = "", extra: unknown[] = []): Message {
  return {
    messageId: randomUUID(),
    role,
    parts: [textPart(text), ...extra],
    taskId,
    contextId,
    extensions: [],
    metadata: {},
    referenceTaskIds: [],
  } as unknown as Message;
}

function statusEvent(
  taskId: string,
  contextId: string,
  state: TaskState,
  text: string,
  extra: unknown[] = [],
) {
  return AgentEvent.statusUpdate({
    taskId,
    contextId,
    status: {
      state,
      timestamp: new Date().toISOString(),
      message: message(Role.ROLE_AGENT, text, taskId, contextId, extra),
    },
    metadata: {},
  } as never);
}

/** Turn 1 drafts the report and asks for approval; a follow-up on the same task publishes it. */
class ReportExecutor implements AgentExecutor {
  private readonly contexts = new Map<string, string>();

  /** A paused task still has its event bus: the SDK asks the executor to publish the cancellation. */
  cancelTask = async (taskId: string, bus: ExecutionEventBus) => {
    bus.publish(
      statusEvent(taskId, this.contexts.get(taskId) ?? "", TaskState.TASK_STATE_CANCELED, "Cancelled."),
    );
    bus.finished();
  };

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, task } = ctx;
    this.contexts.set(taskId, contextId);
    const status = (state: TaskState, text: string) => statusEvent(taskId, contextId, state, text);
    if (task !== undefined) {
      bus.publish(AgentEvent.task(task)); // every streaming turn begins with a task or message (SDK rule)
      bus.publish(status(TaskState.TASK_STATE_WORKING, "Publishing"));
      bus.publish(
        statusEvent(taskId, contextId, TaskState.TASK_STATE_COMPLETED, "Published.", [
          urlPart(PUBLISHED_URL, "paris.pdf", "application/pdf"),
          dataPart({ published: true }),
        ]),
      );
      return;
    }
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: {
          state: TaskState.TASK_STATE_SUBMITTED,
          timestamp: new Date().toISOString(),
          message: undefined,
        },
        artifacts: [],
        history: [ctx.userMessage],
        metadata: {},
      } as never),
    );
    bus.publish(status(TaskState.TASK_STATE_WORKING, "Drafting report"));
    for (const [i, parts] of ARTIFACT_CHUNKS.entries())
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          append: i > 0,
          lastChunk: i === ARTIFACT_CHUNKS.length - 1,
          metadata: undefined,
          artifact: {
            artifactId: "art-report",
            name: "report.md",
            description: "Draft report",
            parts,
            metadata: {},
            extensions: [],
          },
        } as never),
      );
    bus.publish(status(TaskState.TASK_STATE_INPUT_REQUIRED, QUESTION));
  }
}

let server: Server;
let baseUrl: string;

async function startServer(): Promise<void> {
  const card = {
    name: "Live A2A agent",
    description: "offline",
    version: "1.0.0",
    provider: { organization: "agent-ui tests", url: "http://127.0.0.1" },
    supportedInterfaces: [] as unknown[],
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text"],
    defaultOutputModes: ["text"],
    skills: [],
    documentationUrl: "",
    signatures: [],
  };
  const handler = new DefaultRequestHandler(
    card as unknown as AgentCard,
    new InMemoryTaskStore(),
    new ReportExecutor(),
  );
  const app = express();
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use(jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card.supportedInterfaces = [
    { url: `${baseUrl}/`, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" },
  ];
}

async function sdkClient() {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory()],
    }),
  );
  return factory.createFromUrl(baseUrl);
}

/** Turn 1 through the SDK client, then either the follow-up turn or a cancellation of the task; each
 * StreamResponse (and the cancelled Task) kept as the client delivered it. */
async function clientTurns(
  then: "follow-up" | "cancel" = "follow-up",
): Promise<{ records: unknown[]; turn1Length: number; taskId: string; task: SdkTask }> {
  const client = await sdkClient();
  const send = (m: Message) =>
    client.sendMessageStream({ tenant: "", message: m, configuration: undefined, metadata: {} } as never);
  const records: unknown[] = [];
  let taskId = "";
  let contextId = "";
  for await (const event of send(message(Role.ROLE_USER, "Write a weather report"))) {
    records.push(event);
    const value = (event as { payload?: { value?: { id?: string; taskId?: string; contextId?: string } } })
      .payload?.value;
    taskId ||= value?.id ?? value?.taskId ?? "";
    contextId ||= value?.contextId ?? "";
  }
  const turn1Length = records.length;
  if (then === "cancel") records.push(await client.cancelTask({ tenant: "", id: taskId } as never));
  else for await (const event of send(message(Role.ROLE_USER, "yes", taskId, contextId))) records.push(event);
  const task = (await client.getTask({ tenant: "", id: taskId })) as unknown as SdkTask;
  return { records, turn1Length, taskId, task };
}

/** The slice of the SDK's `Task` (as `getTask` returns it) the comparisons read. */
interface SdkPart {
  content?: { $case: string; value: unknown };
  filename?: string;
  mediaType?: string;
}
interface SdkTask {
  status: { state: TaskState };
  artifacts: { artifactId: string; name?: string; parts: SdkPart[] }[];
  history: { messageId: string; role: Role; parts: SdkPart[] }[];
}

const valuesOf = (parts: SdkPart[], kind: string) =>
  parts.filter((p) => p.content?.$case === kind).map((p) => p.content?.value);

/** The projection against the SDK's own stored task, field by field: terminal state and headline,
 * every artifact's text, data and url parts, every agent message's url parts (citations on the
 * message) and data parts (app state). */
function expectMatchesSdkTask(state: ProjectionState, taskId: string, task: SdkTask): void {
  expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
  expect(state.runtime.status).toBe("completed");
  expect(state.tasks[taskId].status).toBe("completed");
  expect(task.artifacts.length).toBeGreaterThan(0);
  for (const artifact of task.artifacts) {
    const projected = state.artifacts[artifact.artifactId];
    expect(projected.status).toBe("ready");
    expect(projected.preview).toContain(valuesOf(artifact.parts, "text").join(""));
    for (const data of valuesOf(artifact.parts, "data"))
      expect(projected.preview).toContain(JSON.stringify(data));
    expect((projected.citations ?? []).map((c) => c.url)).toEqual(valuesOf(artifact.parts, "url"));
  }
  const agentMessages = task.history.filter((m) => m.role === Role.ROLE_AGENT);
  const withUrls = agentMessages.filter((m) => valuesOf(m.parts, "url").length > 0);
  expect(withUrls.length).toBeGreaterThan(0);
  for (const m of withUrls) {
    const cited = state.messages
      .flatMap((msg) => msg.parts)
      .flatMap((p) => p.citations ?? [])
      .filter((c) => c.messageId === m.messageId);
    expect(cited.map((c) => c.url)).toEqual(valuesOf(m.parts, "url"));
    expect(cited.map((c) => c.mediaType)).toEqual(
      m.parts.filter((p) => p.content?.$case === "url").map((p) => p.mediaType),
    );
  }
  const appData = (state.appState as { a2aData?: Record<string, unknown> }).a2aData ?? {};
  for (const m of agentMessages) {
    const data = valuesOf(m.parts, "data");
    if (data.length > 0) expect(appData[m.messageId]).toEqual(data);
  }
}

/** One JSON-RPC `SendStreamingMessage` call with plain `fetch`: the SSE body exactly as the server wrote it. */
async function wireTurn(id: number, text: string, taskId = "", contextId = ""): Promise<string> {
  const params = {
    message: { messageId: randomUUID(), role: "ROLE_USER", parts: [{ text }], taskId, contextId },
  };
  const response = await fetch(`${baseUrl}/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", "A2A-Version": "1.0" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "SendStreamingMessage", params }),
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  return response.text();
}

function project(records: unknown[]): ProjectionState {
  return projectEvents(adaptRecords(records, "auto").events);
}

function agentTexts(state: ProjectionState): string[] {
  return state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""),
  );
}

/** The assertions both encodings must satisfy after both turns. */
function expectCompletedStory(state: ProjectionState, taskId: string): void {
  expect(Object.keys(state.tasks)).toEqual([taskId]);
  expect(state.tasks[taskId]).toMatchObject({ status: "completed", runtimeEntity: "external_task" });
  expect(agentTexts(state)).toEqual(["Drafting report", QUESTION, "Publishing", "Published."]);
  expect(state.artifacts["art-report"]).toMatchObject({
    title: "report.md",
    status: "ready",
  });
  expect(state.artifacts["art-report"].preview).toContain(REPORT.join(""));
  const actions = Object.values(state.actions);
  expect(actions).toHaveLength(1);
  expect(actions[0].status).toBe("resolved");
  expect(Object.keys(state.tools)).toEqual([]);
  expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
}

beforeAll(startServer);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("live @a2a-js/sdk: client StreamResponses", () => {
  let live: Awaited<ReturnType<typeof clientTurns>>;
  beforeAll(async () => {
    live = await clientTurns();
  });

  it("ENV-01 the client's StreamResponse objects auto-detect as a2a", () => {
    expect(adaptRecords(live.records, "auto").detected?.format).toBe("a2a");
  });

  it("HITL-01 TASK-06 after turn 1 the task needs input and the question is one pending action", () => {
    const state = project(live.records.slice(0, live.turn1Length));
    expect(state.tasks[live.taskId].status).toBe("needs_input");
    const actions = Object.values(state.actions);
    expect(actions.map((a) => a.status)).toEqual(["pending"]);
    expect(actions[0].prompt ?? actions[0].title).toContain("Approve publishing");
    // Turn 1 delivered the whole report already: both chunks, concatenated once.
    expect(state.artifacts["art-report"].preview).toContain(REPORT.join(""));
  });

  it("HITL-03 ART-01 TASK-06 after the follow-up: completed, artifact concatenated once, action resolved", () => {
    expectCompletedStory(project(live.records), live.taskId);
  });

  it("REM-02 ART-01 EVID-01 the headline, artifacts, citations and data match the SDK's getTask", () => {
    expectMatchesSdkTask(project(live.records), live.taskId, live.task);
  });

  it("ORD-02 a replay of the whole client stream changes nothing", () => {
    const once = project(live.records);
    const twice = projectEvents([
      ...adaptRecords(live.records, "a2a", { streamId: "live" }).events,
      ...adaptRecords(live.records, "a2a", { streamId: "live" }).events,
    ]);
    expect(agentTexts(twice)).toEqual(agentTexts(once));
    expect(twice.artifacts["art-report"].preview).toContain(REPORT.join(""));
  });
});

describe("live @a2a-js/sdk: raw SSE wire bytes", () => {
  it("ENV-01 HITL-03 ART-01 the framed wire auto-detects as a2a and projects the same story", async () => {
    const turn1 = await wireTurn(1, "Write a weather report");
    const first = parseRecords(turn1).records;
    expect(parseRecords(turn1).format).toBe("sse");
    const task = (first[0].value as { result: { task: { id: string; contextId: string } } }).result.task;
    const turn2 = await wireTurn(2, "yes", task.id, task.contextId);
    const framed = parseRecords(`${turn1}\n${turn2}`);
    expect(framed.diagnostics).toEqual([]);
    const adapted = adaptRecords(framed.records, "auto");
    expect(adapted.detected?.format).toBe("a2a");
    const afterTurn1 = project(first.map((r) => r.value));
    expect(afterTurn1.tasks[task.id].status).toBe("needs_input");
    expect(Object.values(afterTurn1.actions).map((a) => a.status)).toEqual(["pending"]);
    expectCompletedStory(projectEvents(adapted.events), task.id);
    const sdkTask = (await (await sdkClient()).getTask({ tenant: "", id: task.id })) as unknown as SdkTask;
    expectMatchesSdkTask(projectEvents(adapted.events), task.id, sdkTask);
  });
});

describe("live @a2a-js/sdk: the user cancels instead of answering", () => {
  it("TASK-06 HITL-03 the cancelled Task ends the task canceled and leaves nothing pending", async () => {
    const live = await clientTurns("cancel");
    const state = project(live.records);
    expect(["cancelled", "canceled"]).toContain(state.tasks[live.taskId].status);
    // The question can no longer be answered: the action is cancelled, never resolved with an answer.
    const actions = Object.values(state.actions);
    expect(actions).toHaveLength(1);
    expect(actions[0].status).toBe("cancelled");
    expect(actions[0].decision).toBeUndefined();
    expect(agentTexts(state)).toEqual(["Drafting report", QUESTION, "Cancelled."]);
    expect(state.artifacts["art-report"].preview).toContain(REPORT.join(""));
    expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
