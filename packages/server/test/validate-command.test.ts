import { describe, expect, it } from "vitest";
import { parseCommand } from "../src/http/validate-command";

describe("command validation", () => {
  it("COMP-02 resolved context refs on send, queue and steer reach the runtime", () => {
    for (const kind of ["send", "queue", "steer"] as const) {
      const command = parseCommand(
        { kind, text: "summarize", idempotencyKey: `k-${kind}`, contextRefs: ["file:README.md"] },
        "s1",
      );
      expect(command).toMatchObject({ kind, sessionId: "s1", contextRefs: ["file:README.md"] });
    }
  });

  it("CTRL-02 malformed context refs are a 400, not a silent drop", () => {
    expect(() =>
      parseCommand({ kind: "send", text: "x", idempotencyKey: "k", contextRefs: [42] }, "s1"),
    ).toThrow(/contextRefs/);
  });
});
