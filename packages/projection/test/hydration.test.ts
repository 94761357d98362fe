import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RuntimeSessionSnapshot } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  createProjector,
  selectCapsules,
  selectPendingActions,
  selectReplayLane,
  selectReviewLane,
} from "../src";
import { codes, stream } from "./helpers";

// The standard's shared folder lives beside the repository root.
const LIME_FIXTURES = new URL(
  "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/",
  import.meta.url,
);
const fixturePath = (name: string): string => fileURLToPath(new URL(name, LIME_FIXTURES));
const FIXTURE = fixturePath("thread-read-snapshot.json");
const snapshot = (): RuntimeSessionSnapshot => JSON.parse(readFileSync(FIXTURE, "utf8"));

describe("hydration", () => {
  it("HYD-09 / AUI-AR-HYDRATE-001 hydrates the official thread read snapshot without replay", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    const state = p.getState();
    expect(state.session).toMatchObject({
      sessionId: "sess_lime_001",
      threadId: "thread_lime_001",
      hydration: { status: "hydrated", source: "runtime-session" },
    });
    // §E-7: thread status wins over activeTurnId.
    expect(state.runtime).toMatchObject({
      status: "completed",
      runtimeId: "lime_runtime_local",
      turnId: "turn_lime_001",
      runId: "run_lime_002",
      traceId: "trace_lime_001",
    });
    expect(selectPendingActions(state)).toHaveLength(0);
    expect(state.queue.items).toHaveLength(0);
    expect(state.cursor.eventCount).toBe(0);
  });

  it("AUI-AR-TASK-001 / TASK-11 the task hydrates with both attempts, the failed one kept", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    const [task] = selectCapsules(p.getState());
    expect(task).toMatchObject({
      taskId: "task_lime_001",
      status: "completed",
      currentRunId: "run_lime_002",
      title: "Implement Lime AgentRuntime profile fixture validation.",
    });
    expect(task.attempts.map((a) => [a.runId, a.status])).toEqual([
      ["run_lime_001", "failed"],
      ["run_lime_002", "completed"],
    ]);
    expect(task.evidenceIds).toEqual(["evidence_lime_001"]);
  });

  it("ROUTE-01 the routing summary fills the model chip (single candidate is a fact, not a warning)", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    expect(p.getState().runtime.model).toMatchObject({
      selected: "gpt-5.4",
      candidateCount: 1,
      singleCandidate: true,
    });
  });

  it("AUI-AR-HYDRATE-003 / EVID-02 evidence refs become records without payload; verification only from outcomes", () => {
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    const state = p.getState();
    expect(state.evidence.evidence_lime_001).toMatchObject({
      status: "referenced",
      packRef: "unavailable",
      reviewRef: "unavailable",
      verification: [{ name: "profile_fixture_validation", status: "passed" }],
      knownGaps: "unavailable",
    });
    expect(selectReplayLane(state, "evidence_lime_001")?.record).toBe(
      selectReviewLane(state, "evidence_lime_001")?.record,
    );
  });

  it("AUI-AR-READ-006 a snapshot missing the routing summary shows `unavailable` with a safe diagnostic", () => {
    const input = snapshot();
    delete input.routingLimitSummary;
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: input });
    expect(p.getState().runtime.model.selected).toBe("unavailable");
    expect(codes(p.getState())).toContain("missing_correlation");
  });

  it("HYD-09 pending requests and queued turns from the read model render directly", () => {
    const input = snapshot();
    input.threads![0].status = "blocked";
    input.threads![0].pendingRequests = [
      { actionId: "act1", actionType: "tool_permission", toolName: "write_file" },
    ];
    input.threads![0].queuedTurns = [{ id: "q1", preview: "next question" }];
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: input });
    const state = p.getState();
    expect(state.runtime.status).toBe("action_required");
    expect(selectPendingActions(state)[0]).toMatchObject({
      actionId: "act1",
      type: "tool_approval",
      toolCallId: "unknown",
    });
    expect(state.queue.items[0]).toMatchObject({ id: "q1", position: 1, preview: "next question" });
  });

  it("ORD-03 a snapshot lacking a pending action keeps it, stale, with snapshot_conflict", () => {
    const e = stream({ turnId: "turn_lime_001", sessionId: "sess_lime_001" });
    const p = createProjector();
    p.apply(e("action.required", { actionId: "held", payload: { actionType: "clarification" } }));
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    const state = p.getState();
    expect(state.actions.held.status).toBe("stale");
    expect(selectPendingActions(state).map((a) => a.actionId)).toEqual(["held"]);
    expect(codes(state)).toContain("snapshot_conflict");
    expect(state.cursor.staleSections).toContain("actions");
  });

  it("HYD-03 hydration for another session is ignored", () => {
    const p = createProjector({ sessionId: "other" });
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    expect(p.getState().session.hydration.status).toBe("empty");
    expect(codes(p.getState())).toEqual(["stale_hydration_ignored"]);
  });

  it("HYD-03 an older snapshot never overwrites a newer one", () => {
    const newer = snapshot();
    const older = snapshot();
    older.updatedAt = "2026-05-11T09:00:00Z";
    older.threads![0].status = "running";
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: newer });
    p.hydrate({ kind: "runtime-session", snapshot: older });
    expect(p.getState().runtime.status).toBe("completed");
    expect(codes(p.getState())).toContain("stale_hydration_ignored");
  });

  it("HYD-03 a snapshot behind the applied cursor is ignored", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([e("run.started"), e("run.status", { payload: { status: "streaming" } })]);
    p.hydrate({ kind: "runtime-session", snapshot: snapshot(), cursor: { s1: 1 } });
    expect(p.getState().runtime.status).toBe("streaming");
  });

  it("HYD-10 / AUI-AR-HYDRATE-002 after hydration the event tail repairs state from the cursor", () => {
    const input = snapshot();
    input.threads![0].status = "running";
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: input, cursor: { s1: 2 } });
    const e = stream({ turnId: "turn_lime_001", messageId: "m" });
    const events = [
      e("text.delta", { payload: { delta: "old" } }),
      e("text.delta", { payload: { delta: "old2" } }),
      e("text.delta", { payload: { delta: "new" } }),
    ];
    p.applyAll(events);
    const state = p.getState();
    expect(state.messages[0].parts[0].text).toBe("new");
    expect(state.cursor.streams).toEqual({ s1: 3 });
  });

  it("a state.snapshot event carrying a runtime session goes through the same hydration", () => {
    const p = createProjector();
    p.apply({
      type: "state.snapshot",
      eventId: "snap-1",
      sequence: 1,
      payload: { runtimeSession: snapshot() },
    });
    expect(p.getState().runtime.status).toBe("completed");
    expect(p.getState().tasks.task_lime_001.attempts).toHaveLength(2);
  });

  it("TASK-11 / EVID-05 task and evidence-pack hydration inputs", () => {
    const p = createProjector();
    p.hydrate({
      kind: "task",
      task: { taskId: "k", status: "waiting_permission", attempts: [{ runId: "r1", status: "running" }] },
    });
    p.hydrate({
      kind: "evidence-pack",
      pack: {
        evidenceId: "ev",
        packRef: "pack://ev",
        replayRef: "replay://ev",
        runtimeCorrelation: { traceId: "tr" },
      },
    });
    const state = p.getState();
    expect(state.tasks.k).toMatchObject({ status: "permission_required", attention: "high" });
    expect(state.evidence.ev).toMatchObject({
      packRef: "pack://ev",
      replayRef: "replay://ev",
      reviewRef: "unavailable",
      correlation: { traceId: "tr" },
    });
  });

  it("ARCH-04 a stored projection resumes to the same state as the live one", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("run.started", { payload: { input: "q" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: { actionType: "tool_approval" } }),
      e("text.delta", { payload: { delta: "hi" } }),
    ];
    const tail = [
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "approve" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ];
    const live = createProjector();
    live.applyAll([...events, ...tail]);
    const stored = createProjector();
    stored.applyAll(events);
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: JSON.parse(JSON.stringify(stored.getState())) });
    resumed.applyAll(tail);
    const a = live.getState();
    const b = resumed.getState();
    expect(b.tools).toEqual(a.tools);
    expect(b.actions).toEqual(a.actions);
    expect(b.messages.map((m) => m.parts.map((p) => [p.kind, p.text, p.status, p.expanded]))).toEqual(
      a.messages.map((m) => m.parts.map((p) => [p.kind, p.text, p.status, p.expanded])),
    );
    expect(b.runtime.status).toBe("completed");
  });

  it("HYD-03 without options.sessionId the stream's own session owns the projector", () => {
    const e = stream({ sessionId: "sess_active", turnId: "t1" });
    const p = createProjector();
    p.apply(e("run.status", { payload: { status: "streaming" } }));
    p.hydrate({ kind: "runtime-session", snapshot: snapshot() });
    expect(p.getState().runtime.status).toBe("streaming");
    expect(p.getState().session.sessionId).toBe("sess_active");
    expect(codes(p.getState())).toContain("stale_hydration_ignored");
  });

  it("AUI-AR-HYDRATE-004 / TEAM-02 subagents in the read model keep their lineage", () => {
    const input = snapshot();
    input.threads![0].subagents = [
      {
        subagentId: "sub_old",
        agentName: "researcher",
        status: "completed",
        parentSessionId: "sess_lime_001",
        taskId: "task_child",
      },
      { agentId: "orphan_free", name: "helper" },
    ];
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: input });
    const state = p.getState();
    expect(state.agents.sub_old).toMatchObject({
      name: "researcher",
      status: "completed",
      lineage: "known",
      parentSessionId: "sess_lime_001",
      parentThreadId: "thread_lime_001",
    });
    expect(state.team.edges).toContainEqual(expect.objectContaining({ to: "sub_old", kind: "spawn" }));
    expect(state.agents.orphan_free).toMatchObject({
      name: "helper",
      parentThreadId: "thread_lime_001",
      lineage: "known",
    });
  });

  it("EVID-11 a benchmark trial pack becomes one evidence record with its correlation spine, no task", () => {
    const pack = JSON.parse(readFileSync(fixturePath("benchmark-trial-pack.json"), "utf8"));
    const p = createProjector();
    p.hydrate({ kind: "evidence-pack", pack });
    const state = p.getState();
    const records = Object.values(state.evidence);
    expect(records).toHaveLength(1);
    expect(records[0].evidenceId).toBe("trial:trial-tool-approval-candidate-1");
    expect(records[0].correlation).toMatchObject({
      runId: "run_123",
      traceId: "trace_123",
      taskId: "task_123",
    });
    expect(state.tasks).toEqual({});
    expect(state.messages).toEqual([]);
    expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
