// TEAM-17: a teammate's own policy from its agent facts, field by field, redacted; never inferred.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

const secret = ["ghp_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");

describe("teammate policy", () => {
  it("TEAM-17 agent facts state the teammate's mode, approval, sandbox, plan mode, budget and stop", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        payload: {
          agentName: "Writer",
          policy: {
            mode: "acceptEdits",
            approvalPolicy: "on-request",
            sandbox: { network: "off" },
            planMode: true,
            budget: { limit: 5, unit: "usd" },
            maxTurns: 10,
          },
        },
      }),
      e("agent.changed", { agentId: "w1", payload: { policy: { budget: { used: 1.5 } } } }),
      e("agent.changed", { agentId: "w1", payload: { permissionMode: "plan", status: "running" } }),
    ]);
    expect(state.agents.w1.policy).toEqual({
      permissionMode: "plan",
      approval: "on-request",
      sandbox: { network: "off" },
      planMode: true,
      budget: { limit: 5, used: 1.5, unit: "usd" },
      termination: "maxTurns:10",
    });
  });

  it("TEAM-17 a teammate without policy facts has none; a bare `mode` beside agent fields is not one", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", payload: { agentName: "Writer", mode: "fast" } }),
    ]);
    expect(state.agents.w1.policy).toBeUndefined();
  });

  it("TEAM-17 / SEC-01 secrets in a policy never reach state", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        payload: { policy: { sandbox: { env: `GITHUB_TOKEN=${secret}` }, termination: `token ${secret}` } },
      }),
    ]);
    expect(JSON.stringify(state)).not.toContain(secret);
    expect(state.agents.w1.policy?.sandbox).toBeDefined();
  });

  it("TEAM-17 snake_case and alternative names; plan mode alone is a policy; fields beside the agent's count", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        payload: {
          policy: { permission_mode: "plan", approval_policy: "never", stopCondition: "tests pass" },
        },
      }),
      e("agent.spawned", { agentId: "w2", payload: { plan_mode: false } }),
      e("agent.spawned", { agentId: "w3", payload: { approvalPolicy: "on-failure", mode: "fast" } }),
      e("agent.spawned", { agentId: "w4", payload: { policy: { budget: { limit: 3 } } } }),
      e("agent.changed", { agentId: "w4", payload: { policy: { budget: { unit: "usd" } } } }),
    ]);
    expect(state.agents.w1.policy).toEqual({
      permissionMode: "plan",
      approval: "never",
      termination: "tests pass",
    });
    expect(state.agents.w2.policy).toEqual({ planMode: false });
    expect(state.agents.w3.policy).toEqual({ approval: "on-failure" });
    expect(state.agents.w4.policy).toEqual({ budget: { limit: 3, unit: "usd" } });
  });
});
