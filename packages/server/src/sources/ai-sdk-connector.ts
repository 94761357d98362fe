// Upstream connector for an AI SDK UI message stream endpoint (the `useChat` transport protocol): POST
// `{ id, messages, ...body }`, read `data: {UIMessageChunk}` frames until `[DONE]`, hand each chunk to the
// `ai-sdk` adapter. `send` posts the conversation with the new user message; `interrupt` aborts the
// request. Tool approvals need the client-side message state the AI SDK keeps, which a gateway does not
// own, so `respond_action` is honestly `unavailable` here.
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

export const AI_SDK_FORMAT = "ai-sdk";

interface UiMessage {
  id: string;
  role: "user" | "assistant" | "system";
  parts: { type: "text"; text: string }[];
}

class AiSdkConnector implements RuntimeSource {
  readonly kind = "ai-sdk";
  private context: RuntimeSourceContext | undefined;
  private run: AbortController | undefined;
  private readonly messages: UiMessage[] = [];
  private readonly chatId = randomUUID();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> | undefined,
    private readonly body: Record<string, unknown>,
    private readonly initialText: string | undefined,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    this.context = context;
    if (this.initialText !== undefined) this.post(this.initialText, randomUUID());
    else await context.sink.status("live", "waiting for the first send");
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
      this.post(command.text, messageId);
      return { status: "accepted", idempotencyKey: key, assigned: { messageId } };
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

  private post(text: string, messageId: string): void {
    const context = this.context;
    if (!context) throw new Error("AI SDK connector used before start");
    this.messages.push({ id: messageId, role: "user", parts: [{ type: "text", text }] });
    const run = new AbortController();
    context.signal.addEventListener("abort", () => run.abort(), { once: true });
    this.run = run;
    const request = {
      url: this.url,
      headers: this.headers,
      body: { ...this.body, id: this.chatId, messages: [...this.messages] },
      signal: run.signal,
    };
    void readUpstreamSse(request, context.sink, (chunk) => context.sink.records([chunk], AI_SDK_FORMAT))
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
