// selectTimeline reads a live session in O(change): it advances from the state it last saw by comparing
// rows by identity. These properties check that the result is always what a from-scratch computation
// gives, whatever order states are read in (live, time travel back and forth, two sessions interleaved).
import type { Message, MessagePart, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, selectDelegationGraph, selectRoster, selectTimeline } from "../src";
import { stream } from "./helpers";

function key(part: MessagePart): string {
  if (part.toolCallId !== undefined && part.kind === "tool_call") return `tool:${part.toolCallId}`;
  if (part.actionId !== undefined && part.kind === "action_required") return `action:${part.actionId}`;
  if (part.kind === "reasoning_summary" || part.kind === "reasoning_detail") return `reasoning:${part.id}`;
  if (part.kind === "plan") return `plan:${part.id}`;
  return part.id;
}

/** The timeline view computed from nothing: every expanded part of every message. */
function reference(state: ProjectionState) {
  const expanded = new Set<string>();
  for (const message of state.messages as Message[])
    for (const part of message.parts) {
      if (part.expanded !== true) continue;
      expanded.add(key(part));
      if (part.kind === "agent_task") {
        if (part.taskId !== undefined) expanded.add(`task:${part.taskId}`);
        if (part.agentId !== undefined) expanded.add(`agent:${part.agentId}`);
      }
    }
  return state.timeline.map((entry) => ({ ...entry, placeholder: expanded.has(entry.id) }));
}

const step = fc.oneof(
  fc.record({ kind: fc.constant("tool.started" as const), id: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("tool.result" as const), id: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("reasoning.delta" as const), id: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("reasoning.completed" as const), id: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("text.delta" as const), id: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("action.required" as const), id: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("action.resolved" as const), id: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("turn" as const), id: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("run.completed" as const), id: fc.integer({ min: 1, max: 3 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Every state a session passes through. */
function states(steps: Step[], session: string): ProjectionState[] {
  let turn = 1;
  const e = stream({}, session);
  const p = createProjector();
  const out: ProjectionState[] = [p.getState()];
  const at = () => ({ turnId: `${session}-t${turn}`, messageId: `${session}-m${turn}` });
  p.apply(e("run.started", { ...at(), payload: { input: "q" } }));
  for (const s of steps) {
    const id = `${session}-${s.id}-${turn}`;
    if (s.kind === "turn") {
      turn += 1;
      p.apply(e("run.started", { ...at(), payload: { input: "q" } }));
    } else if (s.kind === "tool.started" || s.kind === "tool.result")
      p.apply(
        e(s.kind, {
          ...at(),
          toolCallId: id,
          payload: s.kind === "tool.result" ? { output: "ok" } : { name: "t" },
        }),
      );
    else if (s.kind === "action.required" || s.kind === "action.resolved")
      p.apply(
        e(s.kind, { ...at(), actionId: id, payload: { actionType: "clarification", decision: "allow" } }),
      );
    else if (s.kind === "run.completed") p.apply(e(s.kind, { ...at(), payload: { status: "completed" } }));
    else if (s.kind === "text.delta") p.apply(e(s.kind, { ...at(), payload: { delta: "x" } }));
    else p.apply(e(s.kind, { ...at(), partId: `r${id}`, payload: { delta: "why", summary: "why" } }));
    out.push(p.getState());
  }
  return out;
}

describe("selectTimeline reads in O(change) and stays exact", () => {
  it("PROC-03 PROC-04 equals a from-scratch view for every prefix, read live", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        for (const state of states(steps, "a")) expect(selectTimeline(state)).toEqual(reference(state));
      }),
      { numRuns: 60 },
    );
  });

  it("PROC-04 equals a from-scratch view whatever order the states are read in (time travel, two sessions)", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.array(step, { maxLength: 30 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (a, b, picks) => {
          const all = [...states(a, "a"), ...states(b, "b")];
          for (const pick of picks) {
            const state = all[pick % all.length];
            const view = selectTimeline(state);
            expect(view).toEqual(reference(state));
            expect(selectTimeline(state)).toBe(view);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("PROC-04 an unchanged timeline row keeps its identity across states", () => {
    const [first, ...rest] = states(
      [
        { kind: "tool.started", id: 1 },
        { kind: "tool.started", id: 2 },
        { kind: "text.delta", id: 1 },
        { kind: "tool.result", id: 2 },
        { kind: "run.completed", id: 1 },
      ],
      "c",
    ).slice(2);
    const before = selectTimeline(first);
    const after = selectTimeline(rest[rest.length - 1]);
    const one = (items: typeof before) => items.find((t) => t.id === "tool:c-1-1");
    expect(before.find((t) => t.id === "tool:c-2-1")?.placeholder).toBe(true);
    expect(after.find((t) => t.id === "tool:c-2-1")?.placeholder).toBe(false);
    const mid = selectTimeline(rest[1]);
    expect(one(mid)).toBe(one(before));
  });

  it("PROC-04 HYD-05 rows shifted by an older page merged in front keep their identity", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
    ]);
    const before = selectTimeline(p.getState());
    expect(before.length).toBeGreaterThan(0);
    p.mergeTimeline([{ id: "old:1", kind: "status", title: "older", refs: {}, source: {} } as never]);
    const after = selectTimeline(p.getState());
    expect(after.map((row) => row.id)).toEqual(["old:1", ...before.map((row) => row.id)]);
    for (const [i, row] of after.slice(1).entries()) expect(row).toBe(before[i]);
  });

  it("PROC-04 a part that collapses while its timeline row stays the same turns the placeholder off", () => {
    const base = createProjector().getState();
    const timeline = [
      { id: "tool:x", kind: "tool", title: "x", refs: {}, source: {} },
    ] as ProjectionState["timeline"];
    const part = (expanded: boolean): MessagePart => ({
      id: "p",
      kind: "tool_call",
      status: "done",
      toolCallId: "x",
      expanded,
    });
    const first = { id: "m0", role: "user", parts: [] } as Message;
    const view = (expanded: boolean) =>
      ({
        ...base,
        messages: [first, { id: "m", role: "assistant", parts: [part(expanded)] }],
        timeline,
      }) as ProjectionState;
    const open = view(true);
    const closed = view(false);
    expect(selectTimeline(open)[0].placeholder).toBe(true);
    expect(selectTimeline(closed)[0].placeholder).toBe(false);
    expect(selectTimeline(open)[0].placeholder).toBe(true);
  });
});

describe("team selectors are memoized by the slices they read", () => {
  it("TEAM-01 TEAM-02 roster and graph keep identity across a text delta and change when a teammate does", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([
      e("run.started", { payload: { input: "q" } }),
      e("agent.spawned", { agentId: "w1", parentSessionId: "p", payload: { agentName: "Writer" } }),
      e("agent.spawned", { agentId: "w2", parentSessionId: "p", payload: { agentName: "Critic" } }),
    ]);
    const before = p.getState();
    const roster = selectRoster(before);
    const graph = selectDelegationGraph(before);
    expect(roster.map((a) => a.agentId)).toEqual(["w1", "w2"]);
    p.apply(e("text.delta", { payload: { delta: "hello" } }));
    const delta = p.getState();
    expect(delta).not.toBe(before);
    expect(selectRoster(delta)).toBe(roster);
    expect(selectDelegationGraph(delta)).toBe(graph);
    p.apply(e("agent.completed", { agentId: "w1", payload: { status: "completed" } }));
    const done = p.getState();
    expect(selectRoster(done)).not.toBe(roster);
    expect(selectRoster(done).find((a) => a.agentId === "w1")?.status).toBe("completed");
    expect(selectDelegationGraph(done).nodes.find((n) => n.id === "w1")?.status).toBe("completed");
  });
});
