// ORD-01/02: every adapter numbers its events per stream (`streamKeyOf`): for each stream key the assigned
// sequences are 1..n in emission order — no gap another stream's diagnostic left behind, no repeat. Swept
// over the real peer streams and the official Lime fixtures, then as a property over shuffled, duplicated
// and hostile records mixed into each format's records.
import { readFileSync } from "node:fs";
import { ADAPTERS, Emitter, adaptRecords } from "@agent-ui/adapters";
import { type AgentUiEvent, type FramedRecord, parseRecords, streamKeyOf } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const SHARED = new URL("../../../../shared/", import.meta.url);
const stream = (name: string): FramedRecord[] =>
  parseRecords(readFileSync(new URL(`peers/streams/${name}`, SHARED), "utf8")).records;

/** The captured peer streams, by the adapter that reads them. */
const PEER_STREAMS: Record<string, string[]> = {
  "ag-ui": [
    "agui.http.events.jsonl",
    "agui.interrupt.events.jsonl",
    "agui.resume.events.jsonl",
    "agui.run-tool-state.events.jsonl",
  ],
  "ai-sdk": [
    "ai-sdk.text-tool.uimessagechunks.jsonl",
    "ai-sdk.text-tool.sse.txt",
    "ai-sdk.approval-request.uimessagechunks.jsonl",
    "ai-sdk.approval-resume.uimessagechunks.jsonl",
  ],
  a2a: ["a2a.task-artifact-input-required.client-events.jsonl", "a2a.final-task.json"],
  "claude-agent-sdk": ["claude-agent-sdk.bash-tool.sdkmessages.jsonl"],
  codex: [
    "codex-sdk.exec-patch-plan.threadevents.jsonl",
    "codex-sdk.text-only-default-model.threadevents.jsonl",
  ],
  langgraph: ["langgraph.run1-interrupt.stream-chunks.jsonl", "langgraph.run2-resume.stream-chunks.jsonl"],
  mcp: ["mcp.tool-progress-elicitation.jsonrpc.jsonl"],
  "openai-agents": [
    "openai-agents.approval.runstreamevents.jsonl",
    "openai-agents.approval-resume.runstreamevents.jsonl",
  ],
};

const LIME_FIXTURES = [
  "submit-turn-event.json",
  "routing-single-candidate-event.json",
  "tool-approval-action-required-event.json",
  "task-retry-attempt-failed-event.json",
  "evidence-export-event.json",
  "thread-read-snapshot.json",
  "benchmark-trial-pack.json",
].map(
  (name) =>
    JSON.parse(
      readFileSync(new URL(`fixtures/agentruntime/fixtures/lime-profile/${name}`, SHARED), "utf8"),
    ) as Record<string, unknown>,
);

const OPTION_VARIANTS = [{}, { sessionId: "host-session" }, { streamId: "host-stream" }] as const;

/** Assigned sequences per stream key, in emission order. */
function sequencesByStream(events: AgentUiEvent[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const event of events) {
    if (event.sequence === undefined) continue;
    const key = streamKeyOf(event);
    const list = out.get(key) ?? [];
    list.push(event.sequence);
    out.set(key, list);
  }
  return out;
}

function expectGapless(events: AgentUiEvent[], label: string): void {
  for (const [key, sequences] of sequencesByStream(events))
    expect(sequences, `${label}: stream ${key}`).toEqual(sequences.map((_, i) => i + 1));
}

/**
 * A source that numbers its own records (Lime, our own envelope): those numbers are kept, and no two
 * different facts share a position (a redelivered record is the same fact, with the same eventId).
 */
function expectSourceOrderKept(events: AgentUiEvent[], label: string): void {
  const holder = new Map<string, string | undefined>();
  for (const event of events) {
    if (event.sequence === undefined) continue;
    const position = `${streamKeyOf(event)}#${event.sequence}`;
    if (holder.has(position))
      expect(event.eventId, `${label}: ${position} taken by two facts`).toBe(holder.get(position));
    else holder.set(position, event.eventId);
  }
}

/** Adapters that keep the source's own sequence numbers instead of numbering events themselves. */
const SOURCE_SEQUENCED = new Set(["lime", "agent-ui"]);

describe("ORD-01 the shared emitter counts per stream key", () => {
  it("ORD-01 events of another stream (a session-less diagnostic) leave no gap in the session stream", () => {
    const emitter = new Emitter("test");
    const a = emitter.event("run.started", { sessionId: "s1" });
    const diagnostic = emitter.diagnostic("runtime_info", "info", "no session here");
    const b = emitter.event("run.finished", { sessionId: "s1" });
    expect([a.sequence, b.sequence]).toEqual([1, 2]);
    expect([streamKeyOf(diagnostic), diagnostic.sequence]).toEqual(["default", 1]);
    // Ids stay unique across streams even though both streams start at 1.
    expect(new Set([a.eventId, b.eventId, diagnostic.eventId]).size).toBe(3);
  });

  it("ORD-01 a bound session stamps the record's diagnostics into its stream at the next position", () => {
    const emitter = new Emitter("test", { sessionId: "host" });
    emitter.bindSession("source-session");
    const started = emitter.event("run.started");
    const unsupported = emitter.unsupported({ type: "mystery" }, { index: 1 });
    const named = emitter.event("run.status", { sessionId: "other" });
    expect([started, unsupported].map((e) => [e.sessionId, e.sequence])).toEqual([
      ["source-session", 1],
      ["source-session", 2],
    ]);
    expect([named.sessionId, named.sequence]).toEqual(["other", 1]);
    emitter.bindSession(undefined);
    expect(emitter.event("run.status")).toMatchObject({ sessionId: "host", sequence: 1 });
  });

  it("ORD-01 a source-given sequence moves only its own stream's counter", () => {
    const emitter = new Emitter("test");
    emitter.event("text.delta", { sessionId: "a", sequence: 7 });
    expect(emitter.event("text.delta", { sessionId: "a" }).sequence).toBe(8);
    expect(emitter.event("text.delta", { sessionId: "b" }).sequence).toBe(1);
  });

  it("ORD-01 a source-sequenced emitter never assigns a position a later source record could claim", () => {
    const emitter = new Emitter("test", {}, { sourceSequenced: true });
    const snapshot = emitter.event("session.hydrated", { sessionId: "s" });
    const first = emitter.event("run.started", { sessionId: "s", sequence: 1 });
    const second = emitter.event("run.status", { sessionId: "s" });
    expect(snapshot.sequence).toBeUndefined();
    expect(second.sequence).toBeUndefined();
    expect(first.sequence).toBe(1);
    expect(new Set([snapshot.eventId, first.eventId, second.eventId]).size).toBe(3);
  });
});

describe("ORD-01 per-stream sequences over the real peer streams", () => {
  for (const [format, names] of Object.entries(PEER_STREAMS))
    for (const name of names)
      it.each(OPTION_VARIANTS.map((options) => [JSON.stringify(options), options] as const))(
        `ORD-01 ${format} ${name} with options %s: each stream counts 1..n`,
        (_label, options) => {
          const { events } = adaptRecords(stream(name), format, options);
          expect(events.length).toBeGreaterThan(0);
          expectGapless(events, name);
        },
      );

  it("ORD-01 two streams read by one adapter in a row keep counting in their own stream", () => {
    const records = [
      ...stream("ai-sdk.approval-request.uimessagechunks.jsonl"),
      ...stream("ai-sdk.approval-resume.uimessagechunks.jsonl"),
    ].map((r) => r.value);
    expectGapless(adaptRecords(records, "ai-sdk").events, "ai-sdk request+resume");
  });

  it("ORD-01 Lime fixtures keep the runtime's own sequences and never repeat one", () => {
    const { events } = adaptRecords(LIME_FIXTURES, "lime");
    expectSourceOrderKept(events, "lime fixtures");
    const bySource = events.filter((e) => e.sequence !== undefined).map((e) => e.sequence);
    // Every runtime-sequenced record keeps its own position (submit 1, routing 3, approval 7, …).
    expect(bySource).toEqual(expect.arrayContaining([1, 3, 7, 32, 58]));
  });
});

/** Records no adapter understands, and records of the wrong shape: each becomes a diagnostic. */
const HOSTILE: unknown[] = [
  null,
  42,
  "text",
  [],
  {},
  { type: 42 },
  { type: "zz-unknown-chunk" },
  { type: "text-delta" },
  { type: "tool-output-available" },
  { session_id: "other-session", type: "mystery" },
  { sessionId: "other-session", type: "mystery.class", sequence: 3 },
];

/** Records of a format its captured streams lack (chunk types added after the capture). */
const EXTRA: Record<string, unknown[]> = {
  "ai-sdk": [
    { type: "reset-step" },
    { type: "reasoning-file", mediaType: "image/png", url: "data:image/png;base64,iVBORw0KGgo=" },
    { type: "tool-output-denied", toolCallId: "call-9" },
    { type: "tool-output-error", toolCallId: "call-1", errorText: "boom" },
  ],
  // assistant-stream chunks (path-addressed parts), in the package's documented shape.
  "assistant-stream": [
    { type: "step-start", path: [], messageId: "m1" },
    { type: "part-start", path: [], part: { type: "text" } },
    { type: "text-delta", path: [0], textDelta: "Hi" },
    { type: "part-finish", path: [0] },
    { type: "part-start", path: [], part: { type: "tool-call", toolCallId: "c1", toolName: "ls" } },
    { type: "text-delta", path: [1], textDelta: '{"a":1}' },
    { type: "tool-call-approval", path: [1], approval: { id: "ap1" } },
    { type: "tool-call-approval", path: [1], approval: { id: "ap1", approved: true } },
    { type: "result", path: [1], result: "ok", isError: false },
    { type: "part-start", path: [], part: { type: "text", parentId: "sub" } },
    { type: "part-start", path: [], part: { type: "data", name: "p", data: 1 } },
    { type: "message-finish", path: [], finishReason: "stop", usage: { inputTokens: 0, outputTokens: 0 } },
    { type: "error", path: [], error: "boom" },
  ],
  // AI SDK 4 data stream lines, as framing reads them.
  "ai-sdk-data-stream": [
    { type: "f", value: { messageId: "m1" } },
    { type: "0", value: "Hi" },
    { type: "g", value: "hmm" },
    { type: "b", value: { toolCallId: "c1", toolName: "ls" } },
    { type: "c", value: { toolCallId: "c1", argsTextDelta: "{}" } },
    { type: "a", value: { toolCallId: "c1", result: 1 } },
    { type: "aui-text-delta", value: { textDelta: "sub", parentId: "s" } },
    { type: "2", value: [1, 2] },
    { type: "d", value: { finishReason: "stop" } },
    { type: "3", value: "boom" },
  ],
  // LangGraph streaming protocol v2 events.
  "langgraph-v2": [
    { type: "event", method: "lifecycle", params: { namespace: [], data: { event: "running" } } },
    { type: "event", method: "values", params: { namespace: ["r:1"], data: { messages: [] } } },
    {
      type: "event",
      method: "messages",
      params: { namespace: ["a:1"], data: { event: "message-start", id: "m1" } },
    },
    {
      type: "event",
      method: "messages",
      params: {
        namespace: ["a:1"],
        data: { event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "Hi" } },
      },
    },
    {
      type: "event",
      method: "input.requested",
      params: { namespace: [], data: { interrupt_id: "i1", payload: "ok?" } },
    },
    {
      type: "event",
      method: "tools",
      params: { namespace: [], data: { event: "tool-error", tool_call_id: "c1", message: "x" } },
    },
    { type: "event", method: "lifecycle", params: { namespace: [], data: { event: "completed" } } },
  ],
};

/** Per adapter: its own real records, plus the hostile ones. */
function poolOf(format: string): unknown[] {
  const own =
    format === "lime"
      ? LIME_FIXTURES
      : (PEER_STREAMS[format] ?? []).flatMap((name) => stream(name).map((r) => r.value));
  return [...own, ...(EXTRA[format] ?? []), ...HOSTILE];
}

describe("ORD-01/02 property: any mix of records, duplicates and bad input keeps each stream gapless", () => {
  for (const module of ADAPTERS) {
    const pool = poolOf(module.format);
    it(`ORD-02 ${module.format}: shuffled, repeated and hostile records never leave a gap or repeat`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(pool.length - 1), { maxLength: 40 }),
          // A source that numbers per session (Lime) merged into one caller-named stream would mix two
          // sessions' numbers: a caller-set `streamId` suits a single-session source only.
          fc.constantFrom(
            ...(SOURCE_SEQUENCED.has(module.format) ? OPTION_VARIANTS.slice(0, 2) : OPTION_VARIANTS),
          ),
          (picks, options) => {
            const records = picks.map((i) => pool[i]);
            const { events } = adaptRecords(records, module.format, options);
            // Lime and our own envelope keep the source's numbers (gaps in the source are the source's);
            // every other adapter numbers its own events.
            if (SOURCE_SEQUENCED.has(module.format)) expectSourceOrderKept(events, module.format);
            else expectGapless(events, module.format);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
