import {
  type AgentUiEvent,
  EVENT_CLASSES,
  RUNTIME_EVENT_CLASSES,
  type RuntimeEventClass,
  isMember,
} from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { EXTENSION_MAPPING, RUNTIME_CLASS_MAPPING, limeAdapter } from "../src/lime";

/** §D.2: the Agent UI class each runtime class must produce first (with a record rich enough to map). */
const EXPECTED_PRIMARY: Record<RuntimeEventClass, string> = {
  "session.created": "session.opened",
  "session.updated": "session.updated",
  "thread.started": "session.opened",
  "thread.updated": "session.updated",
  "turn.submitted": "run.started",
  "turn.started": "run.status",
  "turn.completed": "run.finished",
  "turn.failed": "run.failed",
  "task.created": "task.changed",
  "task.accepted": "task.changed",
  "task.queued": "task.changed",
  "task.started": "task.changed",
  "task.updated": "task.changed",
  "task.progress": "task.changed",
  "task.waiting": "task.changed",
  "task.blocked": "task.changed",
  "task.paused": "task.changed",
  "task.resumed": "task.changed",
  "task.retrying": "task.changed",
  "task.cancel_requested": "task.changed",
  "task.cancelled": "task.changed",
  "task.timed_out": "task.changed",
  "task.failed": "task.changed",
  "task.lost": "task.changed",
  "task.completed": "task.changed",
  "task.archived": "task.changed",
  "run.status": "run.status",
  "model.requested": "run.status",
  "model.delta": "text.delta",
  "model.completed": "text.final",
  "model.failed": "diagnostic.changed",
  "reasoning.delta": "reasoning.delta",
  "reasoning.summary": "reasoning.summary",
  "tool.catalog.resolved": "context.changed",
  "tool.started": "tool.started",
  "tool.args": "tool.args",
  "tool.progress": "tool.progress",
  "tool.result": "tool.result",
  "tool.failed": "tool.failed",
  "action.required": "action.required",
  "action.resolved": "action.resolved",
  "queue.changed": "queue.changed",
  "context.resolved": "context.changed",
  "context.compaction.started": "context.compaction.started",
  "context.compaction.completed": "context.compaction.completed",
  "context.compaction.failed": "context.changed",
  "artifact.changed": "artifact.changed",
  "evidence.changed": "evidence.changed",
  "subagent.spawned": "agent.spawned",
  "subagent.status": "agent.changed",
  "subagent.input": "agent.changed",
  "subagent.completed": "agent.completed",
  "subagent.failed": "agent.completed",
  "subagent.closed": "agent.changed",
  "limit.changed": "diagnostic.changed",
  "snapshot.updated": "state.snapshot",
  "runtime.warning": "diagnostic.changed",
  "runtime.error": "diagnostic.changed",
  "permission.evaluated": "permission.changed",
  "permission.requested": "permission.changed",
  "permission.resolved": "permission.changed",
  "sandbox.applied": "permission.changed",
  "sandbox.violation": "permission.changed",
  "hook.started": "diagnostic.changed",
  "hook.completed": "diagnostic.changed",
  "hook.failed": "diagnostic.changed",
  "policy.changed": "permission.changed",
  "process.started": "tool.started",
  "process.output": "tool.output.delta",
  "process.input": "tool.progress",
  "process.completed": "tool.result",
  "process.failed": "tool.failed",
  "process.terminated": "tool.failed",
  "task.profile.resolved": "run.status",
  "routing.candidates.resolved": "run.status",
  "routing.decided": "run.status",
  "routing.fallback.applied": "run.status",
  "routing.not_possible": "task.changed",
  "routing.single_candidate": "run.status",
  "task.delegated": "task.changed",
  "task.dependency.updated": "task.changed",
  "task.attempt.started": "task.changed",
  "task.attempt.completed": "task.changed",
  "task.attempt.failed": "task.changed",
  "cost.estimated": "metric.changed",
  "cost.recorded": "metric.changed",
  "rate_limit.hit": "run.status",
  "quota.low": "diagnostic.changed",
  "quota.blocked": "task.changed",
  "channel.connected": "agent.changed",
  "channel.disconnected": "agent.changed",
  "channel.resumed": "agent.changed",
  "channel.message": "agent.changed",
  "channel.permission_forwarded": "action.required",
  "channel.permission_returned": "action.resolved",
  "job.created": "task.changed",
  "job.started": "task.changed",
  "job.progress": "task.changed",
  "job.item.started": "task.changed",
  "job.item.completed": "task.changed",
  "job.item.failed": "task.changed",
  "job.completed": "task.changed",
  "job.failed": "task.changed",
  "job.cancelled": "task.changed",
  "output.spilled": "tool.progress",
  "output.truncated": "tool.progress",
  "output.redacted": "tool.progress",
  "output.expired": "tool.progress",
  "history.window.loaded": "messages.snapshot",
  "history.reconstructed": "messages.snapshot",
  "history.rollback.started": "session.updated",
  "history.rollback.completed": "messages.snapshot",
  "snapshot.repaired": "state.snapshot",
  "benchmark.dataset.resolved": "diagnostic.changed",
  "benchmark.configuration.resolved": "diagnostic.changed",
  "benchmark.trial.started": "diagnostic.changed",
  "benchmark.trial.completed": "evidence.changed",
  "benchmark.trial.failed": "evidence.changed",
  "benchmark.reward.recorded": "evidence.changed",
  "benchmark.comparison.completed": "evidence.changed",
};

const IDS = {
  runtimeId: "rt-1",
  sessionId: "sess-1",
  threadId: "thread-1",
  turnId: "turn-1",
  stepId: "step-1",
  toolCallId: "call-1",
  actionId: "act-1",
  taskId: "task-1",
  runId: "run-1",
  subagentId: "sub-1",
  evidenceId: "ev-1",
  artifactId: "art-1",
  channelId: "chan-1",
  jobId: "job-1",
  processId: "proc-1",
};

/** A profile record carrying every field any builder reads, so each class maps to its full row. */
function richRecord(type: string, sequence = 1): Record<string, unknown> {
  return {
    type,
    eventId: `evt-${type}`,
    timestamp: "2026-05-11T10:00:00Z",
    schemaVersion: "lime-profile-0.4.0",
    sequence,
    status: "running",
    ...IDS,
    benchmark: { datasetId: "d", taskId: "dataset-task" },
    comparison: { baseline: "a" },
    refs: { trajectoryRef: "/t.json" },
    payload: {
      delta: "d",
      text: "t",
      summary: "s",
      status: type.startsWith("limit.") ? "blocked" : undefined,
      messages: [{ id: "m1", role: "user", text: "hi" }],
      snapshot: { sessionId: "sess-1", threads: [] },
      costUsd: 0.1,
      tools: ["read_file"],
      actionType: "tool_permission",
      decisionKind: "allow_or_deny",
    },
  };
}

const adapt = (record: unknown): AgentUiEvent[] => limeAdapter.create().push(record, 0);

describe("lime adapter: §D.2 mapping table", () => {
  it("the table has exactly one row per runtime class (120)", () => {
    expect(Object.keys(RUNTIME_CLASS_MAPPING).sort()).toEqual([...RUNTIME_EVENT_CLASSES].sort());
    expect(RUNTIME_EVENT_CLASSES).toHaveLength(120);
  });

  it.each(RUNTIME_EVENT_CLASSES.map((c) => [c, EXPECTED_PRIMARY[c]]))(
    "ENV-01 / V-01 %s → %s, ids kept, eventId kept, only standard classes",
    (runtimeClass, expected) => {
      const events = adapt(richRecord(runtimeClass));
      expect(events[0].type).toBe(expected);
      expect(events[0].eventId).toBe(`evt-${runtimeClass}`);
      expect(events[0].source).toMatchObject({
        format: "lime",
        sourceType: runtimeClass,
        sourceEventId: `evt-${runtimeClass}`,
      });
      expect(events[0].sequence).toBe(1);
      for (const event of events) {
        expect(isMember(EVENT_CLASSES, event.type)).toBe(true);
        // ENV-03: every correlation id of the source survives on every projected record.
        expect(event).toMatchObject({ runtimeId: "rt-1", sessionId: "sess-1", threadId: "thread-1" });
        if (event.type === "diagnostic.changed")
          expect((event.payload as { code: string }).code).not.toBe("unsupported_source_event");
      }
      expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    },
  );

  it("ENV-09 an unknown runtime class becomes a diagnostic, never a crash", () => {
    const events = adapt({ ...richRecord("x.unknown"), apiKey: "sk-secret" });
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe("diagnostic.changed");
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event", severity: "warning" });
    expect(JSON.stringify(events[0])).not.toContain("sk-secret");
  });

  it("ENV-12 a class missing its scope ids is mapped and reported as missing_scope_id", () => {
    const events = adapt({
      type: "tool.started",
      eventId: "e1",
      sessionId: "s",
      payload: { toolName: "ls" },
    });
    expect(events.map((e) => e.type)).toEqual(["tool.started", "diagnostic.changed"]);
    expect(events[1].payload).toMatchObject({ code: "missing_scope_id" });
    expect((events[1].payload as { summary: { missing: string[] } }).summary.missing).toEqual([
      "threadId",
      "turnId",
      "stepId",
      "toolCallId",
    ]);
  });

  it("§E-4 snake_case ids are accepted as aliases of the camelCase fields", () => {
    const events = adapt({
      type: "tool.result",
      event_id: "e-snake",
      session_id: "s",
      runtime_id: "rt",
      thread_id: "th",
      turn_id: "tu",
      step_id: "st",
      tool_call_id: "tc",
      payload: { output: "ok" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "tool.result",
      eventId: "e-snake",
      sessionId: "s",
      runtimeId: "rt",
      threadId: "th",
      turnId: "tu",
      stepId: "st",
      toolCallId: "tc",
    });
  });

  it("§D.3 App Server aliases map like their runtime class", () => {
    const base = { ...IDS, eventId: "e", payload: { delta: "Hi", text: "Hi there" } };
    const typeOf = (type: string) => adapt({ ...base, type }).map((e) => e.type)[0];
    expect(typeOf("message.delta")).toBe("text.delta");
    expect(typeOf("message.delta_batch")).toBe("text.delta");
    expect(typeOf("message.completed")).toBe("text.final");
    expect(typeOf("item.completed")).toBe("text.final");
    expect(typeOf("thinking.delta")).toBe("reasoning.delta");
    expect(typeOf("turn.done")).toBe("run.finished");
    expect(typeOf("turn.final_done")).toBe("run.finished");
    expect(typeOf("turn.canceled")).toBe("run.finished");
    expect(typeOf("action.expired")).toBe("action.resolved");
    expect(typeOf("artifact.versioned")).toBe("artifact.version.created");
    expect(typeOf("review.verdict")).toBe("review.completed");
    // No snapshot in the payload: only the session-level repair marker, no empty state.snapshot.
    expect(typeOf("stream.repaired")).toBe("session.updated");
    const batch = adapt({
      ...IDS,
      eventId: "b",
      type: "message.batch",
      payload: { deltas: ["a", { delta: "b" }] },
    });
    expect(batch[0].payload).toMatchObject({ delta: "ab" });
  });

  it("§E-10 extension names map to a standard class", () => {
    expect(EXTENSION_MAPPING["subagent.output"][0].type).toBe("worker.notification");
    const events = adapt({ type: "turn.canceled", eventId: "c", ...IDS, payload: {} });
    expect(events[0]).toMatchObject({ type: "run.finished", payload: { outcome: "cancelled" } });
  });
});
