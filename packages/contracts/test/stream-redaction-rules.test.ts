import { describe, expect, it } from "vitest";
import { redactGrowingText, redactText, withoutTrailingSecretStart } from "../src/index";

// Fake credentials assembled at run time so secret scanners do not flag this file.
const fake = (...parts: string[]) => parts.join("");
const NPM = fake("npm", "_", "AbCdEfGh1jKlMnOpQrStUvWxYz0123456789");

describe("SEC-02/SEC-03 redactGrowingText: a streamed text is redacted as a whole", () => {
  it("SEC-03 a secret split across two chunks is redacted once complete", () => {
    const first = redactGrowingText(`hello ${NPM.slice(0, 10)}`);
    const second = redactGrowingText(`hello ${NPM}`, first, true);
    expect(second.text).toBe("hello [redacted:npm_token]");
    expect(second.text).toBe(redactText(`hello ${NPM}`));
  });

  it("the same raw text returns the previous redaction itself", () => {
    const first = redactGrowingText("plain words here ");
    expect(redactGrowingText("plain words here ", first)).toBe(first);
  });

  it("cuts after the last space that has no secret hint in the 64 characters before it", () => {
    expect(redactGrowingText("hello world ")).toEqual({
      raw: "hello world ",
      cut: 12,
      prefix: "hello world ",
      text: "hello world ",
    });
    expect(redactGrowingText("hello world")).toMatchObject({ cut: 6, prefix: "hello " });
    expect(redactGrowingText("tab\tnew\nline\rend")).toMatchObject({ cut: 13, prefix: "tab\tnew\nline\r" });
    expect(redactGrowingText("new\nline").cut).toBe(4);
    expect(redactGrowingText("tab\tstop").cut).toBe(4);
    expect(redactGrowingText("my password is on file")).toMatchObject({ cut: 3, prefix: "my " });
    expect(redactGrowingText("nospaceatall")).toMatchObject({ cut: 0, prefix: "" });
    // A hint starting 65 characters before the space no longer blocks the cut; 64 before still does.
    const far = `token ${"a".repeat(59)} x`;
    expect(redactGrowingText(far).cut).toBe(far.length - 1);
    const near = `token ${"a".repeat(58)} x`;
    expect(redactGrowingText(near).cut).toBe(0);
  });

  it("a secret before the cut is redacted in the kept prefix, and later growth reuses it", () => {
    const raw = `${NPM} ${"a ".repeat(40)}`;
    const first = redactGrowingText(raw);
    expect(first.cut).toBe(raw.length);
    expect(first.prefix).toBe(`[redacted:npm_token] ${"a ".repeat(40)}`);
    const grown = redactGrowingText(`${raw}${NPM} done`, first);
    expect(grown.text).toBe(`${first.prefix}[redacted:npm_token] done`);
    expect(grown.cut).toBe(raw.length);
  });

  it("a text that does not extend the previous one is redacted from scratch", () => {
    const first = redactGrowingText(`${"a ".repeat(40)}`);
    const other = redactGrowingText(`b ${NPM}`, first);
    expect(other.text).toBe("b [redacted:npm_token]");
    const shorter = redactGrowingText("a a", first);
    expect(shorter).toMatchObject({ text: "a a", cut: 2 });
  });

  it("appended: the caller's promise that the text only grew spares the prefix comparison", () => {
    const first = redactGrowingText("aaa bbb ");
    expect(first.cut).toBe(8);
    expect(redactGrowingText("zzz yyy ccc", first, true).text).toBe("aaa bbb ccc");
    expect(redactGrowingText("zzz yyy ccc", first).text).toBe("zzz yyy ccc");
    // Not longer than before: redacted from scratch, whatever the caller says.
    expect(redactGrowingText("zzz yyy ", first, true).text).toBe("zzz yyy ");
  });

  it("no cut inside an open private key block, even far from its BEGIN line", () => {
    const raw = fake("-----BEGIN ", "PRIVATE KEY-----\n", "A".repeat(100), " ", "B".repeat(10));
    const r = redactGrowingText(raw);
    expect(r.cut).toBe(0);
    expect(r.text).toBe("[redacted:private_key]");
  });

  it("a space more than 1024 characters before the end is not looked for", () => {
    expect(redactGrowingText(`hello ${"x".repeat(1023)}`).cut).toBe(6);
    expect(redactGrowingText(`hello ${"x".repeat(1024)}`).cut).toBe(0);
  });

  it("a tail longer than 16384 characters with no break is cut 4096 characters before its end", () => {
    expect(redactGrowingText(".".repeat(16_384)).cut).toBe(0);
    expect(redactGrowingText(".".repeat(16_385)).cut).toBe(16_385 - 4_096);
  });

  it("the long-tail cut is not taken within 64 characters of a secret", () => {
    const length = 20_000;
    const cut = length - 4_096;
    const around = (start: number) => {
      const raw = `${".".repeat(start)} ${NPM} ${".".repeat(length - start - NPM.length - 2)}`;
      return redactGrowingText(raw.replace(/ /g, "."), undefined);
    };
    // `.npm_…` keeps its word boundary; the secret spans [start + 1, start + 1 + NPM.length).
    const endsAt = (end: number) => around(end - NPM.length - 1);
    const startsAt = (start: number) => around(start - 1);
    expect(endsAt(cut - 64).cut).toBe(cut);
    expect(endsAt(cut - 63).cut).toBe(0);
    expect(startsAt(cut + 64).cut).toBe(cut);
    expect(startsAt(cut + 63).cut).toBe(0);
    expect(endsAt(cut - 64).text).toContain("[redacted:npm_token]");
    // A secret well after the long-tail cut stays out of the kept prefix and is redacted once.
    const after = startsAt(cut + 2_000);
    expect(after.cut).toBe(cut);
    expect(after.prefix).toBe(".".repeat(cut));
    const grown = redactGrowingText(`${after.raw}.`, after, true);
    expect(grown.text.split("[redacted:npm_token]")).toHaveLength(2);
  });
});

describe("SEC-03 withoutTrailingSecretStart hides what may be the start of a secret", () => {
  it.each([
    ["hello world", "hello world"],
    [`hello ${fake("npm", "_ab")}`, "hello "],
    [`text ${fake("sk", "-")}`, "text "],
    [`text ${fake("rk", "_li")}`, "text "],
    [`x ${fake("gh", "p_12")}`, "x "],
    [`x ${fake("github", "_pat_1")}`, "x "],
    [`x ${fake("glpat", "-1")}`, "x "],
    [`x ${fake("xox", "b-1")}`, "x "],
    [`x ${fake("xox")}`, "x "],
    [`x ${fake("AI", "za1")}`, "x "],
    [`x ${fake("AK", "IA12")}`, "x "],
    [`x ${fake("AS", "IA12")}`, "x "],
    [`x ${fake("ey", "J.a/b+c=")}`, "x "],
    [fake("a -----BEG", "IN RSA PRI"), "a "],
    ["my password: hun", "my "],
    ["my PASSWD = 'ab", "my "],
    ['"pwd":"ab', '"'],
    ["the secret=", "the "],
    ["a token:\tab", "a "],
    ["api key= x", "api "],
    ["api key- x", "api key- x"],
    ["api key=x", "api "],
    ["auth Bearer ab.c", "auth "],
    ["auth Basic dXNlcjpw", "auth "],
    ["Authorization: basic ", "Authorization: "],
    ["a Basically", "a Basically"],
    ["see https://user", "see "],
    ["see https://user:pw", "see "],
    ["see https://host/path", "see https://host/path"],
    ["xnpm_ab", "xnpm_ab"],
  ])("%j is shown as %j", (text, shown) => {
    expect(withoutTrailingSecretStart(text)).toBe(shown);
  });

  it("only the last 256 characters are examined", () => {
    const long = fake("npm", "_", "a".repeat(300));
    expect(withoutTrailingSecretStart(long)).toBe(long);
    const short = `${"b ".repeat(150)}${fake("npm", "_ab")}`;
    expect(withoutTrailingSecretStart(short)).toBe("b ".repeat(150));
    const startsBefore256 = `${"b ".repeat(100)}${fake("npm", "_", "a".repeat(96))}`;
    expect(withoutTrailingSecretStart(startsBefore256)).toBe("b ".repeat(100));
  });
});
