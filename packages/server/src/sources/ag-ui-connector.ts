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
  ) {
    this.threadId = typeof baseInput.threadId === "string" ? baseInput.threadId : randomUUID();
    if (Array.isArray(baseInput.messages)) this.messages.push(...(baseInput.messages as AgUiMessage[]));
  }

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
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

export const agUiSource: RuntimeSourceFactory = {
  kind: "ag-ui",
  description:
    "AG-UI agent over HTTP SSE (config: url, headers?, input?: RunAgentInput fields, startOnCreate?)",
  create(init: RuntimeSourceInit) {
    try {
      const url = requireUrl(init.config);
      const headers = stringRecord(init.config.headers, "config.headers");
      const input = init.config.input ?? {};
      if (typeof input !== "object" || input === null || Array.isArray(input))
        throw new TypeError('"config.input" must be an object');
      return new AgUiConnector(
        url,
        headers,
        input as Record<string, unknown>,
        init.config.startOnCreate !== false,
      );
    } catch (error) {
      throw new SourceConfigError((error as Error).message);
    }
  },
};
