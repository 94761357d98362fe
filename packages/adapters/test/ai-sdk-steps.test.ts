// AI SDK 7 `reasoning-file` and `reset-step` chunks, checked against the real `ai` package: chunks come
// from `streamText` + `toUIMessageStream` (the SDK's own mock model), every chunk passes the SDK's own
// `uiMessageChunkSchema`, and the SDK's own reducer (`readUIMessageStream`) gives the message a correct
// projection must match. `reset-step` has no producer in `ai` itself (WorkflowAgent sends it on retries),
// so those streams are a real first attempt cut mid-step, the chunk, and a real retried step.
import { safeValidateTypes } from "@ai-sdk/provider-utils";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import {
  type UIMessage,
  type UIMessageChunk,
  readUIMessageStream,
  streamText,
  uiMessageChunkSchema,
} from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";

type ModelPart = Record<string, unknown> & { type: string };

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish: ModelPart = { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage };

const text = (id: string, value: string): ModelPart[] => [
  { type: "text-start", id },
  { type: "text-delta", id, delta: value },
  { type: "text-end", id },
];

/** UI message chunks the real SDK writes for one model call streaming `parts`. */
async function sdkChunks(parts: ModelPart[]): Promise<UIMessageChunk[]> {
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: "stream-start", warnings: [] },
        ...parts,
        finish,
      ] as never),
    }),
  });
  const out: UIMessageChunk[] = [];
  for await (const chunk of streamText({ model, prompt: "go" }).toUIMessageStream()) out.push(chunk);
  return out;
}

/** The SDK's own reducer over the chunks: the message the reference UI shows. */
async function reference(chunks: UIMessageChunk[]): Promise<UIMessage> {
  for (const chunk of chunks)
    expect((await safeValidateTypes({ value: chunk, schema: uiMessageChunkSchema })).success).toBe(true);
  const stream = convertArrayToReadableStream(chunks) as ReadableStream<UIMessageChunk>;
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  if (last === undefined) throw new Error("the SDK reducer produced no message");
  return last;
}

function adapt(chunks: unknown[]): AgentUiEvent[] {
  const adapter = aiSdkAdapter.create();
  return [...chunks.flatMap((chunk, i) => adapter.push(chunk, i)), ...adapter.finish()];
}

const visible = (state: ProjectionState, kind: string) =>
  state.messages
    .flatMap((m) => m.parts)
    .filter((p) => p.kind === kind && (p.text ?? "") !== "")
    .map((p) => p.text);
const unsupported = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type === "diagnostic.changed" && e.payload?.code === "unsupported_source_event");

describe("ai-sdk reasoning-file (AI SDK 7)", () => {
  it("ART-01 PROC-01 a reasoning file is an artifact ref marked as reasoning output, never text", async () => {
    const chunks = await sdkChunks([
      { type: "reasoning-start", id: "r1" },
      { type: "reasoning-delta", id: "r1", delta: "Sketching the layout." },
      { type: "reasoning-end", id: "r1" },
      { type: "reasoning-file", mediaType: "image/png", data: { type: "data", data: "iVBORw0KGgo=" } },
      ...text("t1", "Here is the plan."),
    ]);
    expect(chunks.map((c) => c.type)).toContain("reasoning-file");
    const expected = await reference(chunks);
    expect(expected.parts.map((p) => p.type)).toContain("reasoning-file");

    const events = adapt(chunks);
    expect(unsupported(events)).toEqual([]);
    const created = events.filter((e) => e.type === "artifact.created");
    expect(created).toEqual([
      expect.objectContaining({
        artifactKind: "image",
        artifactStatus: "ready",
        payload: expect.objectContaining({ origin: "reasoning", mediaType: "image/png", inline: true }),
      }),
    ]);
    // The inline data URL is never copied into the envelope (SEC: bodies stay in the source).
    expect(JSON.stringify(events)).not.toContain("iVBORw0KGgo");
    const state = projectEvents(events);
    expect(Object.values(state.artifacts)).toEqual([expect.objectContaining({ kind: "image" })]);
    expect(visible(state, "assistant_text")).toEqual(["Here is the plan."]);
    expect(state.messages.flatMap((m) => m.parts).map((p) => p.kind)).toEqual([
      "reasoning_summary",
      "artifact_ref",
      "assistant_text",
    ]);
  });

  it("a hosted reasoning file keeps its URL as the read ref", () => {
    const events = adapt([
      { type: "start", messageId: "m1" },
      { type: "reasoning-file", mediaType: "image/webp", url: "https://files.example/sketch.webp" },
    ]);
    expect(events.find((e) => e.type === "artifact.created")).toMatchObject({
      artifactId: "https://files.example/sketch.webp",
      artifactReadRef: "https://files.example/sketch.webp",
      payload: { origin: "reasoning" },
    });
  });
});

/** A real first attempt cut after `keep` chunks of its step, a `reset-step`, then a real retried step. */
async function retried(first: ModelPart[], keep: number, second: ModelPart[]): Promise<UIMessageChunk[]> {
  const attempt = (await sdkChunks(first)).slice(0, 2 + keep); // start, start-step, then `keep` chunks
  const retry = (await sdkChunks(second)).slice(1); // its own start-step onwards
  return [...attempt, { type: "reset-step" } as UIMessageChunk, ...retry];
}

describe("ai-sdk reset-step (AI SDK 7: a retried step's partial output is discarded)", () => {
  it("TEXT-04 the discarded attempt's text is taken back; only the retried answer shows, once", async () => {
    const chunks = await retried(
      [...text("t1", "The answer is 4"), ...text("t2", "2. Wait")],
      5, // t1 complete, t2 started with its delta, never ended
      text("t1", "The answer is 42."),
    );
    const expected = await reference(chunks);
    const expectedTexts = expected.parts.filter((p) => p.type === "text").map((p) => p.text);
    expect(expectedTexts).toEqual(["The answer is 42."]);

    const events = adapt(chunks);
    expect(unsupported(events)).toEqual([]);
    const state = projectEvents(events);
    expect(visible(state, "assistant_text")).toEqual(expectedTexts);
    expect(state.runtime.status).toBe("completed");
    // The discarded finals say why, so a timeline can tell a retraction from an empty answer.
    const retractions = events.filter((e) => e.type === "text.final" && e.payload?.discarded === true);
    expect(retractions.map((e) => e.partId)).toEqual(["t1", "t2"]);
  });

  it("STAT-03 the run shows retrying with a count until the retried step streams", async () => {
    const chunks = await retried(text("t1", "partial"), 2, text("t1", "full answer"));
    const reset = chunks.findIndex((c) => c.type === "reset-step");
    const events = adapt(chunks);
    const untilRetry = events.filter((e) => (e.source?.index ?? 0) <= reset);
    expect(projectEvents(untilRetry).runtime).toMatchObject({ status: "retrying", retry: { count: 1 } });
    const firstRetried = chunks.findIndex((c, i) => i > reset && c.type === "text-delta");
    const streaming = projectEvents(events.filter((e) => (e.source?.index ?? 0) <= firstRetried));
    expect(streaming.runtime.status).toBe("streaming");
    expect(visible(streaming, "assistant_text")).toEqual(["full answer"]);
  });

  it("TOOL-11 HITL-05 a tool call of the discarded attempt ends cancelled, never running forever", async () => {
    const chunks = await retried(
      [
        { type: "tool-input-start", id: "call-1", toolName: "weather" },
        { type: "tool-input-delta", id: "call-1", delta: '{"city":' },
      ],
      2,
      text("t1", "It is sunny."),
    );
    const expected = await reference(chunks);
    expect(expected.parts.some((p) => p.type.startsWith("tool-"))).toBe(false);
    const events = adapt(chunks);
    const state = projectEvents(events);
    expect(state.tools["call-1"]).toMatchObject({ status: "cancelled" });
    expect(visible(state, "assistant_text")).toEqual(["It is sunny."]);
    expect(state.diagnostics.filter((d) => d.code === "tool_unclosed_at_turn_end")).toEqual([]);
  });

  it("HITL-05 an approval requested in the discarded step is cancelled with its call", () => {
    const events = adapt([
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      { type: "tool-input-available", toolCallId: "c1", toolName: "rm", input: {} },
      { type: "tool-approval-request", approvalId: "ap-1", toolCallId: "c1" },
      { type: "reset-step" },
      { type: "start-step" },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "Retried without the tool." },
      { type: "text-end", id: "t" },
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ]);
    const state = projectEvents(events);
    expect(state.actions.c1).toMatchObject({ status: "cancelled" });
    expect(state.tools.c1).toMatchObject({ status: "cancelled" });
    expect(state.runtime.status).toBe("completed");
  });

  it("ART-01 a file of the discarded step is superseded; a source it cited is kept with a warning", () => {
    const events = adapt([
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      { type: "file", mediaType: "image/png", url: "https://files.example/a.png" },
      { type: "source-url", sourceId: "s1", url: "https://example.com" },
      { type: "reset-step" },
    ]);
    const state = projectEvents(events);
    expect(state.artifacts["https://files.example/a.png"]).toMatchObject({ status: "superseded" });
    const warning = events.find((e) => e.type === "diagnostic.changed" && e.payload?.severity === "warning");
    expect(warning?.payload).toMatchObject({ code: "runtime_info", summary: { kept: ["source s1"] } });
  });

  it("only the current step is discarded: what earlier steps said stays", () => {
    const events = adapt([
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "Step one stays." },
      { type: "text-end", id: "a" },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "text-start", id: "b" },
      { type: "text-delta", id: "b", delta: "discarded" },
      { type: "reset-step" },
      { type: "text-start", id: "b" },
      { type: "text-delta", id: "b", delta: "Step two, retried." },
      { type: "text-end", id: "b" },
      { type: "finish", finishReason: "stop" },
    ]);
    expect(visible(projectEvents(events), "assistant_text")).toEqual([
      "Step one stays.",
      "Step two, retried.",
    ]);
  });
});

/** One step of a generated stream: its text parts, and whether its first attempt is cut and reset. */
interface GeneratedStep {
  texts: string[];
  resetAfter: number | null;
}

/** Chunks of generated steps; a reset step streams `resetAfter` chunks, `reset-step`, then all of it. */
function stepChunks(steps: GeneratedStep[]): UIMessageChunk[] {
  const out: UIMessageChunk[] = [{ type: "start", messageId: "m" }];
  steps.forEach((step, s) => {
    // Part ids are reused by the retried attempt, as a re-streamed step does.
    const body: UIMessageChunk[] = step.texts.flatMap((text, p): UIMessageChunk[] => [
      { type: "text-start", id: `s${s}p${p}` },
      { type: "text-delta", id: `s${s}p${p}`, delta: text.slice(0, 2) },
      { type: "text-delta", id: `s${s}p${p}`, delta: text.slice(2) },
      { type: "text-end", id: `s${s}p${p}` },
    ]);
    out.push({ type: "start-step" });
    if (step.resetAfter !== null) out.push(...body.slice(0, step.resetAfter), { type: "reset-step" });
    out.push(...body, { type: "finish-step" });
  });
  out.push({ type: "finish", finishReason: "stop" });
  return out;
}

describe("ai-sdk reset-step property (the SDK's own reducer is the oracle)", () => {
  it("TEXT-04 ORD-02 any mix of steps and resets shows exactly the texts the SDK's reducer keeps, once", async () => {
    const step = fc.record({
      texts: fc.array(fc.string({ minLength: 3, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
      resetAfter: fc.option(fc.nat(12), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const chunks = stepChunks(steps);
        const expected = (await reference(chunks)).parts.filter((p) => p.type === "text").map((p) => p.text);
        const state = projectEvents(adapt(chunks));
        expect(visible(state, "assistant_text")).toEqual(expected);
        expect(state.runtime.status).toBe("completed");
      }),
      { numRuns: 40 },
    );
  });
});
