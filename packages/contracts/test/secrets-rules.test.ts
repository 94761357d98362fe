import { describe, expect, it } from "vitest";
import { findSecretsInString, isSecretBearingValue, redactText, secretKeyReason } from "../src/index";

// Fake credentials assembled at run time so secret scanners do not flag this file.
const f = (...parts: string[]) => parts.join("");
const A = (n: number) => "Ab1".repeat(Math.ceil(n / 3)).slice(0, n);
const U = (n: number) => "AB2".repeat(Math.ceil(n / 3)).slice(0, n);

describe("SEC-02/SEC-03 every secret shape is redacted from free text, and only the secret", () => {
  it.each([
    ["anthropic", `x ${f("sk-", "ant-", A(10))} y`, "x [redacted:anthropic_api_key] y"],
    ["openai", `x ${f("sk", "-", A(20))} y`, "x [redacted:openai_api_key] y"],
    ["openai project", `x ${f("sk-", "proj-", A(20))} y`, "x [redacted:openai_api_key] y"],
    ["openai service account", `x ${f("sk-", "svcacct-", A(20))} y`, "x [redacted:openai_api_key] y"],
    ["openai admin", `x ${f("sk-", "admin-", A(20))} y`, "x [redacted:openai_api_key] y"],
    ["stripe live", `x ${f("sk", "_live_", A(10))} y`, "x [redacted:stripe_key] y"],
    ["stripe restricted test", `x ${f("rk", "_test_", A(10))} y`, "x [redacted:stripe_key] y"],
    ["aws", `x ${f("AK", "IA", U(16))} y`, "x [redacted:aws_access_key] y"],
    ["aws session", `x ${f("AS", "IA", U(16))} y`, "x [redacted:aws_access_key] y"],
    ["github", `x ${f("gh", "p_", A(20))} y`, "x [redacted:github_token] y"],
    ["github fine-grained", `x ${f("github", "_pat_", A(20))} y`, "x [redacted:github_token] y"],
    ["gitlab", `x ${f("glpat", "-", A(20))} y`, "x [redacted:gitlab_token] y"],
    ["npm", `x ${f("npm", "_", A(20))} y`, "x [redacted:npm_token] y"],
    ["slack", `x ${f("xox", "b-", A(10))} y`, "x [redacted:slack_token] y"],
    ["google", `x ${f("AI", "za", A(35))} y`, "x [redacted:google_api_key] y"],
    ["jwt", `x ${f("ey", "J", A(5), ".ey", "J", A(5), ".", A(5))} y`, "x [redacted:jwt] y"],
    [
      "bearer",
      `Authorization: ${f("Bea", "rer ", A(12))} y`,
      "Authorization: [redacted:authorization_header] y",
    ],
    [
      "bearer lower case",
      `auth: ${f("bea", "rer\t", "abcdef.ghijkl")} y`,
      "auth: [redacted:authorization_header] y",
    ],
    [
      "bearer upper case",
      `auth: ${f("BEA", "RER ", "abcdef.ghijkl")} y`,
      "auth: [redacted:authorization_header] y",
    ],
    [
      "query name in capitals",
      `GET /a?${f("Signa", "ture=", "abc")}&b=1`,
      "GET /a[redacted:query_secret]&b=1",
    ],
    ["basic", `auth ${f("Bas", "ic ", "dXNlcjpw", "YQ==")} y`, "auth [redacted:authorization_header] y"],
    ["url", `see ${f("https", "://admin:", "pw12@")}host/x`, "see [redacted:url_credentials]host/x"],
    ["query", `GET /a?${f("access", "_token=", "abc")}&b=1`, "GET /a[redacted:query_secret]&b=1"],
    ["query signature", `GET /a;${f("SIG", "=xyz")}#frag`, "GET /a[redacted:query_secret]#frag"],
    ["shortest query secret", f("?si", "g=x"), "[redacted:query_secret]"],
    ["short query secret", f("&pw", "d=ab1"), "[redacted:query_secret]"],
    ["mixed-case label", `${f("Pass", "Word: ", "hunter2")} ok`, "PassWord: [redacted:assigned_secret] ok"],
    ["mixed-case secret", `${f("SeCr", "Et=", "abc123")} ok`, "SeCrEt=[redacted:assigned_secret] ok"],
    ["mixed-case key", `${f("KeY", "=", A(16))} ok`, "KeY=[redacted:assigned_secret] ok"],
    ["assignment", `${f("pass", "word: ", "hunter2")} ok`, "password: [redacted:assigned_secret] ok"],
    [
      "quoted assignment",
      `{"${f("api", "_key")}": "${f("abc", "-def")}"}`,
      '{"api_key": "[redacted:assigned_secret]"}',
    ],
    [
      "config line",
      `${f("AWS_SECRET_", "ACCESS_KEY")}=${A(6)};x`,
      "AWS_SECRET_ACCESS_KEY=[redacted:assigned_secret];x",
    ],
    ["weak key with a long value", `key=${A(16)} ok`, "key=[redacted:assigned_secret] ok"],
    [
      "private key",
      f("a\n-----BEGIN ", "RSA PRIVATE KEY-----\nMII\n-----END ", "RSA PRIVATE KEY-----\nb"),
      "a\n[redacted:private_key]\nb",
    ],
    ["open private key", f("a -----BEGIN ", "PRIVATE KEY-----\nMII abc"), "a [redacted:private_key]"],
    [
      "orphan private key body",
      f("zz abc\nMIIE+/=\r\nxy-----END ", "EC PRIVATE KEY----- tail"),
      "zz [redacted:private_key] tail",
    ],
  ])("SEC-03 %s", (_name, text, redacted) => {
    expect(redactText(text)).toBe(redacted);
  });

  it.each([
    ["anthropic body too short", `x ${f("sk-", "ant-", A(9))} y`],
    ["openai body too short", `x ${f("sk", "-", A(19))} y`],
    ["openai not at a word start", `x${f("sk", "-", A(30))} y`],
    ["stripe body too short", `x ${f("sk", "_live_", A(9))} y`],
    ["aws too long", `x ${f("AK", "IA", U(17))} y`],
    ["aws too short", `x ${f("AK", "IA", U(15))} y`],
    ["github too short", `x ${f("gh", "p_", A(19))} y`],
    ["github unknown kind", `x ${f("gh", "x_", A(30))} y`],
    ["gitlab too short", `x ${f("glpat", "-", A(19))} y`],
    ["npm too short", `x ${f("npm", "_", A(19))} y`],
    ["slack too short", `x ${f("xox", "b-", A(9))} y`],
    ["slack unknown kind", `x ${f("xox", "z-", A(20))} y`],
    ["google too short", `x ${f("AI", "za", A(34))} y!`],
    ["jwt part too short", `x ${f("ey", "J", A(5), ".ey", "J", A(5), ".", A(4))} y`],
    ["bearer prose", "we use bearer authentication here"],
    ["bearer value too short", `x ${f("Bea", "rer ", A(11))} y`],
    ["basic prose", "Basic authentication is supported"],
    ["url without a password", "see https://admin@host/x and more"],
    ["query without a secret name", "GET /a?page=2&tokenize=1"],
    ["assignment of a word", "token: required, password: optional"],
    ["assignment value too short", `${f("pass", "word=", "ab1de")} ok`],
    ["assignment of a marker", "password: [redacted:assigned_secret] ok"],
    ["weak key value too short", `key=${A(15)} ok`],
    ["weak key value with no digit", `key=${"abcdefghijklmnopqr"} ok`],
    ["weak key inside a word", `monkey=${A(20)} ok`],
    ["short text", "sk-abc"],
    ["no hint", "an ordinary sentence with no secret in it at all"],
  ])("%s stays as written", (_name, text) => {
    expect(redactText(text)).toBe(text);
  });

  it("matches are reported in order with exact offsets, a later shape never overlapping an earlier one", () => {
    const jwt = f("ey", "J", A(5), ".ey", "J", A(5), ".", A(5));
    const text = `${f("npm", "_", A(20))} then ${f("to", "ken=", jwt)}`;
    expect(findSecretsInString(text)).toEqual([
      { reason: "npm_token", start: 0, end: 24 },
      { reason: "jwt", start: 36, end: 36 + jwt.length },
    ]);
  });

  it("overlapping shapes keep the earlier shape, touching ones keep both, all sorted by offset", () => {
    const npm = f("npm", "_", A(20));
    const jwt = f("ey", "J", A(5), ".ey", "J", A(5), ".", A(5));
    expect(findSecretsInString(`${jwt} ${npm}`)).toEqual([
      { reason: "jwt", start: 0, end: jwt.length },
      { reason: "npm_token", start: jwt.length + 1, end: jwt.length + 25 },
    ]);
    // A url's credentials end where a token starts; a query secret starts where a token ends.
    expect(redactText(`${f("https", "://u:", "pw12@")}${npm}`)).toBe(
      "[redacted:url_credentials][redacted:npm_token]",
    );
    expect(redactText(`${npm}${f("?to", "ken=", "abc")}`)).toBe(
      "[redacted:npm_token][redacted:query_secret]",
    );
    // An Anthropic key is also openai-shaped: reported once, as Anthropic's.
    expect(findSecretsInString(`${f("sk-", "ant-", A(30))}`)).toEqual([
      { reason: "anthropic_api_key", start: 0, end: 37 },
    ]);
  });

  it("a key body of every base64 character, CR and LF is taken back to the character before it", () => {
    const end = f("-----END ", "PRIVATE KEY-----");
    for (const stop of [" ", ":", "@", "[", "`", "{", "-", "*"]) {
      const text = `x${stop}0Z9aAz+/=\r\n${end}`;
      expect(findSecretsInString(text)).toEqual([{ reason: "private_key", start: 2, end: text.length }]);
    }
  });

  it("an orphan key body before a later BEGIN line is found as well as the open block", () => {
    const text = f("QQ\n-----END ", "PRIVATE KEY----- and -----BEGIN ", "PRIVATE KEY-----\nabc");
    expect(findSecretsInString(text)).toEqual([
      { reason: "private_key", start: 0, end: 28 },
      { reason: "private_key", start: 33, end: text.length },
    ]);
  });

  it("an orphan key body is taken back to the first non-base64 character, bounded to 16384 characters", () => {
    const end = f("-----END ", "PRIVATE KEY-----");
    expect(findSecretsInString(`a b${"Q".repeat(10)}\n${end}`)).toEqual([
      { reason: "private_key", start: 2, end: 14 + end.length },
    ]);
    const long = `${"Q".repeat(16_390)}${end}`;
    expect(findSecretsInString(long)).toEqual([{ reason: "private_key", start: 6, end: long.length }]);
  });
});

describe("SEC-01/SEC-08 secretKeyReason names the secret a key suggests", () => {
  it.each([
    ["Authorization", "authorization"],
    ["auth", "authorization"],
    ["Proxy-Authorization", "authorization"],
    ["Cookie", "cookie"],
    ["cookies", "cookie"],
    ["Set-Cookie", "cookie"],
    ["passwd", "password"],
    ["PWD", "password"],
    ["passphrase", "password"],
    ["credential", "credential"],
    ["Credentials", "credential"],
    ["private_key", "private_key"],
    ["api key", "api_key"],
    ["X-Api-Key", "api_key"],
    ["db.password", "password"],
    ["clientSecret", "secret"],
    ["GITHUB_TOKEN", "token"],
    ["openaiApiKey", "api_key"],
    ["AWS_ACCESS_KEY", "api_key"],
    ["aws_secret_key", "secret"],
    ["rsaPrivateKey", "private_key"],
    ["signingKey", "private_key"],
    ["encryption_key", "private_key"],
    ["sessionKey", "secret"],
    ["dbCredential", "credential"],
    ["userCredentials", "credential"],
    ["author", null],
    ["key", null],
    ["passwordSet", null],
    ["tokens", null],
    ["keyboard", null],
  ])("%s → %s", (key, reason) => {
    expect(secretKeyReason(key)).toBe(reason);
    expect(secretKeyReason(key)).toBe(reason);
  });

  it.each([
    [null, false],
    [undefined, false],
    [true, false],
    [false, false],
    ["", false],
    ["x", true],
    [0, true],
    [{}, true],
  ])("isSecretBearingValue(%j) is %s", (value, bearing) => {
    expect(isSecretBearingValue(value)).toBe(bearing);
  });
});
