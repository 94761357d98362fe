// The incremental framer's head: the format decided from the first lines, long blank or undecided heads
// dropped or decided without losing a line number, for any chunk size.
import { describe, expect, it } from "vitest";
import { type FramedRecord, type FramingResult, createRecordFramer, parseRecords } from "../src/index";

function streamed(chunks: readonly string[]): FramingResult {
  const records: FramedRecord[] = [];
  const diagnostics: FramingResult["diagnostics"] = [];
  const framer = createRecordFramer({
    record: (r) => records.push(r),
    diagnostic: (d) => diagnostics.push(d),
  });
  for (const chunk of chunks) framer.push(chunk);
  framer.end();
  return { records, diagnostics, format: framer.format ?? "empty" };
}

const pieces = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const summary = (r: FramingResult) => ({
  format: r.format,
  records: r.records.map((x) => [x.value, x.index, x.meta]),
  diagnostics: r.diagnostics.map((d) => d.message),
});

describe("the head of an incremental input (ENV-01, ORD-01 line numbers)", () => {
  it.each<[string, string, ReturnType<typeof summary>]>([
    [
      "JSONL after 70 000 blank lines",
      `${"\n".repeat(70_000)}{"a":1}\n{"b":2}\n`,
      {
        format: "jsonl",
        records: [
          [{ a: 1 }, 0, { line: 70_001 }],
          [{ b: 2 }, 1, { line: 70_002 }],
        ],
        diagnostics: [],
      },
    ],
    [
      "SSE after 40 000 CRLF and CR line breaks",
      `${"\r\n".repeat(30_000)}${"\r".repeat(10_000)}data: 1\n\n`,
      { format: "sse", records: [[1, 0, { line: 40_001 }]], diagnostics: [] },
    ],
    [
      "SSE after 70 000 bare CR line breaks",
      `${"\r".repeat(70_000)}data: 1\n\n`,
      { format: "sse", records: [[1, 0, { line: 70_001 }]], diagnostics: [] },
    ],
    [
      "JSONL after 70 000 blanks on one line, a CR and its LF split apart",
      `${" ".repeat(70_000)}\n${"\n".repeat(65_534)}\r\n"a"\n`,
      { format: "jsonl", records: [["a", 0, { line: 65_537 }]], diagnostics: [] },
    ],
    [
      "JSONL after a blank and 70 000 line breaks",
      ` ${"\n".repeat(70_000)}"a"\n`,
      { format: "jsonl", records: [["a", 0, { line: 70_001 }]], diagnostics: [] },
    ],
    [
      "an object after 70 000 blank lines",
      `${"\n".repeat(70_000)}{"a":\n1}\n`,
      { format: "json-object", records: [[{ a: 1 }, 0, { line: 1 }]], diagnostics: [] },
    ],
    [
      "an array after 90 000 blank characters",
      `${"\n \t".repeat(30_000)}[1,\n{bad}]`,
      {
        format: "json-array",
        records: [[1, 0, {}]],
        diagnostics: ["line 30002: not valid JSON (5 characters; unexpected input at character 2)"],
      },
    ],
    [
      "a one-line array followed by 70 000 blanks",
      `[1]\n${" ".repeat(70_000)}`,
      { format: "json-array", records: [[1, 0, {}]], diagnostics: [] },
    ],
    [
      "a first line of 70 000 characters",
      `"${"x".repeat(70_000)}"\n"y"\n`,
      {
        format: "jsonl",
        records: [
          ["x".repeat(70_000), 0, { line: 1 }],
          ["y", 1, { line: 2 }],
        ],
        diagnostics: [],
      },
    ],
    [
      "data stream lines",
      '0:"a"\n0:"b"\n',
      {
        format: "data-stream",
        records: [
          [{ type: "0", value: "a" }, 0, { line: 1 }],
          [{ type: "0", value: "b" }, 1, { line: 2 }],
        ],
        diagnostics: [],
      },
    ],
  ])("ENV-01 %s", (_name, text, expected) => {
    expect(summary(parseRecords(text))).toEqual(expected);
    for (const size of [text.length, 65_537, 4096, 7])
      expect(summary(streamed(pieces(text, size)))).toEqual(expected);
  });
});

describe("a dropped blank head keeps its line count", () => {
  it("ORD-01 a CR ending the dropped head and the LF opening the next chunk are one SSE line break", () => {
    const chunks = [`${"\n".repeat(70_000)}\r`, "\ndata: 1\n\n"];
    const expected = { format: "sse", records: [[1, 0, { line: 70_002 }]], diagnostics: [] };
    expect(summary(parseRecords(chunks.join("")))).toEqual(expected);
    expect(summary(streamed(chunks))).toEqual(expected);
  });

  it("ORD-01 blanks without a line break past 64 KiB are dropped too", () => {
    const chunks = [" ".repeat(70_000), " ".repeat(70_000), '"a"\n'];
    const expected = { format: "jsonl", records: [["a", 0, { line: 1 }]], diagnostics: [] };
    expect(summary(streamed(chunks))).toEqual(expected);
  });
});

describe("records leave the head before the input ends (bounded memory)", () => {
  const outBeforeEnd = (chunks: readonly string[]) => {
    const records: unknown[] = [];
    const framer = createRecordFramer({ record: (r) => records.push(r.value), diagnostic: () => {} });
    for (const chunk of chunks) framer.push(chunk);
    return { records, format: framer.format };
  };

  it("ENV-01 a one-line array past 64 KiB streams its elements", () => {
    const text = `[${Array.from({ length: 8000 }, (_, i) => `{"i":${i}}`).join(",")}`;
    const result = outBeforeEnd(pieces(text, 1000));
    expect(result.format).toBe("json-array");
    expect(result.records.length).toBeGreaterThan(7000);
    expect(result.records.slice(0, 2)).toEqual([{ i: 0 }, { i: 1 }]);
  });

  it("ENV-01 data stream, JSONL and SSE lines are out as soon as their line ends", () => {
    expect(outBeforeEnd(['0:"a"\n', '0:"b"'])).toEqual({
      records: [{ type: "0", value: "a" }],
      format: "data-stream",
    });
    expect(outBeforeEnd([`${"\n".repeat(70_000)}"a"\n`, '"b"'])).toEqual({ records: ["a"], format: "jsonl" });
    expect(outBeforeEnd([`${"\n".repeat(70_000)}`, "data: 1\n\n"])).toEqual({ records: [1], format: "sse" });
    expect(outBeforeEnd([`"${"x".repeat(70_000)}`, '"\n"b"'])).toEqual({
      records: ["x".repeat(70_000)],
      format: "jsonl",
    });
  });
});
