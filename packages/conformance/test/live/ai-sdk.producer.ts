// Live producer: the real `ai` package drives the shared scenario offline. The model is the SDK's own
// test double (`MockLanguageModelV4` from `ai/test`), scripted to react to the conversation it is sent;
// everything else is the SDK's code: `streamText` runs the tool loop and gates `delete_file` on
// `needsApproval`, `toUIMessageStream` writes the UI message chunks, and the client side is the SDK's
// own chat (`AbstractChat`: the reducer that useChat uses) with `addToolApprovalResponse` and
// `sendAutomaticallyWhen`, so the resume request carries the approved tool part and the continuation
// stream continues the same assistant message id (`originalMessages`).
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import {
  type ChatTransport,
  ToolLoopAgent,
  type UIMessage,
  type UIMessageChunk,
  createAgentUIStream,
  experimental_createSteering,
  isStepCount,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  streamText,
  tool,
} from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import { z } from "zod";
import { RecordingChat, ResponseCounter, inProcessRoute } from "./ai-sdk.chat";
import { type LiveProducer, type LiveProduction, SHARED_SCENARIO } from "./producer";

export const AI_SDK_LIVE_FORMAT = "ai-sdk";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function finish(unified: "stop" | "tool-calls"): LanguageModelV4StreamPart {
  return { type: "finish", finishReason: { unified, raw: unified }, usage };
}

/** Text streamed as one text part in `pieces` deltas (split where the model would split tokens). */
export function textPart(id: string, text: string, pieces = 2): LanguageModelV4StreamPart[] {
  const size = Math.ceil(text.length / pieces);
  const deltas: LanguageModelV4StreamPart[] = [];
  for (let at = 0; at < text.length; at += size)
    deltas.push({ type: "text-delta", id, delta: text.slice(at, at + size) });
  return [{ type: "text-start", id }, ...deltas, { type: "text-end", id }];
}

/** What the assistant says when the user denied the tool (not part of the shared approve scenario). */
export const AI_SDK_DENIED_ANSWER = "Okay, I left it alone.";

/** How the gated tool call ended, as the prompt tells the model: not yet, ran, or denied. */
function toolOutcome(options: LanguageModelV4CallOptions): "pending" | "ran" | "denied" {
  for (const message of options.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content)
      if (part.type === "tool-result") return part.output.type === "execution-denied" ? "denied" : "ran";
  }
  return "pending";
}

/**
 * The scripted model: before the tool ran it says the preamble and calls `delete_file`; once the
 * conversation holds the tool's result (or its denial) it answers. Reacting to the prompt (not a call
 * counter) keeps the script right whatever the SDK decides to call.
 */
export function scenarioModel(): MockLanguageModelV4 {
  const s = SHARED_SCENARIO;
  return new MockLanguageModelV4({
    doStream: async (options) => {
      const outcome = toolOutcome(options);
      const parts: LanguageModelV4StreamPart[] =
        outcome !== "pending"
          ? [
              { type: "stream-start", warnings: [] },
              ...textPart("t-answer", outcome === "ran" ? s.answer : AI_SDK_DENIED_ANSWER, 1),
              finish("stop"),
            ]
          : [
              { type: "stream-start", warnings: [] },
              ...textPart("t-preamble", s.preamble),
              { type: "tool-input-start", id: "call-rm", toolName: s.toolName },
              { type: "tool-input-delta", id: "call-rm", delta: JSON.stringify(s.toolInput) },
              { type: "tool-input-end", id: "call-rm" },
              {
                type: "tool-call",
                toolCallId: "call-rm",
                toolName: s.toolName,
                input: JSON.stringify(s.toolInput),
              },
              finish("tool-calls"),
            ];
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

/** The route of the shared scenario: `delete_file` needs approval, then runs. */
function scenarioRoute(runs: UIMessageChunk[][]): ChatTransport<UIMessage> {
  const deleteFile = tool({
    description: "Delete a file",
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => `deleted ${path}`,
  });
  return inProcessRoute(runs, (messages, abortSignal) =>
    streamText({
      model: scenarioModel(),
      tools: { [SHARED_SCENARIO.toolName]: deleteFile },
      messages,
      stopWhen: isStepCount(3),
      abortSignal,
    }),
  );
}

/** The approval request the chat is waiting on (the tool part in `approval-requested`). */
function pendingApprovalId(chat: RecordingChat): string {
  for (const part of chat.lastMessage?.parts ?? [])
    if ("approval" in part && part.state === "approval-requested" && part.approval !== undefined)
      return part.approval.id;
  throw new Error(`ai-sdk live producer: no pending approval (chat status ${chat.status})`);
}

/** Runs the shared scenario; the user's answer to the approval request is `approved`. */
export async function runAiSdkScenario(approved = true): Promise<LiveProduction & { chat: RecordingChat }> {
  const runs: UIMessageChunk[][] = [];
  const responses = new ResponseCounter();
  const chat = new RecordingChat({
    transport: scenarioRoute(runs),
    responses,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  await chat.sendMessage({ text: SHARED_SCENARIO.prompt });
  const approvalId = pendingApprovalId(chat);
  // The SDK's own HITL round trip: the answer marks the tool part `approval-responded`, and
  // `sendAutomaticallyWhen` makes the chat send the conversation back to the route by itself (not
  // awaited by addToolApprovalResponse), which runs (or skips) the tool and continues the message.
  await chat.addToolApprovalResponse({ id: approvalId, approved, reason: "user clicked" });
  await responses.until(2);
  const [interrupted = [], resumed = []] = runs;
  return {
    format: AI_SDK_LIVE_FORMAT,
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    chat,
  };
}

/** The facts of the client-side tool run: the browser answers `pick_folder`, the server never runs it. */
export const CLIENT_TOOL = {
  prompt: "Which folder should I clean?",
  toolName: "pick_folder",
  output: "/workspace/demo",
  answer: "Cleaning /workspace/demo.",
} as const;

/** Prompt-reactive: call `pick_folder` until the conversation holds its output, then answer. */
function clientToolModel(): MockLanguageModelV4 {
  const c = CLIENT_TOOL;
  return new MockLanguageModelV4({
    doStream: async (options) => ({
      stream: convertArrayToReadableStream<LanguageModelV4StreamPart>(
        toolOutcome(options) === "pending"
          ? [
              { type: "stream-start", warnings: [] },
              { type: "tool-call", toolCallId: "call-pick", toolName: c.toolName, input: "{}" },
              finish("tool-calls"),
            ]
          : [{ type: "stream-start", warnings: [] }, ...textPart("t-clean", c.answer, 1), finish("stop")],
      ),
    }),
  });
}

/**
 * A client-side tool (no `execute`): the chat's `onToolCall` answers it with `addToolOutput`, and
 * `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls` sends the conversation back.
 * The tool's output lives in the client's message; the server's streams never carry it.
 */
export async function runAiSdkClientTool(): Promise<LiveProduction & { chat: RecordingChat }> {
  const c = CLIENT_TOOL;
  const runs: UIMessageChunk[][] = [];
  const responses = new ResponseCounter();
  const pickFolder = tool({ description: "Ask the user for a folder", inputSchema: z.object({}) });
  const chat: RecordingChat = new RecordingChat({
    transport: inProcessRoute(runs, (messages, abortSignal) =>
      streamText({ model: clientToolModel(), tools: { [c.toolName]: pickFolder }, messages, abortSignal }),
    ),
    responses,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    // As the SDK documents: add the output without awaiting it inside the callback.
    onToolCall: ({ toolCallId, toolName }) => {
      void chat.addToolOutput({ tool: toolName, toolCallId, output: c.output });
    },
  });
  await chat.sendMessage({ text: c.prompt });
  await responses.until(2);
  const [first = [], second = []] = runs;
  return {
    format: AI_SDK_LIVE_FORMAT,
    records: [...first, ...second],
    interruptedRunLength: first.length,
    chat,
  };
}

/** The facts of the plain answer stream (no tools): reasoning, answer text and one cited source. */
export const REASONING_ANSWER = {
  prompt: "What is in /workspace/demo?",
  reasoning: "The user wants a listing; answer from the workspace index.",
  answer: "The folder holds x and notes.md.",
  source: { id: "src-index", url: "https://example.com/workspace-index", title: "Workspace index" },
  document: { id: "src-notes", mediaType: "application/pdf", title: "Field notes", filename: "notes.pdf" },
} as const;

function reasoningAnswerModel(): MockLanguageModelV4 {
  const r = REASONING_ANSWER;
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "resp-reasoning", modelId: "mock", timestamp: new Date(0) },
    { type: "reasoning-start", id: "r-1" },
    { type: "reasoning-delta", id: "r-1", delta: r.reasoning.slice(0, 20) },
    { type: "reasoning-delta", id: "r-1", delta: r.reasoning.slice(20) },
    { type: "reasoning-end", id: "r-1" },
    ...textPart("t-1", r.answer, 3),
    { type: "source", sourceType: "url", ...r.source },
    { type: "source", sourceType: "document", ...r.document },
    finish("stop"),
  ];
  return new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(parts) }) });
}

/**
 * A plain answer with reasoning and a source, twice: the UI message chunks as the client reads them,
 * and the exact bytes of the SDK's own HTTP response (`toUIMessageStreamResponse`, SSE).
 */
export async function runAiSdkReasoningAnswer(): Promise<{ records: UIMessageChunk[]; sse: string }> {
  const options = { sendReasoning: true, sendSources: true };
  const records: UIMessageChunk[] = [];
  const first = streamText({ model: reasoningAnswerModel(), prompt: REASONING_ANSWER.prompt });
  for await (const chunk of first.toUIMessageStream(options)) records.push(chunk);
  const second = streamText({ model: reasoningAnswerModel(), prompt: REASONING_ANSWER.prompt });
  const sse = await second.toUIMessageStreamResponse(options).text();
  return { records, sse };
}

/**
 * The tool's approval decided by policy (`streamText({toolApproval})`), not by a person: the SDK
 * streams an automatic request followed by its response, then runs (or denies) the tool and the model
 * answers, all in one request.
 */
export async function runAiSdkPolicyDecision(
  decision: "approved" | "denied",
): Promise<{ records: UIMessageChunk[] }> {
  const deleteFile = tool({
    description: "Delete a file",
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => `deleted ${path}`,
  });
  const result = streamText({
    model: scenarioModel(),
    prompt: SHARED_SCENARIO.prompt,
    tools: { [SHARED_SCENARIO.toolName]: deleteFile },
    toolApproval: {
      [SHARED_SCENARIO.toolName]: { type: decision, reason: `policy: ${decision} for /workspace/demo` },
    },
    stopWhen: isStepCount(3),
  });
  const records: UIMessageChunk[] = [];
  for await (const chunk of result.toUIMessageStream()) records.push(chunk);
  return { records };
}

/** The facts of the steering run: the user adds input while the tool runs, and queues a follow-up. */
export const STEERING = {
  prompt: "List the files in /workspace/demo",
  steer: { id: "steer-1", text: "Only list markdown files." },
  queued: { id: "queue-1", text: "Then count them." },
  answer: "notes.md",
  followUp: "One file.",
} as const;

/**
 * AI SDK 7 experimental steering, live: a `ToolLoopAgent` streamed by `createAgentUIStream`; while
 * the `list_files` tool runs the user steers (delivered at the next step boundary) and queues a
 * follow-up (delivered when the model would have stopped). Returns the UI message chunks and what
 * the SDK reported for each input.
 */
export async function runAiSdkSteering(): Promise<{ records: UIMessageChunk[]; outcomes: unknown[] }> {
  const g = STEERING;
  const steering = experimental_createSteering();
  const outcomes: Promise<unknown>[] = [];
  const listFiles = tool({
    description: "List files",
    inputSchema: z.object({ path: z.string() }),
    execute: async ({ path }) => {
      outcomes.push(steering.steer(g.steer.text, { id: g.steer.id }));
      outcomes.push(steering.queue(g.queued.text, { id: g.queued.id }));
      return `${path}: x, notes.md`;
    },
  });
  const steps: LanguageModelV4StreamPart[][] = [
    [
      { type: "stream-start", warnings: [] },
      {
        type: "tool-call",
        toolCallId: "call-ls",
        toolName: "list_files",
        input: '{"path":"/workspace/demo"}',
      },
      finish("tool-calls"),
    ],
    [{ type: "stream-start", warnings: [] }, ...textPart("t-answer", g.answer, 1), finish("stop")],
    [{ type: "stream-start", warnings: [] }, ...textPart("t-follow-up", g.followUp, 1), finish("stop")],
  ];
  let step = 0;
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream(steps[Math.min(step++, steps.length - 1)]),
    }),
  });
  const agent = new ToolLoopAgent({ model, tools: { list_files: listFiles }, stopWhen: isStepCount(5) });
  const stream = await createAgentUIStream({
    agent,
    uiMessages: [{ id: "msg-user", role: "user", parts: [{ type: "text", text: g.prompt }] }],
    experimental_steering: steering,
  });
  const records: UIMessageChunk[] = [];
  for await (const chunk of stream) records.push(chunk as UIMessageChunk);
  return { records, outcomes: await Promise.all(outcomes) };
}

export const aiSdkProducer: LiveProducer = () => runAiSdkScenario(true);
