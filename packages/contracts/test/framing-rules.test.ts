// Framing, record by record: exact records, meta and diagnostics for each format's edge cases, and the
// incremental framer agreeing with the whole-text framer at every split point of the same small inputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  type FramedRecord,
  type FramingResult,
  createRecordFramer,
  parseRecords,
  parseRecordsAs,
} from "../src/index";

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

const bad = (line: number, message: string, severity: Diagnostic["severity"] = "error"): Diagnostic => ({
  code: "unparseable_input",
  severity,
  message: `line ${line}: ${message}`,
  eventRef: { line },
});
const rec = (value: unknown, index: number, meta: FramedRecord["meta"]): FramedRecord => ({
  value,
  index,
  meta,
});

const SSE =
  'event: a\r\nid: 7\r\ndata: {"x":\r\ndata: 1}\r\n\r\n:comment\rdata:2\r\rdata: [DONE]\n\nretry: 10\nfoo\nbar: baz\ndata\n\n';
const DATA_STREAM = '0:"hi"\n9:{"a":1}\naui-state:{"s":1}\nx:1\n0:bad\n2:{"a":\n';
const JSONL = '{"a":1}\n{"b":\n[1,2]\n"x"\n{"a" 1}\n';

const cases: [string, string, FramingResult][] = [
  [
    "SSE with CR, LF and CRLF line ends, comments, [DONE], retry, unknown fields and an empty data frame",
    SSE,
    {
      format: "sse",
      records: [rec({ x: 1 }, 0, { sseEvent: "a", sseId: "7", line: 1 }), rec(2, 1, { line: 7 })],
      diagnostics: [
        bad(12, "a line that is not an SSE field (3 characters before any ':') ignored", "warning"),
        bad(13, "a line that is not an SSE field (3 characters before any ':') ignored", "warning"),
        bad(11, "not valid JSON (0 characters; it ends early)"),
      ],
    },
  ],
  [
    "data stream lines: codes, extension names, a line without a code and a code without JSON",
    DATA_STREAM,
    {
      format: "data-stream",
      records: [
        rec({ type: "0", value: "hi" }, 0, { line: 1 }),
        rec({ type: "9", value: { a: 1 } }, 1, { line: 2 }),
        rec({ type: "aui-state", value: { s: 1 } }, 2, { line: 3 }),
      ],
      diagnostics: [
        bad(4, "not valid JSON (3 characters; unexpected input)"),
        bad(5, "not valid JSON (5 characters; unexpected input)"),
        bad(6, "not valid JSON (7 characters; it ends early)"),
      ],
    },
  ],
  [
    "JSONL with a line that ends early and one with a bad character",
    JSONL,
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 }), rec([1, 2], 1, { line: 3 }), rec("x", 2, { line: 4 })],
      diagnostics: [
        bad(2, "not valid JSON (5 characters; it ends early)"),
        bad(5, "not valid JSON (7 characters; unexpected input at character 6)"),
      ],
    },
  ],
  [
    "JSONL with CRLF and blank lines keeps the line numbers",
    '{"a":1}\r\n\r\n{"b":2}\r\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 }), rec({ b: 2 }, 1, { line: 3 })],
      diagnostics: [],
    },
  ],
  [
    "JSONL whose lines are arrays",
    "[1]\n[2,3]\n",
    { format: "jsonl", records: [rec([1], 0, { line: 1 }), rec([2, 3], 1, { line: 2 })], diagnostics: [] },
  ],
  [
    "a pretty-printed array",
    "[\n  1,\n  2\n]",
    { format: "json-array", records: [rec(1, 0, {}), rec(2, 1, {})], diagnostics: [] },
  ],
  [
    "an object after blank lines, over two lines",
    '\n\n{"a":\n1}\n',
    { format: "json-object", records: [rec({ a: 1 }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "one object line and trailing blanks",
    '{"a":1}\n  \n',
    { format: "json-object", records: [rec({ a: 1 }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "a broken pretty-printed object is one error",
    '{\n  "a": 1,\n  "b": \n}',
    {
      format: "json-object",
      records: [],
      diagnostics: [bad(1, "not valid JSON (21 characters; unexpected input)")],
    },
  ],
  [
    "two objects on one line",
    '{"a":1}{"b":2}',
    {
      format: "json-object",
      records: [],
      diagnostics: [bad(1, "not valid JSON (14 characters; unexpected input at character 8)")],
    },
  ],
  [
    "an array that never closes keeps its elements, on two lines",
    "[1,\n2",
    {
      format: "json-array",
      records: [rec(1, 0, {}), rec(2, 1, {})],
      diagnostics: [bad(2, "not valid JSON (the JSON array is not closed; it ends early)")],
    },
  ],
  [
    "an array that never closes keeps its elements, on one line",
    "[1, 2",
    {
      format: "json-array",
      records: [rec(1, 0, {}), rec(2, 1, {})],
      diagnostics: [bad(1, "not valid JSON (the JSON array is not closed; it ends early)")],
    },
  ],
  [
    "an array with a broken element keeps the others",
    '\n[1, {bad},\n 3, "x"] ',
    {
      format: "json-array",
      records: [rec(1, 0, {}), rec(3, 1, {}), rec("x", 2, {})],
      diagnostics: [bad(2, "not valid JSON (5 characters; unexpected input at character 2)")],
    },
  ],
  [
    "JSONL that ends inside its last record",
    '{"a":1}\n{"b":',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 })],
      diagnostics: [bad(2, "not valid JSON (5 characters; it ends early)")],
    },
  ],
  [
    "an SSE frame after a byte-order mark",
    '\ufeffdata: {"a":1}\n\n',
    { format: "sse", records: [rec({ a: 1 }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "an SSE field line after a JSON line is JSONL",
    '{"a":1}\ndata: {"b":2}\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 })],
      diagnostics: [bad(2, "not valid JSON (13 characters; unexpected input)")],
    },
  ],
  ["blank input", " \r\n\t\n", { format: "empty", records: [], diagnostics: [] }],
  [
    "a single line that is not JSON",
    "nope\n",
    {
      format: "jsonl",
      records: [],
      diagnostics: [bad(1, "not valid JSON (4 characters; unexpected input)")],
    },
  ],
  [
    "a single number after a blank line is JSONL",
    "\n5\n",
    { format: "jsonl", records: [rec(5, 0, { line: 2 })], diagnostics: [] },
  ],
  [
    "one object after a blank line",
    '\n{"a":1}\n',
    { format: "json-object", records: [rec({ a: 1 }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "two objects after a blank line",
    '\n{"a":1}\n{"b":2}\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 2 }), rec({ b: 2 }, 1, { line: 3 })],
      diagnostics: [],
    },
  ],
  [
    "a bad line is measured without its surrounding blanks",
    "  {bad  \n",
    {
      format: "json-object",
      records: [],
      diagnostics: [bad(1, "not valid JSON (4 characters; unexpected input at character 2)")],
    },
  ],
  [
    "SSE: data lines join with a line break, so a string split across them is no JSON",
    'data: "a\ndata: b"\n\ndata: [1,\ndata: 2]\n\n',
    {
      format: "sse",
      records: [rec([1, 2], 0, { line: 4 })],
      diagnostics: [bad(1, "not valid JSON (5 characters; unexpected input at character 3)")],
    },
  ],
  [
    "SSE after a blank line",
    "\ndata: 1\n\n",
    { format: "sse", records: [rec(1, 0, { line: 2 })], diagnostics: [] },
  ],
  [
    "SSE without a final line break",
    "data: 1",
    { format: "sse", records: [rec(1, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "SSE: [DONE] with blanks around it, one leading space stripped from a value",
    "data:  [DONE] \n\nevent:  two\ndata: 2\n",
    { format: "sse", records: [rec(2, 0, { sseEvent: " two", line: 3 })], diagnostics: [] },
  ],
  [
    "JSONL after a line of blanks",
    ' \n{"a":1}\n{"b":2}\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 2 }), rec({ b: 2 }, 1, { line: 3 })],
      diagnostics: [],
    },
  ],
  [
    "an SSE field line after an indented JSON line is JSONL",
    ' {"a":1}\ndata: 2\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 })],
      diagnostics: [bad(2, "not valid JSON (7 characters; unexpected input)")],
    },
  ],
  [
    "an SSE field name inside a line is no SSE",
    "hello data: 1\n",
    {
      format: "jsonl",
      records: [],
      diagnostics: [bad(1, "not valid JSON (13 characters; unexpected input)")],
    },
  ],
  [
    "a broken element after one that spans lines is located on its own line",
    '[{\n"a":1},\n{bad}]',
    {
      format: "json-array",
      records: [rec({ a: 1 }, 0, {})],
      diagnostics: [bad(3, "not valid JSON (5 characters; unexpected input at character 2)")],
    },
  ],
  [
    "a one-line array",
    "[1,2]",
    { format: "json-array", records: [rec(1, 0, {}), rec(2, 1, {})], diagnostics: [] },
  ],
  [
    "an empty array with input after it",
    "[] x",
    {
      format: "json-array",
      records: [],
      diagnostics: [bad(1, "not valid JSON (unexpected input after the end of the JSON array; ignored)")],
    },
  ],
  [
    "an array cut short whose first string is empty",
    '["", 1',
    {
      format: "json-array",
      records: [rec("", 0, {}), rec(1, 1, {})],
      diagnostics: [bad(1, "not valid JSON (the JSON array is not closed; it ends early)")],
    },
  ],
  [
    "a broken element is measured without the blanks before its comma",
    "[{bad} , 1",
    {
      format: "json-array",
      records: [rec(1, 0, {})],
      diagnostics: [
        bad(1, "not valid JSON (5 characters; unexpected input at character 2)"),
        bad(1, "not valid JSON (the JSON array is not closed; it ends early)"),
      ],
    },
  ],
  [
    "SSE: an LF line end before a later CR line end",
    "data: 1\n\ndata: 2\r\r",
    { format: "sse", records: [rec(1, 0, { line: 1 }), rec(2, 1, { line: 3 })], diagnostics: [] },
  ],
  [
    "JSONL whose first line ends in a no-break space",
    '{"a":1}\u00a0\n{"b":2}\n',
    {
      format: "jsonl",
      records: [rec({ a: 1 }, 0, { line: 1 }), rec({ b: 2 }, 1, { line: 2 })],
      diagnostics: [],
    },
  ],
  [
    "JSONL of arrays whose first line ends in a no-break space",
    "[1]\u00a0\n[2]\n",
    { format: "jsonl", records: [rec([1], 0, { line: 1 }), rec([2], 1, { line: 2 })], diagnostics: [] },
  ],
  [
    "one object line ending in a no-break space",
    '{"a":1}\u00a0',
    { format: "json-object", records: [rec({ a: 1 }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "one data stream line without a line break",
    '0:"a"',
    { format: "data-stream", records: [rec({ type: "0", value: "a" }, 0, { line: 1 })], diagnostics: [] },
  ],
  [
    "tabs and CRLF after an array",
    "[\n1]\t\r\n",
    { format: "json-array", records: [rec(1, 0, {})], diagnostics: [] },
  ],
];

describe("framing: exact records and diagnostics (ENV-01, SEC-03)", () => {
  it.each(cases)("ENV-01 %s", (_name, text, expected) => {
    expect(parseRecords(text)).toEqual(expected);
  });

  it.each(cases)("ENV-01 %s: the incremental framer agrees at every split point", (_name, text, expected) => {
    for (let at = 0; at <= text.length; at++) {
      const result = streamed([text.slice(0, at), text.slice(at)]);
      expect(result).toEqual(expected);
    }
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 8 }), (points) => {
        const sorted = [...points].sort((a, b) => a - b);
        const chunks = [...sorted, text.length].map((p, i) => text.slice(i === 0 ? 0 : sorted[i - 1], p));
        expect(streamed([text.slice(0, 0), ...chunks])).toEqual(expected);
      }),
    );
  });

  it("ENV-01 one character at a time frames as the whole text", () => {
    for (const [, text, expected] of cases) expect(streamed([...text])).toEqual(expected);
  });
});

describe("parseRecordsAs: a slice framed in the format its recording decided", () => {
  it("ENV-01 SSE, JSONL and data stream text is framed as told, without detection", () => {
    expect(parseRecordsAs('\ufeff{"a":1}\ndata: 2\n', "sse")).toEqual({
      format: "sse",
      records: [rec(2, 0, { line: 1 })],
      diagnostics: [
        bad(1, "a line that is not an SSE field (4 characters before any ':') ignored", "warning"),
      ],
    });
    expect(parseRecordsAs('data: 2\n0:"x"\n', "jsonl")).toEqual({
      format: "jsonl",
      records: [],
      diagnostics: [
        bad(1, "not valid JSON (7 characters; unexpected input)"),
        bad(2, "not valid JSON (5 characters; unexpected input at character 2)"),
      ],
    });
    expect(parseRecordsAs('\ufeff0:"x"\n{"a":1}\n', "data-stream")).toEqual({
      format: "data-stream",
      records: [rec({ type: "0", value: "x" }, 0, { line: 1 })],
      diagnostics: [bad(2, "not valid JSON (7 characters; unexpected input)")],
    });
  });
});
