// A compaction snapshot is serialized a slice per turn of the event loop; its text is exactly
// JSON.stringify's, for a long session's projection and for hostile plain data alike.
import { createProjector } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSession, generateSession } from "../../../bench/src/generator";
import { slicedJson } from "../src/gateway/sliced-json";

describe("snapshot JSON built slice by slice", () => {
  it("HYD-09 equals JSON.stringify of a 30k-event projection, and yields to the event loop meanwhile", async () => {
    const projector = createProjector();
    projector.applyAll(encodeSession(generateSession({ events: 30_000 })).envelope);
    const state = projector.getState() as unknown as Record<string, unknown>;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await slicedJson(state);
    clearInterval(timer);
    expect(text).toBe(JSON.stringify(state));
    expect(ticks).toBeGreaterThan(0);
  });

  it("equals JSON.stringify for any plain data, large arrays and records included", async () => {
    const big = fc.oneof(
      fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined)), { minLength: 1990, maxLength: 4100 }),
      fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined)), {
        minKeys: 1990,
        maxKeys: 2100,
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), big, fc.constant(undefined))),
        async (value) => {
          expect(await slicedJson(value)).toBe(JSON.stringify(value));
        },
      ),
      { numRuns: 15 },
    );
  });
});
