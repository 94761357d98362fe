import { describe, expect, it } from "vitest";
import {
  isOffloadedValue,
  isRedactionMarker,
  offloadLargeValues,
  redact,
  redactSourceConfig,
} from "../src/index";

// Fake credentials assembled at runtime so secret scanners do not flag this file.
const fake = (...parts: string[]) => parts.join("");
const SHAPES: [string, string, string][] = [
  ["openai_api_key", "OpenAI project key", fake("sk-proj-", "Abc123def456GHI789jkl012mno")],
  ["openai_api_key", "OpenAI key", fake("sk-", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2")],
  ["anthropic_api_key", "Anthropic key", fake("sk-ant-", "api03-AbCdEfGhIjKlMnOp")],
  ["aws_access_key", "AWS access key", fake("AKIA", "IOSFODNN7EXAMPLE")],
  ["github_token", "GitHub classic token", fake("ghp_", "1234567890abcdefghijABCDEFGHIJ")],
  ["github_token", "GitHub OAuth token", fake("gho_", "1234567890abcdefghijABCDEFGHIJ")],
  ["github_token", "GitHub fine-grained PAT", fake("github_pat_", "11ABCDEFG0123456789_abcdefXYZ")],
  ["slack_token", "Slack bot token", fake("xoxb-", "1234567890-abcdefghijkl")],
  ["google_api_key", "Google API key", fake("AIza", "SyA-1234567890abcdefghijklmnopqrstu")],
  ["stripe_key", "Stripe live key", fake("sk_live_", "4eC39HqLyjWDarjtT1zdp7dc")],
  ["stripe_key", "Stripe restricted key", fake("rk_live_", "4eC39HqLyjWDarjtT1zdp7dc")],
  [
    "jwt",
    "JWT",
    fake("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", ".", "dozjgNryP4J3jVmNHl0w5N"),
  ],
  ["authorization_header", "Bearer header value", fake("Bearer ", "abcdef0123456789xyz")],
  ["authorization_header", "Basic header value", fake("Basic ", "dXNlcjpwYXNzd29yZA==")],
  [
    "private_key",
    "PEM private key",
    fake("-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEow\n-----END RSA ", "PRIVATE KEY-----"),
  ],
  ["url_credentials", "credentials in a URL", fake("https://admin:", "hunter2@db.example.com/x")],
  [
    "query_secret",
    "password in a query string",
    fake("https://example.com/login?user=a&", "password=hunter2"),
  ],
];

describe("SEC-02 redact by value shape", () => {
  it.each(SHAPES)("redacts %s (%s)", (reason, _label, secret) => {
    const input = { payload: { note: `use ${secret} here` } };
    const { value, redactions } = redact(input);
    expect(JSON.stringify(value)).not.toContain(secret);
    expect(value.payload.note).toContain(`[redacted:${reason}]`);
    expect(redactions).toEqual([{ path: "/payload/note", reason }]);
  });
});

describe("SEC-01 redact by key name", () => {
  it.each([
    ["token", "token"],
    ["secret", "secret"],
    ["password", "password"],
    ["passwd", "password"],
    ["Authorization", "authorization"],
    ["apiKey", "api_key"],
    ["api_key", "api_key"],
    ["cookie", "cookie"],
    ["set-cookie", "cookie"],
    ["private_key", "private_key"],
    ["client_secret", "secret"],
    ["access_token", "token"],
    ["refresh_token", "token"],
    ["sessionToken", "token"],
    ["session_key", "secret"],
    ["awsCredentials", "credential"],
  ])("'%s' is replaced by [redacted:%s]", (key, reason) => {
    const { value, redactions } = redact({ headers: { [key]: "opaque-value" } });
    expect((value.headers as Record<string, unknown>)[key]).toBe(`[redacted:${reason}]`);
    expect(redactions).toEqual([{ path: `/headers/${key}`, reason }]);
  });

  it("a secret-named key holding an object is replaced whole", () => {
    const { value } = redact({ credentials: { user: "a", pass: "b" } });
    expect(value.credentials).toBe("[redacted:credential]");
  });
});

describe("redact keeps everything else", () => {
  it("SEC-01 non-secrets are untouched and unchanged subtrees are shared", () => {
    const input = {
      tokens: 22000,
      maxTokens: 100,
      passwordSet: true,
      token: "",
      sessionId: "sess_1",
      text: "A basic explanation of Bearer authentication, Basic Authentication and sk- prefixes.",
      url: "https://example.com/docs?page=2",
      nested: { list: [1, "two", { three: 3 }] },
    };
    const { value, redactions } = redact(input);
    expect(redactions).toEqual([]);
    expect(value).toBe(input);
    expect(value).toEqual(structuredClone(input));
  });

  it("the input is never mutated", () => {
    const input = { a: { password: "p", keep: { x: 1 } }, list: [fake("AKIA", "IOSFODNN7EXAMPLE"), "ok"] };
    const before = structuredClone(input);
    const { value } = redact(input);
    expect(input).toEqual(before);
    expect(value).not.toBe(input);
    expect(value.a.keep).toBe(input.a.keep);
    expect(value.list).toEqual(["[redacted:aws_access_key]", "ok"]);
  });

  it("redaction is idempotent: a second pass finds nothing", () => {
    const once = redact({ password: "p", note: fake("ghp_", "1234567890abcdefghijABCDEFGHIJ") }).value;
    const twice = redact(once);
    expect(twice.redactions).toEqual([]);
    expect(twice.value).toEqual(once);
    expect(isRedactionMarker(once.password)).toBe(true);
  });

  it("an own __proto__ key from JSON.parse is redacted without touching the prototype", () => {
    const input = JSON.parse('{"__proto__": {"password": "p"}}');
    const { value } = redact(input);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({
      password: "[redacted:password]",
    });
  });

  it("input nested deeper than the walk limit is replaced, never left unscanned", () => {
    let deep: unknown = { password: "p" };
    for (let i = 0; i < 500; i++) deep = [deep];
    const { value, redactions } = redact(deep);
    expect(JSON.stringify(value)).not.toContain('"p"');
    expect(redactions.some((r) => r.reason === "depth_limit")).toBe(true);
  });
});

describe("ARCH-03 offloadLargeValues", () => {
  it("a large string becomes a ref with a bounded preview and its size", () => {
    const big = "x".repeat(100_000);
    const input = { payload: { output: big, small: "ok" } };
    const { value, offloaded } = offloadLargeValues(input, { limitBytes: 1024, refPrefix: "blob://evt_1" });
    expect(offloaded).toEqual([
      { path: "/payload/output", ref: "blob://evt_1/payload/output", bytes: 100_002 },
    ]);
    const replaced = value.payload.output as unknown;
    expect(isOffloadedValue(replaced)).toBe(true);
    expect(replaced).toMatchObject({ ref: "blob://evt_1/payload/output", bytes: 100_002, offloaded: true });
    expect((replaced as { preview: string }).preview.length).toBeLessThanOrEqual(241);
    expect(value.payload.small).toBe("ok");
    expect(input.payload.output).toBe(big);
  });

  it("a structure made of many small values is offloaded as a whole", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const { value, offloaded } = offloadLargeValues({ table: rows, title: "t" }, { limitBytes: 4096 });
    expect(offloaded.map((o) => o.path)).toEqual(["/table"]);
    expect((value.table as unknown as { preview: string }).preview.startsWith('[{"id":0')).toBe(true);
    expect((value.table as unknown as { preview: string }).preview.length).toBeLessThanOrEqual(241);
  });

  it("values under the limit are returned as the same object", () => {
    const input = { a: "small", b: [1, 2, 3] };
    const { value, offloaded } = offloadLargeValues(input);
    expect(value).toBe(input);
    expect(offloaded).toEqual([]);
  });

  it("multi-byte text is measured in UTF-8 bytes", () => {
    const { offloaded } = offloadLargeValues({ s: "é".repeat(600) }, { limitBytes: 1000 });
    expect(offloaded).toEqual([{ path: "/s", ref: "ref:/s", bytes: 1202 }]);
  });
});

describe("secrets written out as assignments", () => {
  it.each([
    ["password: hunter2-is-my-pass", "password: "],
    ["export API_KEY=abc123def456ghi", "export API_KEY="],
    ['{"note":"GITHUB_TOKEN = \'t0ken-value-99\'"}', "GITHUB_TOKEN = '"],
    ["client_secret=Zk9$w1!aa later", "client_secret="],
  ])("SEC-01 %s keeps its label and loses its value", (text, label) => {
    const { value } = redact({ text });
    expect(value.text.startsWith(label) || value.text.includes(label)).toBe(true);
    expect(value.text).toContain("[redacted:assigned_secret]");
    expect(value.text).not.toMatch(/hunter2|abc123|t0ken-value|Zk9/);
  });

  it("SEC-01 redacting twice gives the same text (a marker after a label is not a secret)", () => {
    const once = redact({ text: "token=sk-proj-abcdefghijklmnopqrstuvwxyz012345" }).value;
    expect(once.text).toBe("token=[redacted:openai_api_key]");
    expect(redact(once).value).toEqual(once);
  });

  it.each(["token: required", "the password is wrong", "secret sauce: tomatoes", "api key rotation"])(
    "SEC-01 prose without a value (%s) is left alone",
    (text) => {
      expect(redact({ text }).value.text).toBe(text);
    },
  );
});

describe("redactSourceConfig: a stored source config (SEC-02)", () => {
  it("SEC-02 every header value becomes [redacted:header] whatever its name; the rest is redacted as usual", () => {
    const config = {
      url: "https://agent.example.org/a2a",
      headers: { "X-Tenant": "acme-blue", "X-Custom-Auth": "opensesame42", Authorization: "Bearer x" },
      apiKey: fake("sk-", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2"),
      text: "hello",
    };
    const stored = redactSourceConfig(config);
    expect(stored).toEqual({
      url: "https://agent.example.org/a2a",
      headers: {
        "X-Tenant": "[redacted:header]",
        "X-Custom-Auth": "[redacted:header]",
        Authorization: "[redacted:header]",
      },
      apiKey: "[redacted:api_key]",
      text: "hello",
    });
    expect(config.headers["X-Tenant"]).toBe("acme-blue");
    expect(redactSourceConfig({ url: "http://127.0.0.1/", headers: "not an object" })).toEqual({
      url: "http://127.0.0.1/",
      headers: "not an object",
    });
    expect(redactSourceConfig(stored)).toEqual(stored);
  });
});
