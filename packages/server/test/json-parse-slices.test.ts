// A stored projection state is read back in slices: the text parses row by row with turns in between,
// into the value JSON.parse gives (own "__proto__" members included), and text that is not JSON throws
// a SyntaxError as JSON.parse does — whether the text comes whole or in pieces (a stored snapshot's UTF-8
// bytes are decoded a piece at a time and never joined into one string).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInSlices, utf8Pieces } from "../src/slices/json-parse-slices";
import { Slicer } from "../src/slices/turns";

const parsed = (text: string, depth?: number) => parseInSlices(text, new Slicer(0), depth);

/** `text` cut at `cuts` (positions, in any order, repeats and ends included). */
const piecesOf = (text: string, cuts: number[]) => {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of at) {
    pieces.push(text.slice(from, cut));
    from = cut;
  }
  pieces.push(text.slice(from));
  return pieces;
};

/** JSON text of `value`, with blanks around its tokens when `spaced`. */
const textOf = (value: unknown, spaced: boolean) =>
  spaced ? JSON.stringify(value, null, 1) : JSON.stringify(value);

describe("JSON parsed in slices", () => {
  it("is the value JSON.parse gives, for any JSON text at any depth", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        async (v, depth, spaced) => {
          const text = textOf(v, spaced);
          expect(await parsed(text, depth)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("strings holding quotes, backslashes and brackets do not end a row early", async () => {
    const value = { a: { x: 'say "}]" \\', y: ["\\\\", '"', "{["] }, b: ['"]}\\"', { 'k\\"}': 1 }] };
    const text = JSON.stringify(value);
    expect(await parsed(text)).toEqual(JSON.parse(text));
  });

  it("keeps an own __proto__ member as JSON.parse does, never a prototype", async () => {
    const text = '{"__proto__":{"polluted":true},"rows":{"__proto__":[1]}}';
    const value = (await parsed(text)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(value).toEqual(JSON.parse(text));
  });

  it("text that is not JSON throws a SyntaxError, like JSON.parse", async () => {
    for (const text of [
      '{"a":1',
      '{"a":}',
      '{"a":1,}',
      "[1 2]",
      '{"a":1} x',
      '{"a":"x',
      "",
      '{"a" 1}',
      "[1,]",
      '{"a":[1}',
    ]) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      await expect(parsed(text), text).rejects.toThrow(SyntaxError);
    }
  });

  it("yields turns while it parses: a callback queued at the start runs before it ends", async () => {
    const text = JSON.stringify({
      rows: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`r${i}`, { i }])),
    });
    const order: string[] = [];
    setImmediate(() => order.push("other work"));
    await parsed(text).then(() => order.push("parsed"));
    expect(order).toEqual(["other work", "parsed"]);
  });
});

describe("JSON parsed in slices from pieces of its text", () => {
  it("HYD-09 is the value JSON.parse gives for the joined text, however the text is cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        async (v, cuts, depth, spaced) => {
          const text = textOf(v, spaced);
          const pieces = piecesOf(text, cuts);
          expect(await parseInSlices(pieces, new Slicer(0), depth)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("empty pieces anywhere change nothing", async () => {
    const value = { a: [1, "two", { three: 3 }], b: "x y", c: null };
    const text = JSON.stringify(value, null, 1);
    const pieces = text.split("").flatMap((c) => ["", c, ""]);
    expect(await parseInSlices(pieces, new Slicer(0))).toEqual(value);
    expect(await parseInSlices(["", "", text, ""], new Slicer(0))).toEqual(value);
  });

  it("a value far longer than a piece, cut one character at a time, parses whole", async () => {
    const value = { rows: { a: { text: 'x"\\'.repeat(500), n: [1.5e3, -2, true, null] } }, tail: 12345 };
    const text = JSON.stringify(value);
    expect(await parseInSlices(text.split(""), new Slicer(0))).toEqual(value);
  });

  it("text that is not JSON throws a SyntaxError, however it is cut", async () => {
    for (const text of ['{"a":1', '{"a":"x', '{"a":1} x', "[1 2]", "", "   ", '{"a":[1}', "12 3"]) {
      for (const pieces of [text.split(""), piecesOf(text, [1, 3]), [text, ""]])
        await expect(parseInSlices(pieces, new Slicer(0)), text).rejects.toThrow(SyntaxError);
    }
    // A number cut between two pieces is one number, not two tokens.
    expect(await parseInSlices(["[12", "34]"], new Slicer(0))).toEqual([1234]);
    expect(await parseInSlices(["12", "34"], new Slicer(0))).toBe(1234);
  });

  it("a bad token's position counts from the start of the whole text", async () => {
    const text = `{"a":[${"1,".repeat(40)}1] "b":2}`;
    const whole = await parseInSlices(text, new Slicer(0)).catch((e: Error) => e.message);
    const cut = await parseInSlices(text.split(""), new Slicer(0)).catch((e: Error) => e.message);
    expect(whole).toBe(`Unexpected token in JSON at position ${text.indexOf('"b"')}`);
    expect(cut).toBe(whole);
  });
});

describe("UTF-8 bytes decoded piece by piece", () => {
  it("HYD-09 the pieces join to the text, a character split between two pieces decoded whole", () => {
    const text = 'a é → 😀 中文 "\\" z'.repeat(3);
    const bytes = new TextEncoder().encode(text);
    for (let size = 1; size <= 9; size++) {
      const pieces = [...utf8Pieces(bytes, size)];
      expect(pieces.join(""), `${size}`).toBe(text);
      expect(
        pieces.every((p) => !p.includes("\uFFFD")),
        `${size}`,
      ).toBe(true);
    }
    expect([...utf8Pieces(new Uint8Array(0))]).toEqual([]);
  });
});
