// Live producer: assistant-ui's `assistant-stream` package writes the shared scenario offline, in process,
// through its own controller (`createAssistantStream`): reasoning, the preamble, `delete_file` with its
// arguments streamed as JSON text, an approval gate, then a research subagent's text (`withParentId`), a
// source, a data part and the answer. The same stream is encoded by the package's own encoders
// (`AssistantTransportEncoder` SSE, `DataStreamEncoder` lines) and accumulated by its own
// `AssistantMessageAccumulator` — the reference a projection is compared with.
import {
  AssistantMessageAccumulator,
  type AssistantStream,
  type AssistantStreamChunk,
  AssistantTransportEncoder,
  DataStreamEncoder,
  createAssistantStream,
} from "assistant-stream";
import { type LiveProducer, SHARED_SCENARIO } from "./producer";

export const CALL_ID = "call_rm";
export const SUBAGENT = "researcher";
export const SUBAGENT_TEXT = "Found 1 file.";
export const SOURCE = { id: "src-1", url: "https://example.com/docs/rm", title: "rm docs" };
export const PROGRESS = { pct: 100, step: "done" };

export interface AssistantStreamScenarioOptions {
  /** How the approval ends: answered approved (then the tool runs), or left pending (the stream stops). */
  approval: "approved" | "pending";
}

/** Writes the scenario with the package's controller; a fresh stream per call (streams are single-use). */
export function scenarioStream(options: AssistantStreamScenarioOptions): AssistantStream {
  const s = SHARED_SCENARIO;
  return createAssistantStream(async (controller) => {
    controller.enqueue({ type: "step-start", path: [], messageId: "msg-1" });
    controller.appendReasoning("The user wants a file removed.");
    controller.appendText(s.preamble.slice(0, 7));
    controller.appendText(s.preamble.slice(7));
    const tool = controller.addToolCallPart({ toolCallId: CALL_ID, toolName: s.toolName });
    const args = JSON.stringify(s.toolInput);
    tool.argsText.append(args.slice(0, 9));
    tool.argsText.append(args.slice(9));
    tool.argsText.close();
    tool.setApproval({ id: "approval-1", prompt: "Delete this file?" });
    if (options.approval === "pending") {
      // The call stays open without a result: closing its writer ends the part, not the call.
      tool.close();
      controller.enqueue({
        type: "message-finish",
        path: [],
        finishReason: "tool-calls",
        usage: { inputTokens: 10, outputTokens: 5 },
      });
      return;
    }
    tool.setApproval({ id: "approval-1", approved: true });
    tool.setResponse({ result: s.toolOutput, isError: false });
    controller.withParentId(SUBAGENT).appendText(SUBAGENT_TEXT);
    controller.appendSource({ type: "source", sourceType: "url", ...SOURCE });
    controller.appendData({ type: "data", name: "progress", data: { pct: 50, step: "deleting" } });
    controller.appendData({ type: "data", name: "progress", data: PROGRESS });
    controller.appendText(s.answer);
    controller.enqueue({
      type: "message-finish",
      path: [],
      finishReason: "stop",
      usage: { inputTokens: 20, outputTokens: 9 },
    });
  });
}

/** Everything a stream yields (read through its reader: the DOM typings give streams no iterator). */
async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const reader = stream.getReader();
  const out: T[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

export function chunksOf(stream: AssistantStream): Promise<AssistantStreamChunk[]> {
  return readAll(stream);
}

/** The bytes an encoder writes, as text. */
async function encoded(stream: ReadableStream<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for (const part of await readAll(stream))
    text += typeof part === "string" ? part : decoder.decode(part, { stream: true });
  return text;
}

/** `AssistantTransportEncoder` output: `data: <chunk>` SSE frames and a final `data: [DONE]`. */
export function transportSse(options: AssistantStreamScenarioOptions): Promise<string> {
  return encoded(scenarioStream(options).pipeThrough(new AssistantTransportEncoder()));
}

/** `DataStreamEncoder` output: AI SDK 4 data stream `code:JSON` lines with the `aui-*` extensions. */
export function dataStreamText(options: AssistantStreamScenarioOptions): Promise<string> {
  return encoded(scenarioStream(options).pipeThrough(new DataStreamEncoder()));
}

/** What the package itself builds from the stream: its final assistant message. */
export async function accumulated(options: AssistantStreamScenarioOptions) {
  const messages = await readAll(scenarioStream(options).pipeThrough(new AssistantMessageAccumulator()));
  return messages.at(-1) as unknown as AccumulatedMessage;
}

/** The fields of `AssistantMessage` the comparison reads. */
export interface AccumulatedMessage {
  status: { type: string; reason?: string };
  parts: {
    type: string;
    text?: string;
    parentId?: string;
    toolCallId?: string;
    toolName?: string;
    args?: unknown;
    result?: unknown;
    approval?: { id: string; approved?: boolean };
    id?: string;
    url?: string;
    title?: string;
    name?: string;
    data?: unknown;
  }[];
}

/** The shared scenario as two streams, the way an assistant-ui app sends them: the first stops on the
 * approval gate; the continuation (after the user approves) restates the call, answers the gate, carries
 * the result and the answer. */
function sharedStreams(): [AssistantStream, AssistantStream] {
  const s = SHARED_SCENARIO;
  const first = createAssistantStream(async (controller) => {
    controller.appendText(s.preamble);
    const tool = controller.addToolCallPart({ toolCallId: CALL_ID, toolName: s.toolName });
    tool.argsText.append(JSON.stringify(s.toolInput));
    tool.argsText.close();
    tool.setApproval({ id: "approval-1" });
    tool.close();
    controller.enqueue({ type: "message-finish", path: [], finishReason: "tool-calls", usage: USAGE });
  });
  const continuation = createAssistantStream(async (controller) => {
    const tool = controller.addToolCallPart({ toolCallId: CALL_ID, toolName: s.toolName, args: s.toolInput });
    tool.setApproval({ id: "approval-1", approved: true });
    tool.setResponse({ result: s.toolOutput, isError: false });
    controller.appendText(s.answer);
    controller.enqueue({ type: "message-finish", path: [], finishReason: "stop", usage: USAGE });
  });
  return [first, continuation];
}

const USAGE = { inputTokens: 1, outputTokens: 1 };

/** The shared scenario's chunks (both streams, in order). */
export const assistantStreamProducer: LiveProducer = async () => {
  const [first, continuation] = sharedStreams();
  const interrupted = await chunksOf(first);
  const resumed = await chunksOf(continuation);
  return {
    format: "assistant-stream",
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    statedDecision: "approve",
  };
};

/** The same two streams through `DataStreamEncoder`, framed as the data stream lines a client reads. */
export const dataStreamProducer: LiveProducer = async () => {
  const { parseRecords } = await import("@agent-ui/contracts");
  const [first, continuation] = sharedStreams();
  const lines = async (stream: AssistantStream) =>
    parseRecords(await encoded(stream.pipeThrough(new DataStreamEncoder()))).records.map((r) => r.value);
  const interrupted = await lines(first);
  const resumed = await lines(continuation);
  return {
    format: "ai-sdk-data-stream",
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    statedDecision: "approve",
  };
};
