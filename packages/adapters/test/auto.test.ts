import { readFileSync, readdirSync } from "node:fs";
import { type AgentUiEvent, parseRecords, validateEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adaptRecords,
  aguiAdapter,
  aiSdkAdapter,
  agentUiAdapter,
  detectFormat,
  detectFramedFormat,
  limeAdapter,
} from "../src";
import { type LangGraphTuple, sseText } from "./langgraph-sse";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const FIXTURES = new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url);
const framed = (url: URL) => parseRecords(readFileSync(url, "utf8")).records;

/** Every peer stream of the three formats, with the format each must be detected as. */
const PEER_STREAMS: [string, string][] = readdirSync(STREAMS).flatMap((name): [string, string][] => {
  if (name.startsWith("agui.") && name.endsWith(".events.jsonl")) return [[name, "ag-ui"]];
  if (name === "agui.run-tool-state.compacted.jsonl") return [[name, "ag-ui"]];
  if (name.startsWith("ai-sdk.") && (name.endsWith("uimessagechunks.jsonl") || name.endsWith(".sse.txt")))
    return [[name, "ai-sdk"]];
  return [];
});

describe("auto detection and adaptRecords", () => {
  it.each(PEER_STREAMS)("ENV-01 %s is detected as %s and adapts to valid envelopes", (name, format) => {
    const result = adaptRecords(framed(new URL(name, STREAMS)), "auto");
    expect(result.detected?.format).toBe(format);
    expect(result.detected?.confidence).toBeGreaterThan(0.5);
    expect(result.events.length).toBeGreaterThan(0);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // Every adapter output validates against the Agent UI event schema (ENV-01): no error diagnostics.
    for (const event of result.events)
      expect(validateEvent(event).filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each(readdirSync(FIXTURES))(
    "ENV-01 Lime fixture %s is detected as lime and its events validate",
    (name) => {
      const result = adaptRecords(framed(new URL(name, FIXTURES)), "auto");
      expect(result.detected?.format).toBe("lime");
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      for (const event of result.events)
        expect(validateEvent(event).filter((d) => d.severity === "error")).toEqual([]);
    },
  );

  it("adapted events round-trip: adapting our own output with auto picks agent-ui and keeps it unchanged", () => {
    const first = adaptRecords(framed(new URL("agui.run-tool-state.events.jsonl", STREAMS)), "ag-ui").events;
    const again = adaptRecords(first, "auto");
    expect(again.detected?.format).toBe("agent-ui");
    expect(again.events).toEqual(first);
  });

  it("an unknown format or an undetectable input is one clear error diagnostic", () => {
    expect(adaptRecords([{ a: 1 }], "nope").diagnostics).toEqual([
      expect.objectContaining({ code: "unsupported_source_event", severity: "error" }),
    ]);
    const auto = adaptRecords([{ hello: "world" }, 3], "auto");
    expect(auto.detected?.format).toBe("unknown");
    expect(auto.events).toEqual([]);
    expect(auto.diagnostics[0].message).toContain("could not detect");
  });

  it("plain values and framed records give the same events; adapter diagnostics are listed", () => {
    const values = [
      { type: "text-start", id: "t" },
      { type: "bogus-chunk" },
      { type: "text-delta", id: "t", delta: "hi" },
    ];
    const plain = adaptRecords(values, "ai-sdk");
    const viaFrames = adaptRecords(
      values.map((value, index) => ({ value, index, meta: {} })),
      "ai-sdk",
    );
    expect(viaFrames.events).toEqual(plain.events);
    expect(plain.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_source_event",
        eventRef: expect.objectContaining({ index: 1 }),
      }),
    ]);
  });

  it("detectFormat also samples array records (LangGraph tuples)", () => {
    const tuples = readFileSync(new URL("langgraph.run1-interrupt.stream-chunks.jsonl", STREAMS), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(detectFormat(tuples).format).toBe("langgraph");
  });

  it("ENV-01 raw LangGraph Agent Server SSE (known only by its `event:` names) is detected as langgraph", () => {
    const tuples = parseRecords(
      readFileSync(new URL("langgraph.run1-interrupt.stream-chunks.jsonl", STREAMS), "utf8"),
    ).records.map((r) => r.value as LangGraphTuple);
    const framedSse = parseRecords(sseText("run-1", tuples));
    expect(framedSse.format).toBe("sse");
    const result = adaptRecords(framedSse.records, "auto");
    expect(result.detected?.format).toBe("langgraph");
    expect(result.detected?.confidence).toBeGreaterThan(0.5);
    expect(result.events.filter((e) => e.type === "action.required")).toHaveLength(1);
    expect(detectFramedFormat(framedSse.records).format).toBe("langgraph");
    // An `end` frame carries `null`: sampled for its event name, not skipped as a scalar.
    const endOnly = parseRecords(
      'event: end\ndata: null\nid: 9\n\nevent: metadata\ndata: {"run_id":"r"}\n\n',
    );
    expect(detectFramedFormat(endOnly.records).format).toBe("langgraph");
  });

  it("ENV-01 SSE event names other protocols use are not claimed by langgraph", () => {
    const mcp = parseRecords('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n').records;
    expect(detectFramedFormat(mcp).format).not.toBe("langgraph");
  });

  it("detectFormat skips scalars and reports its reason", () => {
    const result = detectFormat([1, "x", { type: "RUN_STARTED", threadId: "t", runId: "r" }]);
    expect(result).toMatchObject({ format: "ag-ui" });
    expect(result.reason).toContain("ag-ui");
  });
});

const MODULES = [limeAdapter, aguiAdapter, aiSdkAdapter, agentUiAdapter];
/** Records shaped like each format (so the fuzz reaches deep into handlers), plus arbitrary JSON. */
const typedRecord = fc.record({
  type: fc.constantFrom(
    "turn.submitted",
    "tool.result",
    "action.required",
    "snapshot.updated",
    "message.batch",
    "RUN_STARTED",
    "RUN_FINISHED",
    "TOOL_CALL_END",
    "ACTIVITY_DELTA",
    "STATE_DELTA",
    "text-delta",
    "tool-approval-request",
    "finish",
    "data-x",
    "file",
    "text.delta",
  ),
  payload: fc.jsonValue(),
  messageId: fc.option(fc.string(), { nil: undefined }),
  toolCallId: fc.option(fc.string(), { nil: undefined }),
  delta: fc.option(fc.jsonValue(), { nil: undefined }),
  outcome: fc.option(fc.jsonValue(), { nil: undefined }),
  input: fc.option(fc.jsonValue(), { nil: undefined }),
  patch: fc.option(fc.jsonValue(), { nil: undefined }),
  sequence: fc.option(fc.integer(), { nil: undefined }),
});

describe("robustness (fast-check)", () => {
  it("ENV-09 any JSON into any adapter never throws, and every output is a typed, identified event", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue(), typedRecord), { maxLength: 12 }), (records) => {
        for (const module of MODULES) {
          const adapter = module.create();
          const events: AgentUiEvent[] = [];
          for (const [i, record] of records.entries()) events.push(...adapter.push(record, i));
          events.push(...adapter.finish());
          for (const event of events) {
            expect(typeof event.type).toBe("string");
            // The passthrough leaves a valid envelope exactly as it came (ids included or not).
            if (module !== agentUiAdapter) expect(typeof event.eventId).toBe("string");
          }
          // Nothing is silently lost: a non-object record always yields at least a diagnostic.
          for (const [i, record] of records.entries())
            if (record === null || typeof record !== "object" || Array.isArray(record))
              expect(events.some((e) => e.source?.index === i)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("ORD-02 adapting the same Lime records twice yields the same event ids (redelivery dedupes)", () => {
    fc.assert(
      fc.property(fc.array(typedRecord, { maxLength: 8 }), (records) => {
        const withIds = records.map((r, i) => ({ ...r, eventId: `e${i}` }));
        const ids = () => adaptRecords(withIds, "lime").events.map((e) => e.eventId);
        expect(ids()).toEqual(ids());
      }),
      { numRuns: 100 },
    );
  });

  it("TEXT-04 however a text is split into deltas, its final equals the deltas joined, exactly once", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 20 }), (pieces) => {
        const whole = pieces.join("");
        const agui = adaptRecords(
          [
            { type: "RUN_STARTED", threadId: "t", runId: "r" },
            { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
            ...pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta })),
            { type: "TEXT_MESSAGE_END", messageId: "m" },
            { type: "RUN_FINISHED", threadId: "t", runId: "r" },
          ],
          "ag-ui",
        ).events;
        const aiSdk = adaptRecords(
          [
            { type: "start", messageId: "m" },
            { type: "text-start", id: "p" },
            ...pieces.map((delta) => ({ type: "text-delta", id: "p", delta })),
            { type: "text-end", id: "p" },
            { type: "finish" },
          ],
          "ai-sdk",
        ).events;
        for (const events of [agui, aiSdk]) {
          const finals = events.filter((e) => e.type === "text.final");
          expect(finals).toHaveLength(1);
          expect((finals[0].payload as { text: string }).text).toBe(whole);
          const deltas = events
            .filter((e) => e.type === "text.delta")
            .map((e) => (e.payload as { delta: string }).delta);
          expect(deltas.join("")).toBe(whole);
        }
      }),
      { numRuns: 200 },
    );
  });
});
