// The tool family, fact by fact (TOOL-01..13, STAT-03, HITL-06, ENV-12): what a row records from its
// envelope, its attempts and times, its timeline entry, progress and approval holds, argument deltas,
// failures, the run end that closes it, and the exact diagnostics of each malformed or unpaired fact.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const entry = (state: State, id = "tool:c1") => {
  const found = state.timeline.find((item) => item.id === id);
  return found === undefined
    ? undefined
    : { kind: found.kind, title: found.title, status: found.status, refs: found.refs };
};

describe("a tool row's record (TOOL-01, TOOL-07)", () => {
  it("TOOL-01 the row takes its agent, turn, run, action and message from the first fact", () => {
    const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", {
        toolCallId: "c1",
        agentId: "ag",
        actionId: "a1",
        payload: { name: "grep", kind: "search" },
      }),
    ]);
    expect(state.tools.c1).toMatchObject({
      toolCallId: "c1",
      name: "grep",
      kind: "search",
      status: "running",
      agentId: "ag",
      turnId: "t1",
      runId: "r1",
      actionId: "a1",
      messageId: "m1",
    });
    const bare = projectEvents([
      { type: "tool.started", eventId: "x", toolCallId: "c1", payload: { name: 7 } },
    ]);
    expect(Object.keys(bare.tools.c1).sort()).toEqual(
      [
        "artifactIds",
        "attempts",
        "evidenceIds",
        "messageId",
        "name",
        "source",
        "status",
        "toolCallId",
      ].sort(),
    );
    expect(bare.tools.c1.name).toBe("unknown");
  });

  it("TOOL-07 a retry opens a new attempt and clears the last attempt's error, output and end time; the start time stays", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", timestamp: "2026-01-01T00:00:00Z", payload: { name: "x" } }),
      e("tool.result", {
        toolCallId: "c1",
        timestamp: "2026-01-01T00:00:01Z",
        payload: { output: "out", outputRef: "blob:1", outputBytes: 3, error: "bad" },
      }),
      e("tool.started", { toolCallId: "c1", timestamp: "2026-01-01T00:00:02Z", payload: {} }),
    ]);
    const tool = state.tools.c1;
    expect(tool.attempts.map((a) => [a.attempt, a.status, a.error?.message])).toEqual([
      [1, "output-error", "bad"],
      [2, "running", undefined],
    ]);
    for (const cleared of ["error", "outputPreview", "outputText", "outputRef", "outputBytes", "endedAt"])
      expect(tool).not.toHaveProperty(cleared);
    expect(tool.startedAt).toBe("2026-01-01T00:00:00Z");
    expect(entry(state)).toEqual({
      kind: "tool",
      title: "x",
      status: "running",
      refs: { toolCallId: "c1", attempt: "2" },
    });
  });

  it("TOOL-01 the end time is set by a terminal fact only", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("tool.started", { toolCallId: "c1", payload: { name: "x" } }));
    p.apply(
      e("tool.progress", { toolCallId: "c1", timestamp: "2026-01-01T00:00:01Z", payload: { ratio: 0.1 } }),
    );
    expect(p.getState().tools.c1).not.toHaveProperty("endedAt");
    p.apply(
      e("tool.result", { toolCallId: "c1", timestamp: "2026-01-01T00:00:02Z", payload: { output: "ok" } }),
    );
    expect(p.getState().tools.c1.endedAt).toBe("2026-01-01T00:00:02Z");
  });

  it("TOOL-01 a second start of a running tool is flagged once, not a new attempt", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "y" } }),
    ]);
    expect(state.tools.c1.attempts).toHaveLength(1);
    expect(state.tools.c1.name).toBe("y");
    expect(diagnostics(state)).toEqual([["tool_started_already_active", "info", "tool c1 started twice"]]);
  });
});

describe("tool diagnostics (ENV-12, TOOL-13)", () => {
  it("ENV-12 each tool fact without a toolCallId names its type; a fact for an unseen tool names the tool", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.progress", { payload: {} }),
      e("tool.result", { toolCallId: "c9", payload: { output: "x" } }),
      e("tool.output.delta", { toolCallId: "c9", payload: { delta: 5 } }),
    ]);
    expect(diagnostics(state)).toEqual([
      ["missing_correlation", "warning", "tool.progress without toolCallId"],
      ["tool_result_without_start", "warning", "tool.result for unseen tool c9"],
      ["schema_mismatch", "warning", "tool.output.delta without a string payload.delta"],
    ]);
    expect(Object.keys(state.tools)).toEqual(["c9"]);
  });

  it("TOOL-13 a result carrying an error fails the row with a bounded, redacted message and an error entry", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.result", { toolCallId: "c1", evidenceId: "ev1", payload: { error: "boom" } }),
    ]);
    expect(state.tools.c1).toMatchObject({ status: "output-error", error: { message: "boom" } });
    expect(state.tools.c1.attempts[0].error).toEqual({ message: "boom" });
    expect(diagnostics(state)).toEqual([
      ["tool_result_error", "warning", "tool.result for c1 carries an error"],
    ]);
    expect(entry(state)).toEqual({
      kind: "error",
      title: "x",
      status: "output-error",
      refs: { toolCallId: "c1", evidenceId: "ev1" },
    });
  });
});

describe("tool.failed (TOOL-01, TOOL-13)", () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, { message: "unknown" }],
    [{ denied: true }, { message: "denied", category: "denied" }],
    [
      { denied: true, error: "no", category: "policy" },
      { message: "no", category: "policy" },
    ],
    [
      { error: "timeout", retryable: true },
      { message: "timeout", retryable: true },
    ],
    [{ retryable: "yes", category: 3 }, { message: "unknown" }],
  ])("TOOL-13 a failure %j keeps the error %j", (payload, error) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.failed", { toolCallId: "c1", payload }),
    ]);
    expect(state.tools.c1.status).toBe("output-error");
    expect(state.tools.c1.error).toEqual(error);
    expect(state.tools.c1.attempts[0].error).toEqual(error);
  });

  it("TOOL-01 a cancelled failure keeps its evidence and has no error", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.failed", { toolCallId: "c1", evidenceId: "ev1", payload: { cancelled: true, error: "stop" } }),
    ]);
    expect(state.tools.c1.status).toBe("cancelled");
    expect(state.tools.c1.evidenceIds).toEqual(["ev1"]);
    expect(state.tools.c1).not.toHaveProperty("error");
  });
});

describe("tool progress and holds (TOOL-01, HITL-06)", () => {
  it("TOOL-01 progress keeps its message and ratio; a fact with neither keeps the earlier progress", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.progress", { toolCallId: "c1", payload: { message: "half", ratio: 0.5 } }),
      e("tool.progress", { toolCallId: "c1", payload: { message: 1 } }),
    ]);
    expect(state.tools.c1.progress).toEqual({ message: "half", ratio: 0.5 });
    const ratioOnly = projectEvents([
      e("tool.started", { toolCallId: "c2", payload: { name: "x" } }),
      e("tool.progress", { toolCallId: "c2", payload: { ratio: 0 } }),
    ]);
    expect(ratioOnly.tools.c2.progress).toEqual({ ratio: 0 });
  });

  it("HITL-06 progress awaiting an action asks for approval; a hold by an action keeps the status", () => {
    const e = stream({ turnId: "t1" });
    const awaiting = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.progress", { toolCallId: "c1", payload: { awaitingActionId: "a1", heldByActionId: "a2" } }),
    ]);
    expect([awaiting.tools.c1.status, awaiting.tools.c1.actionId]).toEqual(["approval-requested", "a1"]);
    const held = projectEvents([
      e("tool.args", { toolCallId: "c2", payload: { name: "x" } }),
      e("tool.progress", { toolCallId: "c2", payload: { heldByActionId: "a2" } }),
    ]);
    expect([held.tools.c2.status, held.tools.c2.actionId]).toEqual(["input-streaming", "a2"]);
    expect(entry(held, "tool:c2")?.refs).toEqual({ toolCallId: "c2", actionId: "a2" });
  });

  it("HITL-06 a hold never rewrites a finished tool or one already waiting on another approval", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
      e("tool.progress", { toolCallId: "c1", payload: { heldByActionId: "a2" } }),
      e("tool.started", { toolCallId: "c2", payload: { name: "y" } }),
      e("tool.progress", { toolCallId: "c2", payload: { awaitingActionId: "a1" } }),
      e("tool.progress", { toolCallId: "c2", payload: { heldByActionId: "a3" } }),
      e("tool.progress", { toolCallId: "c1", payload: { message: "late" } }),
    ]);
    expect([state.tools.c1.status, state.tools.c1.actionId, state.tools.c1.progress]).toEqual([
      "output-available",
      undefined,
      { message: "late" },
    ]);
    expect([state.tools.c2.status, state.tools.c2.actionId]).toEqual(["approval-requested", "a1"]);
  });
});

describe("tool.args (TOOL-01, TOOL-03)", () => {
  it("TOOL-01 args stream in, then complete; a name arrives once; an empty delta changes nothing", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("tool.args", { toolCallId: "c1", payload: {} }));
    expect([p.getState().tools.c1.status, p.getState().tools.c1.name]).toEqual([
      "input-streaming",
      "unknown",
    ]);
    p.apply(e("tool.args", { toolCallId: "c1", payload: { name: "grep" } }));
    expect(p.getState().tools.c1.name).toBe("grep");
    const before = p.getState().tools.c1;
    p.apply(e("tool.args", { toolCallId: "c1", payload: { name: "other" } }));
    expect(p.getState().tools.c1).toBe(before);
    p.apply(e("tool.args", { toolCallId: "c1", payload: { complete: true } }));
    expect([p.getState().tools.c1.status, p.getState().tools.c1.name]).toEqual(["input-available", "grep"]);
  });

  it("TOOL-01 args with an input complete the row; later args on a running tool refresh its input only", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("tool.args", { toolCallId: "c1", payload: { input: { q: 1 } } }));
    expect(p.getState().tools.c1).toMatchObject({ status: "input-available", inputSummary: '{"q":1}' });
    p.apply(e("tool.started", { toolCallId: "c1", payload: {} }));
    p.apply(e("tool.args", { toolCallId: "c1", payload: { inputSummary: "q=2", complete: false } }));
    expect(p.getState().tools.c1).toMatchObject({ status: "running", inputSummary: "q=2" });
    expect(entry(p.getState())?.status).toBe("running");
  });
});

describe("a run's end and the status row (TOOL-01, STAT-03)", () => {
  it("TOOL-01 an unclosed tool is flagged by id; one waiting on a pending approval stays", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.started", { toolCallId: "c2", payload: { name: "y" } }),
      e("action.required", { actionId: "a1", toolCallId: "c2", payload: { actionType: "tool_approval" } }),
      e("run.finished", {}),
    ]);
    expect([state.tools.c1.status, state.tools.c2.status]).toEqual(["unknown", "approval-requested"]);
    expect(diagnostics(state)).toEqual([
      ["tool_unclosed_at_turn_end", "warning", "tool c1 had no terminal fact when the run ended"],
    ]);
  });

  it("STAT-03 a worker's tool does not move the coordinator's status row", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("text.delta", { payload: { delta: "a" } }),
      e("tool.started", { toolCallId: "c1", agentId: "w1", payload: { name: "x" } }),
    ]);
    expect(state.runtime.status).toBe("streaming");
  });

  it("STAT-03 a tool of an ended turn, or under an attention state, leaves the row alone", () => {
    const e = stream({ turnId: "t1" });
    const ended = projectEvents([
      e("run.finished", {}),
      e("tool.started", { toolCallId: "c1", payload: {} }),
    ]);
    expect(ended.runtime.status).toBe("completed");
    const idle = projectEvents([e("tool.started", { toolCallId: "c1", payload: {} })]);
    expect(idle.runtime.status).toBe("idle");
  });

  it("STAT-03 output deltas start a waiting tool running and keep a finished one finished", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("tool.args", { toolCallId: "c1", payload: { input: {} } }),
      e("tool.output.delta", { toolCallId: "c1", payload: { delta: "ab" } }),
    ]);
    expect([state.tools.c1.status, state.tools.c1.outputBytes, state.runtime.status]).toEqual([
      "running",
      2,
      "tool_running",
    ]);
    const done = projectEvents([
      e("tool.started", { toolCallId: "c2", payload: {} }),
      e("tool.result", { toolCallId: "c2", payload: { output: "x" } }),
      e("tool.output.delta", { toolCallId: "c2", payload: { delta: "é" } }),
    ]);
    expect(done.tools.c2.status).toBe("output-available");
  });
});

describe("tool results link their artifacts and evidence (TOOL-09)", () => {
  it("TOOL-09 artifact and evidence ids from the payload and the envelope are linked once each", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.result", {
        toolCallId: "c1",
        artifactId: "art2",
        evidenceId: "ev2",
        payload: { output: "ok", artifactIds: ["art1", "art2"], evidenceIds: ["ev1"] },
      }),
    ] as AgentUiEvent[]);
    expect(state.tools.c1.artifactIds).toEqual(["art1", "art2"]);
    expect(state.tools.c1.evidenceIds).toEqual(["ev1", "ev2"]);
    expect(Object.keys(state.artifacts).sort()).toEqual(["art1", "art2"]);
    expect(entry(state)?.refs).toEqual({ toolCallId: "c1", evidenceId: "ev2" });
  });
});
