import type { RuntimeEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createDemoRuntime, type DemoRuntime } from "../src";
import { answerEverything, playManual, write } from "./harness";

const types = (events: readonly RuntimeEvent[]) => events.map((e) => e.type);
const since = (runtime: DemoRuntime, count: number) => runtime.events().slice(count);
const last = (events: readonly RuntimeEvent[], type: string) => events.filter((e) => e.type === type).at(-1);

/** Runs a manual runtime until the first event of `type` appears. */
function runUntil(runtime: DemoRuntime, type: string, limit = 20_000): void {
  for (let t = 0; t < limit && !runtime.events().some((e) => e.type === type); t += 5) runtime.advance(5);
}

describe("HITL: approval through respond_action", () => {
  it("HITL-03 the approval stays pending and nothing else happens until the user answers", () => {
    const runtime = playManual("approval");
    const count = runtime.events().length;
    runtime.advance(600_000);
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(count);
    expect(types(runtime.events()).slice(-2)).toEqual(["action.required", "tool.progress"]);
    const action = last(runtime.events(), "action.required")!;
    expect(action.payload).toMatchObject({
      actionType: "tool_permission",
      toolName: "write_file",
      scope: { path: "README.md" },
    });
    expect(runtime.waitingFor()).toEqual([action.actionId]);
  });

  it("HITL-03 approve: the decision is confirmed by the runtime, then the tool runs and its result arrives", () => {
    const runtime = playManual("approval");
    const action = last(runtime.events(), "action.required")!;
    const result = write(runtime, {
      kind: "respond_action",
      actionId: action.actionId!,
      decision: "approve",
    });
    expect(result).toMatchObject({ status: "accepted", assigned: { actionId: action.actionId } });
    runtime.runUntilIdle();
    const after = types(since(runtime, 0));
    expect(after.indexOf("action.resolved")).toBeLessThan(after.indexOf("tool.result"));
    expect(last(runtime.events(), "action.resolved")?.payload).toMatchObject({
      decision: "approved",
      outcome: "resolved",
    });
    expect(last(runtime.events(), "tool.result")?.toolCallId).toBe(action.toolCallId);
    expect(after.slice(-2)).toEqual(["turn.completed", "snapshot.updated"]);
  });

  it("HITL-04 reject: tool.failed{denied} and no tool result; the answer says nothing was written", () => {
    const runtime = playManual("approval");
    const action = last(runtime.events(), "action.required")!;
    write(runtime, { kind: "respond_action", actionId: action.actionId!, decision: "reject" });
    runtime.runUntilIdle();
    const events = runtime.events();
    expect(events.some((e) => e.type === "tool.result")).toBe(false);
    expect(last(events, "tool.failed")).toMatchObject({
      toolCallId: action.toolCallId,
      payload: { denied: true, failureCategory: "permission_denied" },
    });
    expect(String(last(events, "model.completed")?.payload?.text)).toMatch(/did not change README\.md/);
  });

  it("AUI-AR-ACTION-004 a repeated key returns the first result and produces no second fact", () => {
    const runtime = playManual("approval");
    const actionId = last(runtime.events(), "action.required")!.actionId!;
    const first = write(runtime, {
      kind: "respond_action",
      actionId,
      decision: "approve",
      idempotencyKey: "k-approve",
    });
    const again = write(runtime, {
      kind: "respond_action",
      actionId,
      decision: "reject",
      idempotencyKey: "k-approve",
    });
    expect(again).toEqual({ ...first, duplicate: true });
    runtime.runUntilIdle();
    expect(runtime.events().filter((e) => e.type === "action.resolved")).toHaveLength(1);
    const count = runtime.events().length;
    const late = write(runtime, {
      kind: "respond_action",
      actionId,
      decision: "reject",
      idempotencyKey: "k-late",
    });
    expect(late.status).toBe("rejected");
    expect(late.reason).toMatch(/already resolved/);
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(count);
  });

  it("HITL-05 a second answer while the first is being applied is refused", () => {
    const runtime = playManual("approval");
    const actionId = last(runtime.events(), "action.required")!.actionId!;
    expect(write(runtime, { kind: "respond_action", actionId, decision: "approve" }).status).toBe("accepted");
    const second = write(runtime, { kind: "respond_action", actionId, decision: "reject" });
    expect(second.status).toBe("rejected");
    runtime.runUntilIdle();
    expect(runtime.events().filter((e) => e.type === "action.resolved")).toHaveLength(1);
    expect(runtime.events().some((e) => e.type === "tool.failed")).toBe(false);
  });

  it("an answer for an unknown action, or with the wrong decision kind, is rejected without a fact", () => {
    const runtime = playManual("approval");
    const count = runtime.events().length;
    const actionId = last(runtime.events(), "action.required")!.actionId!;
    expect(write(runtime, { kind: "respond_action", actionId: "nope", decision: "approve" }).status).toBe(
      "rejected",
    );
    expect(write(runtime, { kind: "respond_action", actionId, decision: "answer" }).status).toBe("rejected");
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(count);
  });
});

describe("CTRL: send, interrupt, retry, stop and unsupported writes", () => {
  it("TEXT-09 send echoes clientMessageId so the optimistic message reconciles", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    const result = write(runtime, { kind: "send", text: "Explain hydration", clientMessageId: "client-1" });
    expect(result).toMatchObject({
      status: "accepted",
      assigned: { turnId: "turn_001", messageId: "msg_001_user" },
    });
    runtime.runUntilIdle();
    const submitted = runtime.events()[0];
    expect(submitted).toMatchObject({ type: "turn.submitted", turnId: "turn_001" });
    expect(submitted.payload).toMatchObject({
      input: "Explain hydration",
      clientMessageId: "client-1",
      userMessageId: "msg_001_user",
    });
  });

  it("an empty send is rejected and starts nothing", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    expect(write(runtime, { kind: "send", text: "   " }).status).toBe("rejected");
    runtime.runUntilIdle();
    expect(runtime.events()).toHaveLength(0);
  });

  it("CTRL-06 interrupt cancels the turn, closes the open tool and keeps queued work", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    runtime.start();
    runUntil(runtime, "tool.args");
    write(runtime, { kind: "queue", text: "next question", clientMessageId: "q1" });
    const result = write(runtime, { kind: "interrupt" });
    expect(result).toMatchObject({ status: "accepted", assigned: { turnId: "turn_001" } });
    runtime.runUntilIdle();
    const events = runtime.events();
    const tool = last(events, "tool.started")!;
    expect(last(events, "tool.failed")).toMatchObject({
      toolCallId: tool.toolCallId,
      payload: { cancelled: true },
    });
    expect(events.some((e) => e.type === "tool.result")).toBe(false);
    expect(last(events, "turn.completed")).toMatchObject({
      status: "cancelled",
      payload: { outcome: "cancelled" },
    });
    expect(events.some((e) => e.type === "model.delta")).toBe(false);
    // The queued follow-up is kept, not started.
    expect(events.filter((e) => e.type === "turn.submitted")).toHaveLength(1);
    expect(last(events, "queue.changed")?.payload?.items).toHaveLength(1);
    expect(runtime.activeTurnId).toBeUndefined();
  });

  it("CTRL-06 interrupt during an approval cancels the action and the gated tool", () => {
    const runtime = playManual("approval");
    const action = last(runtime.events(), "action.required")!;
    write(runtime, { kind: "interrupt", turnId: "turn_001" });
    runtime.runUntilIdle();
    const events = runtime.events();
    expect(last(events, "action.resolved")).toMatchObject({
      actionId: action.actionId,
      payload: { outcome: "cancelled" },
    });
    expect(last(events, "tool.failed")).toMatchObject({
      toolCallId: action.toolCallId,
      payload: { cancelled: true },
    });
    expect(runtime.waitingFor()).toEqual([]);
    expect(
      write(runtime, { kind: "respond_action", actionId: action.actionId!, decision: "approve" }).status,
    ).toBe("rejected");
  });

  it("interrupt with nothing running, or for another turn, is rejected without a fact", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    expect(write(runtime, { kind: "interrupt" }).status).toBe("rejected");
    runtime.start();
    runtime.advance(200);
    const count = runtime.events().length;
    expect(write(runtime, { kind: "interrupt", turnId: "turn_999" }).status).toBe("rejected");
    runtime.advance(50);
    expect(types(since(runtime, count))).not.toContain("turn.completed");
  });

  it("TASK-08 blocked: quota shows blocked with a reason (never endless running) until a retry write", () => {
    const runtime = playManual("blocked");
    const events = runtime.events();
    expect(types(events)).toEqual(
      expect.arrayContaining(["rate_limit.hit", "quota.blocked", "task.blocked"]),
    );
    expect(last(events, "task.blocked")?.payload?.reason).toMatch(/quota/i);
    expect(last(events, "run.status")?.payload).toMatchObject({ status: "blocked" });
    runtime.advance(600_000);
    expect(runtime.events().length).toBe(events.length);
    const taskId = last(events, "task.blocked")!.taskId!;
    expect(runtime.waitingFor()).toEqual([`retry:${taskId}`]);
    expect(write(runtime, { kind: "retry", taskId })).toMatchObject({ status: "accepted" });
    runtime.runUntilIdle();
    const after = types(since(runtime, events.length));
    expect(after[0]).toBe("task.retrying");
    expect(after).toContain("task.completed");
    expect(after.slice(-2)).toEqual(["turn.completed", "snapshot.updated"]);
    expect(write(runtime, { kind: "retry", taskId }).status).toBe("rejected");
  });

  it("AUI-AR-TASK-001 retry: the failed attempt stays in history and the new attempt succeeds", () => {
    const events = playManual("retry").events();
    const attempts = events.filter((e) => e.type.startsWith("task.attempt."));
    expect(attempts.map((e) => [e.type, e.runId])).toEqual([
      ["task.attempt.started", "run_001_a1"],
      ["task.attempt.failed", "run_001_a1"],
      ["task.attempt.started", "run_001_a2"],
      ["task.attempt.completed", "run_001_a2"],
    ]);
    const retrying = events.findIndex((e) => e.type === "task.retrying");
    expect(retrying).toBeGreaterThan(events.findIndex((e) => e.type === "task.attempt.failed"));
    expect(last(events, "tool.failed")?.payload).toMatchObject({ retryable: true });
    expect(last(events, "task.completed")?.payload).toMatchObject({ currentRunId: "run_001_a2" });
  });

  it("retry with nothing to retry is rejected", () => {
    const runtime = playManual("solo");
    expect(write(runtime, { kind: "retry" })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/Nothing/),
    });
  });

  it("TEAM-14 stop: a stopped worker's tool, agent and task are closed and the coordinator carries on", () => {
    const runtime = createDemoRuntime({ scenario: "team", manual: true });
    runtime.start();
    runUntil(runtime, "tool.started");
    const researcher = runtime
      .events()
      .find((e) => e.type === "subagent.spawned" && e.payload?.role === "researcher")!;
    expect(write(runtime, { kind: "stop", agentId: researcher.subagentId })).toMatchObject({
      status: "accepted",
    });
    runtime.runUntilIdle();
    answerEverything(runtime);
    const events = runtime.events();
    const mine = events.filter((e) => e.subagentId === researcher.subagentId);
    expect(types(mine)).toEqual(expect.arrayContaining(["tool.failed", "subagent.closed", "task.cancelled"]));
    expect(mine.some((e) => e.type === "subagent.completed")).toBe(false);
    expect(events.at(-2)?.type).toBe("turn.completed");
    expect(write(runtime, { kind: "stop", agentId: researcher.subagentId }).status).toBe("rejected");
  });

  it("TEAM-14 stopping the coder while its approval is pending cancels the action; no report is invented", () => {
    const runtime = playManual("team");
    const action = last(runtime.events(), "action.required")!;
    expect(write(runtime, { kind: "stop", taskId: "task_001_coder" }).status).toBe("accepted");
    runtime.runUntilIdle();
    const events = runtime.events();
    expect(last(events, "action.resolved")).toMatchObject({
      actionId: action.actionId,
      payload: { outcome: "cancelled" },
    });
    expect(events.some((e) => e.type === "artifact.changed")).toBe(false);
    expect(events.some((e) => e.type === "task.delegated")).toBe(false);
    expect(String(last(events, "model.completed")?.payload?.text)).toMatch(/stopped before drafting/);
    expect(runtime.waitingFor()).toEqual([]);
  });

  it("CTRL-01 / TEAM-14 writes that cannot apply (no team, unknown artifact) are rejected with a reason and cause nothing", () => {
    const runtime = playManual("solo");
    const count = runtime.events().length;
    const base = { kind: "delegate" as const, text: "x" };
    const result = write(runtime, base);
    expect(result).toMatchObject({ status: "rejected", reason: expect.stringMatching(/No active team/) });
    expect(write(runtime, { kind: "edit", artifactId: "a", content: "x" })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/Unknown artifact/),
    });
    expect(write(runtime, { kind: "stop" }).status).toBe("rejected");
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(count);
  });
});

describe("QUEUE: queue vs steer during a long turn", () => {
  function running() {
    const runtime = createDemoRuntime({ scenario: "queue-steer", manual: true });
    runtime.start();
    runUntil(runtime, "model.delta");
    return runtime;
  }

  it("QUEUE-03 send during a run is queued with id, position and preview; no assistant text is invented", () => {
    const runtime = running();
    const a = write(runtime, { kind: "send", text: "Then explain hydration", clientMessageId: "c-a" });
    const b = write(runtime, { kind: "queue", text: "And the benchmarks", clientMessageId: "c-b" });
    expect(a).toMatchObject({ status: "accepted", assigned: { queuedId: "queued_001", mode: "queue" } });
    expect(b.assigned?.queuedId).toBe("queued_002");
    runtime.advance(100);
    const queue = last(runtime.events(), "queue.changed")!;
    expect(queue.payload?.items).toEqual([
      expect.objectContaining({
        id: "queued_001",
        position: 1,
        preview: "Then explain hydration",
        status: "queued",
      }),
      expect.objectContaining({ id: "queued_002", position: 2, preview: "And the benchmarks" }),
    ]);
    expect(runtime.events().filter((e) => e.type === "turn.submitted")).toHaveLength(1);
  });

  it("QUEUE-08 promote and remove are honoured through queue.changed; the next turn starts from the queue", () => {
    const runtime = running();
    write(runtime, { kind: "send", text: "first", clientMessageId: "c-1" });
    write(runtime, { kind: "send", text: "second", clientMessageId: "c-2" });
    write(runtime, { kind: "send", text: "third", clientMessageId: "c-3" });
    expect(write(runtime, { kind: "promote_queued", queuedId: "queued_003" }).status).toBe("accepted");
    expect(write(runtime, { kind: "remove_queued", queuedId: "queued_001" }).status).toBe("accepted");
    runtime.advance(100);
    const ids = (
      last(runtime.events(), "queue.changed")!.payload!.items as { id: string; position: number }[]
    ).map((i) => [i.id, i.position]);
    expect(ids).toEqual([
      ["queued_003", 1],
      ["queued_002", 2],
    ]);
    expect(write(runtime, { kind: "remove_queued", queuedId: "queued_001" }).status).toBe("rejected");
    runUntil(runtime, "turn.completed");
    runtime.advance(200);
    const submitted = runtime.events().filter((e) => e.type === "turn.submitted");
    expect(submitted[1].payload).toMatchObject({
      input: "third",
      clientMessageId: "c-3",
      queuedId: "queued_003",
      source: "queue",
    });
    runtime.runUntilIdle();
    const inputs = runtime
      .events()
      .filter((e) => e.type === "turn.submitted")
      .map((e) => e.payload?.input);
    expect(inputs).toEqual(["Explain the projection pipeline end to end.", "third", "second"]);
    expect(last(runtime.events(), "queue.changed")?.payload?.items).toEqual([]);
  });

  it("QUEUE-04 a steer is pending, then accepted and applied to the running turn at its next checkpoint", () => {
    const runtime = running();
    const result = write(runtime, { kind: "steer", text: "keep it short" });
    expect(result).toMatchObject({
      status: "accepted",
      assigned: { steerId: "steer_001", turnId: "turn_001" },
    });
    runtime.advance(40);
    const pending = last(runtime.events(), "queue.changed")!;
    expect(pending.payload?.steers).toEqual([
      expect.objectContaining({ id: "steer_001", status: "pending", targetTurnId: "turn_001" }),
    ]);
    runtime.runUntilIdle();
    const steerFacts = runtime
      .events()
      .filter((e) => e.type === "queue.changed")
      .map((e) => (e.payload!.steers as { status: string }[])[0]?.status);
    expect(steerFacts).toEqual(["pending", "accepted"]);
    expect(
      runtime
        .events()
        .some(
          (e) =>
            e.type === "reasoning.summary" && /Steer applied: keep it short/.test(String(e.payload?.text)),
        ),
    ).toBe(true);
    expect(String(last(runtime.events(), "model.completed")?.payload?.text)).toContain("keep it short");
  });

  it("QUEUE-05 a steer that arrives while the turn is finishing is rejected with a reason", () => {
    const runtime = running();
    for (let i = 0; i < 4_000 && runtime.events().filter((e) => e.type === "model.delta").length <= 90; i++)
      runtime.advance(5);
    expect(runtime.activeTurnId).toBe("turn_001");
    write(runtime, { kind: "steer", text: "add a diagram" });
    runtime.runUntilIdle();
    const steer = (
      last(runtime.events(), "queue.changed")!.payload!.steers as { status: string; reason?: string }[]
    )[0];
    expect(steer).toMatchObject({ status: "rejected", reason: expect.stringMatching(/finishing/) });
    expect(String(last(runtime.events(), "model.completed")?.payload?.text)).not.toContain("add a diagram");
  });

  it("a steer with no running turn is rejected at once", () => {
    const runtime = playManual("solo");
    expect(write(runtime, { kind: "steer", text: "faster" })).toMatchObject({ status: "rejected" });
  });
});

describe("QUEUE: steer in any scenario", () => {
  it("QUEUE-04 a steer sent while the solo turn reasons is applied at its next checkpoint, with a note", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    runtime.start();
    runUntil(runtime, "reasoning.delta");
    expect(write(runtime, { kind: "steer", text: "focus on TEXT-04" }).status).toBe("accepted");
    runtime.runUntilIdle();
    const steers = runtime
      .events()
      .filter((e) => e.type === "queue.changed")
      .map((e) => (e.payload!.steers as { status: string }[])[0]?.status);
    expect(steers).toEqual(["pending", "accepted"]);
    const note = runtime
      .events()
      .find((e) => e.type === "reasoning.summary" && /Steer applied/.test(String(e.payload?.text)));
    expect(note?.payload?.text).toBe("Steer applied: focus on TEXT-04");
    const applied = runtime.events().indexOf(note!);
    expect(applied).toBeLessThan(runtime.events().findIndex((e) => e.type === "tool.started"));
  });
});
