import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approxJsonBytes, findLargeInline, scalarOrContainerBytes, utf8Length } from "../src/index";

const encoder = new TextEncoder();

/** Text JSON.stringify writes without escapes: no quote, backslash or control character. */
const plainText = fc
  .string({ unit: "grapheme" })
  .map((s) => [...s].map((c) => (c < " " || c === '"' || c === "\\" ? "x" : c)).join(""));

describe("byte sizes without serializing (ARCH-03)", () => {
  it("ARCH-03 utf8Length counts 1, 2, 3 and 4 bytes per character and 3 per lone surrogate", () => {
    expect(utf8Length("")).toBe(0);
    expect(utf8Length("a\u007f")).toBe(2);
    expect(utf8Length("\u0080\u07ff")).toBe(4);
    expect(utf8Length("\u0800€\uffff")).toBe(9);
    expect(utf8Length("😀")).toBe(4);
    expect(utf8Length("\ud800")).toBe(3);
    expect(utf8Length("\ud800a")).toBe(4);
    expect(utf8Length("\udbff\udfff")).toBe(4);
    expect(utf8Length("\udc00\ud800")).toBe(6);
    expect(utf8Length("\ud7ff\udc00")).toBe(6);
    expect(utf8Length("x\ud83d")).toBe(4);
    // a pair is a high surrogate (D800-DBFF) followed by a low one (DC00-DFFF), both ends included
    expect(utf8Length("\ud800\udc00")).toBe(4);
    expect(utf8Length("\ud800\u00e9")).toBe(5);
    expect(utf8Length("\ud800\ue000")).toBe(6);
    expect(utf8Length("\ue000\udc00")).toBe(6);
    expect(utf8Length("\udc00\udc00")).toBe(6);
  });

  it("ARCH-03 property: utf8Length equals what TextEncoder writes, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).length);
      }),
    );
  });

  it("ARCH-03 property: approxJsonBytes is the serialized size of JSON without escapes", () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        plainText,
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(plainText, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(approxJsonBytes(value)).toBe(encoder.encode(JSON.stringify(value)).length);
      }),
    );
  });

  it("ARCH-03 exact sizes of scalars and containers; undefined counts as null, a function as nothing", () => {
    expect(approxJsonBytes({ a: [1, true, false, null], bb: "é" })).toBe(
      encoder.encode('{"a":[1,true,false,null],"bb":"é"}').length,
    );
    expect(approxJsonBytes([])).toBe(2);
    expect(approxJsonBytes({})).toBe(2);
    expect(approxJsonBytes([undefined])).toBe(6);
    expect(approxJsonBytes(() => 1)).toBe(0);
    expect(approxJsonBytes([[[[]]]])).toBe(8);
  });

  it("ARCH-03 a body one byte over the inline limit is reported, one at the limit is not", () => {
    const body = { text: "x".repeat(89) }; // {"text":"x…x"} is 100 bytes
    expect(approxJsonBytes(body)).toBe(100);
    expect(findLargeInline({ payload: body }, { type: "t" }, { inlineLimitBytes: 100 })).toEqual([]);
    expect(
      findLargeInline(
        { payload: body, refs: null, artifactPreview: body },
        { type: "t" },
        { inlineLimitBytes: 99 },
      ),
    ).toEqual([
      {
        code: "large_payload_inline",
        severity: "warning",
        message: "/payload is ~100 bytes inline (limit 99); store the body and send a ref",
        path: "/payload",
        eventRef: { type: "t" },
      },
      {
        code: "large_payload_inline",
        severity: "warning",
        message: "/artifactPreview is ~100 bytes inline (limit 99); store the body and send a ref",
        path: "/artifactPreview",
        eventRef: { type: "t" },
      },
    ]);
    expect(findLargeInline({ refs: ["r".repeat(70_000)] }, { line: 3 })).toEqual([
      {
        code: "large_payload_inline",
        severity: "warning",
        message: "/refs is ~70004 bytes inline (limit 65536); store the body and send a ref",
        path: "/refs",
        eventRef: { line: 3 },
      },
    ]);
  });

  it("ARCH-03 a container's own bytes are measured without its children when no stack is given", () => {
    expect(scalarOrContainerBytes([1, [2, 3]], null)).toBe(3);
    expect(scalarOrContainerBytes({ ab: 1, c: [2] }, null)).toBe(2 + 5 + 4 + 1);
    const stack: unknown[] = [];
    expect(scalarOrContainerBytes({ ab: 1 }, stack)).toBe(7);
    expect(stack).toEqual([1]);
  });

  it("ARCH-03 absent and null inline fields are not measured, however low the limit", () => {
    expect(findLargeInline({ payload: "ab", artifactPreview: null }, {}, { inlineLimitBytes: 3 })).toEqual([
      {
        code: "large_payload_inline",
        severity: "warning",
        message: "/payload is ~4 bytes inline (limit 3); store the body and send a ref",
        path: "/payload",
        eventRef: {},
      },
    ]);
  });
});
