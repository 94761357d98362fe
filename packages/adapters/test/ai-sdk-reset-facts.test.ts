// What each chunk of a retried step (AI SDK 7 `reset-step`) states, event by event: every chunk passes the
// SDK's own `uiMessageChunkSchema`, and the SDK's own reducer (`readUIMessageStream`) says which parts the
// reference UI still shows, the texts a projection must show too.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { type UIMessage, type UIMessageChunk, readUIMessageStream } from "ai";
import { convertArrayToReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";
import { wire } from "./ai-sdk-support";

const REASON = "reset-step: the step was retried; its partial output was discarded";
const RETRYING = {
  type: "run.status",
  phase: "preparing",
  payload: { status: "retrying", label: "retrying step", reason: "reset-step", retryCount: 1 },
};

/** The events of each chunk as type, phase, ids and payload (the fields a reader of the stream sees). */
function perChunk(chunks: unknown[]): Record<string, unknown>[][] {
  const adapter = aiSdkAdapter.create();
  return chunks.map((chunk, i) =>
    adapter.push(chunk, i).map((e: AgentUiEvent) => {
      const { type, phase, partId, toolCallId, actionId, artifactId, artifactStatus, payload } = e;
      const fields = { type, phase, partId, toolCallId, actionId, artifactId, artifactStatus, payload };
      return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    }),
  );
}

/** The parts the SDK's reducer keeps, as [type, text] (a tool part as its type only). */
async function sdkParts(chunks: Record<string, unknown>[]): Promise<unknown[][]> {
  const stream = convertArrayToReadableStream(chunks) as ReadableStream<UIMessageChunk>;
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return (last?.parts ?? [])
    .filter((p) => p.type !== "step-start")
    .map((p) => ("text" in p ? [p.type, p.text] : [p.type]));
}

/** The non-empty texts of `kind` the projection shows. */
function shown(chunks: unknown[], kind: string): string[] {
  const adapter = aiSdkAdapter.create();
  const state = projectEvents(chunks.flatMap((chunk, i) => adapter.push(chunk, i)));
  return state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === kind && p.text).map((p) => p.text ?? ""),
  );
}

const head = [{ type: "start", messageId: "m" }, { type: "start-step" }];

describe("ai-sdk reset-step, chunk by chunk", () => {
  it("STAT-03 TEXT-04 the reset takes the shown text back and retries; the retried step streams once", async () => {
    const chunks = await wire([
      ...head,
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "Half" },
      { type: "reset-step" },
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "Whole" },
      { type: "text-delta", id: "a", delta: " answer." },
      { type: "text-end", id: "a" },
    ]);
    expect(await sdkParts(chunks)).toEqual([["text", "Whole answer."]]);
    expect(shown(chunks, "assistant_text")).toEqual(["Whole answer."]);
    const events = perChunk(chunks);
    expect(events[4]).toEqual([
      { type: "text.final", partId: "a", payload: { text: "", discarded: true, reason: REASON } },
      RETRYING,
    ]);
    // The retried part gets its own id: nothing of the discarded one is closed again.
    expect(events[5]).toEqual([
      {
        type: "run.status",
        phase: "producing",
        payload: { status: "streaming", label: "retried step streaming", retryCount: 1 },
      },
    ]);
    expect(events[6]).toEqual([
      {
        type: "text.delta",
        phase: "producing",
        partId: "a~2",
        payload: { delta: "Whole", role: "assistant" },
      },
    ]);
    expect(events[7].map((e) => e.type)).toEqual(["text.delta"]);
    expect(events[8]).toEqual([{ type: "text.final", partId: "a~2", payload: { text: "Whole answer." } }]);
  });

  it("TEXT-04 a part the step started but never streamed is not taken back: the reset states only the retry", async () => {
    const chunks = await wire([...head, { type: "text-start", id: "a" }, { type: "reset-step" }]);
    expect(perChunk(chunks)[3]).toEqual([RETRYING]);
  });

  it("TEXT-04 PROC-01 discarded reasoning ends as an empty summary, never as answer text", async () => {
    const chunks = await wire([
      ...head,
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "Let me think" },
      { type: "reset-step" },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "Done." },
      { type: "text-end", id: "t" },
    ]);
    expect(await sdkParts(chunks)).toEqual([["text", "Done."]]);
    expect(shown(chunks, "reasoning_summary")).toEqual([]);
    expect(shown(chunks, "assistant_text")).toEqual(["Done."]);
    expect(perChunk(chunks)[4]).toEqual([
      { type: "reasoning.summary", partId: "r", payload: { text: "", discarded: true, reason: REASON } },
      RETRYING,
    ]);
  });

  it("TEXT-04 a part an earlier step left open stays open: its end states its text", async () => {
    const chunks = await wire([
      ...head,
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "Kept." },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "text-start", id: "b" },
      { type: "text-delta", id: "b", delta: "Dropped" },
      { type: "reset-step" },
      { type: "text-end", id: "a" },
    ]);
    expect(await sdkParts(chunks)).toEqual([["text", "Kept."]]);
    const events = perChunk(chunks);
    expect(events[8].map((e) => [e.type, e.partId])).toEqual([
      ["text.final", "b"],
      ["run.status", undefined],
    ]);
    expect(events[9]).toEqual([{ type: "text.final", partId: "a", payload: { text: "Kept." } }]);
  });

  it("TOOL-11 a call of the discarded step ends cancelled under its name; no approval is resolved for it", async () => {
    const chunks = await wire([
      ...head,
      { type: "tool-input-start", toolCallId: "c1", toolName: "weather" },
      { type: "reset-step" },
    ]);
    expect(await sdkParts(chunks)).toEqual([]);
    expect(perChunk(chunks)[3]).toEqual([
      {
        type: "tool.failed",
        phase: "cancelled",
        toolCallId: "c1",
        payload: { cancelled: true, reason: REASON, name: "weather" },
      },
      RETRYING,
    ]);
  });

  it("HITL-05 a gated call of the discarded step: its approval is cancelled, then the call", async () => {
    const chunks = await wire([
      ...head,
      { type: "tool-input-available", toolCallId: "c1", toolName: "rm", input: {} },
      { type: "tool-approval-request", approvalId: "ap", toolCallId: "c1" },
      { type: "reset-step" },
    ]);
    expect(perChunk(chunks)[4].slice(0, 2)).toEqual([
      {
        type: "action.resolved",
        actionId: "c1",
        toolCallId: "c1",
        payload: { outcome: "cancelled", reason: REASON },
      },
      {
        type: "tool.failed",
        phase: "cancelled",
        toolCallId: "c1",
        payload: { cancelled: true, reason: REASON, name: "rm" },
      },
    ]);
  });

  it("TOOL-01 a provider-executed result of the discarded step is not undone: a warning names the call", async () => {
    const chunks = await wire([
      ...head,
      {
        type: "tool-input-available",
        toolCallId: "ws",
        toolName: "web_search",
        input: {},
        providerExecuted: true,
      },
      { type: "tool-output-available", toolCallId: "ws", output: { hits: 2 }, providerExecuted: true },
      { type: "reset-step" },
    ]);
    const events = perChunk(chunks)[4];
    expect(events.map((e) => e.type)).toEqual(["run.status", "diagnostic.changed"]);
    expect(events[1].payload).toEqual({
      code: "runtime_info",
      severity: "warning",
      message: "reset-step discarded 1 part(s) that cannot be retracted here; they stay visible",
      summary: { kept: ["tool ws"] },
    });
  });

  it("ART-01 a file of the discarded step is superseded, saying why", async () => {
    const url = "https://files.example/a.png";
    const chunks = await wire([
      ...head,
      { type: "file", mediaType: "image/png", url },
      { type: "reset-step" },
    ]);
    expect(perChunk(chunks)[3]).toEqual([
      {
        type: "artifact.updated",
        artifactId: url,
        artifactStatus: "superseded",
        payload: { reason: REASON },
      },
      RETRYING,
    ]);
  });

  it("EVID-01 the warning counts every source the reset keeps and names the first 20", async () => {
    const sources = Array.from({ length: 21 }, (_, i) => ({
      type: "source-url",
      sourceId: `s${i}`,
      url: `https://example.com/${i}`,
    }));
    const chunks = await wire([...head, ...sources, { type: "reset-step" }]);
    const warning = perChunk(chunks).at(-1)?.at(-1);
    expect(warning?.payload).toEqual({
      code: "runtime_info",
      severity: "warning",
      message: "reset-step discarded 21 part(s) that cannot be retracted here; they stay visible",
      summary: { kept: sources.slice(0, 20).map((s) => `source ${s.sourceId}`) },
    });
  });
});
