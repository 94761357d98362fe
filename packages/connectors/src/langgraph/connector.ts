// Upstream connector for a LangGraph Agent Server (LangGraph Platform, `langgraph dev`, the JS
// `@langchain/langgraph-api`). A session is one thread: created at start (`POST /threads`) or the one
// `config.threadId` names, whose stored state (messages, pending interrupts) is read first. Every run is
// `POST /threads/{id}/runs/stream` with the stream modes the `langgraph` adapter reads and
// `stream_resumable`; each SSE frame goes to the adapter with its event name and id. A stream cut while
// the run still runs is joined again (`GET …/runs/{run}/stream` with `Last-Event-ID`), so nothing is lost
// and nothing is delivered twice (the adapter also skips an SSE id it already projected). Writes:
// `send`/`queue` start a run with the message as input; `respond_action` answers the pending
// `interrupt()` with a run carrying `command: {resume}`; `interrupt` cancels the run
// (`POST …/cancel?action=interrupt`). Other writes have no Agent Server equivalent: `unavailable`.
import { randomUUID } from "node:crypto";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import {
  describe,
  enc,
  FrameTooLargeError,
  failure,
  humanInput,
  type LangGraphConfig,
  LangGraphHttpError,
  raisedInterrupts,
  readConfig,
  readFrames,
  refusalReason,
  resumeValue,
  runIdOf,
  STREAM_MODES,
  send,
  sendJson,
  settle,
  type WireTarget,
} from "./wire";
import { redactedConfigRefusal } from "../conversation/resume-support";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { unavailableResult } from "@agent-ui/contracts";
import { connectionTester } from "../probe/connection-test";
import { delay } from "../upstream/delay";
import { UpstreamGuard, type UpstreamPolicy } from "../upstream/policy";

export const LANGGRAPH_FORMAT = "langgraph";

/** Joins tried after a cut stream of a run that still runs, before the session is reported stale. */
export const MAX_LANGGRAPH_REJOINS = 5;
const REJOIN_DELAY_MS = 100;
/** How long a write waits for the stream of a run that paused on an interrupt to close. */
const PAUSE_SETTLE_MS = 10_000;
/** Run statuses of a run that is not over. */
const ACTIVE = new Set(["pending", "running"]);

interface RunStream {
  abort: AbortController;
  /** Resolves once the run's stream (and its joins) are over. */
  over: Promise<void>;
  end: () => void;
  runId?: string;
  lastEventId?: string;
}

class LangGraphConnector implements RuntimeSource {
  readonly kind = "langgraph";
  private context: RuntimeSourceContext | undefined;
  private readonly target: WireTarget;
  private threadId: string | undefined;
  private run: RunStream | undefined;
  /** A run being opened: writes wait for it to answer. */
  private opening = false;
  /** Interrupts the thread waits on (ids as the adapter keys its actions). */
  private readonly pending = new Set<string>();

  constructor(
    private readonly config: LangGraphConfig,
    guard: UpstreamGuard,
  ) {
    this.target = { base: new URL(config.url), headers: config.headers ?? {}, guard };
    this.threadId = config.threadId;
  }

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    try {
      if (this.threadId === undefined) {
        const thread = (await sendJson(this.target, "POST", "/threads", {
          body: { metadata: { graph_id: this.config.assistantId } },
          signal: context.signal,
        })) as { thread_id?: unknown } | undefined;
        if (typeof thread?.thread_id !== "string") throw new LangGraphHttpError(0, "no thread id");
        this.threadId = thread.thread_id;
      } else await this.readThread(context);
    } catch (error) {
      if (!context.signal.aborted) await context.sink.status("failed", failure("open the thread", error));
      return;
    }
    if (this.config.text !== undefined) {
      const opened = await this.openRun({ input: humanInput(randomUUID(), this.config.text) });
      if (opened !== undefined) await context.sink.status("failed", opened);
    } else {
      const thread = `LangGraph thread ${this.threadId} of assistant ${this.config.assistantId}`;
      await context.sink.status(
        "live",
        this.pending.size > 0
          ? `${thread} paused on interrupt ${[...this.pending].join(", ")}; answer it to resume`
          : `${thread} ready for a message`,
      );
    }
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    const rejected = (reason: string): WriteResult => ({ status: "rejected", idempotencyKey: key, reason });
    // A run that raised an interrupt is ending (the graph paused): a write waits for its stream to close
    // rather than racing it, as a user answers the question as soon as it shows.
    const ending = this.run;
    if (ending !== undefined && this.pending.size > 0) await settle(ending.over, PAUSE_SETTLE_MS);
    const busy = this.run !== undefined || this.opening;
    if (command.kind === "send" || command.kind === "queue") {
      if (this.threadId === undefined) return rejected("the LangGraph thread could not be opened");
      if (busy) return rejected("a run is streaming on the thread; interrupt it first or send when it ends");
      if (this.pending.size > 0)
        return rejected(
          `the graph waits on interrupt ${[...this.pending].join(", ")}; answer it (approve, reject or answer) before sending a message`,
        );
      const messageId = command.clientMessageId ?? randomUUID();
      const refused = await this.openRun({ input: humanInput(messageId, command.text) });
      if (refused !== undefined) return rejected(refused);
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
    }
    if (command.kind === "respond_action") {
      if (busy) return rejected("a run is streaming on the thread");
      if (!this.pending.has(command.actionId))
        return rejected(
          this.pending.size === 0
            ? `nothing is pending: the graph waits on no interrupt (action ${command.actionId})`
            : `action ${command.actionId} is not an interrupt the graph waits on (${[...this.pending].join(", ")})`,
        );
      const value = resumeValue(command);
      // One interrupt: the value itself; several: keyed by interrupt id (the others stay pending).
      const resume = this.pending.size === 1 ? value : { [command.actionId]: value };
      const refused = await this.openRun({ command: { resume } });
      if (refused !== undefined) return rejected(refused);
      return { status: "accepted", idempotencyKey: key, assigned: { actionId: command.actionId } };
    }
    if (command.kind === "interrupt") return this.cancel(key);
    return unavailableResult(command, `the LangGraph Agent Server has no "${command.kind}" write`);
  }

  async stop(): Promise<void> {
    this.run?.abort.abort();
    this.run = undefined;
  }

  /** An existing thread: its state (history, pending interrupts) is projected before any run. */
  private async readThread(context: RuntimeSourceContext): Promise<void> {
    const state = (await sendJson(this.target, "GET", `/threads/${enc(this.threadId)}/state`, {
      signal: context.signal,
    })) as { tasks?: { interrupts?: { id?: unknown }[] }[] } | undefined;
    if (state === undefined) return;
    for (const task of state.tasks ?? [])
      (task.interrupts ?? []).forEach((entry, index) => {
        this.pending.add(typeof entry?.id === "string" ? entry.id : `root:interrupt:${index}`);
      });
    await context.sink.records([state], LANGGRAPH_FORMAT);
  }

  /** Opens a run's stream; resolves once the server answered (undefined) or refused (the reason). The
   * stream is then read in the background. */
  private async openRun(body: Record<string, unknown>): Promise<string | undefined> {
    const context = this.context as RuntimeSourceContext;
    let end = () => {};
    const over = new Promise<void>((resolve) => {
      end = resolve;
    });
    const run: RunStream = { abort: new AbortController(), over, end };
    context.signal.addEventListener("abort", () => run.abort.abort(), { once: true });
    this.opening = true;
    let response: Awaited<ReturnType<typeof send>>;
    try {
      response = await send(this.target, "POST", `/threads/${enc(this.threadId)}/runs/stream`, {
        body: {
          assistant_id: this.config.assistantId,
          stream_mode: STREAM_MODES,
          stream_resumable: true,
          on_disconnect: "continue",
          ...body,
        },
        headers: { accept: "text/event-stream" },
        signal: run.abort.signal,
      });
    } catch (error) {
      this.opening = false;
      return failure("start a run", error);
    }
    if (response.status < 200 || response.status > 299) {
      this.opening = false;
      const reason = await refusalReason(response);
      return `the LangGraph server refused the run: status ${response.status}${reason}`;
    }
    if (!String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
      this.opening = false;
      response.body.destroy();
      return `the server answered the run with ${response.headers["content-type"] ?? "no content type"}, not an event stream: not a LangGraph Agent Server`;
    }
    run.runId = runIdOf(response.headers);
    // The new run goes past every interrupt the thread waited on (a resume answers them).
    this.pending.clear();
    this.run = run;
    this.opening = false;
    void this.follow(run, response.body).catch(() => this.done(run, true));
    return undefined;
  }

  /** Reads the run's stream, then joins it again while the server says the run still runs. */
  private async follow(run: RunStream, first: AsyncIterable<Uint8Array>): Promise<void> {
    const context = this.context as RuntimeSourceContext;
    let body: AsyncIterable<Uint8Array> | undefined = first;
    let cut: string | undefined;
    let drained = false;
    for (let attempt = 0; ; attempt++) {
      cut = undefined;
      try {
        const unfinished =
          body === undefined ? 0 : await readFrames(body, (frame) => this.onFrame(run, frame));
        if (unfinished > 0) cut = `the stream ended inside a frame (${unfinished} characters unread)`;
      } catch (error) {
        if (error instanceof FrameTooLargeError) return this.refuseStream(run, error.message);
        cut = describe(error);
      }
      body = undefined;
      if (run.abort.signal.aborted) return this.done(run);
      const status = run.runId === undefined ? undefined : await this.runStatus(run.runId, run.abort.signal);
      if (status === undefined || !ACTIVE.has(status)) {
        if (cut !== undefined && status !== undefined && !drained) {
          // The run ended while its stream was cut: what it sent after the last frame read is read once.
          drained = true;
          body = await this.join(run);
          if (body !== undefined) continue;
        }
        if (status !== undefined) await this.closeRun(status);
        else if (cut !== undefined) await context.sink.status("stale", `stream_interrupted: ${cut}`);
        return this.done(run, status === undefined && cut !== undefined);
      }
      if (attempt >= MAX_LANGGRAPH_REJOINS) break;
      await context.sink.diagnostic({
        code: "transport_unavailable",
        severity: "info",
        message: `LangGraph run ${run.runId} stream ended while the run is ${status}; joining it again after event ${run.lastEventId ?? "(none)"} (attempt ${attempt + 1})`,
      });
      await delay(REJOIN_DELAY_MS * (attempt + 1), run.abort.signal);
      body = await this.join(run);
    }
    await context.sink.status("stale", `stream_interrupted: run ${run.runId} not joined again`);
    this.done(run, true);
  }

  /** A stream past the frame bound is given up (joining it again would send the same frame). */
  private async refuseStream(run: RunStream, reason: string): Promise<void> {
    const sink = (this.context as RuntimeSourceContext).sink;
    run.abort.abort();
    await sink.diagnostic({
      code: "unparseable_input",
      severity: "error",
      message: `LangGraph run ${run.runId ?? ""} sent ${reason}; its stream is no longer read`,
    });
    await sink.status("stale", `stream_interrupted: ${reason}`);
    this.done(run, true);
  }

  private done(run: RunStream, stale = false): void {
    if (this.run === run) this.run = undefined;
    run.end();
    if (!stale && !run.abort.signal.aborted)
      void this.context?.sink.status("live", "upstream run ended; ready for the next write").catch(() => {});
  }

  /** `GET …/runs/{run}/stream` with `Last-Event-ID`: the events after the last one read. A run stream
   * the server did not keep (no resumable log) is read from its start; the adapter skips the repeats. */
  private async join(run: RunStream): Promise<AsyncIterable<Uint8Array> | undefined> {
    try {
      const response = await send(
        this.target,
        "GET",
        `/threads/${enc(this.threadId)}/runs/${enc(run.runId)}/stream`,
        {
          headers: { accept: "text/event-stream", "Last-Event-ID": run.lastEventId ?? "-1" },
          signal: run.abort.signal,
        },
      );
      if (response.status >= 200 && response.status <= 299) return response.body;
      response.body.destroy();
    } catch {
      // The next attempt (or the final status) reports it.
    }
    return undefined;
  }

  private async onFrame(run: RunStream, frame: { event: string; data: string; id?: string }): Promise<void> {
    const sink = (this.context as RuntimeSourceContext).sink;
    if (frame.id !== undefined) run.lastEventId = frame.id;
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      await sink.diagnostic({
        code: "unparseable_input",
        severity: "warning",
        message: `LangGraph SSE frame ${frame.id ?? ""} (${frame.event}) is not JSON (${frame.data.length} chars); skipped`,
      });
      return;
    }
    if (frame.event === "metadata") {
      const runId = (data as { run_id?: unknown } | null)?.run_id;
      if (typeof runId === "string") run.runId ??= runId;
    }
    for (const id of raisedInterrupts(frame.event, data)) this.pending.add(id);
    await sink.records([data], LANGGRAPH_FORMAT, [{ sseEvent: frame.event, sseId: frame.id }]);
  }

  /** The run is over: the server's word on how (the Python server streams `end` itself; the JS one
   * ends the stream, so a successful run's `end` is given here from its status). */
  private async closeRun(status: string): Promise<void> {
    const sink = (this.context as RuntimeSourceContext).sink;
    if (status === "success")
      await sink.records([null], LANGGRAPH_FORMAT, [{ sseEvent: "end", sseId: "end" }]);
    else if (status === "interrupted" && this.pending.size === 0)
      // The adapter's name for a cancellation (`CancelledError`): the run ends cancelled, not failed.
      await sink.records(
        [{ error: "CancelledError", message: "run cancelled on the LangGraph server" }],
        LANGGRAPH_FORMAT,
        [{ sseEvent: "error", sseId: "cancelled" }],
      );
  }

  private async runStatus(runId: string, signal: AbortSignal): Promise<string | undefined> {
    try {
      const run = (await sendJson(this.target, "GET", `/threads/${enc(this.threadId)}/runs/${enc(runId)}`, {
        signal,
      })) as { status?: unknown } | undefined;
      return typeof run?.status === "string" ? run.status : undefined;
    } catch {
      return undefined;
    }
  }

  private async cancel(key: string): Promise<WriteResult> {
    const run = this.run;
    if (run === undefined || run.runId === undefined)
      return { status: "rejected", idempotencyKey: key, reason: "no LangGraph run is streaming to cancel" };
    try {
      await sendJson(
        this.target,
        "POST",
        `/threads/${enc(this.threadId)}/runs/${enc(run.runId)}/cancel?wait=0&action=interrupt`,
        { signal: (this.context as RuntimeSourceContext).signal },
      );
      return { status: "accepted", idempotencyKey: key, assigned: { runId: run.runId } };
    } catch (error) {
      return { status: "rejected", idempotencyKey: key, reason: failure("cancel the run", error) };
    }
  }
}

/** The LangGraph Agent Server connector; `policy.allow` lists private upstreams it may reach. */
export function langGraphConnector(policy: UpstreamPolicy = {}): RuntimeSourceFactory {
  const guard = new UpstreamGuard(policy);
  return {
    kind: "langgraph",
    test: connectionTester("langgraph", guard),
    description:
      "LangGraph Agent Server / langgraph dev threads and runs over SSE (config: url, assistantId, threadId?, headers?, text?: first message)",
    create(init: RuntimeSourceInit) {
      return new LangGraphConnector(readConfig(init.config), guard);
    },
    resume(init) {
      const refusal = redactedConfigRefusal(init.config);
      if (refusal) return { refused: refusal };
      const config = readConfig(init.config);
      // The thread the session ran on: configured, or the one the stream named (the projection keeps it).
      const threadId = config.threadId ?? init.state.runtime.threadId;
      if (threadId === undefined)
        return { refused: "the session never named its LangGraph thread; create a new session" };
      return {
        source: new LangGraphConnector({ ...config, threadId, text: undefined }, guard),
        reason: `thread ${threadId} is read again (its messages and pending interrupts); a run in flight before the restart is not joined`,
      };
    },
  };
}
