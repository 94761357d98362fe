// Upstream connector for an AI SDK UI message stream endpoint (the `useChat` transport protocol): POST
// `{ id, messages, ...body }`, read `data: {UIMessageChunk}` frames until `[DONE]`, hand each chunk to the
// `ai-sdk` adapter. The connector keeps the conversation the way `useChat` would (./ai-sdk-messages), so
// every request carries the full history including the assistant's replies. Writes: `send` posts the
// conversation with the new user message; `respond_action` answers a tool approval the AI SDK way — the
// tool part becomes `approval-responded` with `approval: { id, approved, reason? }` and the conversation
// is posted again; the upstream then runs or denies the tool. The resolution is whatever the upstream's
// continuation stream states (tool output / `tool-output-denied`), never assumed here. `interrupt` aborts
// the request.
import { randomUUID } from "node:crypto";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { AiSdkConversation } from "./ai-sdk-messages";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "./runtime-source";
import { SourceConfigError, unavailableResult } from "./runtime-source";
import { readUpstreamSse, reportOutcome, requireUrl, stringRecord } from "./upstream-sse";

export const AI_SDK_FORMAT = "ai-sdk";

class AiSdkConnector implements RuntimeSource {
  readonly kind = "ai-sdk";
  private context: RuntimeSourceContext | undefined;
  private run: AbortController | undefined;
  private readonly conversation = new AiSdkConversation();
  private readonly chatId = randomUUID();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> | undefined,
    private readonly body: Record<string, unknown>,
    private readonly initialText: string | undefined,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    if (this.initialText !== undefined) {
      this.conversation.addUser(randomUUID(), this.initialText);
      this.post();
    } else await context.sink.status("live", "waiting for the first send");
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
    if (command.kind === "send") {
      if (this.run)
        return {
          status: "rejected",
          idempotencyKey: key,
          reason: "a response is streaming; interrupt it first",
        };
      const messageId = command.clientMessageId ?? randomUUID();
      this.conversation.addUser(messageId, command.text);
      this.post();
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
    }
    if (command.kind === "respond_action") {
      if (this.run)
        return {
          status: "rejected",
          idempotencyKey: key,
          reason: "a response is streaming; wait for it to end",
        };
      if (command.decision !== "approve" && command.decision !== "reject")
        return {
          status: "rejected",
          idempotencyKey: key,
          reason: `AI SDK tool approvals are approve or reject, not "${command.decision}"`,
        };
      const reason = typeof command.payload?.reason === "string" ? command.payload.reason : undefined;
      const answer = this.conversation.answerApproval(
        command.actionId,
        command.decision === "approve",
        reason,
      );
      if (!answer.ok) return { status: "rejected", idempotencyKey: key, reason: answer.reason };
      this.post();
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

  /** Posts the conversation; the reply streams into it and, through the adapter, into the session. */
  private post(): void {
    const context = this.context;
    if (!context) throw new Error("AI SDK connector used before start");
    const run = new AbortController();
    context.signal.addEventListener("abort", () => run.abort(), { once: true });
    this.run = run;
    const request = {
      url: this.url,
      headers: this.headers,
      body: { ...this.body, id: this.chatId, messages: this.conversation.snapshot() },
      signal: run.signal,
    };
    const onChunk = (chunk: unknown) => {
      return context.sink.records([this.conversation.apply(chunk)], AI_SDK_FORMAT);
    };
    void readUpstreamSse(request, context.sink, onChunk)
      .then((outcome) => {
        if (this.run === run) this.run = undefined;
        return reportOutcome(context.sink, outcome);
      })
      .catch(() => {});
  }
}

export const aiSdkSource: RuntimeSourceFactory = {
  kind: "ai-sdk",
  description: "AI SDK UI message stream over HTTP (config: url, headers?, body?, text?: first user message)",
  create(init: RuntimeSourceInit) {
    try {
      const url = requireUrl(init.config);
      const headers = stringRecord(init.config.headers, "config.headers");
      const body = init.config.body ?? {};
      if (typeof body !== "object" || body === null || Array.isArray(body))
        throw new TypeError('"config.body" must be an object');
      const text = init.config.text;
      if (text !== undefined && typeof text !== "string")
        throw new TypeError('"config.text" must be a string');
      return new AiSdkConnector(url, headers, body as Record<string, unknown>, text);
    } catch (error) {
      throw new SourceConfigError((error as Error).message);
    }
  },
};
