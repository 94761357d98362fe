// How a message is created from the fact that opens it: the turn it belongs to when the fact names only its
// run, the time it was first written, and which messages a turn's waiting delegations join.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("a message created by a fact", () => {
  it("PROSE-03 PROC-01 a fact that names only its run lands in that run's turn", () => {
    const e = stream();
    const state = projectEvents([
      e("run.started", { runId: "r1", turnId: "t1", payload: {} }),
      e("text.delta", { runId: "r1", messageId: "m1", payload: { delta: "Hello" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.turnId, m.runId])).toEqual([["m1", "t1", "r1"]]);
  });

  it("HYD-13 a message's time is its first fact's: later facts with later times never move it", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", timestamp: "2026-01-01T00:00:01.000Z", payload: { delta: "a" } }),
      e("text.delta", { messageId: "m1", timestamp: "2026-01-01T00:00:09.000Z", payload: { delta: "b" } }),
      e("text.delta", { messageId: "m2", payload: { delta: "c" } }),
      e("text.delta", { messageId: "m2", timestamp: "2026-01-01T00:00:12.000Z", payload: { delta: "d" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.createdAt])).toEqual([
      ["m1", "2026-01-01T00:00:01.000Z"],
      // Its first fact had no time: the first one stated.
      ["m2", "2026-01-01T00:00:12.000Z"],
    ]);
  });

  it("TEAM-02 TEAM-04 a delegation waiting in the turn joins the coordinator's first answer, not the user's prompt", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("run.started", { payload: { input: "Plan the release", userMessageId: "u1" } }),
      e("text.delta", { messageId: "a1", payload: { delta: "Delegated." } }),
    ]);
    const parts = state.messages.map((m) => [m.id, m.role, m.parts.map((p) => p.kind)]);
    expect(parts).toEqual([
      ["u1", "user", ["user_text"]],
      ["a1", "assistant", ["agent_task", "assistant_text"]],
    ]);
  });
});
