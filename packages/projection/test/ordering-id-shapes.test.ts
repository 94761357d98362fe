// Ids the ordering gate proves seen by their shape (`<stream prefix><sequence>`, internal/seen-ids.ts):
// only an id that is exactly the prefix and the canonical decimal sequence counts as proved; any other
// id is its own id, an event without an id proves nothing, and a jump of the baseline keeps what was seen.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { loggedGate as gate } from "./helpers";

/** A fact of `streamId`; without `sequence` an unsequenced restatement, without `eventId` an anonymous one. */
const event = (eventId: string | undefined, sequence?: number, streamId = "s"): AgentUiEvent =>
  ({
    ...(eventId === undefined ? {} : { eventId }),
    streamId,
    type: "run.status",
    ...(sequence === undefined ? {} : { sequence }),
  }) as AgentUiEvent;

const ids = (log: [string, string | undefined, string?][]) => log.map(([kind, id, why]) => [kind, id, why]);

describe("ordering gate: ids proved by their shape (ORD-01, ORD-02)", () => {
  it.each([["s:01"], ["s:x"], ["s:1&1"], ["s:"]])(
    "ORD-01 an id %j at sequence 1 is its own id: the id s:1 is still new",
    (odd) => {
      const { g, log } = gate(0);
      for (const e of [event("s:0", 0), event(odd, 1), event("s:1")]) g.admit(e);
      expect(log).toEqual([
        ["apply", "s:0"],
        ["apply", odd],
        ["apply", "s:1"],
      ]);
    },
  );

  it("ORD-02 an id equal to the stream's prefix at an applied sequence is a second event there", () => {
    const { g, log } = gate(0);
    for (const e of [event("s:0", 0), event("s:1", 1), event("s:", 0)]) g.admit(e);
    expect(ids(log).at(-1)).toEqual(["late", "s:", "duplicate_sequence"]);
  });

  it("ORD-01 an event without an id proves no id: the id of its sequence is still new", () => {
    const { g, log } = gate(1);
    for (const e of [event("s:1", 1), event(undefined, 2), event("s:3", 3), event("s:2")]) g.admit(e);
    expect(log.map(([, id]) => id)).toEqual(["s:1", undefined, "s:3", "s:2"]);
  });

  it("HYD-10 ORD-02 ids applied before a hydrated baseline jump stay seen", () => {
    const { g, log } = gate(1);
    for (const e of [event("s:1", 1), event("s:2", 2)]) g.admit(e);
    g.setBaseline("s", 5);
    for (const e of [event("s:1"), event("s:2"), event("s:6", 6)]) g.admit(e);
    expect(log.map(([, id]) => id)).toEqual(["s:1", "s:2", "s:6"]);
  });

  it("ORD-01 once a stream's ids stop having its shape, later sequences are not taken as seen ids", () => {
    const { g, log } = gate(1);
    const facts = [event("b:1", 1, "b"), event("s:1", 1), event("x", 2), event("y", 3), event("s:3")];
    for (const e of facts) g.admit(e);
    expect(log.map(([, id]) => id)).toEqual(["b:1", "s:1", "x", "y", "s:3"]);
  });

  it("ORD-02 another stream's ids stay seen while a stream waits behind a gap before its first id", () => {
    const { g, log } = gate(1);
    const facts = [event("b:1", 1, "b"), event(undefined, 3), event("a:4", 4), event("b:1")];
    for (const e of facts) g.admit(e);
    expect(log).toEqual([["apply", "b:1"]]);
  });

  it.each([
    ["s:", 0, undefined],
    ["s:", 1, undefined],
    ["session-0f3a9c:", 1, undefined],
    ["s:", 1e14, 1e14 - 1],
  ])("ORD-02 in-order ids %s<sequence> from %d keep no id in memory", (prefix, first, baseline) => {
    const { g, log } = gate(first === 1e14 ? 1 : first);
    if (baseline !== undefined) g.setBaseline("s", baseline);
    for (let sequence = first; sequence < first + 200; sequence++)
      g.admit(event(`${prefix}${sequence}`, sequence));
    expect(log).toHaveLength(200);
    expect(g.rememberedIds()).toBe(0);
  });
});
