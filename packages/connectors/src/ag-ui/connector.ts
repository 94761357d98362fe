// Upstream connector for an AG-UI agent endpoint: POST a `RunAgentInput`, read the SSE event stream, hand
// every event to the `ag-ui` adapter. Writes map to AG-UI runs: `send` stores the user's message as a fact
// and starts a run with it, `respond_action` resumes with the interrupt decision (`resume: [{ interruptId,
// status, payload }]`), `interrupt` aborts the running request. Other writes have no AG-UI equivalent:
// `unavailable`. Every run posts the conversation so far (./ag-ui-messages): the user's messages and the
// agent's replies with their tool calls and results, as the AG-UI client keeps them, so a multi-turn
// conversation is coherent upstream; after a gateway restart it is rebuilt from the projection.
import { randomUUID } from "node:crypto";
import type { ControlCommand, ProjectionState, WriteResult } from "@agent-ui/contracts";
import { type AgUiMessage, AgUiConversation } from "./messages";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { SourceConfigError, unavailableResult } from "@agent-ui/contracts";
import { projectedConversation, redactedConfigRefusal } from "../conversation/resume-support";
import { connectionTester } from "../probe/connection-test";
import { UpstreamGuard, type UpstreamPolicy } from "../upstream/policy";
import { objectField, readUpstreamSse, reportOutcome, requireUrl, upstreamHeaders } from "../upstream/sse";
import { userMessageFact } from "../conversation/user-message";

export const AG_UI_FORMAT = "ag-ui";

class AgUiConnector implements RuntimeSource {
  readonly kind = "ag-ui";
  private context: RuntimeSourceContext | undefined;
  private run: AbortController | undefined;
  /** A send is storing its user message; the run follows. */
  private sending = false;
  private readonly conversation: AgUiConversation;
  private readonly threadId: string;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> | undefined,
    private readonly baseInput: Record<string, unknown>,
    private readonly startOnCreate: boolean,
    private readonly guard: UpstreamGuard,
    /** Set when the session resumes after a gateway restart: its thread and the conversation rebuilt
     * from the projection. */
    private readonly resumed?: { threadId?: string; history: AgUiMessage[] },
  ) {
    this.threadId =
      resumed?.threadId ?? (typeof baseInput.threadId === "string" ? baseInput.threadId : randomUUID());
    // The configured input messages open the conversation; a resumed session continues it with what the
    // projection holds (a message already there by id is not added twice).
    const configured = Array.isArray(baseInput.messages) ? (baseInput.messages as AgUiMessage[]) : [];
    this.conversation = new AgUiConversation([...configured, ...(resumed?.history ?? [])]);
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
      if (this.run || this.sending)
        return { status: "rejected", idempotencyKey: key, reason: "a run is active; interrupt it first" };
      const messageId = command.clientMessageId ?? randomUUID();
      await this.storeUser(messageId, command.text);
      const runId = this.launch({});
      return { status: "accepted", idempotencyKey: key, assigned: { runId, messageId } };
    }
    if (command.kind === "respond_action") {
      if (this.run || this.sending)
        return { status: "rejected", idempotencyKey: key, reason: "a run is active" };
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

  /** The user's message is a fact of the conversation the connector owns (an AG-UI run stream carries the
   * agent's side): it joins the conversation and is stored before the run starts, so every client shows
   * it before the reply and a restart can rebuild the history with it. */
  private async storeUser(messageId: string, text: string): Promise<void> {
    this.sending = true;
    try {
      await this.context?.sink.events([userMessageFact(messageId, text, this.threadId)]);
      // Only once stored: a message the gateway could not keep is not sent as history either.
      this.conversation.addUser(messageId, text);
    } finally {
      this.sending = false;
    }
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
      messages: this.conversation.snapshot(),
      ...extra,
    };
    const request = { url: this.url, headers: this.headers, body, signal: run.signal, guard: this.guard };
    const onEvent = async (record: unknown) => {
      try {
        this.conversation.apply(record);
      } catch (error) {
        // The event is still projected; only the history the next run posts misses it, and says so.
        await context.sink.diagnostic({
          code: "unsupported_source_event",
          severity: "warning",
          message: `the conversation kept for the next run could not take an AG-UI event: ${(error as Error).message}`,
        });
      }
      return context.sink.records([record], AG_UI_FORMAT);
    };
    void readUpstreamSse(request, context.sink, onEvent)
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
    const headers = upstreamHeaders(config.headers);
    const input = objectField(config.input ?? {}, "config.input");
    const messages = input.messages;
    if (messages !== undefined && !(Array.isArray(messages) && messages.every(isMessage)))
      throw new TypeError('"config.input.messages" must be an array of messages with a string id and role');
    return {
      url,
      headers,
      input,
      startOnCreate: config.startOnCreate !== false,
    };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}

/** The AG-UI connector; `policy.allow` lists private upstreams it may reach (./upstream-policy). */
export function agUiConnector(policy: UpstreamPolicy = {}): RuntimeSourceFactory {
  const guard = new UpstreamGuard(policy);
  return {
    kind: "ag-ui",
    test: connectionTester("ag-ui", guard),
    description:
      "AG-UI agent over HTTP SSE (config: url, headers?, input?: RunAgentInput fields, startOnCreate?)",
    create(init: RuntimeSourceInit) {
      const { url, headers, input, startOnCreate } = readConfig(init.config);
      return new AgUiConnector(url, headers, input, startOnCreate, guard);
    },
    resume(init) {
      const refusal = redactedConfigRefusal(init.config);
      if (refusal) return { refused: refusal };
      const { url, headers, input } = readConfig(init.config);
      const threadId = init.state.session.threadId ?? init.state.runtime.threadId;
      const { history, note } = resumedHistory(init.state, threadId);
      return {
        source: new AgUiConnector(url, headers, input, false, guard, { threadId, history }),
        reason: note,
      };
    },
  };
}

/** The AG-UI connector with the default upstream policy (loopback and public hosts only). */
export const agUiSource: RuntimeSourceFactory = agUiConnector();

/** The conversation as the projection holds it, in AG-UI messages: user and assistant messages, an
 * assistant's tool calls (`toolCalls`) followed by their results (`tool` messages). A result keeps its own
 * message id when the projection kept it, else one derived from its call (`<toolCallId>:result`). The
 * note says what was carried and what could not be. */
function resumedHistory(state: ProjectionState, threadId: string | undefined) {
  const conversation = projectedConversation(state);
  const history: AgUiMessage[] = [];
  let calls = 0;
  let results = 0;
  for (const turn of conversation.turns) {
    const message: AgUiMessage = { id: turn.id, role: turn.role };
    if (turn.text !== "" || turn.role === "user") message.content = turn.text;
    if (turn.agentId !== undefined) message.subagentRunId = turn.agentId;
    if (turn.toolCalls.length > 0)
      message.toolCalls = turn.toolCalls.map((call) => ({
        id: call.toolCallId,
        type: "function" as const,
        function: { name: call.name, arguments: call.input },
      }));
    history.push(message);
    for (const call of turn.toolCalls) {
      calls += 1;
      if (call.result === undefined) continue;
      results += 1;
      const result: AgUiMessage = {
        id: call.result.messageId ?? `${call.toolCallId}:result`,
        role: "tool",
        toolCallId: call.toolCallId,
        content: call.result.text,
      };
      if (call.result.error !== undefined) result.error = call.result.error;
      history.push(result);
    }
  }
  const gaps = [
    conversation.previewResults > 0
      ? `${conversation.previewResults} tool result(s) carried as their stored preview, which may be cut`
      : "",
    conversation.omittedToolCalls > 0
      ? `${conversation.omittedToolCalls} tool call(s) left out (name or complete input not stored)`
      : "",
  ].filter((gap) => gap !== "");
  const note =
    `thread ${threadId ?? "(new)"} continues with ${conversation.turns.length} message(s), ${calls} tool ` +
    `call(s) and ${results} tool result(s) rebuilt from the projection` +
    (gaps.length > 0 ? ` (${gaps.join("; ")})` : "") +
    "; a run in flight before the restart is not resumed";
  return { history, note };
}

function isMessage(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === "string" && typeof m.role === "string";
}
