import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";

const IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u" };
let n = 0;
const adapt = (
  type: string,
  payload: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): AgentUiEvent[] => limeAdapter.create().push({ type, eventId: `e${++n}`, ...IDS, payload, ...extra }, 0);
const types = (events: AgentUiEvent[]) =>
  events
    .filter(
      (e) => e.type !== "diagnostic.changed" || (e.payload as { code: string }).code !== "missing_scope_id",
    )
    .map((e) => e.type);

describe("lime adapter: families beyond the fixtures", () => {
  it("ENV-06 runtime execution shape fields are preserved on the envelope", () => {
    const [event] = adapt(
      "run.status",
      { status: "queued" },
      { runtimeEntity: "agent_turn", queued_turn_count: 2, queueReason: "busy", retryableOverload: true },
    );
    expect(event).toMatchObject({
      runtimeEntity: "agent_turn",
      queuedTurnCount: 2,
      queueReason: "busy",
      retryableOverload: true,
      payload: { status: "queued" },
    });
  });

  it("§E-17 artifact.changed becomes a specific class only from an explicit lifecycle; no artifactId is invented", () => {
    expect(
      adapt("artifact.changed", { lifecycle: "version_created", versionId: "v2" }, { artifactId: "a1" })[0],
    ).toMatchObject({
      type: "artifact.version.created",
      artifactId: "a1",
      artifactVersionId: "v2",
    });
    const [plain] = adapt("artifact.changed", { title: "Report" });
    expect(plain.type).toBe("artifact.changed");
    expect(plain.artifactId).toBeUndefined();
  });

  it("TASK-08 task.waiting without a stated cause is the blocked fallback; with one it is waiting_*", () => {
    expect(adapt("task.waiting", {}, { taskId: "k" })[0].payload).toMatchObject({ status: "blocked" });
    expect(adapt("task.waiting", { waitingOn: "permission" }, { taskId: "k" })[0].payload).toMatchObject({
      status: "waiting_permission",
    });
    expect(adapt("task.lost", {}, { taskId: "k" })[0].payload).toMatchObject({ status: "lost" });
  });

  it("job.* are automation-job tasks keyed by the job id", () => {
    const [event] = adapt("job.progress", { total: 10, completed: 4 }, { jobId: "job-1" });
    expect(event).toMatchObject({
      type: "task.changed",
      taskId: "job-1",
      runtimeEntity: "automation_job",
      payload: { status: "running", job: { total: 10, completed: 4 } },
    });
  });

  it("queue.changed copies the runtime queue with previews and counts", () => {
    const [event] = adapt("queue.changed", {
      queuedTurns: [{ id: "q1", preview: "next", status: "queued" }, { nope: 1 }],
    });
    expect(event).toMatchObject({
      type: "queue.changed",
      queuedTurnCount: 2,
      payload: { items: [{ id: "q1", preview: "next", status: "queued", position: 0 }] },
    });
  });

  it("TEAM-* channel.disconnected is connectivity on a remote teammate, never a terminal state", () => {
    const [event] = adapt("channel.disconnected", {}, { channelId: "peer-1" });
    expect(event).toMatchObject({
      type: "agent.changed",
      agentId: "peer-1",
      runtimeEntity: "external_task",
      payload: { remote: { status: "disconnected" } },
    });
    expect(event.payload).not.toHaveProperty("status");
  });

  it("acceptance 10: a forwarded permission is a delegated approval that names the peer", () => {
    const [event] = adapt(
      "channel.permission_forwarded",
      { prompt: "Allow deploy?", peerName: "ops-bot" },
      { actionId: "fw-1", channelId: "c" },
    );
    expect(event).toMatchObject({
      type: "action.required",
      actionId: "fw-1",
      owner: "policy",
      payload: { actionType: "delegated_permission", requestedBy: { name: "ops-bot" } },
    });
  });

  it("process.* is a command tool row keyed by the process id; terminated is cancelled", () => {
    expect(adapt("process.started", { command: "ls -la" }, { processId: "p1" })[0]).toMatchObject({
      type: "tool.started",
      toolCallId: "p1",
      processId: "p1",
      payload: { kind: "command", name: "ls -la" },
    });
    expect(
      adapt("process.output", { delta: "a\\n", stream: "stdout" }, { processId: "p1" })[0],
    ).toMatchObject({ type: "tool.output.delta", payload: { delta: "a\\n", channel: "stdout" } });
    expect(adapt("process.output", {}, { processId: "p1", outputRef: "out://1" })[0]).toMatchObject({
      type: "tool.progress",
      payload: { outputRef: "out://1" },
    });
    expect(adapt("process.terminated", {}, { processId: "p1" })[0]).toMatchObject({
      type: "tool.failed",
      payload: { cancelled: true },
    });
  });

  it("AUI-AR-ACTION-005 output.expired marks the output ref unavailable", () => {
    const [event] = adapt("output.expired", {}, { toolCallId: "c", stepId: "s", outputRef: "out://gone" });
    expect(event).toMatchObject({
      type: "tool.progress",
      payload: { output: { expired: true, available: false } },
    });
    expect(event.payload).not.toHaveProperty("outputRef");
  });

  it("HYD history.window.loaded → messages.snapshot (known roles only) + session.hydrated", () => {
    const events = adapt("history.window.loaded", {
      messages: [
        { id: "m1", role: "user", content: "hi" },
        { id: "m2", role: "assistant", content: [{ type: "text", text: "yo" }] },
        { role: "tool" },
      ],
    });
    expect(types(events)).toEqual(["messages.snapshot", "session.hydrated"]);
    expect(events[0].payload).toEqual({
      messages: [
        { id: "m1", role: "user", text: "hi" },
        { id: "m2", role: "assistant", text: "yo" },
      ],
      skipped: 1,
    });
  });

  it("HYD-10 snapshot.repaired carries the snapshot with repair:true and a session marker", () => {
    const events = adapt("snapshot.repaired", {
      snapshot: { sessionId: "s", threads: [{ threadId: "t", status: "running" }] },
    });
    expect(types(events)).toEqual(["state.snapshot", "session.updated"]);
    expect(events[0].payload).toMatchObject({ repair: true, runtimeSession: { sessionId: "s" } });
  });

  it("ROUTE-02 cost and rate limits are metrics, status and diagnostics, never text", () => {
    const cost = adapt("cost.recorded", { costUsd: 0.42 });
    expect(types(cost)).toEqual(["metric.changed", "diagnostic.changed"]);
    expect(cost[0]).toMatchObject({ metricName: "cost.recorded", payload: { value: 0.42, unit: "usd" } });
    const rate = adapt("rate_limit.hit", { retryAfterMs: 1000 });
    expect(types(rate)).toEqual(["run.status", "diagnostic.changed"]);
    expect(rate[0].payload).toMatchObject({ status: "retrying" });
    expect(rate[1].payload).toMatchObject({ limit: { kind: "rate_limit", status: "rate_limited" } });
  });

  it("PERM sandbox.violation is a permission fact plus a warning, distinct from a tool failure", () => {
    const events = adapt("sandbox.violation", { reason: "write outside workspace" });
    expect(types(events)).toEqual(["permission.changed", "diagnostic.changed"]);
    expect(events[0].payload).toMatchObject({ violation: { reason: "write outside workspace" } });
  });
});
