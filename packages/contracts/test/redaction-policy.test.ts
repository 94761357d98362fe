// The one redaction policy (SEC-01/02/03): every secret shape it covers, planted anywhere in free text or
// a structure, and streamed in chunks split anywhere, never survives.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact, redactGrowingText, redactText, withoutTrailingSecretStart } from "../src/index";
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
