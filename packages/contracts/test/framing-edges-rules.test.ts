// The incremental framer at its edges: when the head decides a format, what leaves before the input
// ends, records exactly at the limit, SSE comments past the limit however they are cut, and what
// `format` says before and after the end.
import { describe, expect, it } from "vitest";
import { parseRecords } from "../src/index";
import { framed, run } from "./framer-harness";

const x = (n: number) => "x".repeat(n);
const skipped = (line: number, what: string, read: number, limit: number) =>
  `line ${line}: ${what} longer than the limit of ${limit} characters (${read} characters read); skipped`;

describe("format: decided from the head, stated after the end", () => {
  it("ENV-01 an input with nothing, or nothing but blanks, is empty", () => {
    expect(run([])).toEqual({ format: "empty", records: [], diagnostics: [] });
    expect(run([" \n", "\t"])).toEqual({ format: "empty", records: [], diagnostics: [] });
  });

  it("ENV-01 a data stream line is decided once its line ends", () => {
    const f = framed();
    f.framer.push('0:"a"');
    expect([f.framer.format, f.records]).toEqual([undefined, []]);
    f.framer.push("\n");
    expect([f.framer.format, f.records]).toEqual([
      "data-stream",
      [[{ type: "0", value: "a" }, 0, { line: 1 }]],
    ]);
  });

  it("ENV-01 a head no format claims is read as JSONL once it passes 64 KiB", () => {
    const f = framed();
    f.framer.push(x(65_536));
    expect(f.framer.format).toBeUndefined();
    f.framer.push("x");
    expect(f.framer.format).toBe("jsonl");
  });

  it("ENV-01 a lone object line past the limit is skipped as a line of JSONL", () => {
    const line = `{"a":"${x(20)}"}`;
    for (const chunks of [[line], [`${line}\n`]])
      expect(run(chunks, 15)).toEqual({
        format: "jsonl",
        records: [],
        diagnostics: [skipped(1, "a line", 28, 15)],
      });
  });

  it("ENV-01 blanks before a one-line object do not count against the limit", () => {
    expect(run(['  {"a":12}'], 8)).toEqual({
      format: "json-object",
      records: [[{ a: 12 }, 0, { line: 1 }]],
      diagnostics: [],
    });
  });

  it("ENV-01 a byte-order mark is dropped only at the start of the input", () => {
    expect(run(['\ufeff"x', '\ufeffy"\n'])).toEqual({
      format: "jsonl",
      records: [["x\ufeffy", 0, { line: 1 }]],
      diagnostics: [],
    });
  });
});

describe("records leave before the end once the head decides (bounded memory)", () => {
  it("ENV-01 JSONL whose lines are arrays streams from its second line", () => {
    const f = framed();
    f.framer.push("[1]\n");
    expect([f.framer.format, f.records]).toEqual([undefined, []]);
    f.framer.push("[2]");
    expect([f.framer.format, f.records]).toEqual(["jsonl", [[[1], 0, { line: 1 }]]]);
    f.framer.push("\n[3]");
    expect(f.records).toEqual([
      [[1], 0, { line: 1 }],
      [[2], 1, { line: 2 }],
    ]);
  });

  it("ENV-01 a one-line array waits until 64 KiB past its leading blanks, then streams", () => {
    const array = `[${"1,".repeat(32_767)}1`;
    expect(array).toHaveLength(65_536);
    const f = framed();
    f.framer.push(`${" ".repeat(10)}${array}`);
    expect([f.framer.format, f.records.length]).toEqual([undefined, 0]);
    f.framer.push(",");
    expect(f.framer.format).toBe("json-array");
    expect(f.records.length).toBe(32_768);
  });

  it("ENV-01 a one-line array and 64 KiB of blanks after it: the array streams once the blanks pass 64 KiB", () => {
    const f = framed();
    f.framer.push(`[1,2]\n${" ".repeat(65_536)}`);
    expect([f.framer.format, f.records]).toEqual([undefined, []]);
    f.framer.push(" ");
    expect([f.framer.format, f.records]).toEqual([
      "json-array",
      [
        [1, 0, {}],
        [2, 1, {}],
      ],
    ]);
  });
});

describe("records at the limit (ENV-01) and SSE comments past it", () => {
  it("ENV-01 an SSE frame whose data is exactly the limit is read", () => {
    expect(run(["data:[123,\ndata:45]\n\n"], 10)).toEqual({
      format: "sse",
      records: [[[123, 45], 0, { line: 1 }]],
      diagnostics: [],
    });
  });

  it("ENV-01 an SSE comment past the limit is ignored, in one piece or cut after its colon", () => {
    const expected = {
      format: "sse",
      records: [
        [0, 0, { line: 1 }],
        [1, 1, { line: 4 }],
      ],
      diagnostics: [],
    };
    expect(run([`data: 0\n\n:${x(20)}\ndata: 1\n\n`], 10)).toEqual(expected);
    expect(run([`data: 0\n\n:${x(8)}`, `${x(8)}\n`, "data: 1\n\n"], 10)).toEqual(expected);
  });
});

describe("a stray closing brace in a JSON array", () => {
  it("FALL-02 ENV-09 is part of a broken element: the scan moves on and the elements around it are read", () => {
    const brace = "line 1: not valid JSON (1 characters; unexpected input)";
    expect(parseRecords("[1, }, 2]")).toMatchObject({
      format: "json-array",
      records: [{ value: 1 }, { value: 2 }],
      diagnostics: [{ code: "unparseable_input", message: brace }],
    });
    // Alone, or opening the array: one diagnostic for the element, one for the array left open.
    for (const text of ["[}", "[O\n}"])
      expect(parseRecords(text).diagnostics.map((d) => d.message)).toHaveLength(2);
    expect(run(["[1, ", "}", ", 2]"])).toEqual({
      format: "json-array",
      records: [
        [1, 0, {}],
        [2, 1, {}],
      ],
      diagnostics: [brace],
    });
  });
});
