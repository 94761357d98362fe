import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

// permission.changed: a decision carries only the fields the runtime reported (PERM-01/03).
describe("permission decision fields", () => {
  it("PERM-01 a bare decision has its id, word and fact, and no empty source, reason, expiry or action", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", { payload: { decision: { id: "d1", decision: "deny" } } }),
    ]);
    expect(state.permissions.decisions).toStrictEqual([
      { id: "d1", decision: "deny", fact: { eventId: "s1-1", sequence: 1, type: "permission.changed" } },
    ]);
  });

  it("PERM-03 a decision names the action of its envelope", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", { actionId: "a1", payload: { decision: { id: "d1", decision: "allow" } } }),
    ]);
    expect(state.permissions.decisions.map((d) => [d.id, d.actionId])).toEqual([["d1", "a1"]]);
  });
});
