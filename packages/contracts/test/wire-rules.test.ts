import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCursor, parseCursor } from "../src/index";

describe("resume cursors (ORD-02: reconnection resumes where it left off)", () => {
  it("ORD-02 a cursor is a seq, optionally tagged with eight hex digits", () => {
    expect(formatCursor({ seq: 42 })).toBe("42");
    expect(formatCursor({ seq: 42, tag: "0a1b2c3d" })).toBe("42.0a1b2c3d");
    expect(parseCursor("0")).toStrictEqual({ seq: 0 });
    expect(parseCursor("42.0a1b2c3d")).toEqual({ seq: 42, tag: "0a1b2c3d" });
    expect(parseCursor("9".repeat(15))).toEqual({ seq: 999_999_999_999_999 });
  });

  it.each([
    ["", "empty"],
    ["-1", "negative"],
    ["1.5", "a fraction"],
    ["1.0A1B2C3D", "an upper-case tag"],
    ["1.0a1b2c3", "a short tag"],
    ["1.0a1b2c3d4", "a long tag"],
    ["1.", "a dot without a tag"],
    [" 1", "a blank before"],
    ["1\n", "a line break after"],
    ["1e3", "an exponent"],
    ["9".repeat(17), "seventeen digits"],
    ["9".repeat(16), "a seq past the safe integers"],
  ])("ORD-02 %j is no cursor (%s)", (text) => {
    expect(parseCursor(text)).toBeUndefined();
  });

  it("ORD-02 property: every cursor reads back as itself", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.option(fc.stringMatching(/^[0-9a-f]{8}$/), { nil: undefined }),
        (seq, tag) => {
          const cursor = tag === undefined ? { seq } : { seq, tag };
          expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
        },
      ),
    );
  });
});
