// The incremental framer over chunk boundaries and long blank heads: escapes that fall just after the
// start of a chunk, and a format decided after 64 KiB of blanks, are read as in the whole text.
import { describe, expect, it } from "vitest";
import { parseRecords } from "../src/index";
import { framed, run } from "./framer-harness";

/** What the whole-text framer makes of the chunks joined, in the shape `run` gives. */
function whole(chunks: readonly string[]) {
  const framedText = parseRecords(chunks.join(""));
  return {
    format: framedText.format,
    records: framedText.records.map((r) => [r.value, r.index, r.meta]),
    diagnostics: framedText.diagnostics.map((d) => d.message),
  };
}

describe("array elements across chunks", () => {
  it("ENV-01 an escape just after a chunk's first character, then more of the string", () => {
    // The string "xa\"b" is cut after its "x"; the next chunk escapes a quote at its second character
    // and the string goes on past it.
    const chunks = ['[\n"x', 'a\\"b", "z"]'];
    expect(run(chunks)).toEqual({
      format: "json-array",
      records: [
        ['xa"b', 0, {}],
        ["z", 1, {}],
      ],
      diagnostics: [],
    });
    expect(parseRecords(chunks.join("")).records.map((r) => r.value)).toEqual(['xa"b', "z"]);
  });
});

describe("a long blank head", () => {
  it("ENV-01 64 KiB of blanks and more leave the format undecided, not empty, until the input ends", () => {
    const f = framed();
    f.framer.push(" \n".repeat(40_000));
    expect([f.framer.format, f.framer.pending]).toEqual([undefined, false]);
    f.framer.end();
    expect([f.framer.format, f.records, f.diagnostics]).toEqual(["empty", [], []]);
  });

  it("ENV-01 a data stream line after 64 KiB of blanks is decided once its line ends, at its own line", () => {
    const f = framed();
    f.framer.push("\n".repeat(70_000));
    f.framer.push('0:"a"');
    // The blanks are not part of the head any more: the line waits for its end as at the start.
    expect([f.framer.format, f.records, f.diagnostics]).toEqual([undefined, [], []]);
    f.framer.push("\n");
    expect([f.framer.format, f.records]).toEqual([
      "data-stream",
      [[{ type: "0", value: "a" }, 0, { line: 70_001 }]],
    ]);
    f.framer.end();
    expect(f.diagnostics).toEqual([]);
    const chunks = ["\n".repeat(70_000), '0:"a"', "\n"];
    expect(run(chunks)).toEqual(whole(chunks));
  });
  it("ENV-01 after 64 KiB of blanks, a line no format claims yet still has 64 KiB of its own to show one", () => {
    // A data stream line of exactly 64 KiB, its line break in the next chunk: not decided as JSONL early.
    const line = `0:"${"x".repeat(65_536 - 4)}"`;
    const chunks = ["\n".repeat(70_000), line, "\n"];
    const out = run(chunks);
    expect([out.format, out.records.length, out.diagnostics]).toEqual(["data-stream", 1, []]);
    expect(out.records[0]?.[2]).toEqual({ line: 70_001 });
    expect(out).toEqual(whole(chunks));
  });
});
