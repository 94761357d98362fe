import { describe, expect, it } from "vitest";
import {
  Emitter,
  safeOptionsOf,
  safePayload,
  safeText,
  safeValue,
  artifactKindOf,
  normalizeMessages,
  toActionType,
  REDACTED,
  adaptRecords,
  camelToSnake,
  compact,
  contentHash,
  detailOf,
  detectFormat,
  noneMapped,
  parseJson,
  previewOf,
  readArray,
  readBoolean,
  readCorrelationIds,
  readNumber,
  readRecord,
  readString,
  redactJsonText,
  safeSummary,
  snakeToCamel,
} from "../src";
import type { AdapterModule, KeptDetail } from "../src";
import { appendedSuffix } from "../src/shared/growing-text";
import { restatedEvent } from "../src/shared/restated";
import { safePreview } from "../src/shared/safe-preview";

describe("Emitter: envelope identity, order and provenance (ENV-02, ORD-01)", () => {
  it("ORD-01 numbers each stream on its own and stamps the stream, session and source", () => {
    const emitter = new Emitter("fmt", { sessionId: "s0" });
    const a = emitter.event("text.delta", { streamId: "A" }, { index: 3, sourceType: "x" });
    const b = emitter.event("text.delta", { streamId: "B" });
    const c = emitter.event("text.delta", { streamId: "A" }, { sourceEventId: "src-1" });
    const d = emitter.event("text.delta");
    expect([a, b, c, d].map((e) => [e.eventId, e.sequence, e.streamId, e.sessionId])).toEqual([
      ["fmt:A:1", 1, "A", "s0"],
      ["fmt:B:1", 1, "B", "s0"],
      ["fmt:src-1:text.delta", 2, "A", "s0"],
      ["fmt:s0:1", 1, undefined, "s0"],
    ]);
    expect(a.source).toEqual({ format: "fmt", index: 3, sourceType: "x" });
    expect(d.source).toEqual({ format: "fmt" });
    // Class defaults fill the taxonomy unless the adapter set them.
    expect([a.owner, a.scope, a.surface, a.persistence]).toEqual([
      "model",
      "part",
      "message_parts",
      "ephemeral_live",
    ]);
    const own = emitter.event("text.delta", { owner: "agent" });
    expect(own.owner).toBe("agent");
    expect(emitter.event("custom.class").owner).toBeUndefined();
  });

  it("ORD-01 a source-given sequence moves its stream's counter past it, never backwards", () => {
    const emitter = new Emitter("fmt");
    expect(emitter.event("text.delta", { sequence: 5 }).sequence).toBe(5);
    expect(emitter.event("text.delta").sequence).toBe(6);
    expect(emitter.event("text.delta", { sequence: 2 }).sequence).toBe(2);
    const next = emitter.event("text.delta");
    expect([next.sequence, next.eventId]).toEqual([7, "fmt:default:7"]);
  });

  it("ORD-01 a source-sequenced emitter never assigns a number; its own events get u-numbered ids", () => {
    const emitter = new Emitter("lime", { streamId: "st" }, { sourceSequenced: true });
    const own = emitter.event("diagnostic.changed", {
      sequence: undefined,
      source: { format: "x" },
    } as never);
    expect(own.sequence).toBeUndefined();
    expect("sequence" in own).toBe(false);
    expect(own.eventId).toBe("lime:st:u1");
    expect(emitter.event("text.delta").eventId).toBe("lime:st:u2");
    const sourced = emitter.event("text.delta", { sequence: 9 });
    expect([sourced.sequence, sourced.eventId]).toEqual([9, "lime:st:9"]);
  });

  it("ENV-02 a bound session stamps every following event until unbound; the event's own wins", () => {
    const emitter = new Emitter("fmt", { sessionId: "opt" });
    emitter.bindSession("bound");
    expect(emitter.event("text.delta").sessionId).toBe("bound");
    expect(emitter.event("text.delta", { sessionId: "own" }).sessionId).toBe("own");
    expect(emitter.sessionOf()).toBe("bound");
    emitter.bindSession(undefined);
    expect(emitter.event("text.delta").sessionId).toBe("opt");
  });

  it("ORD-01 a derived event has no position and records the source sequence", () => {
    const emitter = new Emitter("fmt", { streamId: "st" });
    const derived = emitter.derivedEvent(
      "run.status",
      { eventId: "p:run.status", sequence: 4, sessionId: "s" },
      { index: 2 },
    );
    expect(derived).toMatchObject({ eventId: "p:run.status", streamId: "st", sessionId: "s" });
    expect("sequence" in derived).toBe(false);
    expect(derived.source).toEqual({ format: "fmt", index: 2, sequence: 4 });
    const plain = emitter.derivedEvent("run.status", { eventId: "q" });
    expect(plain.source).toEqual({ format: "fmt" });
    // The counter was not moved by the derived event.
    expect(emitter.event("text.delta").sequence).toBe(1);
  });

  it("ENV-02 an owned fields object becomes the event itself", () => {
    const emitter = new Emitter("fmt");
    const fields = { payload: { a: 1 } };
    const event = emitter.event("text.delta", fields, {}, true);
    expect(event).toBe(fields);
    expect(event.type).toBe("text.delta");
    const copy = emitter.event("text.delta", fields);
    expect(copy).not.toBe(fields);
  });

  it("DIAG-01 diagnostic() carries code, severity, message and an optional summary", () => {
    const emitter = new Emitter("fmt");
    const plain = emitter.diagnostic("bad_thing", "error", "it broke", { index: 1 }, { runId: "r" });
    expect(plain.payload).toEqual({ code: "bad_thing", severity: "error", message: "it broke" });
    expect(plain.runId).toBe("r");
    expect(plain.type).toBe("diagnostic.changed");
    const withSummary = emitter.diagnostic("c", "info", "m", {}, {}, { kind: "object" });
    expect(withSummary.payload).toEqual({
      code: "c",
      severity: "info",
      message: "m",
      summary: { kind: "object" },
    });
  });

  it("DIAG-02 an unmappable record is a warning with its index and a value-free summary", () => {
    const emitter = new Emitter("fmt");
    const withIndex = emitter.unsupported({ type: "odd", secret: "sk-123" }, { index: 7 }, undefined, {
      runId: "r",
    });
    expect(withIndex).toMatchObject({
      type: "diagnostic.changed",
      runId: "r",
      owner: "diagnostics",
      surface: "diagnostics",
      persistence: "diagnostics_log",
      payload: {
        code: "unsupported_source_event",
        severity: "warning",
        message: "fmt record #7: not understood by this adapter",
        summary: { kind: "object", keys: ["type", "secret"], type: "odd" },
      },
    });
    expect(emitter.unsupported(1, {}, "why").payload?.message).toBe("fmt record: why");
  });

  it("DIAG-02 guard turns a thrown error into a diagnostic naming it; a non-Error says unknown", () => {
    const emitter = new Emitter("fmt");
    const thrown = emitter.guard({ type: "t" }, { index: 0 }, () => {
      throw new Error("boom");
    });
    expect(thrown.map((e) => e.payload?.message)).toEqual(["fmt record #0: adapter error: boom"]);
    const odd = emitter.guard(null, {}, () => {
      throw "text";
    });
    expect(odd[0].payload?.message).toBe("fmt record: adapter error: unknown error");
    const ok = emitter.guard(null, {}, () => [emitter.event("text.delta")]);
    expect(ok.map((e) => e.type)).toEqual(["text.delta"]);
  });

  it("SEC-02 safeSummary describes a record by shape only", () => {
    expect(safeSummary(null)).toEqual({ kind: "null" });
    expect(safeSummary(3)).toEqual({ kind: "number" });
    expect(safeSummary("x")).toEqual({ kind: "string" });
    expect(safeSummary([1, 2])).toEqual({ kind: "array", length: 2 });
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i]));
    expect(safeSummary(many).keys).toHaveLength(20);
    expect(
      safeSummary({ type: "a", kind: "b", event: "c", method: "d", $case: "e", other: "f", n: 1 }),
    ).toEqual({
      kind: "b",
      keys: ["type", "kind", "event", "method", "$case", "other", "n"],
      type: "a",
      event: "c",
      method: "d",
      $case: "e",
    });
    expect(safeSummary({ type: "t".repeat(100) }).type).toBe(`${"t".repeat(80)}…`);
    expect(safeSummary({ type: 5 })).toEqual({ kind: "object", keys: ["type"] });
  });
});

describe("record readers (ENV-09, §E-4)", () => {
  it("ENV-09 readers take the first key of the right type and ignore the rest", () => {
    const source = { a: "", b: 1, c: "x", d: Number.NaN, e: 2, f: true, g: [1], h: { k: 1 }, i: null };
    expect(readString(source, "a", "b", "c")).toBe("x");
    expect(readString(source, "a", "b")).toBeUndefined();
    expect(readString("s", "a")).toBeUndefined();
    expect(readNumber(source, "c", "d", "e")).toBe(2);
    expect(readNumber(source, "d")).toBeUndefined();
    expect(readNumber([], "a")).toBeUndefined();
    expect(readBoolean(source, "b", "f")).toBe(true);
    expect(readBoolean(source, "b")).toBeUndefined();
    expect(readBoolean(null, "f")).toBeUndefined();
    expect(readRecord(source, "g", "i", "h")).toEqual({ k: 1 });
    expect(readRecord(source, "g", "i")).toBeUndefined();
    expect(readRecord(undefined, "h")).toBeUndefined();
    expect(readArray(source, "h", "g")).toEqual([1]);
    expect(readArray(source, "h")).toBeUndefined();
    expect(readArray(1, "g")).toBeUndefined();
  });

  it("ENV-04 correlation ids: camelCase first, snake_case alias, only non-empty strings", () => {
    expect(
      readCorrelationIds({
        runId: "",
        run_id: "r1",
        toolCallId: "tc",
        tool_call_id: "x",
        turn_id: 5,
        taskId: "t",
      }),
    ).toEqual({ runId: "r1", toolCallId: "tc", taskId: "t" });
    expect(readCorrelationIds("x")).toEqual({});
    expect(snakeToCamel("tool_call_id_2x")).toBe("toolCallId2x");
    expect(camelToSnake("toolCallId")).toBe("tool_call_id");
    expect(compact({ a: 1, b: undefined, c: null })).toEqual({ a: 1, c: null });
    expect("b" in compact({ a: 1, b: undefined })).toBe(false);
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson("{nope")).toBeUndefined();
  });
});

describe("safe previews and kept details (SEC-03, TOOL-03)", () => {
  it("SEC-03 secret-looking JSON fields are redacted in text that does not parse yet", () => {
    const text = '{"api_key": "abc", "token":"t1", "name": "n", "Authorization" : "Bearer x';
    expect(redactJsonText(text)).toBe(
      `{"api_key": "${REDACTED}", "token":"${REDACTED}", "name": "n", "Authorization" : "${REDACTED}`,
    );
  });

  it("TOOL-03 previews are cut at the limit with an ellipsis; undefined stays undefined", () => {
    expect(previewOf(undefined)).toBeUndefined();
    expect(previewOf("abcdef", 3)).toBe("abc…");
    expect(previewOf("abc", 3)).toBe("abc");
    expect(previewOf({ a: 1 })).toBe('{"a":1}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(typeof previewOf(cyclic)).toBe("string");
    expect(previewOf(() => 1)).toBe("() => 1");
  });

  it("TOOL-03 a kept detail is named by its UTF-8 size and content hash", () => {
    expect(detailOf("é")).toEqual({
      ref: `detail://body/2-${contentHash("é")}`,
      mediaType: "text/plain",
      bytes: 2,
      body: "é",
    });
    expect(detailOf({ a: 1 })).toMatchObject({
      mediaType: "application/json",
      body: '{\n  "a": 1\n}',
      bytes: 12,
    });
    expect(contentHash("")).toBe("811c9dc59747b28c");
    expect(contentHash("a")).toMatch(/^[0-9a-f]{16}$/);
    expect(contentHash("a")).not.toBe(contentHash("b"));
    expect(contentHash("ab")).not.toBe(contentHash("ba"));
  });
});

describe("adaptRecords and detection outcomes (ENV-01, DIAG-02)", () => {
  const probe = (format: string, score: number, events = true): AdapterModule => ({
    format,
    description: format,
    detect: () => score,
    create: () => ({
      format,
      push: (value, index) =>
        events && (value as { ok?: boolean }).ok
          ? [new Emitter(format).event("text.delta", {}, { index })]
          : [new Emitter(format).unsupported(value, { index })],
      finish: () => [],
    }),
  });

  it("ENV-01 an unknown format names every known one; an unsure detection lists its candidates", () => {
    const adapters = [probe("one", 0.4), probe("two", 0.3), probe("three", 0), probe("four", 0.1)];
    const unknown = adaptRecords([{ a: 1 }], "nope", { adapters });
    expect(unknown.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["unsupported_source_event", "error", 'unknown format "nope"; known formats: one, two, three, four'],
    ]);
    const unsure = adaptRecords([{ a: 1 }, 5, { b: 2 }], "auto", { adapters });
    expect(unsure.detected).toEqual({
      format: "unknown",
      confidence: 0.4,
      reason:
        "no adapter is sure of the first 2 record(s) (below 0.5); candidates: one 0.40, two 0.30, four 0.10",
      candidates: [
        { format: "one", score: 0.4 },
        { format: "two", score: 0.3 },
        { format: "four", score: 0.1 },
      ],
    });
    expect(unsure.diagnostics[0].message).toBe(
      `could not detect the input format: ${unsure.detected?.reason}; pass one of: one, two, three, four`,
    );
    expect(detectFormat([{ a: 1 }], 5, [probe("z", 0)]).reason).toBe(
      "no adapter recognised the first 1 record(s)",
    );
    expect(detectFormat([1, "x"], 5, adapters)).toEqual({
      format: "unknown",
      confidence: 0,
      reason: "no JSON object or array records to sample",
      candidates: [],
    });
  });

  it("ENV-01 detection averages the sample, clamps scores and treats a throwing detector as 0", () => {
    const thrower: AdapterModule = {
      ...probe("thrower", 1),
      detect: () => {
        throw new Error("x");
      },
    };
    const adapters = [thrower, probe("high", 7), probe("nan", Number.NaN)];
    const result = detectFormat([{ a: 1 }, { b: 1 }, { c: 1 }], 2, adapters);
    expect(result).toEqual({
      format: "high",
      confidence: 1,
      reason: "high scored 1 over 2 record(s) (next best 0)",
      candidates: [{ format: "high", score: 1 }],
    });
    expect(adaptRecords([], "auto", { adapters })).toEqual({
      events: [],
      diagnostics: [],
      details: new Map(),
    });
  });

  it("DIAG-02 an input of which nothing was mapped says so first, with the counts", () => {
    const adapters = [probe("only", 1)];
    const none = adaptRecords([{ a: 1 }, { b: 1 }], "only", { adapters });
    expect(none.diagnostics.map((d) => d.code)).toEqual([
      "no_records_mapped",
      "unsupported_source_event",
      "unsupported_source_event",
    ]);
    expect(none.diagnostics[0].message).toBe(
      "the only adapter mapped none of the 2 record(s) (2 diagnostic(s)): the input is probably another format; pass --from with the right one",
    );
    expect(none.diagnostics[1]).toMatchObject({
      severity: "warning",
      message: "only record #0: not understood by this adapter",
      eventRef: { index: 0, eventId: "only:default:1", type: "diagnostic.changed", sequence: 1 },
    });
    expect(noneMapped("f", 1, 0)?.message).toBe(
      "the f adapter mapped none of the 1 record(s): the input is probably another format; pass --from with the right one",
    );
    expect(noneMapped("f", 0, 0)).toBeUndefined();
    const some = adaptRecords([{ ok: true }, { b: 1 }], "only", { adapters });
    expect(some.diagnostics.map((d) => d.code)).toEqual(["unsupported_source_event"]);
  });
});

describe("vocabularies and message lists (ART, §E-5, TEXT-08)", () => {
  it("ART-01 an artifact's kind comes from its media type first, then its file extension", () => {
    const cases: [string | undefined, string | undefined, string][] = [
      [undefined, "IMAGE/PNG", "image"],
      [undefined, "text/csv", "table"],
      [undefined, "text/tab-separated-values", "table"],
      [undefined, "text/markdown", "document"],
      [undefined, "text/html", "document"],
      [undefined, "application/pdf", "document"],
      [undefined, "application/json", "dataset"],
      [undefined, "application/x-ndjson", "dataset"],
      [undefined, "text/x-diff", "diff"],
      [undefined, "text/x-patch", "diff"],
      [undefined, "application/zip", "bundle"],
      [undefined, "application/gzip", "bundle"],
      ["a.py", "text/csv", "table"],
      ["main.TS", undefined, "code"],
      ["report.md", "application/octet-stream", "document"],
      ["data.parquet", "", "dataset"],
      ["notes", "text/plain", "document"],
      ["x.unknownext", "text/plain", "document"],
      [".md", undefined, "unknown"],
      ["file.", undefined, "unknown"],
      ["a.b.csv", undefined, "table"],
      [undefined, undefined, "unknown"],
    ];
    for (const [name, mime, kind] of cases)
      expect([name, mime, artifactKindOf(name, mime)]).toEqual([name, mime, kind]);
  });

  it("HITL-01 source action vocabularies map onto the taxonomy; anything else is unknown", () => {
    expect(
      [
        "tool_permission",
        "plan_review",
        "elicitation",
        "ask_user",
        "permission",
        "auth",
        "review",
        "nope",
        undefined,
      ].map(toActionType),
    ).toEqual([
      "tool_approval",
      "plan_decision",
      "structured_input",
      "clarification",
      "permission_grant",
      "credential_request",
      "artifact_review",
      "unknown",
      "unknown",
    ]);
  });

  it("TEXT-08 a message list keeps id, role, agent, text and tool-call parts; the rest is counted as skipped", () => {
    const { messages, skipped } = normalizeMessages([
      { id: "m1", role: "human", content: "hi" },
      {
        message_id: "m2",
        role: "ai",
        agent_id: "a1",
        content: [
          { type: "text", text: "a" },
          { type: "image", text: "x" },
          { text: "b" },
          { type: "output_text", text: "c" },
        ],
        tool_calls: [{ id: "tc1" }, { name: "no-id" }, { toolCallId: "tc2" }],
      },
      { id: "m3", role: "developer", parts: [{ type: "image" }] },
      { id: "m4", role: "robot" },
      { role: "user" },
      "text",
    ]);
    expect(messages).toEqual([
      { id: "m1", role: "user", text: "hi" },
      {
        id: "m2",
        role: "assistant",
        agentId: "a1",
        text: "abc",
        parts: [
          { kind: "tool_call", toolCallId: "tc1" },
          { kind: "tool_call", toolCallId: "tc2" },
        ],
      },
      { id: "m3", role: "system" },
    ]);
    expect(skipped).toBe(3);
    expect(normalizeMessages({ messages: [] })).toEqual({ messages: [], skipped: 0 });
  });

  it("TEXT-04 a restated text yields its new suffix, nothing when unchanged, undefined when rewritten", () => {
    expect(appendedSuffix("abc", "abcde")).toBe("de");
    expect(appendedSuffix("abc", "abc")).toBe("");
    expect(appendedSuffix("abc", "ab")).toBeUndefined();
    expect(appendedSuffix("abc", "xbcd")).toBeUndefined();
    expect(appendedSuffix("abc", "abXd")).toBeUndefined();
    // Only a bounded window before the join is compared: a rewrite further back waits for the final.
    const long = "a".repeat(100);
    expect(appendedSuffix(long, `b${"a".repeat(99)}!`)).toBe("!");
    expect(appendedSuffix(long, `${"a".repeat(36)}b${"a".repeat(63)}!`)).toBeUndefined();
  });
});

describe("safe values (SEC-01, TOOL-03)", () => {
  it("TOOL-03 a value over the default 16 KiB is offloaded under its content ref and kept", () => {
    const kept: KeptDetail[] = [];
    const small = { text: "x".repeat(16_000) };
    expect(safeValue(small, { keepDetail: (d) => kept.push(d) })).toBe(small);
    expect(kept).toEqual([]);
    const big = "y".repeat(16_400);
    const out = safeValue(big, { keepDetail: (d) => kept.push(d) }) as Record<string, unknown>;
    expect(out).toMatchObject({ ref: detailOf(big).ref, offloaded: true, bytes: 16_402 });
    expect(kept).toEqual([detailOf(big)]);
    // Without a keeper the ref is the same: it names the content, not the keeping.
    expect((safeValue(big) as Record<string, unknown>).ref).toBe(detailOf(big).ref);
    const options = safeOptionsOf({ largePayloadBytes: 20, sessionId: "s" } as never);
    expect(options).toEqual({ largePayloadBytes: 20, keepDetail: undefined });
    const tiny = { a: "z" };
    expect(safePayload(tiny, options)).toBe(tiny);
    const wide = { a: "z".repeat(50) };
    expect(safePayload(wide)).toBe(wide);
    expect(safePayload(wide, options)).toMatchObject({
      offloaded: true,
      ref: expect.stringMatching(/^detail:\/\/body\//),
    });
  });

  it("SEC-03 previews redact secrets whole before cutting", () => {
    const secret = `token=${"A".repeat(40)}`;
    const text = `{"password": "hunter2", "note": "${secret}"}`;
    const preview = safePreview(text, 500) ?? "";
    expect(preview).not.toContain("hunter2");
    expect(preview).toContain(`"password": "${REDACTED}"`);
    expect(safePreview({ apiKey: "sk-abcdefghijklmnopqrstuvwxyz" })).toBe('{"apiKey":"[redacted:api_key]"}');
    expect(safePreview("abcdef", 4)).toBe("abcd…");
    expect(safeText('{"secret":"v"}')).toBe(`{"secret":"${REDACTED}"}`);
  });

  it("ORD-01 a restated fact keeps its id but takes no position and moves no counter", () => {
    const emitter = new Emitter("fmt");
    emitter.event("text.delta");
    const restated = restatedEvent(emitter, "task.changed", { taskId: "t" }, { sourceEventId: "s1" });
    expect(restated.eventId).toBe("fmt:s1:task.changed");
    expect("sequence" in restated).toBe(false);
    expect(emitter.event("text.delta").sequence).toBe(2);
  });
});
