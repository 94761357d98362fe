// The one redaction policy (SEC-01/02/03): every secret shape it covers, planted anywhere in free text or
// a structure, and streamed in chunks split anywhere, never survives.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  redact,
  redactGrowingText,
  redactText,
  redactionMarker,
  withoutTrailingSecretStart,
} from "../src/index";
import { isSecretBearingValue, secretKeyReason } from "../src/secrets";
import { SECRET_KINDS, anySecret, leakedNeedle } from "./secret-corpus";

const around = fc.string({ maxLength: 40 });
const separator = fc.constantFrom(" ", "\n", " (", ": ", "\t");

describe("SEC-02 one redaction policy: every covered shape", () => {
  it.each(Object.keys(SECRET_KINDS))("%s is redacted wherever it sits in free text", (kind) => {
    fc.assert(
      fc.property(SECRET_KINDS[kind], around, around, separator, (secret, before, after, sep) => {
        const text = `${before}${sep}${secret.text}${sep}${after}`;
        const redacted = redactText(text);
        expect(leakedNeedle(secret, redacted)).toBeUndefined();
        expect(redactText(redacted)).toBe(redacted);
      }),
      { numRuns: 60 },
    );
  });

  it("a secret anywhere in a structure (value, nested array, under any key) is redacted", () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.jsonValue({ maxDepth: 3 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (secret, value, key) => {
          const input = { payload: { [key]: [value, { note: `see ${secret.text} here` }] } };
          expect(leakedNeedle(secret, JSON.stringify(redact(input).value))).toBeUndefined();
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a secret inside an object key is redacted in the key; the entry, its value and the key order stay", () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.string({ maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
        (secret, around, value) => {
          const key = `${around} ${secret.text} ${around}`;
          const input = { first: 1, nested: { [key]: value }, last: true };
          const { value: out, redactions } = redact(input);
          expect(leakedNeedle(secret, JSON.stringify(out))).toBeUndefined();
          expect(Object.keys(out)).toEqual(["first", "nested", "last"]);
          const [name] = Object.keys(out.nested);
          expect(name).toBe(redactText(key));
          // A key that names a secret ("…PRIVATE KEY…") also hides its value, as any such key does.
          const expected =
            secretKeyReason(key) !== null && isSecretBearingValue(value)
              ? redactionMarker(secretKeyReason(key) as string)
              : redact(value).value;
          expect(JSON.stringify(out.nested[name])).toBe(JSON.stringify(expected));
          expect(redactions.some((r) => r.path.startsWith("/nested/"))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("two keys that redact to the same name both stay", () => {
    const a = ["gh", "p_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");
    const b = ["gh", "p_", "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"].join("");
    const { value } = redact({ [a]: "first", [b]: "second", plain: 3 });
    expect(value).toEqual({
      "[redacted:github_token]": "first",
      "[redacted:github_token] (2)": "second",
      plain: 3,
    });
    expect(Object.keys(value)).toEqual(["[redacted:github_token]", "[redacted:github_token] (2)", "plain"]);
  });
});

describe("SEC-02 streamed text: a secret split across chunks never shows", () => {
  it("the text so far, redacted incrementally, never shows a secret at any prefix, and ends as the whole text redacted", () => {
    fc.assert(
      fc.property(
        anySecret,
        around,
        around,
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (secret, before, after, cuts) => {
          const text = `${before} ${secret.text} ${after}`;
          const points = [...new Set(cuts.map((c) => c % text.length))].sort((a, b) => a - b);
          let state: ReturnType<typeof redactGrowingText> | undefined;
          for (const point of [...points, text.length]) {
            state = redactGrowingText(text.slice(0, point), state);
            const shown = point === text.length ? state.text : withoutTrailingSecretStart(state.text);
            expect(leakedNeedle(secret, shown)).toBeUndefined();
          }
          expect(state?.text).toBe(redactText(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a PEM block streamed line by line is redacted on every line, including after its END", () => {
    const lines = ["MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw", "ggSjAgEAAoIBAQC7VJTUt9Us8cKjMzEfYyjiWA4R"];
    const chunks = [
      "Key:\n-----BEGIN PRIV",
      "ATE KEY-----\n",
      `${lines[0]}\n`,
      `${lines[1]}\n`,
      "-----END PRIVATE KEY-----\nbye",
    ];
    let state: ReturnType<typeof redactGrowingText> | undefined;
    let raw = "";
    for (const chunk of chunks) {
      raw += chunk;
      state = redactGrowingText(raw, state);
      for (const line of lines) expect(state.text).not.toContain(line.slice(0, 12));
    }
    expect(state?.text).toBe("Key:\n[redacted:private_key]\nbye");
    // Each chunk on its own (as a stored delta is redacted): the body after BEGIN, and before END.
    expect(redactText(`${lines[1]}\n-----END PRIVATE KEY-----`)).toBe("[redacted:private_key]");
  });

  it("long prose with no secret costs a bounded rescan: the safe cut follows the text", () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    let state: ReturnType<typeof redactGrowingText> | undefined;
    let raw = "";
    for (const word of words) {
      raw += `${word} `;
      state = redactGrowingText(raw, state, true);
    }
    expect(state?.text).toBe(raw);
    expect(raw.length - (state?.cut ?? 0)).toBeLessThan(16);
  });
});
