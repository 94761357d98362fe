// Upstream connector for an A2A agent (JSON-RPC over HTTP + SSE). The agent card is discovered first
// (./a2a-wire); every frame of a stream goes to the `a2a` adapter as it arrived. Writes: `send` streams a
// message in the session's context (a follow-up on the task when it waits for input, else a new task);
// `respond_action` answers the task's pending input-required action with a follow-up message on the same
// task; `interrupt` cancels the task. A stream cut before the task rests (input/auth-required or a
// terminal state) is resubscribed; a task that ended meanwhile is read back whole. The adapter keys every
// fact by the agent's own ids (messages, artifact chunks, task states), so what a resubscription or a
// task read repeats is not projected twice. Other writes have no A2A equivalent: `unavailable`.
import { randomUUID } from "node:crypto";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import {
  A2A_DISCOVERY_FAILED,
  type A2aEndpoint,
  METHODS,
  discoverEndpoint,
  rpcCall,
  userMessage,
  versionHeaders,
} from "./wire";
import { registerPush } from "./push";
import { redactedConfigRefusal } from "../conversation/resume-support";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { SourceConfigError, unavailableResult } from "@agent-ui/contracts";
import { connectionTester } from "../probe/connection-test";
import { delay } from "../upstream/delay";
import { UpstreamGuard, type UpstreamPolicy } from "../upstream/policy";
import {
  readUpstreamSse,
  reportOutcome,
  requireUrl,
  type UpstreamOutcome,
  upstreamHeaders,
} from "../upstream/sse";
import { userMessageFact } from "../conversation/user-message";

export const A2A_FORMAT = "a2a";

/** Resubscriptions tried after a cut stream before the session is reported stale. */
export const MAX_A2A_RESUBSCRIBES = 5;
const RESUBSCRIBE_DELAY_MS = 100;

/** States after which a stream may end without anything being lost. */
const RESTING = new Set(["input-required", "auth-required", "completed", "canceled", "failed", "rejected"]);
const TERMINAL = new Set(["completed", "canceled", "failed", "rejected"]);

interface A2aConfig {
  url: string;
  headers?: Record<string, string>;
  text?: string;
}

class A2aConnector implements RuntimeSource {
  readonly kind = "a2a";
  private context: RuntimeSourceContext | undefined;
  private endpoint: A2aEndpoint | undefined;
  private run: AbortController | undefined;
  private sending = false;
  /** The conversation's context id: the session's own until the agent names one. */
  private contextId: string = randomUUID();
  private taskId: string | undefined;
  private state: string | undefined;
  /** The session's webhook, when the agent offers push notifications (./a2a-push). */
  private hook: { url: string; token: string } | undefined;
  private readonly pushedTasks = new Set<string>();

  constructor(
    private readonly config: A2aConfig,
    private readonly guard: UpstreamGuard,
    /** Set when the session resumes after a gateway restart (the gateway reports its `live`). */
    private readonly resumed = false,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    this.endpoint = await discoverEndpoint(this.config.url, this.config.headers, context.signal, this.guard);
    if (this.endpoint === undefined) {
      if (!context.signal.aborted) await context.sink.status("failed", A2A_DISCOVERY_FAILED);
      return;
    }
    if (this.endpoint.pushNotifications)
      this.hook = context.webhook?.open("a2a", (update) => this.onRecord(update));
    if (this.resumed) return;
    if (this.config.text !== undefined) await this.sendText(randomUUID(), this.config.text, undefined);
    else
      await context.sink.status(
        "live",
        `A2A agent ${this.endpoint.name ?? ""} (protocol ${this.endpoint.version}) waiting for the first send`,
      );
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    const rejected = (reason: string): WriteResult => ({ status: "rejected", idempotencyKey: key, reason });
    if (command.kind === "send" || command.kind === "respond_action" || command.kind === "interrupt") {
      if (this.endpoint === undefined)
        return unavailableResult(command, "the A2A agent card could not be read; no write can reach it");
    }
    if (command.kind === "send") {
      if (this.run || this.sending) return rejected("a task is streaming; interrupt it first");
      const messageId = command.clientMessageId ?? randomUUID();
      // A task waiting for input takes the message as its answer; otherwise it opens a new task.
      const followUp = this.state === "input-required" ? this.taskId : undefined;
      await this.sendText(messageId, command.text, followUp);
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
    }
    if (command.kind === "respond_action") {
      if (this.run || this.sending) return rejected("a task is streaming");
      if (this.taskId === undefined || !command.actionId.startsWith(`${this.taskId}:`))
        return rejected(`action ${command.actionId} is not a question of the agent's current task`);
      if (this.state === "auth-required")
        return unavailableResult(
          command,
          "A2A auth-required is answered out of band (the agent's own credential flow), not by a message",
        );
      if (this.state !== "input-required")
        return rejected(`the task is ${this.state ?? "unknown"}, not waiting for input`);
      const messageId = randomUUID();
      this.runStream(METHODS[this.version()].stream, {
        message: userMessage(this.version(), messageId, answerText(command), this.contextId, this.taskId),
      });
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
    }
    if (command.kind === "interrupt") return this.cancel(command);
    return unavailableResult(command, `A2A has no "${command.kind}" write`);
  }

  async stop(): Promise<void> {
    this.run?.abort();
    this.run = undefined;
  }

  private version() {
    return (this.endpoint as A2aEndpoint).version;
  }

  /** The user's message is stored as a fact first (the A2A stream carries the agent's side), then sent. */
  private async sendText(messageId: string, text: string, taskId: string | undefined): Promise<void> {
    this.sending = true;
    try {
      await this.context?.sink.events([userMessageFact(messageId, text, this.contextId)]);
    } finally {
      this.sending = false;
    }
    this.runStream(METHODS[this.version()].stream, {
      message: userMessage(this.version(), messageId, text, this.contextId, taskId),
    });
  }

  private async cancel(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    const context = this.context;
    if (context === undefined || this.taskId === undefined || TERMINAL.has(this.state ?? ""))
      return { status: "rejected", idempotencyKey: key, reason: "no active A2A task to cancel" };
    const endpoint = this.endpoint as A2aEndpoint;
    try {
      const task = await rpcCall(
        endpoint.rpcUrl,
        endpoint.version,
        METHODS[endpoint.version].cancel,
        { id: this.taskId },
        this.config.headers,
        context.signal,
        this.guard,
      );
      // The cancelled task is the agent's own word on the outcome; a stream still open says it too
      // (the adapter keeps one copy).
      if (task !== undefined && task !== null) await this.onRecord(task);
      return { status: "accepted", idempotencyKey: key, assigned: { taskId: this.taskId } };
    } catch (error) {
      return { status: "rejected", idempotencyKey: key, reason: (error as Error).message };
    }
  }

  private async onRecord(record: unknown): Promise<void> {
    const facts = taskFacts(record);
    if (facts.contextId !== undefined) this.contextId = facts.contextId;
    if (facts.taskId !== undefined) {
      if (facts.taskId !== this.taskId) this.state = undefined;
      this.taskId = facts.taskId;
      if (this.hook !== undefined && !this.pushedTasks.has(facts.taskId)) this.watchTask(facts.taskId);
    }
    if (facts.state !== undefined) this.state = facts.state;
    await this.context?.sink.records([record], A2A_FORMAT);
  }

  /** Registers the webhook for a task the session follows (once per task); a refusal is a diagnostic. */
  private watchTask(taskId: string): void {
    const context = this.context as RuntimeSourceContext;
    this.pushedTasks.add(taskId);
    const hook = this.hook as { url: string; token: string };
    void registerPush(
      this.endpoint as A2aEndpoint,
      taskId,
      hook,
      this.config.headers,
      context.signal,
      this.guard,
    )
      .then((refused) =>
        refused === undefined || context.signal.aborted
          ? undefined
          : context.sink.diagnostic({
              code: "transport_unavailable",
              severity: "info",
              message: `A2A push notifications for task ${taskId} not registered (${refused}); the stream alone carries its updates`,
            }),
      )
      .catch(() => {});
  }

  /** Streams `method` and, when the stream ends before the task rests, resubscribes to the task. */
  private runStream(method: string, params: Record<string, unknown>): void {
    const context = this.context as RuntimeSourceContext;
    const endpoint = this.endpoint as A2aEndpoint;
    const run = new AbortController();
    context.signal.addEventListener("abort", () => run.abort(), { once: true });
    this.run = run;
    const headers = { ...versionHeaders(endpoint.version), ...this.config.headers };
    // A resubscription is done once its task rests: one the agent keeps open past the question must not
    // hold the session's writes. Leaving the read (a thrown marker) closes the response. A message stream
    // is left for the agent to end (it does at a rest), so its turn is closed the agent's way.
    const read = async (
      m: string,
      p: Record<string, unknown>,
      untilRest = false,
    ): Promise<UpstreamOutcome> => {
      let rested = false;
      const outcome = await readUpstreamSse(
        {
          url: endpoint.rpcUrl,
          headers,
          body: { jsonrpc: "2.0", id: randomUUID(), method: m, params: p },
          signal: run.signal,
          guard: this.guard,
        },
        context.sink,
        async (record) => {
          await this.onRecord(record);
          if (untilRest && RESTING.has(this.state ?? "")) {
            rested = true;
            throw new Error("task rests");
          }
        },
      );
      return rested && outcome.kind === "interrupted" ? { kind: "ended" } : outcome;
    };
    const done = async () => {
      let outcome = await read(method, params);
      for (let attempt = 1; attempt <= MAX_A2A_RESUBSCRIBES; attempt++) {
        if (outcome.kind === "aborted" || outcome.kind === "failed") break;
        if (this.taskId === undefined || RESTING.has(this.state ?? "")) break;
        await context.sink.diagnostic({
          code: "transport_unavailable",
          severity: "info",
          message: `A2A stream of task ${this.taskId} ended while ${this.state ?? "unknown"}; resubscribing (attempt ${attempt})`,
        });
        await delay(RESUBSCRIBE_DELAY_MS * attempt, run.signal);
        outcome = await read(METHODS[endpoint.version].resubscribe, { id: this.taskId }, true);
        // A task that reached a terminal state meanwhile cannot be subscribed to: read it back whole.
        if (outcome.kind !== "aborted" && !RESTING.has(this.state ?? "")) await this.readTask(run.signal);
      }
      if (this.run === run) this.run = undefined;
      if (outcome.kind === "ended" && this.taskId !== undefined && !RESTING.has(this.state ?? ""))
        outcome = { kind: "interrupted", reason: `stream_interrupted: task ${this.taskId} not resumed` };
      await reportOutcome(context.sink, outcome);
    };
    void done().catch(() => {});
  }

  /** `GetTask`: the task as the agent stores it, handed to the adapter like any streamed task. */
  private async readTask(signal: AbortSignal): Promise<void> {
    const endpoint = this.endpoint as A2aEndpoint;
    try {
      const task = await rpcCall(
        endpoint.rpcUrl,
        endpoint.version,
        METHODS[endpoint.version].get,
        { id: this.taskId },
        this.config.headers,
        signal,
        this.guard,
      );
      if (task !== undefined && task !== null) await this.onRecord(task);
    } catch {
      // The next resubscription (or the final status) reports what could not be read.
    }
  }
}

/** The text a follow-up message carries for an answered action. */
function answerText(command: Extract<ControlCommand, { kind: "respond_action" }>): string {
  const payload = command.payload ?? {};
  for (const key of ["text", "answer", "response"])
    if (typeof payload[key] === "string") return payload[key] as string;
  if (Object.keys(payload).length > 0) return JSON.stringify(payload);
  return command.decision === "answer" ? "" : command.decision;
}

/** The task id, context id and normalized state (`input-required`, …) a stream frame or task names. */
export function taskFacts(record: unknown): { taskId?: string; contextId?: string; state?: string } {
  const r = asObject(record);
  const result = asObject(r?.result) ?? r;
  if (result === undefined) return {};
  const task = asObject(result.task);
  const update = asObject(result.statusUpdate) ?? asObject(result.artifactUpdate);
  const kind = typeof result.kind === "string" ? result.kind : undefined;
  let body: Record<string, unknown> | undefined;
  let taskId: unknown;
  if (task !== undefined) [body, taskId] = [task, task.id];
  else if (update !== undefined) [body, taskId] = [update, update.taskId];
  else if (kind === "status-update" || kind === "artifact-update") [body, taskId] = [result, result.taskId];
  else if (kind === "task" || (typeof result.id === "string" && asObject(result.status) !== undefined))
    [body, taskId] = [result, result.id];
  if (body === undefined) return {};
  const state = asObject(body.status)?.state;
  return {
    taskId: typeof taskId === "string" && taskId !== "" ? taskId : undefined,
    contextId: typeof body.contextId === "string" && body.contextId !== "" ? body.contextId : undefined,
    state: typeof state === "string" ? normalizeState(state) : undefined,
  };
}

function normalizeState(state: string): string {
  return state
    .toLowerCase()
    .replace(/^task_state_/, "")
    .replace(/_/g, "-")
    .replace("cancelled", "canceled");
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function readConfig(config: Record<string, unknown>): A2aConfig {
  try {
    const url = requireUrl(config);
    const headers = upstreamHeaders(config.headers);
    if (config.text !== undefined && typeof config.text !== "string")
      throw new TypeError('"config.text" must be a string');
    return { url, headers, text: config.text as string | undefined };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}

/** The A2A connector; `policy.allow` lists private upstreams it may reach (./upstream-policy). */
export function a2aConnector(policy: UpstreamPolicy = {}): RuntimeSourceFactory {
  const guard = new UpstreamGuard(policy);
  return {
    kind: "a2a",
    test: connectionTester("a2a", guard),
    description:
      "A2A agent over JSON-RPC + SSE (config: url of the agent card or the agent's base URL, headers?, text?: first message)",
    create(init: RuntimeSourceInit) {
      return new A2aConnector(readConfig(init.config), guard);
    },
    // A new context continues the session: nothing of the projected state is carried over.
    resumeReadsState: false,
    resume(init) {
      const refusal = redactedConfigRefusal(init.config);
      if (refusal) return { refused: refusal };
      return {
        source: new A2aConnector({ ...readConfig(init.config), text: undefined }, guard, true),
        reason: "a new A2A context continues the session; a task in flight before the restart is not resumed",
      };
    },
  };
}

/** The A2A connector with the default upstream policy (loopback and public hosts only). */
export const a2aSource: RuntimeSourceFactory = a2aConnector();
