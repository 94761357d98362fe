// A replay frames its file as it reads it: cut anywhere into chunks, a recording frames into the same
// records, line numbers and diagnostics as the whole text does (ENV-01), in slices that never need the
// whole file.
import { readFileSync } from "node:fs";
import { parseRecords } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameRecording } from "../src/replay/framing";

async function framedInChunks(text: string, cuts: number[], maxRecordChars?: number) {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let at = 0;
  for (const point of points) {
    chunks.push(text.slice(at, point));
    at = point;
  }
  chunks.push(text.slice(at));
  const records = [];
  const diagnostics = [];
  let slices = 0;
  for await (const slice of frameRecording(chunks, { maxRecordChars })) {
    slices++;
    records.push(...slice.records);
    diagnostics.push(...slice.diagnostics);
  }
  return { records, diagnostics, slices };
}

const jsonl = [
  '{"type":"RUN_STARTED","runId":"r1"}',
  "",
  "not json at all",
  '{"type":"TEXT_MESSAGE_CONTENT","delta":"h\\u00e9llo"}',
  '  {"type":"RUN_FINISHED"}  ',
  "",
].join("\n");
const sse = readFileSync(new URL("./fixtures/langgraph.run1.agent-server.sse", import.meta.url), "utf8");
const dataStream = ['0:"Hel"', '0:"lo"', "garbage", 'd:{"finishReason":"stop"}', ""].join("\n");
const array = JSON.stringify([{ a: 1 }, { b: 2 }], null, 2);
const pretty = JSON.stringify({ type: "RUN_STARTED", nested: { x: [1, 2] } }, null, 2);

describe("a recording framed as it is read", () => {
  for (const [name, text] of Object.entries({ jsonl, sse, dataStream, array, pretty, bom: `\ufeff${jsonl}` }))
    it(`ENV-01 ${name}: any chunking frames like the whole text`, async () => {
      const whole = parseRecords(text);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
          const framed = await framedInChunks(text, cuts);
          expect(framed.records).toEqual(whole.records);
          expect(framed.diagnostics).toEqual(whole.diagnostics);
        }),
        { numRuns: 60 },
      );
    });

  it("a long JSONL recording arrives in many slices, numbered as one file", async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i === 4000 ? "{oops" : JSON.stringify({ i })));
    const text = lines.join("\n");
    const chunks = text.match(/[\s\S]{1,4096}/g) ?? [];
    const framed = await framedInChunks(
      chunks.join(""),
      chunks.map((c) => c.length).map((_, k) => (k + 1) * 4096),
    );
    expect(framed.slices).toBeGreaterThan(10);
    expect(framed.records).toHaveLength(4999);
    expect(framed.records[4000]).toMatchObject({ value: { i: 4001 }, index: 4000, meta: { line: 4002 } });
    expect(framed.diagnostics).toHaveLength(1);
    expect(framed.diagnostics[0].message).toMatch(/^line 4001: /);
  });

  it("ENV-01 a line longer than the record limit is an unparseable_input diagnostic at its line; the rest plays", async () => {
    const long = JSON.stringify({ type: "TEXT_MESSAGE_CONTENT", delta: "x".repeat(5000) });
    const text = ['{"a":1}', long, '{"b":2}', long, '{"c":3}', ""].join("\n");
    // Cut into chunks smaller than the long line: it must be skipped, not held and parsed whole.
    const framed = await framedInChunks(
      text,
      Array.from({ length: 40 }, (_, k) => (k + 1) * 700),
      1000,
    );
    expect(framed.records.map((r) => [r.value, r.index, r.meta.line])).toEqual([
      [{ a: 1 }, 0, 1],
      [{ b: 2 }, 1, 3],
      [{ c: 3 }, 2, 5],
    ]);
    expect(framed.diagnostics.map((d) => [d.code, d.eventRef?.line])).toEqual([
      ["unparseable_input", 2],
      ["unparseable_input", 4],
    ]);
    expect(framed.diagnostics[0].message).toMatch(/^line 2: .*longer than the limit of 1000 characters/);
  });
});
