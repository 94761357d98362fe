// Session residency (HYD-06/07, AS-TAB-03/04): the tab state machine. Named transitions, then a property over
// any sequence of opens, closes, pins, archives and memory pressure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RESIDENCY_RESOURCES,
  type Residency,
  type ResidencyEvent,
  createResidency,
  reduceResidency,
  residencyState,
  warmIds,
} from "../src/session-residency";

const run = (events: ResidencyEvent[], limit = 2): Residency =>
  events.reduce(reduceResidency, createResidency(limit));
const states = (r: Residency) => Object.fromEntries(r.tabs.map((t) => [t.id, residencyState(r, t.id)]));

describe("session residency", () => {
  it("HYD-07 an opened tab is restoring until hydrated, then active; the one before stays recent", () => {
    let r = run([{ type: "open", id: "a" }]);
    expect(residencyState(r, "a")).toBe("restoring");
    r = run([
      { type: "open", id: "a" },
      { type: "hydrated", id: "a" },
      { type: "open", id: "b" },
    ]);
    expect(states(r)).toEqual({ a: "recent", b: "restoring" });
    // Back to a warm, hydrated tab: active at once, no restore.
    r = reduceResidency(r, { type: "open", id: "a" });
    expect(residencyState(r, "a")).toBe("active");
  });

  it("HYD-06 more tabs than the warm limit suspend the least recently used; returning restores it", () => {
    const r = run(
      ["a", "b", "c", "d"].flatMap((id): ResidencyEvent[] => [
        { type: "open", id },
        { type: "hydrated", id },
      ]),
    );
    expect(states(r)).toEqual({ a: "suspended", b: "suspended", c: "recent", d: "active" });
    expect(warmIds(r)).toEqual(["c", "d"]);
    const back = reduceResidency(r, { type: "open", id: "a" });
    expect(states(back)).toEqual({ a: "restoring", b: "suspended", c: "suspended", d: "recent" });
  });

  it("AS-TAB-04 a pinned tab survives the warm limit and memory pressure; unpinned it is evictable again", () => {
    let r = run([
      { type: "open", id: "p" },
      { type: "hydrated", id: "p" },
      { type: "pin", id: "p" },
    ]);
    for (const id of ["a", "b", "c"])
      r = reduceResidency(reduceResidency(r, { type: "open", id }), { type: "hydrated", id });
    expect(states(r)).toEqual({ p: "pinned", a: "suspended", b: "recent", c: "active" });
    r = reduceResidency(r, { type: "pressure" });
    expect(states(r)).toEqual({ p: "pinned", a: "suspended", b: "suspended", c: "active" });
    // Still hydrated: returning to it shows its state at once.
    expect(residencyState(reduceResidency(r, { type: "open", id: "p" }), "p")).toBe("active");
    r = reduceResidency(r, { type: "unpin", id: "p" });
    expect(residencyState(r, "p")).toBe("recent");
    expect(residencyState(reduceResidency(r, { type: "pressure" }), "p")).toBe("suspended");
  });

  it("HYD-07 an archived session is released unless shown or pinned; closing discards and activates the last used", () => {
    let r = run([
      { type: "open", id: "a" },
      { type: "hydrated", id: "a" },
      { type: "open", id: "b" },
      { type: "archive", id: "a" },
    ]);
    expect(states(r)).toEqual({ a: "archived", b: "restoring" });
    r = reduceResidency(r, { type: "close", id: "b" });
    expect(residencyState(r, "b")).toBe("discarded");
    expect(r.activeId).toBe("a");
    expect(residencyState(r, "a")).toBe("restoring");
    // A hydration answer for a released tab changes nothing.
    r = run([
      { type: "open", id: "x" },
      { type: "open", id: "y" },
      { type: "open", id: "z" },
      { type: "hydrated", id: "x" },
    ]);
    expect(residencyState(r, "x")).toBe("suspended");
    // A repeated hydration signal changes nothing (same object: the host does not re-render).
    const hydrated = run([
      { type: "open", id: "a" },
      { type: "hydrated", id: "a" },
    ]);
    expect(reduceResidency(hydrated, { type: "hydrated", id: "a" })).toBe(hydrated);
    expect(reduceResidency(r, { type: "open", id: "x" }).tabs.find((t) => t.id === "x")?.hydrated).toBe(
      false,
    );
  });

  it("HYD-06 each state's resources: only warm states hold a connection, only the shown one a view", () => {
    expect(
      Object.entries(RESIDENCY_RESOURCES)
        .filter(([, r]) => r.connection)
        .map(([s]) => s),
    ).toEqual(["active", "restoring", "recent", "pinned"]);
    expect(
      Object.entries(RESIDENCY_RESOURCES)
        .filter(([, r]) => r.view)
        .map(([s]) => s),
    ).toEqual(["active", "restoring"]);
    expect(() => createResidency(0)).toThrow(RangeError);
  });

  it("HYD-07 property: pinned never leaves warm, at most N non-pinned warm, exactly one active while tabs are open", () => {
    const id = fc.constantFrom("a", "b", "c", "d", "e", "f");
    const event: fc.Arbitrary<ResidencyEvent> = fc.oneof(
      id.map((i) => ({ type: "open" as const, id: i })),
      id.map((i) => ({ type: "hydrated" as const, id: i })),
      id.map((i) => ({ type: "close" as const, id: i })),
      id.map((i) => ({ type: "pin" as const, id: i })),
      id.map((i) => ({ type: "unpin" as const, id: i })),
      fc.tuple(id, fc.boolean()).map(([i, archived]) => ({ type: "archive" as const, id: i, archived })),
      fc.constant({ type: "pressure" as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(event, { maxLength: 60 }), (limit, events) => {
        let r = createResidency(limit);
        for (const e of events) {
          const pinnedBefore = new Set(r.tabs.filter((t) => t.pinned).map((t) => t.id));
          r = reduceResidency(r, e);
          const all = r.tabs.map((t) => residencyState(r, t.id));
          for (const t of r.tabs) {
            if (t.pinned) expect(t.warm).toBe(true);
            // A pinned tab stays warm until it is closed or unpinned (never by pressure or the limit).
            if (pinnedBefore.has(t.id) && !(e.type === "unpin" && e.id === t.id))
              expect(t.pinned && t.warm).toBe(true);
            if (t.warm) expect(RESIDENCY_RESOURCES[residencyState(r, t.id)].connection).toBe(true);
          }
          expect(r.tabs.filter((t) => t.warm && !t.pinned).length).toBeLessThanOrEqual(limit);
          const shown = all.filter((s) => s === "active" || s === "restoring").length;
          expect(shown).toBe(r.tabs.length > 0 ? 1 : 0);
          expect(new Set(r.tabs.map((t) => t.id)).size).toBe(r.tabs.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
