import { describe, expect, it } from "vitest";
import { SourceConfigError, unavailableResult } from "../src/index";

describe("runtime source answers", () => {
  it("CTRL-06 a write the source does not support is an honest unavailable result under its key", () => {
    const command = { kind: "steer", sessionId: "s1", idempotencyKey: "k1", text: "go" } as const;
    expect(unavailableResult(command, "this source cannot steer")).toEqual({
      status: "unavailable",
      idempotencyKey: "k1",
      reason: "this source cannot steer",
    });
  });

  it("a wrong source config is a named error with a code, by default invalid_source_config", () => {
    const error = new SourceConfigError("url is required");
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message, error.code]).toEqual([
      "SourceConfigError",
      "url is required",
      "invalid_source_config",
    ]);
    expect(new SourceConfigError("too slow", "connection_timeout").code).toBe("connection_timeout");
  });
});
