// A stored projection state is read back in slices: the text parses row by row with turns in between,
// into the value JSON.parse gives (own "__proto__" members included), and text that is not JSON throws
// a SyntaxError as JSON.parse does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInSlices } from "../src/slices/json-parse-slices";
import { Slicer } from "../src/slices/turns";

const parsed = (text: string, depth?: number) => parseInSlices(text, new Slicer(0), depth);

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
