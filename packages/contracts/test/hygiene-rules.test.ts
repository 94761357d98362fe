import { describe, expect, it } from "vitest";
import { type Diagnostic, findSecretLeaks, redact } from "../src/index";

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ";
const anthropic = `sk-ant-api03-${"Q7x9".repeat(20)}`;
const wrap = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
const leak = (path: string, what: string, eventRef: Diagnostic["eventRef"] = {}): Diagnostic => ({
  code: "secret_leak_risk",
  severity: "error",
  message: `${path || "(root)"}: ${what}; redact it or send a ref`,
  path,
  eventRef,
});
const byPath = (ds: Diagnostic[]) => [...ds].sort((a, b) => String(a.path).localeCompare(String(b.path)));

describe("secrets on the wire: where, what kind, never the value (SEC-01, SEC-03, SEC-08)", () => {
  it("SEC-08 secret-named keys with values and secret-shaped strings are reported by path and kind", () => {
    const event = {
      payload: {
        list: ["ok", null, 1, `a ${jwt} b ${anthropic} ${jwt}`],
        apiKey: "hunter2",
        password: 5,
        token: null,
        secret: { redacted: true },
        "b/c~d": { x: jwt },
      },
      note: "nothing here",
    };
    const found = findSecretLeaks(event, { type: "t" });
    expect(byPath(found)).toEqual([
      leak("/payload/apiKey", "key 'apiKey' carries a secret (api_key) inline", { type: "t" }),
      leak("/payload/b~1c~0d/x", "value looks like a secret (jwt)", { type: "t" }),
      leak("/payload/list/3", "value looks like a secret (jwt, anthropic_api_key)", { type: "t" }),
      leak("/payload/password", "key 'password' carries a secret (password) inline", { type: "t" }),
      leak("/payload/secret", "key 'secret' carries a secret (secret) inline", { type: "t" }),
    ]);
    for (const d of found) {
      expect(d.message).not.toContain("hunter2");
      expect(d.message).not.toContain("eyJ");
    }
  });

  it("SEC-01 a redacted value is not a leak; a secret string at the root is", () => {
    expect(findSecretLeaks(redact({ apiKey: "hunter2", nested: { token: "abc" } }).value, {})).toEqual([]);
    expect(findSecretLeaks(jwt, { line: 2 })).toEqual([
      leak("", "value looks like a secret (jwt)", { line: 2 }),
    ]);
    expect(findSecretLeaks({ token: "" }, {})).toEqual([]);
  });

  it("SEC-03 a long secret-named key is quoted cut at 60 characters", () => {
    const key = `${"x".repeat(70)}_token`;
    expect(findSecretLeaks({ [key]: "v" }, {})).toEqual([
      leak(`/${key}`, `key '${"x".repeat(60)}…' carries a secret (token) inline`),
    ]);
  });

  it("SEC-08 the scan is bounded: 200 levels deep and at most 20 findings", () => {
    expect(findSecretLeaks(wrap(200, jwt), {})).toHaveLength(1);
    expect(findSecretLeaks(wrap(201, jwt), {})).toEqual([]);
    expect(findSecretLeaks(wrap(199, { token: "v" }), {})).toHaveLength(1);
    expect(findSecretLeaks(wrap(200, { token: "v" }), {})).toEqual([]);
    const many = findSecretLeaks(
      Array.from({ length: 30 }, () => jwt),
      {},
    );
    expect(many.map((d) => d.path)).toEqual(Array.from({ length: 20 }, (_, i) => `/${i}`));
  });

  it("SEC-08 a scalar or null event has nothing to scan; objects nest to the same 200-level bound", () => {
    for (const event of [null, 5, true, "plain text"]) expect(findSecretLeaks(event, {})).toEqual([]);
    const nest = (depth: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    expect(findSecretLeaks(nest(199, { token: "v" }), {}).map((d) => d.path)).toEqual([
      `${"/a".repeat(199)}/token`,
    ]);
    expect(findSecretLeaks(nest(200, { token: "v" }), {})).toEqual([]);
  });
});
