// `push`: a session whose runtime lives elsewhere and pushes its records to the gateway
// (`POST /api/sessions/:id/ingest`, see ../http/ingest-route.ts) — an agent built in-process with the
// OpenAI Agents SDK, the Claude Agent SDK, the Codex SDK or LangGraph.js, or anything that can send its
// stream. The session's control commands (approve, reject, answer, interrupt, queue, steer, …) go back
// to that runtime over a writes channel it holds (`GET …/ingest/commands`, SSE) and it answers each
// (`POST …/ingest/commands/:commandId`) with its WriteResult. The gateway has already deduplicated the
// idempotency key, so the runtime sees each command at most once; with no runtime holding the channel a
// write is honestly `unavailable` (CTRL-06).
import { randomUUID } from "node:crypto";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import type { IdempotencyCompletion, LogEntry } from "../store/session-store";
import {
  type RuntimeSink,
  type RuntimeSource,
  type RuntimeSourceContext,
  type RuntimeSourceFactory,
  SourceConfigError,
  unavailableResult,
} from "@agent-ui/contracts";

/** How long a write waits for the runtime's answer before it is reported `unavailable`. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;
/** Commands waiting for an answer per session; more are refused at once. */
export const MAX_PENDING_COMMANDS = 256;

export interface PendingCommand {
  commandId: string;
  command: ControlCommand;
}

/** One holder of the writes channel (an SSE response). */
export type CommandListener = (pending: PendingCommand) => void;

/** The gateway's sink as push ingest uses it: `push` appends a batch (records in `format`, or envelope
 * events for `agent-ui`), resolves with its entries, and can complete the batch's idempotency claim in
 * the same transaction (see ../store/session-store `append`). */
export interface AppendingSink extends RuntimeSink {
  push(records: readonly unknown[], format: string, completes?: IdempotencyCompletion): Promise<LogEntry[]>;
}

interface Waiting extends PendingCommand {
  resolve(result: WriteResult): void;
  timer: ReturnType<typeof setTimeout>;
}

export class PushSource implements RuntimeSource {
  readonly kind = "push";
  private sink: AppendingSink | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private readonly listeners = new Set<CommandListener>();
  private stopped = false;

  constructor(
    /** Format of pushed records when a request names none; `auto` detects per request. */
    readonly format: string,
    readonly timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
    /** Re-attached after a restart: the gateway states `live` with the restart's reason instead. */
    private readonly resumed = false,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    // This source runs in the gateway, whose sink appends (../gateway/gateway.ts `attach`).
    if (typeof (context.sink as Partial<AppendingSink>).push !== "function")
      throw new Error("push ingest needs the gateway's appending sink");
    this.sink = context.sink as AppendingSink;
    if (!this.resumed) await context.sink.status("live", "waiting for the runtime to push records");
  }

  /** Pushed records in `format`, stored in order; resolves with their entries once they are durable.
   * With `completes`, the batch's idempotency claim is completed in the same transaction. */
  async ingest(
    records: readonly unknown[],
    format: string,
    completes?: IdempotencyCompletion,
  ): Promise<LogEntry[]> {
    if (this.sink === undefined || this.stopped) throw new Error("the session is not running");
    return this.sink.push(records, format, completes);
  }

  /** The runtime says its run is over (or failed): the session's source status follows. */
  async end(status: "completed" | "failed", reason?: string): Promise<void> {
    await this.sink?.status(status, reason);
  }

  /** A holder of the writes channel: gets every command still waiting, then each new one. */
  listen(listener: CommandListener): () => void {
    this.listeners.add(listener);
    for (const waiting of this.waiting.values())
      listener({ commandId: waiting.commandId, command: waiting.command });
    return () => this.listeners.delete(listener);
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  /** The runtime's answer to a command; false when no such command waits (answered, expired, unknown). */
  answer(commandId: string, result: WriteResult): boolean {
    const waiting = this.waiting.get(commandId);
    if (waiting === undefined) return false;
    this.waiting.delete(commandId);
    clearTimeout(waiting.timer);
    waiting.resolve({ ...result, idempotencyKey: waiting.command.idempotencyKey });
    return true;
  }

  command(command: ControlCommand): Promise<WriteResult> {
    if (this.stopped) return Promise.resolve(unavailableResult(command, "the session is stopped"));
    if (this.listeners.size === 0)
      return Promise.resolve(
        unavailableResult(command, "no runtime holds this session's writes channel (GET …/ingest/commands)"),
      );
    if (this.waiting.size >= MAX_PENDING_COMMANDS)
      return Promise.resolve(unavailableResult(command, "the runtime has too many unanswered commands"));
    return new Promise((resolve) => {
      const commandId = randomUUID();
      const timer = setTimeout(() => {
        if (!this.waiting.delete(commandId)) return;
        resolve(unavailableResult(command, `the runtime did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      timer.unref?.();
      this.waiting.set(commandId, { commandId, command, resolve, timer });
      for (const listener of this.listeners) listener({ commandId, command });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve(unavailableResult(waiting.command, "the session stopped"));
    }
    this.waiting.clear();
    this.listeners.clear();
  }
}

export const pushSource: RuntimeSourceFactory = {
  kind: "push",
  description: "a runtime that pushes its records (POST /api/sessions/:id/ingest) and holds a writes channel",
  // The runtime lives elsewhere: after a gateway restart it pushes again and takes up the writes channel.
  resumeReadsState: false,
  resume(init) {
    try {
      const created = this.create(init) as PushSource;
      const source = new PushSource(created.format, created.timeoutMs, true);
      return { source, reason: "waiting for the runtime to push again" };
    } catch (error) {
      return { refused: (error as Error).message };
    }
  },
  create(init) {
    const format = init.config.format ?? "auto";
    if (typeof format !== "string" || !/^[a-z0-9-]{1,40}$/.test(format))
      throw new SourceConfigError('"config.format" must be a format name such as "ag-ui" or "auto"');
    const timeout = init.config.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    if (typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < 100 || timeout > 600_000)
      throw new SourceConfigError('"config.commandTimeoutMs" must be an integer between 100 and 600000');
    return new PushSource(format, timeout);
  },
};
