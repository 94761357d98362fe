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

  it("ARCH-03 the measured depth of a tree is its nesting depth ({} is 1, a scalar 0)", () => {
    const depthOf = (value: unknown): number =>
      value === null || typeof value !== "object"
        ? 0
        : 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthOf));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const tree = JSON.parse(JSON.stringify(value)) as unknown;
        expect(measureState(tree, 64).depth).toBe(depthOf(tree));
      }),
      { numRuns: 300 },
    );
    expect(measureState({ a: { b: {} }, c: 1 }, 64).depth).toBe(3);
  });

  it("ARCH-03 app state exactly at the depth or byte bound is kept; one level or one byte more is refused", () => {
    const nest = (levels: number): Record<string, unknown> => {
      let value: Record<string, unknown> = {};
      for (let i = 1; i < levels; i++) value = { n: value };
      return value;
    };
    const e = stream();
    const p = createProjector({ maxAppStateDepth: 5 });
    p.apply(e("state.snapshot", { payload: { appState: nest(5) } }));
    expect(p.getState().appState).toEqual(nest(5));
    p.apply(e("state.snapshot", { payload: { appState: nest(6) } }));
    expect(p.getState().appState).toEqual(nest(5));
    expect(p.getState().diagnostics.map((d) => d.message)).toEqual([
      "state.snapshot appState refused (app state would nest deeper than 5 levels): appState kept as it was and marked stale",
    ]);
    const fits = { text: "x".repeat(100) };
    const bytes = approxJsonBytes(fits);
    const q = createProjector({ maxAppStateBytes: bytes });
    q.apply(e("state.snapshot", { payload: { appState: fits } }));
    expect(q.getState().appState).toEqual(fits);
    q.apply(e("state.snapshot", { payload: { appState: { text: "x".repeat(101) } } }));
    expect(q.getState().appState).toEqual(fits);
    expect(codes(q.getState())).toEqual(["state_limit_exceeded"]);
  });
});
