// A real `@a2a-js/sdk` agent on 127.0.0.1:0 (DefaultRequestHandler, express, the SDK's JSON-RPC and
// agent-card handlers) for the A2A connector's tests. The executor drafts a report as an artifact in two
// chunks and asks a question (input-required); a follow-up message on the task publishes it (completed).
// A message containing "hold" waits (after the first chunk, or before publishing) until `release()`; "wait" works until
// cancelled. Every JSON-RPC method the agent receives is recorded, and the open SSE responses can be cut.
import { randomUUID } from "node:crypto";
import type { RequestListener, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { type AgentCard, type Message, Role, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler } from "@a2a-js/sdk/server/express";

type ExpressApp = RequestListener & {
  use(...handlers: unknown[]): ExpressApp;
  listen(port: number, host: string, ready: () => void): Server;
};
const express = createRequire(import.meta.url)("express") as (() => ExpressApp) & {
  json(): unknown;
};

const STREAMING = new Set(["SendStreamingMessage", "SubscribeToTask", "message/stream", "tasks/resubscribe"]);

export const QUESTION = "Approve publishing the report? (yes/no)";
export const REPORT = ["# Report\n", "Paris is 21°C.\n"] as const;

const textPart = (value: string) => ({
  content: { $case: "text" as const, value },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

function agentMessage(text: string, taskId: string, contextId: string): Message {
  return {
    messageId: randomUUID(),
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    taskId,
    contextId,
    extensions: [],
    metadata: {},
    referenceTaskIds: [],
  } as unknown as Message;
}

function status(taskId: string, contextId: string, state: TaskState, text: string) {
  return AgentEvent.statusUpdate({
    taskId,
    contextId,
    status: { state, timestamp: new Date().toISOString(), message: agentMessage(text, taskId, contextId) },
    metadata: {},
  } as never);
}

function chunk(taskId: string, contextId: string, i: number) {
  return AgentEvent.artifactUpdate({
    taskId,
    contextId,
    append: i > 0,
    lastChunk: i === REPORT.length - 1,
    metadata: undefined,
    artifact: {
      artifactId: "art-report",
      name: "report.md",
      description: "Draft report",
      parts: [textPart(REPORT[i])],
      metadata: {},
      extensions: [],
    },
  } as never);
}

function textOf(message: Message): string {
  return (message.parts as unknown as { content?: { $case: string; value: unknown } }[])
    .map((p) => (p.content?.$case === "text" ? String(p.content.value) : ""))
    .join("");
}

class ReportExecutor implements AgentExecutor {
  private readonly contexts = new Map<string, string>();
  private readonly waiting = new Map<string, () => void>();
  /** Set while a "hold" turn waits. */
  held: (() => void) | undefined;
  /** Answers the task received after its question (what the user sent back). */
  readonly answers: string[] = [];

  /** Lets the waiting "hold" turn go on. */
  release(): void {
    const go = this.held;
    this.held = undefined;
    go?.();
  }

  cancelTask = async (taskId: string, bus: ExecutionEventBus) => {
    this.waiting.get(taskId)?.();
    bus.publish(status(taskId, this.contexts.get(taskId) ?? "", TaskState.TASK_STATE_CANCELED, "Cancelled."));
    bus.finished();
  };

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, task } = ctx;
    this.contexts.set(taskId, contextId);
    const text = textOf(ctx.userMessage);
    if (task !== undefined) {
      this.answers.push(text);
      bus.publish(AgentEvent.task(task));
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_WORKING, "Publishing"));
      if (text.includes("hold")) await new Promise<void>((resolve) => (this.held = resolve));
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_COMPLETED, "Published."));
      return;
    }
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: new Date().toISOString() },
        artifacts: [],
        history: [ctx.userMessage],
        metadata: {},
      } as never),
    );
    bus.publish(status(taskId, contextId, TaskState.TASK_STATE_WORKING, "Drafting report"));
    if (text.includes("wait")) {
      await new Promise<void>((resolve) => this.waiting.set(taskId, resolve));
      return;
    }
    bus.publish(chunk(taskId, contextId, 0));
    if (text.includes("hold")) await new Promise<void>((resolve) => (this.held = resolve));
    bus.publish(chunk(taskId, contextId, 1));
    bus.publish(status(taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, QUESTION));
  }
}

export interface A2aAgent {
  baseUrl: string;
  /** JSON-RPC methods received, in order. */
  methods: string[];
  /** The params of every push-notification config registration received. */
  pushConfigs: Record<string, unknown>[];
  /** Message texts received with each streaming call. */
  executor: ReportExecutor;
  /** Cuts every open SSE response (the socket is destroyed mid-stream). */
  cutStreams(): number;
  close(): Promise<void>;
}

/** `protocol: "0.3"`: the agent's only JSON-RPC interface is 0.3 (the SDK's compat layer answers it). */
export async function startA2aAgent(
  protocol: "1.0" | "0.3" = "1.0",
  extra: {
    skills?: { id: string; name: string; description: string; tags: string[] }[];
    /** Offer push notifications (the SDK's in-memory config store and its default sender). */
    pushNotifications?: boolean;
  } = {},
): Promise<A2aAgent> {
  const card = {
    name: "Report agent",
    description: "offline",
    version: "1.0.0",
    provider: { organization: "agent-ui tests", url: "http://127.0.0.1" },
    supportedInterfaces: [] as unknown[],
    capabilities: {
      streaming: true,
      pushNotifications: extra.pushNotifications ?? false,
      extensions: [],
      extendedAgentCard: false,
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text"],
    defaultOutputModes: ["text"],
    skills: extra.skills ?? [],
    documentationUrl: "",
    signatures: [],
  };
  const executor = new ReportExecutor();
  const handler = new DefaultRequestHandler(card as unknown as AgentCard, new InMemoryTaskStore(), executor);
  const methods: string[] = [];
  const pushConfigs: Record<string, unknown>[] = [];
  const open = new Set<ServerResponse>();
  const app = express();
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use(express.json());
  app.use((req: { body?: { method?: string } }, res: ServerResponse, next: () => void) => {
    const method = req.body?.method;
    if (typeof method === "string") methods.push(method);
    if (method === "CreateTaskPushNotificationConfig" || method === "tasks/pushNotificationConfig/set")
      pushConfigs.push((req.body as { params: Record<string, unknown> }).params);
    if (STREAMING.has(method ?? "")) {
      open.add(res);
      res.once("close", () => open.delete(res));
    }
    next();
  });
  app.use(
    jsonRpcHandler({
      requestHandler: handler,
      userBuilder: UserBuilder.noAuthentication,
      legacyCompat: { enabled: protocol === "0.3" },
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card.supportedInterfaces = [
    { url: `${baseUrl}/`, protocolBinding: "JSONRPC", tenant: "", protocolVersion: protocol },
  ];
  return {
    baseUrl,
    methods,
    pushConfigs,
    executor,
    cutStreams() {
      const cut = open.size;
      for (const res of open) res.socket?.destroy();
      return cut;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
