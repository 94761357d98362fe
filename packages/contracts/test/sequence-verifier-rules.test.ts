import { describe, expect, it } from "vitest";
import { createSequenceVerifier } from "../src/index";

describe("sequence verifier: turn terminals (ORD-06)", () => {
  it("ORD-06 a run.finished whose payload is null or not an object closes its turn like any terminal", () => {
    for (const payload of [null, "done", 3]) {
      const verifier = createSequenceVerifier();
      expect(verifier.push({ type: "tool.started", toolCallId: "c1", turnId: "t1" })).toEqual([]);
      expect(verifier.push({ type: "run.finished", turnId: "t1", payload })).toEqual([
        {
          code: "tool_unclosed_at_turn_end",
          severity: "error",
          message: "run.finished while tool 'c1' has no result",
          eventRef: { index: 1, type: "run.finished" },
        },
      ]);
    }
  });
});
