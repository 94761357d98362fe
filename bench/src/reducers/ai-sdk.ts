// The AI SDK's two client paths: `readUIMessageStream` (the UI message reducer, one stream per turn) and
// the `AbstractChat` class that useChat wraps, fed through a custom ChatTransport. The chat state mirrors
// @ai-sdk/react's: an array replaced per update, with `structuredClone` snapshots (no React render).
import {
  AbstractChat,
  type ChatState,
  type ChatStatus,
  type ChatTransport,
  type UIMessage,
  type UIMessageChunk,
  readUIMessageStream,
} from "ai";
import type { AiSdkTurn } from "../generator";
import { PROBE_EVERY, type Probe, type ReducerUnderTest } from "./types";

/** A pull stream: chunks arrive one read at a time, as from a network body. */
function streamOf(chunks: readonly UIMessageChunk[], probe?: Probe): ReadableStream<UIMessageChunk> {
  let at = 0;
  return new ReadableStream<UIMessageChunk>(
    {
      pull(controller) {
        if (at >= chunks.length) {
          controller.close();
          return;
        }
        if (probe !== undefined && at % PROBE_EVERY === 0) probe();
        controller.enqueue(chunks[at++]);
      },
    },
    { highWaterMark: 0 },
  );
}

export async function runReadUIMessageStream(
  turns: readonly AiSdkTurn[],
  probe?: Probe,
): Promise<UIMessage[]> {
  const messages: UIMessage[] = [];
  for (const turn of turns) {
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: streamOf(turn.chunks, probe) })) last = message;
    if (last !== undefined) messages.push(last);
  }
  return messages;
}

class BenchChatState implements ChatState<UIMessage> {
  status: ChatStatus = "ready";
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage): void => {
    this.messages = this.messages.concat(message);
  };
  popMessage = (): void => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage): void => {
    this.messages = [
      ...this.messages.slice(0, index),
      this.snapshot(message),
      ...this.messages.slice(index + 1),
    ];
  };
  snapshot = <T>(value: T): T => structuredClone(value);
}

class BenchChat extends AbstractChat<UIMessage> {
  constructor(transport: ChatTransport<UIMessage>) {
    let ids = 0;
    super({ id: "bench-chat", transport, state: new BenchChatState(), generateId: () => `gen-${++ids}` });
  }
}

export async function runChat(turns: readonly AiSdkTurn[], probe?: Probe): Promise<UIMessage[]> {
  let next = 0;
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async () => streamOf(turns[next++]?.chunks ?? [], probe),
    reconnectToStream: async () => null,
  };
  const chat = new BenchChat(transport);
  for (const turn of turns) await chat.sendMessage({ text: turn.input });
  if (chat.error !== undefined) throw chat.error;
  return chat.messages;
}

const chunkCount = (turns: readonly AiSdkTurn[]): number => turns.reduce((n, t) => n + t.chunks.length, 0);

export const aiSdkReadStream: ReducerUnderTest = {
  id: "ai-sdk-stream",
  label: "AI SDK readUIMessageStream",
  inputCount: (encoded) => chunkCount(encoded.aiSdk),
  run: (encoded, probe) => runReadUIMessageStream(encoded.aiSdk, probe),
};

export const aiSdkChat: ReducerUnderTest = {
  id: "ai-sdk-chat",
  label: "AI SDK Chat (AbstractChat + transport)",
  inputCount: (encoded) => chunkCount(encoded.aiSdk),
  run: (encoded, probe) => runChat(encoded.aiSdk, probe),
};
