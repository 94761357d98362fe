import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createRecordFramer,
  createSequenceVerifier,
  createValidationContext,
  offloadLargeValues,
  parseRecords,
  redact,
  utf8Length,
  validateEvent,
  validateRuntimeRecord,
  verifySequence,
} from "../src/index";

const anyInput = fc.oneof(fc.jsonValue(), fc.anything());
const eventLike = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom("tool.started", "tool.result", "action.required", "run.finished", "text.delta"),
      fc.string(),
    ),
    eventId: fc.oneof(fc.string(), fc.integer()),
    sequence: fc.oneof(fc.integer({ min: -2, max: 20 }), fc.double(), fc.string()),
    toolCallId: fc.constantFrom("c1", "c2", undefined),
    actionId: fc.constantFrom("a1", undefined),
    turnId: fc.constantFrom("t1", "t2", undefined),
    payload: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe("bad input never crashes (ENV-09, FALL-02)", () => {
  it("validateEvent returns diagnostics for any value, with and without a context", () => {
    const context = createValidationContext();
    fc.assert(
      fc.property(fc.oneof(anyInput, eventLike), (value) => {
        expect(Array.isArray(validateEvent(value))).toBe(true);
        expect(Array.isArray(validateEvent(value, context))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("validateRuntimeRecord returns diagnostics for any value", () => {
    fc.assert(
      fc.property(fc.oneof(anyInput, eventLike), (value) => {
        expect(Array.isArray(validateRuntimeRecord(value))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("parseRecords accounts for every non-blank JSONL line: a record or a diagnostic", () => {
    const line = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string().filter((s) => !s.includes("\n") && !s.includes("\r")),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const text = lines.join("\n");
        const result = parseRecords(text);
        if (result.format === "jsonl") {
          const nonBlank = lines.filter((l) => l.trim() !== "").length;
          expect(result.records.length + result.diagnostics.length).toBe(nonBlank);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("parseRecords and the incremental framer end on any text of JSON's structural characters, however cut", () => {
    // Brackets, braces, commas, quotes, escapes and line breaks in any order: the inputs that steer the
    // array, object, SSE and data-stream scanners into their edge states.
    const text = fc.string({
      unit: fc.constantFrom("[", "]", "{", "}", ",", '"', "\\", "\n", "\r", " ", "1", "a", ":", "d"),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 7 }), (input, step) => {
        expect(Array.isArray(parseRecords(input).records)).toBe(true);
        const framer = createRecordFramer({ record: () => {}, diagnostic: () => {} });
        for (let i = 0; i < input.length; i += step) framer.push(input.slice(i, i + step));
        framer.end();
        expect(framer.pending).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("parseRecords never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const result = parseRecords(text);
        expect(Array.isArray(result.records)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("the verifier never throws, in push mode or batch mode", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyInput, eventLike), { maxLength: 30 }), (events) => {
        const verifier = createSequenceVerifier();
        for (const event of events) verifier.push(event);
        verifier.finalize();
        expect(Array.isArray(verifySequence(events))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("SEC-02 redaction properties", () => {
  it("redact never throws and never mutates its input", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = JSON.stringify(value);
        redact(value);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => void redact(value)),
      { numRuns: 200 },
    );
  });

  it("redact is idempotent: a redacted value has nothing left to redact", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = redact(value).value;
        expect(redact(once).redactions).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("offload leaves no inline string above the limit", () => {
    const limit = 64;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { value: result } = offloadLargeValues(value, { limitBytes: limit, previewChars: 16 });
        const stack: unknown[] = [result];
        while (stack.length > 0) {
          const item = stack.pop();
          if (typeof item === "string") expect(utf8Length(item)).toBeLessThanOrEqual(limit);
          else if (item && typeof item === "object") stack.push(...Object.values(item));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("ORD-01/05 shuffled streams are never silent", () => {
  it("any reordering or loss of a sequenced stream yields out_of_order or sequence_gap", () => {
    const stream = fc.integer({ min: 3, max: 30 }).chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i + 1),
          { minLength: n, maxLength: n },
        ),
        fc.integer({ min: 0, max: n - 2 }),
        fc.boolean(),
      ),
    );
    fc.assert(
      fc.property(stream, ([, order, dropAt, drop]) => {
        const sequences = drop ? order.filter((_, i) => i !== dropAt) : order;
        // A stream may start anywhere (it can be an excerpt), so only a break inside it is detectable.
        const contiguous = sequences.every((s, i) => i === 0 || s === sequences[i - 1] + 1);
        fc.pre(!contiguous);
        const context = createValidationContext();
        const found = sequences.flatMap((sequence) =>
          validateEvent({ type: "run.status", eventId: `e${sequence}`, sequence, sessionId: "s" }, context),
        );
        expect(found.some((d) => d.code === "out_of_order" || d.code === "sequence_gap")).toBe(true);
        const verified = verifySequence(
          sequences.map((sequence) => ({ type: "run.status", sequence, sessionId: "s" })),
        );
        expect(verified.some((d) => d.code === "out_of_order" || d.code === "sequence_gap")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("pathological JSON (huge strings, deep nesting) never crashes", () => {
  const deep = JSON.parse(`${"[".repeat(20_000)}{"password":"p"}${"]".repeat(20_000)}`);
  const huge = "x".repeat(5_000_000);

  it("validateEvent bounds what it quotes from megabyte strings", () => {
    const d = validateEvent({ type: huge, eventId: huge, payload: { deep } });
    expect(d.map((x) => x.code)).toEqual(["unknown_event_class"]);
    expect(JSON.stringify(d).length).toBeLessThan(2_000);
  });

  it("redact, offload, the verifier and runtime validation survive 20 000 levels of nesting", () => {
    const redacted = redact({ payload: deep });
    expect(redacted.redactions.map((r) => r.reason)).toEqual(["depth_limit"]);
    // The subtree past the walk limit is measured without recursion and offloaded where the walk stopped.
    const paths = offloadLargeValues({ deep, huge }, { limitBytes: 1024 }).offloaded.map((o) => o.path);
    expect(paths).toContain("/huge");
    expect(paths.some((path) => path.startsWith("/deep/0/0/0"))).toBe(true);
    expect(
      verifySequence([{ type: "tool.result", toolCallId: huge, payload: deep }])[0].message.length,
    ).toBeLessThan(300);
    expect(Array.isArray(validateRuntimeRecord({ type: "turn.started", payload: deep }))).toBe(true);
  });
});
