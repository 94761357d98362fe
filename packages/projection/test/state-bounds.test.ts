import { approxJsonBytes } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { measureState } from "../src/internal/state-bounds";
import { codes, stream } from "./helpers";

/** One `copy` op per delta, each doubling the document: 2^26 × the seed after 26 deltas. */
function copyBomb(e: ReturnType<typeof stream>, rounds: number) {
  const events = [e("state.snapshot", { payload: { appState: { a: "x".repeat(64) } } })];
  for (let i = 0; i < rounds; i++)
    events.push(e("state.delta", { payload: { patch: [{ op: "copy", from: "", path: `/c${i}` }] } }));
  return events;
}

describe("app state bounds (state_limit_exceeded)", () => {
  it("ARCH-03 a copy bomb of 26 doubling deltas is refused once past the bound; the state kept as it was", () => {
    const e = stream();
    const p = createProjector({ maxAppStateBytes: 64 * 1024 });
    const events = copyBomb(e, 26);
    let accepted: Record<string, unknown> = {};
    for (const event of events) {
      const before = p.getState().appState;
      p.apply(event);
      const after = p.getState().appState;
      if (after !== before) accepted = after;
    }
    const state = p.getState();
    expect(state.appState).toBe(accepted);
    // Serializing what was kept is cheap: it never went past the bound.
    expect(JSON.stringify(state.appState).length).toBeLessThanOrEqual(64 * 1024);
    expect(Object.keys(state.appState).length).toBeGreaterThan(5);
    const refusals = state.diagnostics.filter((d) => d.code === "state_limit_exceeded");
    expect(refusals.length).toBeGreaterThan(10);
    expect(refusals[0]).toMatchObject({ severity: "error", path: "/payload/patch" });
    expect(state.cursor.staleSections).toContain("appState");
  });

  it("ARCH-03 a single delta of 26 copies is priced without serializing (the default bound holds)", () => {
    const e = stream();
    const p = createProjector();
    p.apply(e("state.snapshot", { payload: { appState: { a: "x".repeat(64) } } }));
    const patch = Array.from({ length: 26 }, (_, i) => ({ op: "copy", from: "", path: `/c${i}` }));
    p.apply(e("state.delta", { payload: { patch } }));
    expect(p.getState().appState).toEqual({ a: "x".repeat(64) });
    expect(codes(p.getState())).toContain("state_limit_exceeded");
  });

  it("ARCH-03 a snapshot over the byte bound or the depth bound is refused; the earlier state stays", () => {
    const e = stream();
    const p = createProjector({ maxAppStateBytes: 1000, maxAppStateDepth: 8 });
    p.apply(e("state.snapshot", { payload: { appState: { ok: true } } }));
    p.apply(e("state.snapshot", { payload: { appState: { big: "y".repeat(2000) } } }));
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 20; i++) deep = { deep };
    p.apply(e("state.snapshot", { payload: { appState: deep } }));
    p.apply(e("state.delta", { payload: { patch: [{ op: "add", path: "/nested", value: deep }] } }));
    const state = p.getState();
    expect(state.appState).toEqual({ ok: true });
    const messages = state.diagnostics.filter((d) => d.code === "state_limit_exceeded").map((d) => d.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/1000-byte bound/);
    expect(messages[1]).toMatch(/deeper than 8/);
  });

  it("ARCH-03 a stored projection whose appState is over the bound hydrates without it", () => {
    const source = createProjector();
    source.apply(stream()("state.snapshot", { payload: { appState: { big: "z".repeat(5000) } } }));
    const p = createProjector({ maxAppStateBytes: 1000 });
    p.hydrate({ kind: "projection", state: source.getState() });
    expect(p.getState().appState).toEqual({});
    expect(codes(p.getState())).toContain("state_limit_exceeded");
  });

  it("the measured size of a tree equals its approximate JSON size", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const tree = JSON.parse(JSON.stringify(value)) as unknown;
        expect(measureState(tree, 64).bytes).toBe(approxJsonBytes(tree));
      }),
      { numRuns: 200 },
    );
  });
});
