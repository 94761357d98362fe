import { describe, expect, it } from "vitest";
import { redact } from "../src/index";

describe("redaction reports name the place with an RFC 6901 pointer", () => {
  it.each([
    ["plain", "/plain/password"],
    ["a/b", "/a~1b/password"],
    ["a~b", "/a~0b/password"],
    ["~/~1", "/~0~1~01/password"],
  ])("SEC-01 a secret under key %j is reported at %j", (key, path) => {
    expect(redact({ [key]: { password: "p" } }).redactions).toEqual([{ path, reason: "password" }]);
  });
});

describe("an own __proto__ key stays an ordinary, visible entry", () => {
  it("SEC-01 a redacted copy keeps __proto__ enumerable, writable and configurable", () => {
    const { value } = redact(JSON.parse('{"__proto__":{"password":"p"},"x":"y"}') as Record<string, unknown>);
    expect(Object.keys(value)).toEqual(["__proto__", "x"]);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"password":"[redacted:password]"},"x":"y"}');
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")).toMatchObject({
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
