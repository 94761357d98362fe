import { describe, expect, it } from "vitest";
import {
  isOffloadedValue,
  isRedactionMarker,
  offloadLargeValues,
  previewOf,
  redact,
  redactSourceConfig,
} from "../src/index";

// Fake credentials assembled at run time so secret scanners do not flag this file.
const fake = (...parts: string[]) => parts.join("");
const OPENAI_A = fake("sk-", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2");
const OPENAI_B = fake("sk-", "Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8");
const OPENAI_C = fake("sk-", "Qr9St8Uv7Wx6Yz5Ab4Cd3Ef2");
const GITHUB = fake("ghp_", "1234567890abcdefghijABCDEFGHIJ");

/** `inner` wrapped in `levels` arrays (or `{ a: … }` objects): it then sits at depth `levels`. */
const nest = (inner: unknown, levels: number, wrap: (v: unknown) => unknown) => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = wrap(value);
  return value;
};
const inArray = (v: unknown) => [v];
const inObject = (v: unknown) => ({ a: v });

describe("SEC-01/SEC-02 redact: no secret survives, whatever its place", () => {
  it("SEC-02 every secret of an array is redacted, not only the first", () => {
    const { value, redactions } = redact(["ok", OPENAI_A, 7, GITHUB, null]);
    expect(value).toEqual(["ok", "[redacted:openai_api_key]", 7, "[redacted:github_token]", null]);
    expect(redactions).toEqual([
      { path: "/1", reason: "openai_api_key" },
      { path: "/3", reason: "github_token" },
    ]);
  });

  it("SEC-01 a number or bigint under a secret-named key is redacted; booleans and undefined are kept", () => {
    const input = { password: 12345678, apiKey: 42n, token: true, secret: undefined, count: 3 };
    const { value, redactions } = redact(input);
    expect(value).toEqual({
      password: "[redacted:password]",
      apiKey: "[redacted:api_key]",
      token: true,
      secret: undefined,
      count: 3,
    });
    expect(redactions.map((r) => r.path)).toEqual(["/password", "/apiKey"]);
  });

  it("SEC-02 three secret keys that redact to the same name keep all three entries", () => {
    const { value, redactions } = redact({ [OPENAI_A]: 1, [OPENAI_B]: 2, [OPENAI_C]: 3 });
    expect(value).toEqual({
      "[redacted:openai_api_key]": 1,
      "[redacted:openai_api_key] (2)": 2,
      "[redacted:openai_api_key] (3)": 3,
    });
    expect(redactions).toHaveLength(3);
  });

  it.each([
    ["arrays", inArray, "/0"],
    ["objects", inObject, "/a"],
  ])(
    "SEC-01 through %s, depth 199 is walked and depth 200 is replaced by the depth limit",
    (_, wrap, step) => {
      const walked = redact(nest({ password: "p" }, 199, wrap));
      expect(walked.redactions).toEqual([{ path: `${step.repeat(199)}/password`, reason: "password" }]);
      const cut = redact(nest({ password: "p" }, 200, wrap));
      expect(cut.redactions).toEqual([{ path: step.repeat(200), reason: "depth_limit" }]);
      expect(JSON.stringify(cut.value)).toContain('"[redacted:depth_limit]"');
    },
  );

  it("isRedactionMarker needs the prefix and the closing bracket", () => {
    expect(isRedactionMarker("[redacted:password]")).toBe(true);
    expect(isRedactionMarker("[redacted:password")).toBe(false);
    expect(isRedactionMarker("redacted:password]")).toBe(false);
    expect(isRedactionMarker(42)).toBe(false);
  });

  it("SEC-02 a source config whose headers are not a record is redacted as usual and kept", () => {
    expect(redactSourceConfig({ url: "https://x.example", headers: null })).toEqual({
      url: "https://x.example",
      headers: null,
    });
    expect(redactSourceConfig({ headers: "abc", token: OPENAI_A })).toEqual({
      headers: "abc",
      token: "[redacted:token]",
    });
    expect(redactSourceConfig({ headers: ["X-Key"] })).toEqual({ headers: ["X-Key"] });
  });
});

describe("ARCH-03 offloadLargeValues measures and replaces exactly", () => {
  it.each([
    ["an object", { a: 123456789, b: true, c: null, d: "xy", e: [1, 2], f: {}, g: false }],
    ["an array", [123456789, true, null, "xy", [1, 2], {}, false, { k: 1, l: 2 }]],
  ])("the size of %s is its JSON length", (_, input) => {
    const bytes = JSON.stringify(input).length;
    const under = offloadLargeValues(input, { limitBytes: bytes });
    expect(under.value).toBe(input);
    expect(under.offloaded).toEqual([]);
    const over = offloadLargeValues(input, { limitBytes: bytes - 1 });
    expect(over.offloaded).toEqual([{ path: "", ref: "ref:", bytes }]);
  });

  it("a string exactly at the limit stays inline", () => {
    expect(offloadLargeValues("abc", { limitBytes: 5 }).offloaded).toEqual([]);
    expect(offloadLargeValues("abc", { limitBytes: 4 }).offloaded).toEqual([
      { path: "", ref: "ref:", bytes: 5 },
    ]);
  });

  const big = (c: string) => c.repeat(200);
  const options = { limitBytes: 150, previewChars: 1, refPrefix: "r" };

  it("every large child of an array is replaced and the array stays an array of the same length", () => {
    const input = [big("x"), "s", big("y")];
    const { value, offloaded } = offloadLargeValues(input, options);
    expect(offloaded.map((o) => o.path)).toEqual(["/0", "/2"]);
    expect(Array.isArray(value)).toBe(true);
    expect(value).toHaveLength(3);
    expect(value[0]).toEqual({ ref: "r/0", preview: "x…", bytes: 202, offloaded: true });
    expect(value[1]).toBe("s");
    expect(value[2]).toEqual({ ref: "r/2", preview: "y…", bytes: 202, offloaded: true });
    expect(input[0]).toBe(big("x"));
  });

  it("every large child of an object is replaced", () => {
    const { value, offloaded } = offloadLargeValues({ a: big("x"), s: "s", b: big("y") }, options);
    expect(offloaded.map((o) => o.path)).toEqual(["/a", "/b"]);
    expect(isOffloadedValue(value.a)).toBe(true);
    expect(value.s).toBe("s");
    expect(isOffloadedValue(value.b)).toBe(true);
  });

  it.each([
    ["arrays", inArray, "/0"],
    ["objects", inObject, "/a"],
  ])("through %s, a structure at depth 200 is measured whole, not walked", (_, wrap, step) => {
    const deep = nest({ big: big("x") }, 200, wrap);
    const { offloaded } = offloadLargeValues(deep, options);
    expect(offloaded[0]).toEqual({ path: step.repeat(200), ref: `r${step.repeat(200)}`, bytes: 210 });
  });

  it("isOffloadedValue needs an object with offloaded: true and a string ref", () => {
    expect(isOffloadedValue({ ref: "r", preview: "", bytes: 1, offloaded: true })).toBe(true);
    expect(isOffloadedValue({ ref: "r", offloaded: "true" })).toBe(false);
    expect(isOffloadedValue({ ref: 1, offloaded: true })).toBe(false);
    expect(isOffloadedValue({ offloaded: true })).toBe(false);
    expect(isOffloadedValue(null)).toBe(false);
    expect(isOffloadedValue("ref")).toBe(false);
  });
});

describe("ARCH-03 previewOf renders a bounded JSON preview", () => {
  it.each([
    ["abc", 3, "abc"],
    ["abcd", 3, "abc…"],
    [[1, "ab", null, true], 40, '[1,"ab",null,true]'],
    [{ a: 1, b: "x" }, 40, '{"a":1,"b":"x"}'],
    [[1, 2], 5, "[1,2]"],
    [[1, 2, 3], 5, "[1,2,…"],
    [[1], 0, "…"],
    [nest(1, 10, inArray), 40, `${"[".repeat(9)}[…]${"]".repeat(9)}`],
    [nest(1, 10, inObject), 80, `${'{"a":'.repeat(9)}{…}${"}".repeat(9)}`],
  ])("previewOf(%j, %d) is %j", (value, max, expected) => {
    expect(previewOf(value, max as number)).toBe(expected);
  });
});
