// Upstream connector for an AG-UI agent endpoint: POST a `RunAgentInput`, read the SSE event stream, hand
// every event to the `ag-ui` adapter. Writes map to AG-UI runs: `send` starts a run with the user message,
// `respond_action` resumes with the interrupt decision (`resume: [{ interruptId, status, payload }]`),
// `interrupt` aborts the running request. Other writes have no AG-UI equivalent: `unavailable`.
import { randomUUID } from "node:crypto";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "./runtime-source";
import { SourceConfigError, unavailableResult } from "./runtime-source";
import { projectedTextHistory, redactedConfigRefusal, type TextTurn } from "./resume-support";
import { readUpstreamSse, reportOutcome, requireUrl, stringRecord } from "./upstream-sse";

export const AG_UI_FORMAT = "ag-ui";

interface AgUiMessage {
  id: string;
  role: "user" | "assistant" | "system" | "tool";
  content?: string;
}

class AgUiConnector implements RuntimeSource {
  readonly kind = "ag-ui";
  private context: RuntimeSourceContext | undefined;
  private run: AbortController | undefined;
  private readonly messages: AgUiMessage[] = [];
  private readonly threadId: string;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> | undefined,
    private readonly baseInput: Record<string, unknown>,
    private readonly startOnCreate: boolean,
    /** Set when the session resumes after a gateway restart: its thread and projected text history. */
    private readonly resumed?: { threadId?: string; history: TextTurn[]; note: string },
  ) {
    this.threadId =
      resumed?.threadId ?? (typeof baseInput.threadId === "string" ? baseInput.threadId : randomUUID());
    if (resumed)
      this.messages.push(...resumed.history.map(({ id, role, text }) => ({ id, role, content: text })));
    else if (Array.isArray(baseInput.messages)) this.messages.push(...(baseInput.messages as AgUiMessage[]));
  }

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    // A resumed session's `live` (with what was carried over) is reported by the gateway.
    if (this.resumed) return;
    if (this.startOnCreate) this.launch({});
    else await context.sink.status("live", "waiting for the first send");
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    if (command.kind === "send") {
      if (this.run)
        return { status: "rejected", idempotencyKey: key, reason: "a run is active; interrupt it first" };
      const messageId = command.clientMessageId ?? randomUUID();
      this.messages.push({ id: messageId, role: "user", content: command.text });
      const runId = this.launch({});
      return { status: "accepted", idempotencyKey: key, assigned: { runId, messageId } };
    }
    if (command.kind === "respond_action") {
      if (this.run) return { status: "rejected", idempotencyKey: key, reason: "a run is active" };
      const approved = command.decision === "approve";
      const payload = command.payload ?? (command.decision === "answer" ? {} : { approved });
      const runId = this.launch({
        resume: [
          {
            interruptId: command.actionId,
            status: command.decision === "reject" ? "cancelled" : "resolved",
            payload,
          },
        ],
      });
      return { status: "accepted", idempotencyKey: key, assigned: { runId } };
    }
    if (command.kind === "interrupt") {
      if (!this.run) return { status: "rejected", idempotencyKey: key, reason: "no active run" };
      this.run.abort();
      return { status: "accepted", idempotencyKey: key };
    }
    return unavailableResult(command, `AG-UI has no "${command.kind}" write`);
  }

  async stop(): Promise<void> {
    this.run?.abort();
    this.run = undefined;
  }

  private launch(extra: Record<string, unknown>): string {
    const context = this.context;
    if (!context) throw new Error("AG-UI connector used before start");
    const runId = randomUUID();
    const run = new AbortController();
    context.signal.addEventListener("abort", () => run.abort(), { once: true });
    this.run = run;
    const body = {
      threadId: this.threadId,
      runId,
      protocolVersion: "1.0",
      state: {},
      tools: [],
      context: [],
      forwardedProps: {},
      ...this.baseInput,
      messages: [...this.messages],
      ...extra,
    };
    const request = { url: this.url, headers: this.headers, body, signal: run.signal };
    void readUpstreamSse(request, context.sink, (record) => context.sink.records([record], AG_UI_FORMAT))
      .then((outcome) => {
        if (this.run === run) this.run = undefined;
        return reportOutcome(context.sink, outcome);
      })
      .catch(() => {});
    return runId;
  }
}

function readConfig(config: Record<string, unknown>) {
  try {
    const url = requireUrl(config);
    const headers = stringRecord(config.headers, "config.headers");
    const input = config.input ?? {};
    if (typeof input !== "object" || input === null || Array.isArray(input))
      throw new TypeError('"config.input" must be an object');
    return {
      url,
      headers,
      input: input as Record<string, unknown>,
      startOnCreate: config.startOnCreate !== false,
    };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}

export const agUiSource: RuntimeSourceFactory = {
  kind: "ag-ui",
  description:
    "AG-UI agent over HTTP SSE (config: url, headers?, input?: RunAgentInput fields, startOnCreate?)",
  create(init: RuntimeSourceInit) {
    const { url, headers, input, startOnCreate } = readConfig(init.config);
    return new AgUiConnector(url, headers, input, startOnCreate);
  },
  resume(init) {
    const refusal = redactedConfigRefusal(init.config);
    if (refusal) return { refused: refusal };
    const { url, headers, input } = readConfig(init.config);
    const history = projectedTextHistory(init.state);
    const threadId = init.state.session.threadId ?? init.state.runtime.threadId;
    const note =
      `thread ${threadId ?? "(new)"} continues with ${history.length} text message(s) rebuilt from the ` +
      "projection; a run in flight before the restart is not resumed and tool calls are not in the history";
    return {
      source: new AgUiConnector(url, headers, input, false, { threadId, history, note }),
      reason: note,
    };
  },
};
