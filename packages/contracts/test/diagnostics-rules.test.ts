import { describe, expect, it } from "vitest";
import { clip, diagnostic, redactText } from "../src/index";

describe("clip: source text quoted in a diagnostic", () => {
  it("SEC-03 text up to the limit is kept whole; longer text is cut at the limit and marked", () => {
    expect(clip("a".repeat(80))).toBe("a".repeat(80));
    expect(clip("a".repeat(81))).toBe(`${"a".repeat(80)}…`);
    expect(clip("abcdef", 3)).toBe("abc…");
    expect(clip("a".repeat(5000))).toBe(`${"a".repeat(80)}…`);
  });

  it("SEC-03 a secret that starts before the cut is redacted whole, even in a huge string", () => {
    const secret = `sk-ant-api03-${"Q7x9".repeat(20)}`;
    const text = `${"a".repeat(60)} ${secret} ${"b".repeat(20_000)}`;
    const expected = redactText(`${"a".repeat(60)} ${secret} `).slice(0, 80);
    expect(expected).not.toContain("Q7x9");
    expect(clip(text)).toBe(`${expected}…`);
  });
});

describe("diagnostic", () => {
  it("SEC-04 a diagnostic carries its path and eventRef only when given", () => {
    expect(diagnostic("runtime_info", "info", "m")).toEqual({
      code: "runtime_info",
      severity: "info",
      message: "m",
    });
    expect(Object.keys(diagnostic("runtime_info", "info", "m", {}))).toEqual(["code", "severity", "message"]);
    expect(Object.keys(diagnostic("runtime_info", "info", "m", { path: "", eventRef: {} }))).toEqual([
      "code",
      "severity",
      "message",
      "path",
      "eventRef",
    ]);
  });
});
