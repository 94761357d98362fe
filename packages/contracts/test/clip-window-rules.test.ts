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

  it("SEC-03 a long text without secrets is cut at the limit whatever its length", () => {
    const words = "lorem ipsum ".repeat(20_000);
    expect(clip(words)).toBe(`${words.slice(0, 80)}…`);
    const run = "A".repeat(200_000);
    expect(clip(run, 10)).toBe("AAAAAAAAAA…");
  });
});
