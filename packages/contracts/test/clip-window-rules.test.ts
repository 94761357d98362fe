import { describe, expect, it } from "vitest";
import { clip, redactText } from "../src/index";

// A bearer token well past a kilobyte, as identity providers issue them (header, a long claims part,
// signature); its signature is the part that makes the redaction pattern see the whole token.
const longJwt = `eyJhbGciOiJSUzI1NiJ9.${"eyJzdWIiOiIxMjM0NTY3ODkwIn0".repeat(80)}.c2lnbmF0dXJlLXBhcnQ`;

describe("clip: a long secret across the redaction window", () => {
  it("SEC-03 a token that starts before the cut and runs past the window is redacted whole", () => {
    expect(longJwt.length).toBeGreaterThan(2000);
    expect(redactText(`token ${longJwt}`)).toBe("token [redacted:jwt]");
    expect(clip(`token ${longJwt}`)).toBe("token [redacted:jwt]");
    // What follows the token past the window is cut off, and the mark says so.
    expect(clip(`token ${longJwt} and then ${"x".repeat(5000)}`)).toBe("token [redacted:jwt]…");
    expect(clip(`${longJwt}`, 10)).toBe("[redacted:…");
  });

  it("SEC-03 a token run is followed 64 KiB past the window and no further: a longer one is cut and marked", () => {
    // The default cut (80) plus the redaction window (1,024) plus the run followed past it (65,536).
    const bound = 80 + 1024 + 65_536;
    const tokenOfLength = (length: number) => {
      const head = "eyJhbGciOiJSUzI1NiJ9.eyJ";
      const tail = ".c2lnbmF0dXJl";
      return `${head}${"a".repeat(length - head.length - tail.length)}${tail}`;
    };
    const upToBound = `token ${tokenOfLength(bound - "token ".length)}`;
    expect(upToBound.length).toBe(bound);
    expect(clip(upToBound)).toBe("token [redacted:jwt]");
    // One token character more than the bound: the run is read up to the bound, the rest is cut off.
    const pastBound = `token ${tokenOfLength(bound + 1 - "token ".length)}`;
    expect(clip(pastBound)).toBe("token [redacted:jwt]…");
  });

  it("SEC-03 a long text without secrets is cut at the limit whatever its length", () => {
    const words = "lorem ipsum ".repeat(20_000);
    expect(clip(words)).toBe(`${words.slice(0, 80)}…`);
    const run = "A".repeat(200_000);
    expect(clip(run, 10)).toBe("AAAAAAAAAA…");
  });
});
