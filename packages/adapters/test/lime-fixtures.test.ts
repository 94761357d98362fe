import { readFileSync, readdirSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";

const FIXTURES = new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url);
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8"));
const adapt = (...records: unknown[]): AgentUiEvent[] => {
  const adapter = limeAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const errorsOf = (events: AgentUiEvent[]) =>
  events.filter(
    (e) =>
      e.type === "diagnostic.changed" &&
      ((e.payload as { severity?: string }).severity === "error" ||
        (e.payload as { code?: string }).code === "unsupported_source_event"),
  );

describe("lime adapter: official Lime profile fixtures", () => {
  it.each(readdirSync(FIXTURES).filter((f) => f.endsWith(".json")))(
    "AS-22 %s adapts with no error diagnostic and is detected as lime",
    (name) => {
      const record = fixture(name);
      expect(limeAdapter.detect(record)).toBe(1);
      const events = adapt(record);
      expect(events.length).toBeGreaterThan(0);
      expect(errorsOf(events)).toEqual([]);
    },
  );

  it("AUI-AR-READ-001 / AUI-AR-ID-001 turn.submitted → run.started + run.status accepted, ids kept, no text", () => {
    const events = adapt(fixture("submit-turn-event.json"));
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.status"]);
    for (const event of events)
      expect(event).toMatchObject({
        runtimeId: "lime_runtime_local",
        sessionId: "sess_lime_001",
        threadId: "thread_lime_001",
        turnId: "turn_lime_001",
        traceId: "trace_lime_001",
      });
    // ORD-01: the record's stream position belongs to its first event; the derived one keeps it in source.
    expect(events[0].sequence).toBe(1);
    expect(events[1].sequence).toBeUndefined();
    expect(events[1].source).toMatchObject({ sequence: 1, sourceEventId: "evt_submit_turn_001" });
    expect(events[0]).toMatchObject({
      eventId: "evt_submit_turn_001",
      phase: "submitted",
      runtimeEntity: "agent_turn",
    });
    expect(events[0].runId).toBeUndefined(); // never invented: the projection keys the run by turnId
    expect(events[0].payload).not.toHaveProperty("input"); // inputRef is a pointer, never turned into text
    expect(events[1]).toMatchObject({ runtimeStatus: "accepted", payload: { status: "accepted" } });
  });

  it("ORD-02 re-adapting the same runtime record yields the same eventIds (redelivery dedupes)", () => {
    const first = adapt(fixture("submit-turn-event.json")).map((e) => e.eventId);
    const again = adapt(fixture("submit-turn-event.json")).map((e) => e.eventId);
    expect(again).toEqual(first);
  });

  it("HITL-06 / HITL-07 / §E-6 tool_permission → tool_approval card with allow/deny and no invented toolCallId", () => {
    const [event, ...rest] = adapt(fixture("tool-approval-action-required-event.json"));
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: "action.required",
      actionId: "action_write_001",
      owner: "action",
      scope: "action_request",
      phase: "waiting",
      surface: "hitl",
      payload: {
        actionType: "tool_approval",
        sourceType: "tool_permission",
        toolName: "write_file",
        prompt: "Allow write_file to update README.md?",
        availableDecisions: ["allow", "deny"],
        scope: { path: "README.md" },
      },
    });
    expect(event.toolCallId).toBeUndefined();
    expect(event.stepId).toBeUndefined();
    expect(event.payload).not.toHaveProperty("severity"); // absent → rendered unknown, never guessed
  });

  it("HITL-07 decisions come only from what the runtime declared", () => {
    const [event] = adapt({
      type: "action.required",
      eventId: "a2",
      actionId: "a2",
      payload: { actionType: "plan_review", prompt: "OK?" },
    });
    expect(event.payload).toMatchObject({ actionType: "plan_decision" });
    expect(event.payload).not.toHaveProperty("availableDecisions");
  });

  it("AUI-AR-TASK-001 / AUI-AR-ID-002 task.attempt.failed keeps task, run and attempt ids and the attempt record", () => {
    const [event] = adapt(fixture("task-retry-attempt-failed-event.json"));
    expect(event).toMatchObject({
      type: "task.changed",
      taskId: "task_lime_001",
      runId: "run_lime_001",
      attemptId: "attempt_lime_001",
      payload: {
        status: "failed",
        attempt: {
          attemptId: "attempt_lime_001",
          runId: "run_lime_001",
          status: "failed",
          reason: "tool_failed",
        },
        retryable: true,
        nextAttemptPolicy: "manual_or_policy_retry",
      },
    });
  });

  it("AUI-AR-TASK-003 / ROUTE-01 routing.single_candidate → run.status routing with the model chip facts", () => {
    const events = adapt(fixture("routing-single-candidate-event.json"));
    expect(events.map((e) => e.type)).toEqual(["run.status", "diagnostic.changed"]);
    expect(events[0].payload).toMatchObject({
      status: "routing",
      model: "gpt-5.4",
      routing: {
        selectedModel: "gpt-5.4",
        candidateCount: 1,
        singleCandidate: true,
        decisionSource: "explicit_default",
      },
    });
    expect(events[1].payload).toMatchObject({ code: "runtime_info", severity: "info" });
    expect(events.some((e) => e.type.startsWith("text."))).toBe(false);
  });

  it("AUI-AR-EVID-002/003 / §E-9 evidence refs are lifted; the absent reviewRef stays absent", () => {
    const [event] = adapt(fixture("evidence-export-event.json"));
    expect(event).toMatchObject({
      type: "evidence.changed",
      evidenceId: "evidence_lime_001",
      evidencePackRef: "evidence://sess_lime_001/thread_lime_001/turn_lime_001",
      replayRef: "replay://sess_lime_001/turn_lime_001",
      payload: { verificationOutcomes: [{ name: "profile_fixture_validation", status: "passed" }] },
    });
    expect(event.reviewRef).toBeUndefined();
    expect(event.payload).not.toHaveProperty("knownGaps"); // EVID-06: never fabricated
  });

  it("AUI-AR-HYDRATE-001 the thread read snapshot → state.snapshot{runtimeSession} + session.hydrated", () => {
    const events = adapt(fixture("thread-read-snapshot.json"));
    expect(events.map((e) => e.type)).toEqual(["state.snapshot", "session.hydrated"]);
    expect(events[0]).toMatchObject({
      sessionId: "sess_lime_001",
      threadId: "thread_lime_001",
      runtimeId: "lime_runtime_local",
    });
    const session = (
      events[0].payload as { runtimeSession: { threads: { status: string }[]; tasks: unknown[] } }
    ).runtimeSession;
    expect(session.threads[0].status).toBe("completed");
    expect(session.tasks).toHaveLength(1);
    expect(events[0].source).toMatchObject({ schemaVersion: "lime-profile-0.4.0" });
  });

  it("BENCH / fixtures §3.7 the benchmark pack is an evidence pack; the dataset taskId is not the runtime taskId", () => {
    const [event] = adapt(fixture("benchmark-trial-pack.json"));
    expect(event).toMatchObject({
      type: "state.snapshot",
      taskId: "task_123",
      runId: "run_123",
      traceId: "trace_123",
    });
    expect(event.payload).toHaveProperty("evidencePack");
    expect(event.surface).not.toBe("conversation");
  });

  it("TEXT-04 model.completed is a text.final reconcile, never a run terminal", () => {
    const events = adapt({
      type: "model.completed",
      eventId: "m",
      threadId: "t",
      turnId: "u",
      payload: { text: "Hello", messageId: "msg-1", usage: { outputTokens: 5 } },
    });
    expect(events.map((e) => e.type)).toEqual(["text.final", "metric.changed"]);
    expect(events[0]).toMatchObject({ messageId: "msg-1", payload: { text: "Hello" } });
  });

  it("TEAM-02 / AUI-AR-TASK-005 subagent.spawned keeps lineage and is a subagent turn", () => {
    const [event] = adapt({
      type: "subagent.spawned",
      eventId: "s1",
      sessionId: "child-sess",
      subagentId: "sub-7",
      parentSessionId: "parent-sess",
      parent_thread_id: "parent-thread",
      payload: { name: "researcher", spawnReason: "research" },
    });
    expect(event).toMatchObject({
      type: "agent.spawned",
      agentId: "sub-7",
      subagentId: "sub-7",
      parentSessionId: "parent-sess",
      parentThreadId: "parent-thread",
      runtimeEntity: "subagent_turn",
      payload: { agentName: "researcher", spawnReason: "research" },
    });
  });

  it("AUI-AR-TASK-002 quota.blocked → task blocked with reason + run.status blocked", () => {
    const events = adapt({
      type: "quota.blocked",
      eventId: "q",
      threadId: "t",
      turnId: "u",
      taskId: "task-1",
      payload: { reason: "monthly quota exhausted" },
    });
    expect(events.map((e) => e.type)).toEqual(["task.changed", "run.status", "diagnostic.changed"]);
    expect(events[0].payload).toMatchObject({ status: "blocked", reason: "monthly quota exhausted" });
    expect(events[1].payload).toMatchObject({ status: "blocked" });
  });

  it("SEC-01 secret-bearing tool input is redacted before it leaves the adapter", () => {
    const [event] = adapt({
      type: "tool.started",
      eventId: "t",
      threadId: "t",
      turnId: "u",
      stepId: "s",
      toolCallId: "c",
      payload: {
        toolName: "http",
        safeArgs: { url: "https://x", apiKey: "sk-live-123", headers: { Authorization: "Bearer abc" } },
      },
    });
    expect(JSON.stringify(event)).not.toContain("sk-live-123");
    expect(JSON.stringify(event)).not.toContain("Bearer abc");
    expect(event.payload).toMatchObject({ name: "http", input: { url: "https://x" } });
  });

  it("TOOL-02 an oversized tool output is cut to a preview", () => {
    const [event] = adapt({
      type: "tool.result",
      eventId: "r",
      threadId: "t",
      turnId: "u",
      stepId: "s",
      toolCallId: "c",
      payload: { output: "x".repeat(100_000) },
    });
    expect(JSON.stringify(event).length).toBeLessThan(5_000);
    expect((event.payload as { outputPreview: string }).outputPreview.length).toBeLessThanOrEqual(201);
  });

  it("§D.2 model.failed: a diagnostic, run.status retrying when the runtime retries, run.failed only when terminal", () => {
    const base = { eventId: "mf", threadId: "t", turnId: "u" };
    const retrying = adapt({
      ...base,
      type: "model.failed",
      payload: { message: "overloaded", retryable: true },
    });
    expect(retrying.map((e) => e.type)).toEqual(["diagnostic.changed", "run.status"]);
    expect(retrying[1].payload).toMatchObject({ status: "retrying" });
    const terminal = adapt({
      ...base,
      type: "model.failed",
      payload: { message: "bad key", terminal: true },
    });
    expect(terminal.map((e) => e.type)).toEqual(["diagnostic.changed", "run.failed"]);
  });
});
