// Read models are a stranger's input (HYD-09, AUI-AR-READ-006): each optional field lands only when it
// has its documented type, and a field that is absent or mistyped leaves no trace in state (not even a
// key holding `undefined`).
import type { RuntimeSessionSnapshot } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

const HOSTILE = {
  sessionId: "s1",
  runtimeId: 7,
  updatedAt: 5,
  threads: [
    {
      threadId: "th1",
      status: "blocked",
      turns: [
        "not a turn",
        { runId: "r0", status: "completed" },
        { turnId: "t1", runId: 5, status: "completed" },
        { turnId: "t2", runId: "r2", status: "running" },
        "a trailing entry that is not a turn",
      ],
      evidenceSummary: {
        evidenceRefs: ["ev1"],
        knownGaps: ["no tests"],
        verificationOutcomes: [{ name: "unit", status: "passed" }],
      },
    },
    "not a thread",
  ],
  tasks: [
    "not a task",
    {
      taskId: "k1",
      status: "running",
      attempts: [
        { status: "failed", attemptId: "a1" },
        { status: "running", runId: "r2" },
        { status: "queued", attemptId: 3, runId: 4 },
        "not an attempt",
        { attemptId: "no-status" },
      ],
      artifactRefs: ["art1", "art1", "art2"],
      evidenceRefs: ["ev1", "ev1"],
    },
  ],
  routingLimitSummary: {
    model: "m1",
    provider: 5,
    selectedProvider: "prov",
    candidateCount: "3",
    singleCandidate: "yes",
    decisionSource: 1,
  },
  telemetrySummary: { traceIds: ["trace-a", "trace-b"] },
} as unknown as RuntimeSessionSnapshot;

const SOURCE = { type: "hydrate:runtime-session" };

describe("a runtime session snapshot with mistyped fields (HYD-09, AUI-AR-READ-006)", () => {
  it("HYD-09 only well-typed fields land, each exactly once", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: structuredClone(HOSTILE) });
    const state = p.getState();
    expect(state.runtime).toStrictEqual({
      status: "blocked",
      attention: "high",
      model: { selected: "m1", provider: "prov", source: SOURCE },
      limits: { status: "unknown" },
      sessionId: "s1",
      threadId: "th1",
      turnId: "t2",
      runId: "r2",
      source: SOURCE,
    });
    expect(state.tasks.k1.attempts).toStrictEqual([
      { status: "failed", attemptId: "a1", source: SOURCE },
      { status: "running", runId: "r2", source: SOURCE },
      { status: "queued", source: SOURCE },
    ]);
    expect(state.tasks.k1.artifactIds).toEqual(["art1", "art2"]);
    expect(state.tasks.k1.evidenceIds).toEqual(["ev1"]);
    expect(state.tasks.k1).not.toHaveProperty("title");
    expect(state.tasks.k1).not.toHaveProperty("currentRunId");
    expect(state.tasks.k1).not.toHaveProperty("parentTaskId");
    expect(state.timeline.map((t) => [t.id, t.title, t.status, t.refs])).toStrictEqual([
      ["task:k1:attempt:a1", "k1 attempt", "failed", { taskId: "k1", attemptId: "a1" }],
      ["task:k1:attempt:r2", "k1 attempt", "running", { taskId: "k1", runId: "r2" }],
      ["task:k1:attempt:3", "k1 attempt", "queued", { taskId: "k1" }],
      ["task:k1", "k1", "running", { taskId: "k1" }],
    ]);
    expect(state.evidence.ev1).toMatchObject({
      status: "referenced",
      correlation: { threadId: "th1" },
      verification: [{ name: "unit", status: "passed" }],
      knownGaps: ["no tests"],
    });
    expect(state.diagnostics).toEqual([]);
  });

  it("PROC-02 / STAT-07 the listed turns place run-only events and keep ended turns ended", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: structuredClone(HOSTILE) });
    const e = stream();
    p.applyAll([
      e("text.delta", { runId: "r2", messageId: "m2", payload: { delta: "Still going." } }),
      e("text.delta", { runId: "r0", messageId: "m0", payload: { delta: "Unplaced run." } }),
      e("run.status", { turnId: "t1", payload: { status: "running" } }),
    ]);
    const state = p.getState();
    expect(state.messages.map((m) => [m.id, m.turnId])).toEqual([
      ["m2", "t2"],
      ["m0", "r0"],
    ]);
    expect(state.diagnostics.map((d) => d.message)).toEqual(["run.status after the turn ended (t1)"]);
  });

  it("AUI-AR-READ-006 a thread without turns names no turn or run; a titled task names its attempts by title", () => {
    const p = createProjector();
    p.hydrate({
      kind: "runtime-session",
      snapshot: {
        sessionId: "s1",
        threads: [{ threadId: "th1", status: "idle" }],
        tasks: [{ taskId: "k1", title: "Fix it", status: "running", attempts: [{ status: "running" }] }],
      } as unknown as RuntimeSessionSnapshot,
    });
    const state = p.getState();
    expect(state.runtime).not.toHaveProperty("turnId");
    expect(state.runtime).not.toHaveProperty("runId");
    expect(state.runtime).not.toHaveProperty("runtimeId");
    expect(state.runtime).not.toHaveProperty("updatedAt");
    expect(state.runtime).not.toHaveProperty("traceId");
    expect(state.timeline.map((t) => [t.id, t.title])).toEqual([
      ["task:k1:attempt:1", "Fix it attempt"],
      ["task:k1", "Fix it"],
    ]);
  });
});

describe("an evidence pack read model (EVID-01, HYD-09)", () => {
  it("EVID-01 a pack without any id is reported and adds nothing; one named by its packRef reads exported", () => {
    const p = createProjector();
    p.hydrate({ kind: "evidence-pack", pack: { summary: "x" } as never });
    expect(p.getState().evidence).toEqual({});
    expect(p.getState().diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["missing_correlation", "warning", "evidence pack without evidenceId, packRef or trial id"],
    ]);
    const named = createProjector();
    named.hydrate({ kind: "evidence-pack", pack: { packRef: "pk1" } as never });
    expect(named.getState().evidence.pk1).toMatchObject({
      evidenceId: "pk1",
      status: "exported",
      packRef: "pk1",
    });
  });
});

describe("a later read model never downgrades what an earlier one stated (HYD-09, ROUTE-01)", () => {
  it("EVID-01 evidence a pack exported stays exported when a session or thread only references it", () => {
    const p = createProjector();
    p.hydrate({ kind: "evidence-pack", pack: { packRef: "ev1" } as never });
    p.hydrate({
      kind: "runtime-session",
      snapshot: {
        sessionId: "s1",
        evidenceRefs: ["ev1"],
        threads: [{ threadId: "th1", status: "idle", evidenceSummary: { evidenceRefs: ["ev1"] } }],
      } as unknown as RuntimeSessionSnapshot,
    });
    expect(p.getState().evidence.ev1.status).toBe("exported");
  });

  it("ROUTE-01 a later snapshot without a routing summary keeps the model chip it named", () => {
    const p = createProjector();
    const snapshot = (fields: object) =>
      ({
        sessionId: "s1",
        threads: [{ threadId: "th1", status: "idle" }],
        ...fields,
      }) as RuntimeSessionSnapshot;
    p.hydrate({ kind: "runtime-session", snapshot: snapshot({ routingLimitSummary: { model: "m1" } }) });
    p.hydrate({ kind: "runtime-session", snapshot: snapshot({}) });
    expect(p.getState().runtime.model.selected).toBe("m1");
    const fresh = createProjector();
    fresh.hydrate({ kind: "runtime-session", snapshot: snapshot({}) });
    expect(fresh.getState().runtime.model.selected).toBe("unavailable");
  });
});

describe("a read-model tool call naming a message outside the window (HYD-05, HYD-09)", () => {
  it("HYD-05 an unplaced tool remembers the message; a tool already placed keeps its own", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { toolName: "shell" } }));
    p.hydrate({
      kind: "thread",
      thread: {
        threadId: "th1",
        status: "idle",
        toolCalls: [
          { toolCallId: "c1", messageId: "m9", status: "completed" },
          { toolCallId: "c2", messageId: "m9", status: "completed" },
        ],
      } as never,
    });
    const { tools } = p.getState();
    expect([tools.c1.messageId, tools.c2.messageId]).toEqual(["m1", "m9"]);
  });
});
