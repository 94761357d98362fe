// Upstream connector for an AI SDK UI message stream endpoint (the `useChat` transport protocol): POST
// `{ id, messages, ...body }`, read `data: {UIMessageChunk}` frames until `[DONE]`, hand each chunk to the
// `ai-sdk` adapter. The connector keeps the conversation the way `useChat` would (./ai-sdk-messages), so
// every request carries the full history including the assistant's replies. Writes: `send` posts the
// conversation with the new user message; `respond_action` answers a tool approval the AI SDK way — the
// tool part becomes `approval-responded` with `approval: { id, approved, reason? }` and the conversation
// is posted again; the upstream then runs or denies the tool. The action is named by the tool call id (the
// adapter's default `toolApprovalIds`) or the SDK's approval id; the SDK's id is what goes upstream. The
// resolution is whatever the upstream's continuation stream states (tool output / `tool-output-denied`),
// never assumed here. `interrupt` aborts the request. After a gateway restart the conversation is rebuilt
// from the projection (./ai-sdk-restore): text and tool calls with their stored outcome.
import { randomUUID } from "node:crypto";
import { classificationOf } from "@agent-ui/adapters";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { AiSdkConversation, type UiMessage } from "./messages";
import { type RestoredAiSdkConversation, restoredAiSdkConversation } from "./restore";
import { redactedConfigRefusal } from "../conversation/resume-support";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { SourceConfigError, unavailableResult } from "@agent-ui/contracts";
import { connectionTester } from "../probe/connection-test";
import { UpstreamGuard, type UpstreamPolicy } from "../upstream/policy";
import { objectField, readUpstreamSse, reportOutcome, requireUrl, upstreamHeaders } from "../upstream/sse";
import { userMessageFact } from "../conversation/user-message";

export const AI_SDK_FORMAT = "ai-sdk";

class AiSdkConnector implements RuntimeSource {
  readonly kind = "ai-sdk";
  private context: RuntimeSourceContext | undefined;
  private run: AbortController | undefined;
  private readonly conversation = new AiSdkConversation();
  /** A send is storing its user message; the request follows. */
  private sending = false;
  /** An approval was answered while a response streamed: post the conversation again when it ends. */
  private continueAfterRun = false;
  private readonly chatId = randomUUID();

  constructor(
    private readonly config: AiSdkConfig,
    /** Set when the session resumes after a gateway restart: the conversation rebuilt from the
     * projection (text and tool calls with their stored outcomes, ./ai-sdk-restore). */
    private readonly resumed?: {
      messages: UiMessage[];
      unanswerable: RestoredAiSdkConversation["unanswerable"];
    },
  ) {
    if (resumed) this.conversation.restore(resumed.messages);
  }

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    // A resumed session's `live` (with what was carried over) is reported by the gateway.
    if (this.resumed) {
      await this.expireUnanswerable(context, this.resumed.unanswerable);
      return;
    }
    if (this.config.text !== undefined) await this.sendUser(randomUUID(), this.config.text);
    else await context.sink.status("live", "waiting for the first send");
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    if (command.kind === "send") {
      if (this.run || this.sending)
        return {
          status: "rejected",
          idempotencyKey: key,
          reason: "a response is streaming; interrupt it first",
        };
      const messageId = command.clientMessageId ?? randomUUID();
      await this.sendUser(messageId, command.text);
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
    }
    if (command.kind === "respond_action") {
      if (command.decision !== "approve" && command.decision !== "reject")
        return {
          status: "rejected",
          idempotencyKey: key,
          reason: `AI SDK tool approvals are approve or reject, not "${command.decision}"`,
        };
      // An approval that was already answered says so, whether or not its continuation is still streaming.
      const refusal = this.conversation.approvalRefusal(command.actionId);
      if (refusal !== undefined) return { status: "rejected", idempotencyKey: key, reason: refusal };
      const reason = typeof command.payload?.reason === "string" ? command.payload.reason : undefined;
      const answer = this.conversation.answerApproval(
        command.actionId,
        command.decision === "approve",
        reason,
      );
      if (!answer.ok) return { status: "rejected", idempotencyKey: key, reason: answer.reason };
      // The approval request can be on screen while its response is still streaming its last chunks: the
      // answer is kept and sent when that response ends, as useChat sends once the stream is done.
      if (this.run || this.sending) this.continueAfterRun = true;
      else this.post();
      return { status: "accepted", idempotencyKey: key };
    }
    if (command.kind === "interrupt") {
      if (!this.run) return { status: "rejected", idempotencyKey: key, reason: "nothing is streaming" };
      this.run.abort();
      return { status: "accepted", idempotencyKey: key };
    }
    return unavailableResult(
      command,
      `the AI SDK UI stream protocol has no gateway-side "${command.kind}" write`,
    );
  }

  async stop(): Promise<void> {
    this.run?.abort();
    this.run = undefined;
  }

  /** Approvals whose requests did not survive the restart expire, and their calls with them: the card
   * must not wait for an answer no write can deliver, nor the tool show `approval-requested` forever. The
   * call cannot have run — an AI SDK tool awaiting approval runs only when the client posts the answer —
   * so `cancelled` is the connector's own fact, not a guess about the upstream. */
  private async expireUnanswerable(
    context: RuntimeSourceContext,
    unanswerable: RestoredAiSdkConversation["unanswerable"],
  ): Promise<void> {
    if (unanswerable.length === 0) return;
    const reason =
      "the gateway restarted; the approval request was not carried over to the upstream conversation, so it can no longer be answered";
    await context.sink.events(
      unanswerable.flatMap(({ actionId, toolCallId }) => [
        {
          ...classificationOf("action.resolved"),
          type: "action.resolved",
          actionId,
          toolCallId,
          payload: { outcome: "expired", reason },
        },
        {
          ...classificationOf("tool.failed"),
          type: "tool.failed",
          toolCallId,
          phase: "cancelled",
          payload: { cancelled: true, reason },
        },
      ]),
    );
  }

  /** The user's message is a fact of the conversation the connector owns (the stream only carries the
   * assistant's side): stored first, so every client shows it before the reply; then the request. */
  private async sendUser(messageId: string, text: string): Promise<void> {
    this.conversation.addUser(messageId, text);
    this.sending = true;
    await this.context?.sink.events([userMessageFact(messageId, text)]).finally(() => {
      this.sending = false;
    });
    this.post();
  }

  /** Posts the conversation; the reply streams into it and, through the adapter, into the session. */
  private post(): void {
    const context = this.context;
    if (!context) throw new Error("AI SDK connector used before start");
    // Every post carries the whole conversation, so answers given before this one are sent by it.
    this.continueAfterRun = false;
    const run = new AbortController();
    context.signal.addEventListener("abort", () => run.abort(), { once: true });
    this.run = run;
    const request = {
      url: this.config.url,
      headers: this.config.headers,
      body: { ...this.config.body, id: this.chatId, messages: this.conversation.snapshot() },
      signal: run.signal,
      guard: this.config.guard,
    };
    const onChunk = (chunk: unknown) => {
      return context.sink.records([this.conversation.apply(chunk)], AI_SDK_FORMAT);
    };
    void readUpstreamSse(request, context.sink, onChunk)
      .then(async (outcome) => {
        if (this.run === run) this.run = undefined;
        await reportOutcome(context.sink, outcome);
        if (this.continueAfterRun && !this.run && !context.signal.aborted) this.post();
      })
      .catch(() => {});
  }
}

interface AiSdkConfig {
  url: string;
  headers?: Record<string, string>;
  guard: UpstreamGuard;
  body: Record<string, unknown>;
  text?: string;
}

function readConfig(config: Record<string, unknown>, guard: UpstreamGuard): AiSdkConfig {
  try {
    const url = requireUrl(config);
    const headers = upstreamHeaders(config.headers);
    const body = objectField(config.body ?? {}, "config.body");
    const text = config.text;
    if (text !== undefined && typeof text !== "string") throw new TypeError('"config.text" must be a string');
    return { url, headers, guard, body, text };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}

/** The AI SDK connector; `policy.allow` lists private upstreams it may reach (./upstream-policy). */
export function aiSdkConnector(policy: UpstreamPolicy = {}): RuntimeSourceFactory {
  const guard = new UpstreamGuard(policy);
  return {
    kind: "ai-sdk",
    test: connectionTester("ai-sdk", guard),
    description:
      "AI SDK UI message stream over HTTP (config: url, headers?, body?, text?: first user message)",
    create: (init: RuntimeSourceInit) => new AiSdkConnector(readConfig(init.config, guard)),
    resume(init) {
      const refusal = redactedConfigRefusal(init.config);
      if (refusal) return { refused: refusal };
      const { messages, note, unanswerable } = restoredAiSdkConversation(init.state);
      const config = readConfig(init.config, guard);
      return { source: new AiSdkConnector(config, { messages, unanswerable }), reason: note };
    },
  };
}

/** The AI SDK connector with the default upstream policy (loopback and public hosts only). */
export const aiSdkSource: RuntimeSourceFactory = aiSdkConnector();
