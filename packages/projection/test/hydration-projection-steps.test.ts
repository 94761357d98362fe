// A stored projection loads in steps of a documented size (README: 64 rows, or 16 messages, per `next()`
// of `hydrateSteps`), and whatever the step size the result is the state `hydrate()` makes in one call.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

interface Rows {
  tools: number;
  timeline: number;
  diagnostics: number;
  messages: number;
}

/** A stored projection with `rows` tool rows, timeline entries, diagnostics and messages, each a copy
 * (under its own id) of a row a live projection made. */
function storedWith(rows: Rows): ProjectionState {
  const e = stream({ turnId: "t1", runId: "r1" });
  const base = projectEvents([
    e("run.started", { payload: { input: "q" } }),
    e("tool.started", { toolCallId: "c0", payload: { toolName: "shell" } }),
    e("text.delta", { messageId: "m0", payload: { delta: "Hi" } }),
    e("bogus.thing", {}),
  ]);
  const [tool] = Object.values(base.tools);
  const [entry] = base.timeline;
  const [diagnostic] = base.diagnostics;
  const message = base.messages.find((m) => m.id === "m0");
  if (message === undefined || diagnostic === undefined) throw new Error("fixture: no message or diagnostic");
  const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  return {
    ...base,
    tools: Object.fromEntries(ids(rows.tools, "c").map((id) => [id, { ...tool, toolCallId: id }])),
    timeline: ids(rows.timeline, "entry-").map((id) => ({ ...entry, id })),
    diagnostics: ids(rows.diagnostics, "d").map((id) => ({ ...diagnostic, message: id })),
    messages: ids(rows.messages, "m").map((id) => ({
      ...message,
      id,
      parts: message.parts.map((part) => ({ ...part, id: `${id}:text:0` })),
    })),
  };
}

describe("a stored projection hydrated in steps (HYD-09, PERF)", () => {
  it.each([
    // tools, timeline, diagnostics, messages → steps
    [{ tools: 63, timeline: 0, diagnostics: 0, messages: 0 }, 0],
    [{ tools: 64, timeline: 0, diagnostics: 0, messages: 0 }, 1],
    [{ tools: 130, timeline: 0, diagnostics: 0, messages: 0 }, 2],
    [{ tools: 0, timeline: 128, diagnostics: 0, messages: 0 }, 2],
    [{ tools: 0, timeline: 0, diagnostics: 65, messages: 0 }, 1],
    // The timeline and the diagnostics count as one run of rows.
    [{ tools: 0, timeline: 40, diagnostics: 30, messages: 0 }, 1],
    [{ tools: 0, timeline: 0, diagnostics: 0, messages: 15 }, 0],
    [{ tools: 0, timeline: 0, diagnostics: 0, messages: 16 }, 1],
    [{ tools: 0, timeline: 0, diagnostics: 0, messages: 40 }, 2],
    [{ tools: 100, timeline: 70, diagnostics: 60, messages: 33 }, 1 + 2 + 2],
  ])("HYD-09 %o loads in %i steps into the state hydrate() makes", (rows, steps) => {
    const state = storedWith(rows);
    const whole = createProjector();
    whole.hydrate({ kind: "projection", state: structuredClone(state) });
    const stepped = createProjector();
    let taken = 0;
    for (const _ of stepped.hydrateSteps({ kind: "projection", state: structuredClone(state) })) taken++;
    expect(taken).toBe(steps);
    const resumed = stepped.getState();
    expect(resumed).toEqual(whole.getState());
    expect(Object.keys(resumed.tools)).toHaveLength(rows.tools);
    expect(resumed.timeline).toHaveLength(rows.timeline);
    expect(resumed.diagnostics).toHaveLength(rows.diagnostics);
    expect(resumed.messages.map((m) => m.id)).toEqual(state.messages.map((m) => m.id));
  });
});

/** The projection resumed from `stored`, then fed `later`. */
function resume(stored: ProjectionState, later: ReturnType<ReturnType<typeof stream>>[] = []) {
  const p = createProjector();
  p.hydrate({ kind: "projection", state: stored });
  p.applyAll(later);
  return p.getState();
}

describe("what a resume from a stored projection keeps (ARCH-04, HYD-12)", () => {
  it("HYD-12 a stored projection that was degraded stays degraded, its sections named", () => {
    const stored = projectEvents([
      stream({ turnId: "t1" })("text.delta", { messageId: "m1", payload: { delta: "Hi" } }),
    ]);
    const degraded: ProjectionState["session"]["hydration"] = {
      status: "degraded",
      source: "thread",
      degradedSections: ["messages", "subagents"],
    };
    const resumed = resume({ ...stored, session: { ...stored.session, hydration: degraded } });
    expect(resumed.session.hydration).toEqual(degraded);
    // A stored projection that was not degraded is hydrated from the projection, whatever read it came from.
    const fine = resume({
      ...stored,
      session: { ...stored.session, hydration: { status: "hydrated", source: "thread" } },
    });
    expect(fine.session.hydration).toEqual({ status: "hydrated", source: "projection" });
  });

  it("ARCH-04 slices a stored projection lacks read empty, not invented", () => {
    const stored = projectEvents([
      stream({ turnId: "t1" })("text.delta", { messageId: "m1", payload: { delta: "Hi" } }),
    ]);
    const bare = { ...stored } as Partial<ProjectionState>;
    for (const slice of [
      "session",
      "metrics",
      "tools",
      "timeline",
      "diagnostics",
      "messages",
      "appState",
      "cursor",
    ] as const)
      delete bare[slice];
    const resumed = resume(bare as ProjectionState);
    expect(resumed.session.hydration).toEqual({ status: "hydrated", source: "projection" });
    expect(resumed.metrics).toEqual({});
    expect(resumed.tools).toEqual({});
    expect(resumed.timeline).toEqual([]);
    expect(resumed.diagnostics).toEqual([]);
    expect(resumed.messages).toEqual([]);
    expect(resumed.appState).toEqual({});
    expect(resumed.cursor.staleSections).toEqual([]);
    expect(resumed.cursor.streams).toEqual({});
  });

  it("ARCH-04 the session metrics and the appState are restored as stored", () => {
    const stored = projectEvents([
      stream({ turnId: "t1" })("text.delta", { messageId: "m1", payload: { delta: "Hi" } }),
    ]);
    const resumed = resume({
      ...stored,
      metrics: { latencyMs: 120, tokens: 3 },
      appState: { plan: ["a", "b"] },
    });
    expect(resumed.metrics).toEqual({ latencyMs: 120, tokens: 3 });
    expect(resumed.appState).toEqual({ plan: ["a", "b"] });
  });

  it("ARCH-03 a stored appState over the bound is refused with the documented diagnostic, appState stale", () => {
    const stored = projectEvents([
      stream({ turnId: "t1" })("text.delta", { messageId: "m1", payload: { delta: "Hi" } }),
    ]);
    const p = createProjector({ maxAppStateBytes: 100 });
    p.hydrate({ kind: "projection", state: { ...stored, appState: { big: "z".repeat(500) } } });
    const state = p.getState();
    const refused = state.diagnostics.filter((d) => d.code === "state_limit_exceeded");
    expect(refused.map((d) => [d.severity, d.path])).toEqual([["error", "/appState"]]);
    expect(refused[0].message).toMatch(
      /^stored projection appState refused \(.+\): appState kept as it was and marked stale$/,
    );
    expect(state.cursor.staleSections).toEqual(["appState"]);
  });

  it("HITL-05 / ORD-03 actions still pending or stale in the stored projection keep the run waiting for them", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const events = [
      e("run.started", { payload: { input: "q" } }),
      e("action.required", { actionId: "a0", payload: { toolName: "shell" } }),
      e("action.resolved", { actionId: "a0", payload: { decision: "allow" } }),
      e("action.required", { actionId: "a1", payload: { toolName: "shell" } }),
      e("action.required", { actionId: "a2", payload: { toolName: "shell" } }),
    ];
    const resolveA1 = [e("action.resolved", { actionId: "a1", payload: { decision: "allow" } })];
    const stored = projectEvents(events);
    expect(projectEvents([...events, ...resolveA1]).runtime.status).toBe("action_required");
    // a2 pending, or kept stale: the run still waits for it.
    expect(resume(structuredClone(stored), resolveA1).runtime.status).toBe("action_required");
    const stale = structuredClone(stored);
    stale.actions.a2.status = "stale";
    expect(resume(stale, resolveA1).runtime.status).toBe("action_required");
    // Only a1 was waiting (a0 resolved before it was stored): its answer lets the run go on.
    const alone = structuredClone(stored);
    delete alone.actions.a2;
    expect(resume(alone, resolveA1).runtime.status).toBe("waiting");
  });

  it("ARCH-04 / PROC-02 events naming only their run reach the stored runtime's turn, or a stored message's", () => {
    const e = stream();
    const stored = projectEvents([
      e("run.started", { turnId: "t1", runId: "r1", payload: { input: "q" } }),
      e("text.delta", { turnId: "t1", runId: "r1", messageId: "m1", payload: { delta: "First" } }),
    ]);
    // The runtime is in run r2 of turn t2, which has no message yet; r1's message is in t1.
    const resumed = resume({ ...stored, runtime: { ...stored.runtime, runId: "r2", turnId: "t2" } }, [
      e("text.delta", { runId: "r2", messageId: "m2", payload: { delta: "Second" } }),
      e("text.delta", { runId: "r1", messageId: "m3", payload: { delta: "Late" } }),
    ]);
    const turns = resumed.messages.filter((m) => m.role === "assistant").map((m) => [m.id, m.turnId]);
    expect(turns).toEqual([
      ["m1", "t1"],
      ["m2", "t2"],
      ["m3", "t1"],
    ]);
  });

  it("TEXT-01 text without a message id continues the stored answer of its turn's lane, not a user message", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const stored = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Hello" } }),
      e("text.delta", { agentId: "w1", messageId: "w1-m", payload: { delta: "Worker" } }),
    ]);
    const steer = {
      id: "u1",
      role: "user",
      turnId: "t1",
      runId: "r1",
      parts: [],
    } as ProjectionState["messages"][number];
    const resumed = resume({ ...stored, messages: [...stored.messages, steer] }, [
      e("text.delta", { payload: { delta: " world" } }),
      e("text.delta", { agentId: "w1", payload: { delta: " done" } }),
    ]);
    const texts = resumed.messages.map((m) => [m.id, m.role, m.parts.map((p) => p.text).join("")]);
    expect(texts).toEqual([
      ["m1", "assistant", "Hello world"],
      ["w1-m", "assistant", "Worker done"],
      ["u1", "user", ""],
    ]);
  });
});

describe("a stored message is restored as stored (ARCH-04, TEXT-01)", () => {
  it("ARCH-04 every field of a stored message survives the resume, and later messages are added beside them", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const live = projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("text.delta", { messageId: "m1", payload: { delta: "Hello" } }),
      e("text.delta", { agentId: "w1", messageId: "w1-m", payload: { delta: "Worker" } }),
    ]);
    const stored = {
      ...live,
      messages: live.messages.map((m, i) => ({
        ...m,
        ...(i === 0 ? { optimistic: true } : {}),
        createdAt: `2026-01-0${i + 1}T00:00:00Z`,
        usage: { inputTokens: 10 + i, outputTokens: 2 },
      })),
    };
    const resumed = resume(structuredClone(stored), [
      e("text.delta", { messageId: "m2", payload: { delta: "Two" } }),
      e("text.delta", { messageId: "m3", payload: { delta: "Three" } }),
      e("text.delta", { messageId: "m4", payload: { delta: "Four" } }),
    ]);
    expect(resumed.messages.slice(0, stored.messages.length)).toEqual(stored.messages);
    expect(resumed.messages.map((m) => m.id)).toEqual([
      ...stored.messages.map((m) => m.id),
      "m2",
      "m3",
      "m4",
    ]);
  });

  it("ARCH-04 a stored part without a status reads streaming, whether or not it names its source", () => {
    const stored = projectEvents([
      stream({ turnId: "t1" })("text.delta", { messageId: "m1", payload: { delta: "Hi" } }),
    ]);
    const [part] = stored.messages[0].parts;
    const { status: _status, source, ...bare } = part;
    const parts = [
      { ...bare, id: "p-sourced", source },
      { ...bare, id: "p-bare" },
    ] as ProjectionState["messages"][number]["parts"];
    const resumed = resume({ ...stored, messages: [{ ...stored.messages[0], parts }] });
    expect(resumed.messages[0].parts.map((p) => [p.id, p.status, p.text])).toEqual([
      ["p-sourced", "streaming", "Hi"],
      ["p-bare", "streaming", "Hi"],
    ]);
  });

  it("TEXT-01 text outside any turn continues the stored answer outside any turn, as live", () => {
    const e = stream();
    const first = [e("text.delta", { messageId: "m1", payload: { delta: "Hello" } })];
    const later = [e("text.delta", { payload: { delta: " world" } })];
    const answers = (state: ProjectionState) => state.messages.map((m) => [m.id, m.parts.map((p) => p.text)]);
    expect(answers(projectEvents([...first, ...later]))).toEqual([["m1", ["Hello world"]]]);
    expect(answers(resume(projectEvents(first), later))).toEqual([["m1", ["Hello world"]]]);
  });
});
