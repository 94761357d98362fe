import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

// A snapshot past the eager-build threshold builds its large tables on first read (internal/lazy.ts); to a
// caller it is still plain data (ARCH-04, perf §2.2): the same keys, the same JSON, nothing hidden on it.

function largeState() {
  const e = stream({ turnId: "t1" });
  const p = createProjector();
  for (let i = 0; i < 140; i++)
    p.apply(e("tool.started", { toolCallId: `c${i}`, payload: { name: "read" } }));
  return p.getState();
}

describe("deferred snapshot tables", () => {
  it("ARCH-04 a table read late is an ordinary enumerable property; the snapshot carries no enumerable symbol", () => {
    const state = largeState();
    const keys = Object.keys(state);
    expect(keys).toContain("tools");
    const symbols = Object.getOwnPropertySymbols(state).filter((s) =>
      Object.prototype.propertyIsEnumerable.call(state, s),
    );
    expect(symbols).toEqual([]);
    expect(Object.keys(state.tools)).toHaveLength(140);
    expect(Object.keys(state)).toEqual(keys);
    expect(Object.getOwnPropertyDescriptor(state, "tools")).toMatchObject({
      enumerable: true,
      writable: true,
    });
    const copy = JSON.parse(JSON.stringify(state));
    expect(Object.keys(copy.tools)).toHaveLength(140);
    expect({ ...state }).toEqual(copy);
  });
});
