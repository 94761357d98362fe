import { describe, expect, it } from "vitest";
import { familyOf, streamKeyOf } from "../src/index";

describe("envelope helpers", () => {
  it.each([
    ["run", "run"],
    ["a.b", "a"],
    ["tool.result", "tool"],
    ["text.part.delta", "text"],
    [".x", ""],
  ])("ENV-09 the family of %s is %j", (type, family) => {
    expect(familyOf(type)).toBe(family);
  });

  it("ORD-01 a stream is keyed by streamId, else sessionId, else default", () => {
    expect(streamKeyOf({ streamId: "a", sessionId: "s" })).toBe("a");
    expect(streamKeyOf({ sessionId: "s" })).toBe("s");
    expect(streamKeyOf({})).toBe("default");
  });
});
