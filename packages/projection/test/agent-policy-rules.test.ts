import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("teammate policy, field by field (TEAM-17)", () => {
  it("TEAM-17 `mode` inside an explicit policy object is the teammate's permission mode", () => {
    const e = stream();
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", payload: { policy: { mode: "acceptEdits" } } }),
    ]);
    expect(state.agents.w1.policy).toEqual({ permissionMode: "acceptEdits" });
  });

  it("TEAM-17 a later budget that omits what was used keeps the used amount and takes the new limit", () => {
    const e = stream();
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        payload: { policy: { budget: { limit: 5, used: 2, unit: "usd" } } },
      }),
      e("agent.changed", { agentId: "w1", payload: { policy: { budget: { limit: 8 } } } }),
    ]);
    expect(state.agents.w1.policy).toEqual({ budget: { limit: 8, used: 2, unit: "usd" } });
  });
});
