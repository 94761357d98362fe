// Bounded memory whatever length of text a source streams: the adapters that keep a part's streamed text
// to state its final (AG-UI messages, AI SDK and assistant-stream parts) keep at most MAX_PART_TEXT_CHARS
// over all open parts. Past it one `source_limit_exceeded` warning; the part that passes it still streams
// every delta but states no final (a cut final would replace the whole streamed text), and the run's end
// completes it — the projection shows the whole text, nothing crashes. A part that ends gives its
// characters back.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";
import { aiSdkAdapter } from "../src/ai-sdk";
import { assistantStreamAdapter } from "../src/assistant-stream";
import { MAX_PART_TEXT_CHARS } from "../src/shared/part-text";
import { limits, ofType, pushEach } from "./bounds-support";

const LIMIT = { table: "open part text", cap: MAX_PART_TEXT_CHARS };
const FINALS = ["text.final", "reasoning.summary"];
const finals = (events: AgentUiEvent[]) => events.filter((e) => FINALS.includes(e.type));
const finalLengths = (events: AgentUiEvent[]) => finals(events).map((e) => String(e.payload?.text).length);
/** The text of every projected part of `kind`, with its status. */
function projected(events: AgentUiEvent[], kind: string): [number, string][] {
  return Object.values(projectEvents(events).messages).flatMap((m) =>
    m.parts.filter((p) => p.kind === kind).map((p): [number, string] => [p.text?.length ?? 0, p.status]),
  );
}

describe("AG-UI message text", () => {
  const adapt = (records: unknown[]) => pushEach(aguiAdapter.create({ sessionId: "s" }), records);
  const message = (id: string, chars: number, end = true) => [
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: "a".repeat(chars - 1) },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: "b" },
    ...(end ? [{ type: "TEXT_MESSAGE_END", messageId: id }] : []),
  ];
  const run = (...records: unknown[][]) => [
    { type: "RUN_STARTED", threadId: "t", runId: "r" },
    ...records.flat(),
    { type: "RUN_FINISHED", threadId: "t", runId: "r" },
  ];

  it(`TEXT-04 ENV-09 past ${MAX_PART_TEXT_CHARS} characters one warning; no final, every delta streams, the run completes the text`, () => {
    const { all } = adapt(run(message("m1", MAX_PART_TEXT_CHARS + 1)));
    expect(limits(all)).toEqual([LIMIT]);
    expect(finals(all)).toEqual([]);
    expect(ofType(all, "text.delta")).toHaveLength(2);
    expect(projected(all, "assistant_text")).toEqual([[MAX_PART_TEXT_CHARS + 1, "done"]]);
  });

  it(`TEXT-04 ENV-09 ${MAX_PART_TEXT_CHARS} characters fit, and an ended message gives them back: every final stated`, () => {
    const { all } = adapt(run(message("m1", MAX_PART_TEXT_CHARS), message("m2", 2)));
    expect(limits(all)).toEqual([]);
    expect(finalLengths(all)).toEqual([MAX_PART_TEXT_CHARS, 2]);
  });

  it("TEXT-04 ENV-09 the end of a message past the budget states nothing: no final, no other event", () => {
    const { last } = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      ...message("m1", MAX_PART_TEXT_CHARS + 1),
    ]);
    expect(last).toEqual([]);
  });

  it("TEXT-04 ENV-09 the open messages share the budget: the one that passes it states no final", () => {
    const half = MAX_PART_TEXT_CHARS / 2;
    const { all } = adapt(run(message("m1", half, false), message("m2", half + 1), message("m1", 2)));
    expect(limits(all)).toEqual([LIMIT]);
    expect(finals(all).map((e) => e.messageId)).toEqual(["m1"]);
  });
});

describe("AI SDK part text", () => {
  const adapt = (records: unknown[]) => pushEach(aiSdkAdapter.create({ sessionId: "s" }), records);
  const part = (kind: string, id: string, chars: number) => [
    { type: `${kind}-start`, id },
    { type: `${kind}-delta`, id, delta: "a".repeat(chars - 1) },
    { type: `${kind}-delta`, id, delta: "b" },
    { type: `${kind}-end`, id },
  ];
  const stream = (...parts: unknown[][]) => [{ type: "start" }, ...parts.flat(), { type: "finish" }];

  it(`TEXT-04 TEXT-06 ENV-09 past ${MAX_PART_TEXT_CHARS} characters one warning; no final, every delta streams, the run completes it`, () => {
    const { all } = adapt(stream(part("reasoning", "r1", MAX_PART_TEXT_CHARS + 1)));
    expect(limits(all)).toEqual([LIMIT]);
    expect(finals(all)).toEqual([]);
    expect(ofType(all, "reasoning.delta")).toHaveLength(2);
    expect(projected(all, "reasoning_summary")).toEqual([[MAX_PART_TEXT_CHARS + 1, "done"]]);
  });

  it("TEXT-04 ENV-09 the end of a part past the budget states nothing: no final, no other event", () => {
    const records = [{ type: "start" }, ...part("text", "p1", MAX_PART_TEXT_CHARS + 1)];
    expect(adapt(records).last).toEqual([]);
  });

  it(`TEXT-04 ENV-09 ${MAX_PART_TEXT_CHARS} characters fit, and an ended part gives them back: every final stated`, () => {
    const { all } = adapt(stream(part("text", "p1", MAX_PART_TEXT_CHARS), part("text", "p2", 2)));
    expect(limits(all)).toEqual([]);
    expect(finalLengths(all)).toEqual([MAX_PART_TEXT_CHARS, 2]);
  });
});

describe("AI SDK discarded part text", () => {
  it("TEXT-04 ENV-09 a part a reset-step discards while open gives its characters back", () => {
    const records = [
      { type: "start" },
      { type: "start-step" },
      { type: "text-start", id: "p1" },
      { type: "text-delta", id: "p1", delta: "a".repeat(MAX_PART_TEXT_CHARS) },
      { type: "reset-step" },
      { type: "text-start", id: "p2" },
      { type: "text-delta", id: "p2", delta: "b" },
      { type: "text-end", id: "p2" },
    ];
    const { all } = pushEach(aiSdkAdapter.create({ sessionId: "s" }), records);
    expect(limits(all)).toEqual([]);
    expect(finals(all).map((e) => [e.partId, e.payload?.text])).toEqual([
      ["p1", ""],
      ["p2", "b"],
    ]);
  });
});

describe("assistant-stream part text", () => {
  const adapt = (records: unknown[]) => pushEach(assistantStreamAdapter.create({ sessionId: "s" }), records);
  const text = (chars: number) => [
    { type: "part-start", path: [], part: { type: "text" } },
    { type: "text-delta", path: [0], textDelta: "a".repeat(chars - 1) },
    { type: "text-delta", path: [0], textDelta: "b" },
    { type: "part-finish", path: [0] },
  ];

  it(`TEXT-04 ENV-09 past ${MAX_PART_TEXT_CHARS} characters one warning and no final; ${MAX_PART_TEXT_CHARS} fit`, () => {
    const past = adapt(text(MAX_PART_TEXT_CHARS + 1)).all;
    expect([limits(past), finals(past), ofType(past, "text.delta").length]).toEqual([[LIMIT], [], 2]);
    const fit = adapt(text(MAX_PART_TEXT_CHARS)).all;
    expect([limits(fit), finals(fit).length]).toEqual([[], 1]);
  });
});
