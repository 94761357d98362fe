// The incremental framer's bounds and state: `pending` while a record is incomplete, every record past
// `maxRecordChars` skipped with a located diagnostic (never quoted), and JSON arrays cut element by
// element whatever their strings, escapes and nesting hold, at any chunk split.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Diagnostic, type FramedRecord, createRecordFramer, parseRecords } from "../src/index";

interface Run {
  format: string | undefined;
  records: [unknown, number, FramedRecord["meta"]][];
  diagnostics: string[];
  pending: boolean[];
}

/** Pushes `chunks`, noting `pending` before the first push, after each push and after `end`. */
function run(chunks: readonly string[], maxRecordChars?: number): Run {
  const records: Run["records"] = [];
  const diagnostics: string[] = [];
  const framer = createRecordFramer(
    {
      record: (r) => records.push([r.value, r.index, r.meta]),
      diagnostic: (d: Diagnostic) => {
        expect(d.code).toBe("unparseable_input");
        expect(d.eventRef).toEqual({ line: Number(/^line (\d+):/.exec(d.message)?.[1]) });
        diagnostics.push(`${d.severity} ${d.message}`);
      },
    },
    { maxRecordChars },
  );
  const pending = [framer.pending];
  for (const chunk of chunks) {
    framer.push(chunk);
    pending.push(framer.pending);
  }
  framer.end();
  pending.push(framer.pending);
  return { format: framer.format, records, diagnostics, pending };
}

const x = (n: number) => "x".repeat(n);

describe("pending: part of a record read, the record not out yet", () => {
  it.each([
    ["JSONL", ['{"a":1}\n{"b"', ":2}\n"], [false, true, false, false]],
    ["SSE", ["data: 1\n", "\n"], [false, true, false, false]],
    ["a JSON array", ["[1,", "\n2", "]"], [false, true, true, false, false]],
    ["a pretty-printed object", ['{\n"a":1', "}"], [false, true, true, false]],
    ["blanks only", ["   ", "\n"], [false, false, false, false]],
    ["one object after a blank line", ['\n{"a":1}\n', "\n"], [false, true, true, false]],
    ["an array cut short", ["[1,", "\n2"], [false, true, true, false]],
    ["a one-line array", ["[1]"], [false, true, false]],
    ["a broken one-line object", ['{"a":'], [false, true, false]],
    ["one object line, then another", ['{"a":1}\n', '{"b":2}\n'], [false, false, false, false]],
  ])("ENV-01 %s", (_name, chunks, pending) => {
    expect(run(chunks).pending).toEqual(pending);
  });
});

describe("maxRecordChars: a record past the limit is skipped, located, never quoted (SEC-03)", () => {
  const skipped = (line: number, what: string, read: number, limit: number) =>
    `error line ${line}: ${what} longer than the limit of ${limit} characters (${read} characters read); skipped`;

  it("ENV-01 a JSONL line at the limit is read, one character more is skipped, in one chunk or split", () => {
    const expected = {
      format: "jsonl",
      records: [
        [x(8), 0, { line: 1 }],
        ["ok", 1, { line: 3 }],
      ],
      diagnostics: [skipped(2, "a line", 11, 10)],
    };
    expect(run([`"${x(8)}"\n"${x(9)}"\n"ok"\n`], 10)).toMatchObject(expected);
    expect(run([`"${x(4)}`, `${x(4)}"\n"${x(5)}`, `${x(4)}"\n"ok"\n`], 10)).toMatchObject(expected);
    expect(run([`"${x(4)}`, `${x(4)}"\n"${x(5)}`, `${x(4)}"`, "\n", '"ok"'], 10)).toMatchObject(expected);
  });

  it("ENV-01 SSE: a long comment is ignored, a long line or too much data spoils its frame", () => {
    const text = `: ${x(20)}\ndata: 1\n\nfoo${x(20)}\ndata: 2\n\ndata: "aaaa"\ndata: "bbbb"\n\ndata: 3\n\n`;
    const expected = {
      format: "sse",
      records: [
        [1, 0, { line: 2 }],
        [3, 1, { line: 10 }],
      ],
      diagnostics: [skipped(4, "an SSE frame", 23, 12), skipped(7, "an SSE frame", 14, 12)],
    };
    expect(run([text], 12)).toMatchObject(expected);
    for (let at = 1; at < text.length; at += 3)
      expect(run([text.slice(0, at), text.slice(at)], 12)).toMatchObject(expected);
  });

  it("ENV-01 SSE edges: a line at the limit is read; the frame is located at its first line; data after the spill is not counted", () => {
    const text = `data: "abcd"\n\ndata: 1\nfoo${x(20)}\n\ndata: "aaaa"\ndata: "bbbb"\ndata: 5\n\n`;
    const expected = {
      format: "sse",
      records: [["abcd", 0, { line: 1 }]],
      diagnostics: [skipped(3, "an SSE frame", 25, 12), skipped(6, "an SSE frame", 14, 12)],
    };
    expect(run([text], 12)).toMatchObject(expected);
    expect(run([...text], 12)).toMatchObject(expected);
  });

  it("ENV-01 a document at the limit is read; trailing input after an array's end is reported once", () => {
    expect(run(['{\n"a":1}'], 8)).toMatchObject({ records: [[{ a: 1 }, 0, { line: 1 }]], diagnostics: [] });
    expect(run(["[\n1]", " x", " y"])).toMatchObject({
      records: [[1, 0, {}]],
      diagnostics: [
        "error line 2: not valid JSON (unexpected input after the end of the JSON array; ignored)",
      ],
    });
  });

  it("ENV-01 a pretty-printed document past the limit is one located error; the first line of an object past it is a line", () => {
    expect(run([`{\n"a": "${x(20)}"\n}`], 15)).toEqual({
      format: "json-object",
      records: [],
      diagnostics: [skipped(1, "a JSON document", 31, 15)],
      pending: [false, true, false],
    });
    expect(run([`{"a":"${x(20)}"`, '}\n{"b":1}\n'], 15)).toMatchObject({
      format: "jsonl",
      records: [[{ b: 1 }, 0, { line: 2 }]],
      diagnostics: [skipped(1, "a line", 28, 15)],
    });
  });

  it("ENV-01 an array element past the limit is skipped once the array streams", () => {
    const text = `[\n1, "${"y".repeat(8)}",\n"${"y".repeat(9)}", 4]`;
    expect(run([text], 10)).toMatchObject({
      format: "json-array",
      records: [
        [1, 0, {}],
        ["yyyyyyyy", 1, {}],
        [4, 2, {}],
      ],
      diagnostics: [skipped(3, "an array element", 11, 10)],
    });
  });
});

describe("JSON arrays element by element", () => {
  const elements: [string, unknown][] = [
    ['{"s":"a\\"],{"}', { s: 'a"],{' }],
    ['"\\\\"', "\\"],
    ['"\\\\\\""', '\\"'],
    ["[1,[2,{}]]", [1, [2, {}]]],
    ['"c,d"', "c,d"],
    ['{"k":[{"v":"]}"}]}', { k: [{ v: "]}" }] }],
    ["-1.5e3", -1500],
    ["null", null],
  ];
  const text = `[\n${elements.map(([source]) => source).join(",\n ")}\n]`;

  it("ENV-01 strings with quotes, escapes, brackets and commas, nested arrays: each element whole", () => {
    expect(parseRecords(text).records.map((r) => r.value)).toEqual(elements.map(([, value]) => value));
  });

  it("ENV-01 property: any chunk split of the array yields the same elements, one record each", () => {
    const expected = elements.map(([, value], index) => [value, index, {}]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 12 }), (points) => {
        const sorted = [...new Set(points)].sort((a, b) => a - b);
        const chunks = [...sorted, text.length].map((p, i) => text.slice(i === 0 ? 0 : sorted[i - 1], p));
        expect(run(chunks)).toMatchObject({ format: "json-array", records: expected, diagnostics: [] });
      }),
    );
    expect(run([...text])).toMatchObject({ records: expected, diagnostics: [] });
  });

  it.each([
    ["[1,,2]", [1, 2], "line 1: not valid JSON (an array element is missing)"],
    ["[,1]", [1], "line 1: not valid JSON (an array element is missing)"],
    ["[1,]", [1], "line 1: not valid JSON (an array element is missing)"],
    ["[1] x y", [1], "line 1: not valid JSON (unexpected input after the end of the JSON array; ignored)"],
    [
      "[\n1,\n\n{bad\n}, 3\n]",
      [1, 3],
      "line 4: not valid JSON (6 characters; unexpected input at character 2)",
    ],
  ])("ENV-01 %j keeps %j and reports one problem", (input, values, message) => {
    const text = `${input}\n${" ".repeat(70_000)}`;
    const result = run([text.slice(0, 3), text.slice(3)]);
    expect(result.format).toBe("json-array");
    expect(result.records.map(([value]) => value)).toEqual(values);
    expect(result.diagnostics).toEqual([`error ${message}`]);
    expect(parseRecords(input).diagnostics.map((d) => d.message)).toEqual([message]);
  });

  it("ENV-01 an empty array has no records and no problem", () => {
    expect(run(["[", "]"])).toEqual({
      format: "json-array",
      records: [],
      diagnostics: [],
      pending: [false, true, true, false],
    });
  });
});
