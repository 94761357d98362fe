// The incremental framer against the whole-text framer: the same records and diagnostics for real
// captures (JSONL, SSE, JSON arrays, pretty JSON documents) cut into chunks at random places, records
// out before the input ends, and a line past the limit skipped with a located diagnostic.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  type FramedRecord,
  type FramingResult,
  createRecordFramer,
  parseRecords,
} from "../src/index";

const SHARED = new URL("../../../../shared/", import.meta.url);
const STREAMS = new URL("peers/streams/", SHARED);
const LIME = new URL("fixtures/agentruntime/fixtures/lime-profile/", SHARED);

const captures = [
  ...readdirSync(STREAMS).map((name) => ({ name, text: readFileSync(new URL(name, STREAMS), "utf8") })),
  ...readdirSync(LIME)
    .filter((name) => /\.(jsonl?|txt)$/.test(name))
    .map((name) => ({ name, text: readFileSync(new URL(name, LIME), "utf8") })),
];

function streamed(chunks: readonly string[], maxRecordChars?: number): FramingResult {
  const records: FramedRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const framer = createRecordFramer(
    { record: (r) => records.push(r), diagnostic: (d) => diagnostics.push(d) },
    { maxRecordChars },
  );
  for (const chunk of chunks) framer.push(chunk);
  framer.end();
  return { records, diagnostics, format: framer.format ?? "empty" };
}

/** `text` cut at the given fractions of its length. */
function cut(text: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

const splits = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 });

describe("incremental framing equals whole-text framing", () => {
  it("reads every capture there is", () => expect(captures.length).toBeGreaterThan(30));

  it.each(captures.map((c) => [c.name, c.text]))(
    "%s: every random chunk split frames as parseRecords frames the whole text",
    (_name, text) => {
      const whole = parseRecords(text);
      fc.assert(
        fc.property(splits, (at) => {
          const result = streamed(cut(text, at));
          expect(result.records).toEqual(whole.records);
          expect(result.diagnostics).toEqual(whole.diagnostics);
        }),
        { numRuns: 25 },
      );
    },
  );

  // Inputs longer than the head the format is decided from: the decision comes from the first lines.
  const big = (text: string) => {
    let out = text;
    while (out.length < 200_000) out += text.endsWith("\n") ? text : `\n${text}`;
    return out;
  };
  const jsonlCapture = captures.find((c) => c.name === "agui.run-tool-state.events.jsonl")!.text;
  const sseCapture = captures.find((c) => c.name === "ai-sdk.text-tool.sse.txt")!.text;
  const values = parseRecords(jsonlCapture).records.map((r) => r.value);
  const cases: [string, string][] = [
    ["JSONL", big(jsonlCapture)],
    ["SSE", big(sseCapture).replace(/data: \[DONE\]\n\n/g, "")],
    ["a one-line JSON array", JSON.stringify(Array.from({ length: 40 }, () => values).flat())],
    ["a pretty-printed JSON array", JSON.stringify(Array.from({ length: 40 }, () => values).flat(), null, 2)],
    [
      "a pretty-printed JSON object",
      JSON.stringify({ events: Array.from({ length: 40 }, () => values) }, null, 2),
    ],
    ["a one-line JSON object", JSON.stringify({ events: Array.from({ length: 40 }, () => values) })],
    ["JSONL with CRLF line ends and blank lines", `\r\n\r\n${big(jsonlCapture).replace(/\n/g, "\r\n\r\n")}`],
  ];
  it.each(cases)("%s past the head frames as the whole text, for any chunk split", (_name, text) => {
    const whole = parseRecords(text);
    expect(text.length).toBeGreaterThan(100_000);
    expect(whole.records.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(splits, (at) => {
        const result = streamed(cut(text, at));
        expect(result.records).toEqual(whole.records);
        expect(result.diagnostics).toEqual(whole.diagnostics);
        expect(result.format).toBe(whole.format);
      }),
      { numRuns: 10 },
    );
  });
});

describe("incremental framing yields records before the input ends", () => {
  const line = (i: number) =>
    `${JSON.stringify({ type: "text.delta", sequence: i, payload: { delta: "x" } })}\n`;
  it.each([
    ["JSONL", (i: number) => line(i), ""],
    ["SSE", (i: number) => `event: message\ndata: ${line(i)}\n`, ""],
    ["a JSON array", (i: number) => `${i === 0 ? "[" : ","}\n${line(i)}`, ""],
  ])("%s: each record is out once its text is complete", (_name, piece) => {
    const records: FramedRecord[] = [];
    const framer = createRecordFramer({ record: (r) => records.push(r), diagnostic: () => {} });
    for (let i = 0; i < 5; i++) framer.push(piece(i));
    // A JSON array's element ends at the next comma: all but the last are out.
    expect(records.length).toBeGreaterThanOrEqual(4);
    expect(records.slice(0, 4).map((r) => (r.value as { sequence: number }).sequence)).toEqual([0, 1, 2, 3]);
  });
});

describe("incremental framing bounds every record", () => {
  it("a line past the limit is skipped with an unparseable_input error naming its line; reading goes on", () => {
    const good = '{"type":"a"}\n';
    const long = `{"type":"b","payload":"${"x".repeat(5000)}"}\n`;
    const text = good + long + good;
    for (const at of [[], [0.01, 0.5, 0.99], [0.3]]) {
      const result = streamed(cut(text, at), 1000);
      expect(result.records.map((r) => r.meta.line)).toEqual([1, 3]);
      expect(result.diagnostics).toHaveLength(1);
      expect(result.diagnostics[0]).toMatchObject({
        code: "unparseable_input",
        severity: "error",
        eventRef: { line: 2 },
      });
      expect(result.diagnostics[0].message).toMatch(
        /^line 2: a line longer than the limit of 1000 characters/,
      );
      expect(result.diagnostics[0].message).not.toContain("xxxx");
    }
  });

  it("an SSE frame and a JSON array element past the limit are skipped the same way", () => {
    const big = "y".repeat(3000);
    const sse = streamed(cut(`data: {"a":1}\n\ndata: "${big}"\n\ndata: {"c":3}\n\n`, [0.2, 0.6]), 1000);
    expect(sse.records.map((r) => r.value)).toEqual([{ a: 1 }, { c: 3 }]);
    expect(sse.diagnostics.map((d) => d.eventRef?.line)).toEqual([3]);
    const array = streamed(cut(`[{"a":1},\n"${big}",\n{"c":3}]`.padEnd(70_000 + 3020), [0.1, 0.5]), 1000);
    expect(array.records.map((r) => r.value)).toEqual([{ a: 1 }, { c: 3 }]);
    expect(array.diagnostics.map((d) => [d.code, d.eventRef?.line])).toEqual([["unparseable_input", 2]]);
  });

  it("a JSON array cut short keeps the elements before the cut and says where it ends", () => {
    const text = `[${Array.from({ length: 5000 }, (_, i) => JSON.stringify({ i })).join(",\n")}`;
    const result = streamed(cut(text, [0.5]));
    expect(result.records).toHaveLength(5000);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "line 5000: not valid JSON (the JSON array is not closed; it ends early)",
    ]);
  });
});
