// AI SDK UI message chunks, shaped like the captured `ai-sdk.*.uimessagechunks.jsonl` streams.
import { FACTS, type ProtocolStories } from "./types";

function text(id: string): unknown[] {
  return [
    { type: "text-start", id },
    ...FACTS.deltas.map((delta) => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
  ];
}

function toolInput(toolCallId: string, toolName: string, input: Record<string, unknown>): unknown[] {
  return [
    { type: "tool-input-start", toolCallId, toolName },
    { type: "tool-input-delta", toolCallId, inputTextDelta: JSON.stringify(input) },
    { type: "tool-input-available", toolCallId, toolName, input },
  ];
}

const run = (body: unknown[], finishReason = "stop") => [
  { type: "start" },
  { type: "start-step" },
  ...body,
  { type: "finish-step" },
  { type: "finish", finishReason },
];

function gated(approved: boolean) {
  const toolCallId = "call-9";
  const request = run(
    [
      ...toolInput(toolCallId, FACTS.gatedTool, { path: FACTS.gatedPath }),
      { type: "tool-approval-request", approvalId: "aitxt-approval-1", toolCallId },
    ],
    "tool-calls",
  );
  const outcome = approved
    ? { type: "tool-output-available", toolCallId, output: { deleted: FACTS.gatedPath } }
    : { type: "tool-output-denied", toolCallId };
  const resume = [
    { type: "start", messageId: "msg-asst-1" },
    outcome,
    { type: "start-step" },
    ...text("t9"),
    { type: "finish-step" },
    { type: "finish", finishReason: "stop" },
  ];
  return { records: [...request, ...resume], toolCallId, requestedAfter: request.length };
}

export const AI_SDK_STORIES: ProtocolStories = {
  format: "ai-sdk",
  stories: {
    text: () => ({ records: run(text("t1")) }),
    reasoning: () => ({
      records: run([
        { type: "reasoning-start", id: "r1" },
        { type: "reasoning-delta", id: "r1", delta: FACTS.reasoning },
        { type: "reasoning-end", id: "r1" },
        ...text("t1"),
      ]),
    }),
    tool: () => ({
      toolCallId: "call-1",
      records: run([
        ...toolInput("call-1", FACTS.toolName, { city: FACTS.city }),
        {
          type: "tool-output-available",
          toolCallId: "call-1",
          output: { city: FACTS.city, tempC: FACTS.tempC },
        },
      ]),
    }),
    toolError: () => ({
      toolCallId: "call-2",
      records: run([
        ...toolInput("call-2", FACTS.toolName, { city: FACTS.failingCity }),
        { type: "tool-output-error", toolCallId: "call-2", errorText: FACTS.toolError },
      ]),
    }),
    runError: () => ({
      records: [{ type: "start" }, { type: "start-step" }, { type: "error", errorText: FACTS.runError }],
    }),
    approve: () => gated(true),
    deny: () => gated(false),
    sources: () => ({
      records: run([
        ...text("t1"),
        { type: "source-url", sourceId: "src-1", url: FACTS.sourceUrl, title: FACTS.sourceTitle },
      ]),
    }),
  },
  cannot: {
    redelivery:
      "UI message chunks carry no chunk id (a text-delta names only its part), so a redelivered delta cannot be told from a new one",
  },
};
