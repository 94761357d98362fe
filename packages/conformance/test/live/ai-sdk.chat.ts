// The client side of the live `ai` producers: the SDK's own chat (`AbstractChat`, the reducer and
// request logic that useChat wraps) over a plain-array state, and a transport that is the server route
// in process (UI messages → model messages → `streamText` → `toUIMessageStream`), recording every
// chunk the chat receives, per request, in arrival order.
import {
  AbstractChat,
  type ChatState,
  type ChatStatus,
  type ChatTransport,
  type ModelMessage,
  type UIMessage,
  type UIMessageChunk,
  type UIMessageStreamOptions,
  convertToModelMessages,
} from "ai";

/** The chat state the SDK's framework bindings keep (React/Vue/Svelte), as plain arrays. */
class ArrayChatState implements ChatState<UIMessage> {
  status: ChatStatus = "ready";
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((existing, at) => (at === index ? message : existing));
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/** Counts finished responses of a chat, so a caller can await the chat's own automatic resend. */
export class ResponseCounter {
  private finished = 0;
  private failure: Error | undefined;
  private waiters: { count: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  readonly onFinish = () => {
    this.finished++;
    this.settle();
  };

  readonly onError = (error: Error) => {
    this.failure = error;
    this.settle();
  };

  /** Resolves once `count` responses have finished (rejects on a chat error). */
  until(count: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ count, resolve, reject });
      this.settle();
    });
  }

  private settle() {
    this.waiters = this.waiters.filter((waiter) => {
      if (this.failure !== undefined) waiter.reject(this.failure);
      else if (this.finished >= waiter.count) waiter.resolve();
      else return true;
      return false;
    });
  }
}

export interface RecordingChatOptions {
  transport: ChatTransport<UIMessage>;
  responses: ResponseCounter;
  /** When the chat resends by itself (an answered approval, a client tool's output). */
  sendAutomaticallyWhen: (options: { messages: UIMessage[] }) => boolean | PromiseLike<boolean>;
  onToolCall?: (call: { toolCallId: string; toolName: string; input: unknown }) => void;
}

export class RecordingChat extends AbstractChat<UIMessage> {
  constructor(options: RecordingChatOptions) {
    let ids = 0;
    const { onToolCall } = options;
    super({
      state: new ArrayChatState(),
      transport: options.transport,
      generateId: () => `ui-${++ids}`,
      sendAutomaticallyWhen: options.sendAutomaticallyWhen,
      onFinish: options.responses.onFinish,
      onError: options.responses.onError,
      ...(onToolCall !== undefined
        ? {
            onToolCall: ({ toolCall }) =>
              onToolCall({
                toolCallId: toolCall.toolCallId,
                toolName: toolCall.toolName,
                input: toolCall.input,
              }),
          }
        : {}),
    });
  }
}

/** What the route needs from a `streamText` result. */
interface UIMessageStreamSource {
  toUIMessageStream(options: UIMessageStreamOptions<UIMessage>): ReadableStream<UIMessageChunk>;
}

/**
 * The server route in process. `respond` runs `streamText` for the conversation the chat sent; the
 * route answers with its UI message stream, continuing the request's assistant message
 * (`originalMessages`) or naming a new one (`generateMessageId`), and records what the chat receives.
 */
export function inProcessRoute(
  runs: UIMessageChunk[][],
  respond: (messages: ModelMessage[], abortSignal: AbortSignal | undefined) => UIMessageStreamSource,
): ChatTransport<UIMessage> {
  let assistantIds = 0;
  return {
    async sendMessages({ messages, abortSignal }) {
      const result = respond(await convertToModelMessages(messages), abortSignal);
      const chunks: UIMessageChunk[] = [];
      runs.push(chunks);
      return result
        .toUIMessageStream({
          originalMessages: messages,
          generateMessageId: () => `msg-assistant-${++assistantIds}`,
        })
        .pipeThrough(
          new TransformStream<UIMessageChunk, UIMessageChunk>({
            transform(chunk, controller) {
              chunks.push(structuredClone(chunk));
              controller.enqueue(chunk);
            },
          }),
        );
    },
    async reconnectToStream() {
      return null;
    },
  };
}
