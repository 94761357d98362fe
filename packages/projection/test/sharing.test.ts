import { describe, expect, it } from "vitest";
import { createProjector, selectCapsules, selectPendingActions, selectTimeline } from "../src";
import { stream } from "./helpers";

function seeded() {
  const e = stream({ turnId: "t1", messageId: "m1" });
  const p = createProjector();
  p.applyAll([
    e("run.started", { payload: { input: "q" } }),
    e("tool.started", { toolCallId: "c1", payload: { name: "one" } }),
    e("tool.started", { toolCallId: "c2", payload: { name: "two" } }),
    e("task.changed", { taskId: "k1", payload: { status: "running" } }),
    e("action.required", { actionId: "a1", payload: { actionType: "clarification" } }),
    e("artifact.created", { artifactId: "art", artifactKind: "report" }),
    e("evidence.changed", { evidenceId: "ev", payload: { status: "exported" } }),
    e("agent.spawned", { agentId: "w1", parentSessionId: "p" }),
    e("text.delta", { payload: { delta: "hello" } }),
  ]);
  return { p, e };
}

describe("structural sharing", () => {
  it("getState() is memoized: no change, same object", () => {
    const { p } = seeded();
    const a = p.getState();
    expect(p.getState()).toBe(a);
  });

  it("applying an event to one tool leaves other entities and slices identical (===)", () => {
    const { p, e } = seeded();
    const before = p.getState();
    p.apply(e("tool.progress", { toolCallId: "c1", payload: { message: "50%" } }));
    const after = p.getState();
    expect(after).not.toBe(before);
    expect(after.tools).not.toBe(before.tools);
    expect(after.tools.c1).not.toBe(before.tools.c1);
    expect(after.tools.c2).toBe(before.tools.c2);
    for (const key of [
      "session",
      "actions",
      "tasks",
      "agents",
      "team",
      "artifacts",
      "evidence",
      "queue",
      "context",
      "permissions",
      "diagnostics",
      "metrics",
      "appState",
    ] as const)
      expect(after[key], key).toBe(before[key]);
  });

  it("a text delta rebuilds only its message; other messages and parts keep identity", () => {
    const { p, e } = seeded();
    const before = p.getState();
    p.apply(e("text.delta", { payload: { delta: " world" } }));
    const after = p.getState();
    const userBefore = before.messages.find((m) => m.role === "user");
    const userAfter = after.messages.find((m) => m.role === "user");
    expect(userAfter).toBe(userBefore);
    const answerBefore = before.messages.find((m) => m.id === "m1")!;
    const answerAfter = after.messages.find((m) => m.id === "m1")!;
    expect(answerAfter).not.toBe(answerBefore);
    // The tool parts in the same message were not touched by the delta.
    const toolPart = (m: typeof answerAfter) =>
      m.parts.find((part) => part.kind === "tool_call" && part.toolCallId === "c2");
    expect(toolPart(answerAfter)).toBe(toolPart(answerBefore));
    expect(after.tools).toBe(before.tools);
    expect(after.timeline).toBe(before.timeline);
  });

  it("views are immutable snapshots: later events never mutate an earlier state", () => {
    const { p, e } = seeded();
    const before = p.getState();
    const json = JSON.stringify(before);
    p.applyAll([
      e("tool.result", { toolCallId: "c1", payload: { output: "x" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }),
      e("text.delta", { payload: { delta: "!" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    expect(JSON.stringify(before)).toBe(json);
  });

  it("ARCH-04 a caller changing a returned message, part or record never reaches the projector", () => {
    const { p, e } = seeded();
    const before = p.getState();
    const answer = (state: typeof before) =>
      state.messages.find((entry) => entry.parts.some((part) => part.kind === "assistant_text"));
    const message = answer(before);
    const part = message?.parts.find((entry) => entry.kind === "assistant_text");
    if (part?.source === undefined || message?.source === undefined) throw new Error("no answer text");
    const sources = [part.source.eventId, message.source.eventId];
    part.source.eventId = "tampered";
    message.source.eventId = "tampered";
    before.tools.c1.attempts.push({ ...before.tools.c1.attempts[0], attempt: 99 });
    p.applyAll([
      e("text.delta", { payload: { delta: "!" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "x" } }),
    ]);
    const after = p.getState();
    const text = answer(after)?.parts.find((entry) => entry.kind === "assistant_text");
    expect(text?.text).toBe("hello!");
    expect([text?.source?.eventId, answer(after)?.source?.eventId]).toEqual(sources);
    expect(after.tools.c1.attempts.map((attempt) => attempt.attempt)).toEqual([1]);
  });

  it("selectors return the same result while their slice is unchanged", () => {
    const { p, e } = seeded();
    const a = p.getState();
    const pending = selectPendingActions(a);
    const capsules = selectCapsules(a);
    p.apply(e("tool.progress", { toolCallId: "c1", payload: { message: "more" } }));
    const b = p.getState();
    expect(selectPendingActions(b)).toBe(pending);
    expect(selectCapsules(b)).toBe(capsules);
  });

  it("subscribe notifies once per apply/applyAll and version increments on change", () => {
    const { p, e } = seeded();
    let calls = 0;
    const unsubscribe = p.subscribe(() => calls++);
    const v = p.version;
    p.applyAll([e("text.delta", { payload: { delta: "a" } }), e("text.delta", { payload: { delta: "b" } })]);
    expect(calls).toBe(1);
    expect(p.version).toBeGreaterThan(v);
    unsubscribe();
    p.apply(e("text.delta", { payload: { delta: "c" } }));
    expect(calls).toBe(1);
  });

  it("PROC-04 the timeline shows a placeholder for a fact expanded inline, a summary once it collapses", () => {
    const { p, e } = seeded();
    const running = selectTimeline(p.getState()).find((t) => t.id === "tool:c1");
    expect(running?.placeholder).toBe(true);
    p.apply(e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }));
    const done = selectTimeline(p.getState()).find((t) => t.id === "tool:c1");
    expect(done?.placeholder).toBe(false);
    const state = p.getState();
    p.apply(e("run.status", { payload: { status: "waiting" } }));
    expect(selectTimeline(p.getState())).toBe(selectTimeline(state));
  });
});
