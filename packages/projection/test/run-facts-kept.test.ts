// What a later run fact keeps and what a turn's end leaves alone (STAT-01..07, ROUTE-01/02, PROC-02/03,
// ENV-06/07): fields a later fact omits stay as reported, a repeated start without a turn keeps its run's
// turn, the archive touches only parts that change, and a failure in a turn without an answer.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

describe("a later run fact keeps what it omits (STAT-01, STAT-03, ROUTE-01/02, ENV-06)", () => {
  it("STAT-01 a status fact without a timestamp keeps the row's last update time", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", { timestamp: "2026-01-01T00:00:00Z", payload: { status: "streaming" } }),
      e("run.status", { payload: { status: "streaming" } }),
    ]);
    expect(state.runtime.updatedAt).toBe("2026-01-01T00:00:00Z");
  });

  it("ROUTE-01 a routing fact naming only the model keeps the provider, decision and candidates", () => {
    const e = stream({ turnId: "t1" });
    const routing = {
      selectedModel: "m1",
      provider: "p",
      decisionSource: "policy",
      decisionReason: "cheapest",
      candidateCount: 3,
      singleCandidate: false,
    };
    const state = projectEvents([
      e("run.status", { payload: { status: "streaming", routing } }),
      e("run.status", { payload: { status: "streaming", routing: { selectedModel: "m2" } } }),
    ]);
    const { selectedModel, ...chip } = routing;
    expect(selectedModel).toBe("m1");
    expect(state.runtime.model).toMatchObject({ ...chip, selected: "m2" });
  });

  it("ROUTE-02 a limit fact without a reason keeps the reason reported", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", { payload: { status: "streaming", limits: { status: "low", reason: "budget" } } }),
      e("run.status", { payload: { status: "streaming", limits: { kind: "cost", spent: 2 } } }),
    ]);
    expect(state.runtime.limits).toMatchObject({ status: "low", reason: "budget", cost: { spent: 2 } });
  });

  it("STAT-03 a run.finished without a reason keeps the reason the last status gave", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", { payload: { status: "streaming", reason: "slow provider" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    expect(state.runtime).toMatchObject({ status: "completed", reason: "slow provider" });
  });

  it("STAT-07 a repeated start naming only the run keeps the run's turn for its later facts", () => {
    const e = stream();
    const state = projectEvents([
      e("run.started", { turnId: "t1", runId: "r1", payload: { input: "q" } }),
      e("run.started", { runId: "r1", payload: {} }),
      e("text.delta", { runId: "r1", messageId: "m1", payload: { delta: "a" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.turnId])).toEqual([
      ["t1:user", "t1"],
      ["m1", "t1"],
    ]);
  });
});

describe("the user's message across starts (ENV-07, TEXT-09)", () => {
  it("ENV-07 a local start without any id names the message after the turn and shows it optimistically", () => {
    const state = projectEvents([
      { type: "run.started", eventId: "1", payload: { input: "hello" } },
    ] as AgentUiEvent[]);
    expect(state.messages.map((m) => [m.id, m.role, m.optimistic])).toEqual([["default:user", "user", true]]);
  });

  it("ENV-07 a later runtime start for the adopted message keeps the turn and run it omits", () => {
    const e = stream();
    const p = createProjector();
    const view = () => p.getState().messages.map((m) => [m.id, m.turnId, m.runId, m.optimistic]);
    p.applyAll([
      e("run.started", { payload: { input: "q", clientMessageId: "c1" } }),
      e("run.started", { turnId: "t1", runId: "r1", payload: { clientMessageId: "c1" } }),
      e("run.started", { runId: "r1", payload: { clientMessageId: "c1" } }),
    ]);
    expect(view()).toEqual([["c1", "t1", "r1", undefined]]);
    p.apply(e("run.started", { turnId: "t1", payload: { clientMessageId: "c1" } }));
    expect(view()).toEqual([["c1", "t1", "r1", undefined]]);
  });
});

describe("a turn's end (PROC-02/03, STAT-07)", () => {
  it("PROC-02 the end leaves finished answer parts as they were and marks no answer part expanded", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([
      e("text.delta", { payload: { delta: "done" } }),
      e("text.final", { payload: { text: "done" } }),
      e("text.delta", { messageId: "m2", payload: { delta: "still" } }),
    ]);
    const before = p.getState().messages[0].parts[0];
    expect(before.status).toBe("done");
    p.apply(e("run.finished", {}));
    const after = p.getState();
    expect(after.messages[0].parts[0]).toBe(before);
    expect(after.messages[1].parts[0]).toMatchObject({ status: "done", text: "still" });
    expect(after.messages[1].parts[0]).not.toHaveProperty("expanded");
  });

  it("PROC-02 the end leaves a collapsed finished process part as it was and collapses an expanded one", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = projectEvents([
      e("reasoning.summary", { partId: "r-a", payload: { text: "A" } }),
      e("reasoning.summary", { partId: "r-b", payload: { text: "B" } }),
    ]);
    // A stored state in which the reader had opened the second finished step.
    const [first, second] = live.messages[0].parts;
    const stored: ProjectionState = {
      ...live,
      messages: [{ ...live.messages[0], parts: [first, { ...second, expanded: true }] }],
    };
    const p = createProjector();
    p.hydrate({ kind: "projection", state: stored });
    const before = p.getState().messages[0].parts[0];
    p.apply(e("run.finished", {}));
    const parts = p.getState().messages[0].parts;
    expect(parts[0]).toBe(before);
    expect(parts.map((part) => [part.id, part.status, part.expanded])).toEqual([
      ["r-a", "done", false],
      ["r-b", "done", false],
    ]);
  });

  it.each<[string, AgentUiEvent[]]>([
    ["no message", []],
    [
      "only the user's message",
      [{ type: "run.started", eventId: "0", turnId: "t1", payload: { input: "q" } }],
    ],
  ] as [string, AgentUiEvent[]][])(
    "STAT-07 a failure in a turn with %s keeps its failure record and reports nothing",
    (_, before) => {
      const state = projectEvents([
        ...before,
        { type: "run.failed", eventId: "1", turnId: "t1", payload: { category: "quota" } },
      ] as AgentUiEvent[]);
      expect(state.runtime).toMatchObject({ status: "failed", failure: { category: "quota" } });
      expect(state.diagnostics).toEqual([]);
    },
  );
});
