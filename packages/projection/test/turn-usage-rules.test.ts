// Per-turn usage (PERF-08): token and cost metrics of a turn land on that turn's latest assistant message as
// the runtime last reported them; usage reported before the answer waits for it, a bounded number of turns.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";

const metric = (turnId: string, metricName: string, value: number, eventId: string) =>
  ({ type: "metric.changed", eventId, turnId, metricName, payload: { value } }) as AgentUiEvent;
const text = (turnId: string, messageId: string, eventId: string, role?: string) =>
  ({
    type: "text.delta",
    eventId,
    turnId,
    messageId,
    payload: { delta: "x", ...(role ? { role } : {}) },
  }) as AgentUiEvent;
const usageOf = (state: ReturnType<typeof projectEvents>) =>
  state.messages.map((m) => [m.id, m.role, m.usage]);

describe("per-turn usage (PERF-08)", () => {
  it("PERF-08 token and cost metrics land on the turn's latest answer, the last report winning; others do not", () => {
    const state = projectEvents([
      text("t1", "a1", "1"),
      text("t1", "a2", "2"),
      metric("t1", "Tokens.Input", 10, "3"),
      metric("t1", "Tokens.Input", 12, "4"),
      metric("t1", "cost_usd", 0.5, "5"),
      metric("t1", "latency_ms", 80, "6"),
    ]);
    expect(usageOf(state)).toEqual([
      ["a1", "assistant", undefined],
      ["a2", "assistant", { "Tokens.Input": 12, cost_usd: 0.5 }],
    ]);
  });

  it("PERF-08 usage never lands on the user's message; before any answer it waits and joins the first one", () => {
    const state = projectEvents([
      { type: "run.started", eventId: "0", turnId: "t1", payload: { input: "q" } } as AgentUiEvent,
      metric("t1", "tokens", 5, "1"),
      metric("t1", "cost", 1, "2"),
      text("t1", "a1", "3"),
      text("t1", "a2", "4"),
    ]);
    expect(usageOf(state)).toEqual([
      ["t1:user", "user", undefined],
      ["a1", "assistant", { tokens: 5, cost: 1 }],
      ["a2", "assistant", undefined],
    ]);
  });

  it("PERF-08 at most 32 turns wait for an answer: the oldest waiting turn's usage is dropped, the rest join", () => {
    const events: AgentUiEvent[] = [];
    for (let turn = 0; turn <= 32; turn++) events.push(metric(`t${turn}`, "tokens", turn, `m${turn}`));
    // Re-reporting the oldest kept turn makes it the newest, so the next overflow drops t2, not t1.
    events.push(metric("t1", "tokens", 100, "again"), metric("t33", "tokens", 33, "m33"));
    for (const turn of [0, 1, 2, 3, 33]) events.push(text(`t${turn}`, `a${turn}`, `x${turn}`));
    const usage = Object.fromEntries(projectEvents(events).messages.map((m) => [m.id, m.usage]));
    expect(usage).toEqual({
      a0: undefined,
      a1: { tokens: 100 },
      a2: undefined,
      a3: { tokens: 3 },
      a33: { tokens: 33 },
    });
  });
});
