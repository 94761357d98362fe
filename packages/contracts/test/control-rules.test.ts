import { describe, expect, it } from "vitest";
import { MAX_IDEMPOTENCY_KEY_CHARS, commandKey } from "../src/index";

describe("commandKey", () => {
  it("ORD-07 an empty or non-string key field gives no key: a fresh one is used instead", () => {
    expect(commandKey("interrupt", { turnId: "t1" })).toBe("interrupt:t1");
    expect(commandKey("interrupt", { turnId: "" })).toBeUndefined();
    expect(commandKey("interrupt", { turnId: 7 })).toBeUndefined();
    expect(commandKey("steer", { text: "x" })).toBeUndefined();
  });

  it("ORD-07 a key of exactly the stored maximum is kept; one character more is not", () => {
    const room = MAX_IDEMPOTENCY_KEY_CHARS - "interrupt:".length;
    expect(commandKey("interrupt", { turnId: "a".repeat(room) })).toHaveLength(MAX_IDEMPOTENCY_KEY_CHARS);
    expect(commandKey("interrupt", { turnId: "a".repeat(room + 1) })).toBeUndefined();
  });
});
