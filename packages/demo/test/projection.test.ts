import { describe, expect, it } from "vitest";
import { createDemoRuntime, type DemoRuntime } from "../src";
import { playManual, projectLime, write } from "./harness";

function advanceUntil(runtime: DemoRuntime, type: string): void {
  for (let t = 0; t < 20_000 && !runtime.events().some((e) => e.type === type); t += 5) runtime.advance(5);
}

describe("demo scenarios end to end: lime adapter → projection", () => {
  it("AS-02 solo: routing chip, reasoning, offloaded tool output and one reconciled answer", () => {
    const state = projectLime(playManual("solo").events());
    expect(state.runtime.status).toBe("completed");
    expect(state.runtime.model).toMatchObject({
      selected: "gpt-5.4",
      decisionSource: "explicit_default",
      candidateCount: 1,
    });
    expect(state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    // Reasoning, two tools, the compaction boundary (not replayed reasoning), then the one answer (CTX-05).
    const kinds = state.messages[1].parts.map((p) => p.kind).filter((k) => k !== "evidence_ref");
    expect(kinds).toEqual(["reasoning_summary", "tool_call", "tool_call", "context_event", "assistant_text"]);
    const tool = state.tools.call_001_read_file_1;
    expect(tool).toMatchObject({
      name: "read_file",
      status: "output-available",
      outputRef: "output://turn_001/read_file",
    });
    const answer = state.messages[1].parts.find((p) => p.kind === "assistant_text")!;
    expect(answer.text).not.toContain(tool.outputPreview);
    expect(answer.text?.match(/The projection keeps one text part/g)).toHaveLength(1);
    expect(Object.keys(state.evidence)).toEqual(["evidence_001_turn"]);
  });

  it("HITL-03 approval: the projected action stays pending (high attention) until respond_action", () => {
    const runtime = playManual("approval");
    runtime.advance(120_000);
    const pending = projectLime(runtime.events());
    const action = pending.actions.action_001_write_file_1;
    expect(action).toMatchObject({
      status: "pending",
      toolName: "write_file",
      toolCallId: "call_001_write_file_1",
    });
    expect(pending.runtime.attention).toBe("high");
    expect(pending.messages.flatMap((m) => m.parts).some((p) => p.kind === "assistant_text")).toBe(false);
    write(runtime, { kind: "respond_action", actionId: action.actionId, decision: "approve" });
    runtime.runUntilIdle();
    const done = projectLime(runtime.events());
    expect(done.actions.action_001_write_file_1).toMatchObject({ status: "resolved" });
    expect(done.tools.call_001_write_file_1.status).toBe("output-available");
  });

  it("AUI-AR-TASK-002 blocked: task and runtime show blocked with the quota reason, not running", () => {
    const state = projectLime(playManual("blocked").events());
    expect(state.runtime.status).toBe("blocked");
    const task = state.tasks.task_001_summary;
    expect(task.status).toBe("blocked");
    expect(task.reason).toMatch(/quota/i);
  });

  it("AUI-AR-TASK-001 retry: both attempts are kept, the failed one as failed", () => {
    const task = projectLime(playManual("retry").events()).tasks.task_001_tests;
    expect(task.status).toBe("completed");
    expect(task.attempts.map((a) => [a.runId, a.status])).toEqual([
      ["run_001_a1", "failed"],
      ["run_001_a2", "completed"],
    ]);
  });

  it("QUEUE-02 queue-steer: queued input and a pending steer are separate facts and add no message", () => {
    const runtime = createDemoRuntime({ scenario: "queue-steer", manual: true });
    runtime.start();
    advanceUntil(runtime, "model.delta");
    const before = projectLime(runtime.events()).messages.length;
    write(runtime, { kind: "send", text: "next one", clientMessageId: "c1" });
    write(runtime, { kind: "steer", text: "be brief" });
    runtime.advance(100);
    const state = projectLime(runtime.events());
    expect(state.queue.items).toEqual([
      expect.objectContaining({ id: "queued_001", position: 1, preview: "next one" }),
    ]);
    expect(state.queue.steers).toEqual([
      expect.objectContaining({ id: "steer_001", status: "pending", targetTurnId: "turn_001" }),
    ]);
    expect(state.messages.length).toBe(before);
  });

  it("TEXT-09 a queued send becomes the next turn's user message once the runtime starts it", () => {
    const runtime = createDemoRuntime({ scenario: "queue-steer", manual: true });
    runtime.start();
    advanceUntil(runtime, "model.delta");
    write(runtime, { kind: "send", text: "next one", clientMessageId: "c1" });
    runtime.runUntilIdle();
    const state = projectLime(runtime.events());
    expect(state.messages.filter((m) => m.role === "user").map((m) => m.parts[0]?.text)).toEqual([
      "Explain the projection pipeline end to end.",
      "next one",
    ]);
    expect(state.queue.items).toEqual([]);
  });

  it("CTRL-06 interrupt: the open tool projects as cancelled, never as running or succeeded", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    runtime.start();
    advanceUntil(runtime, "tool.args");
    write(runtime, { kind: "interrupt" });
    runtime.runUntilIdle();
    const state = projectLime(runtime.events());
    expect(Object.values(state.tools).map((t) => t.status)).toEqual(["cancelled"]);
    expect(state.messages.flatMap((m) => m.parts).some((p) => p.kind === "assistant_text")).toBe(false);
  });

  it("CTRL-06 interrupt: the run projects as cancelled (from the runtime's read model after the terminal fact)", () => {
    const runtime = createDemoRuntime({ scenario: "solo", manual: true });
    runtime.start();
    advanceUntil(runtime, "tool.args");
    write(runtime, { kind: "interrupt" });
    runtime.runUntilIdle();
    expect(projectLime(runtime.events()).runtime.status).toBe("cancelled");
  });

  it("HYD-09 the read model published at turn end alone hydrates a late client: status and kept queue", () => {
    const runtime = createDemoRuntime({ scenario: "queue-steer", manual: true });
    runtime.start();
    advanceUntil(runtime, "model.delta");
    write(runtime, { kind: "queue", text: "later one" });
    write(runtime, { kind: "queue", text: "later two" });
    runtime.advance(100);
    write(runtime, { kind: "interrupt" });
    runtime.runUntilIdle();
    const snapshots = runtime.events().filter((e) => e.type === "snapshot.updated");
    expect(snapshots).toHaveLength(1);
    const state = projectLime(snapshots);
    expect(state.runtime.status).toBe("cancelled");
    expect(state.queue.items.map((i) => [i.id, i.position, i.preview])).toEqual([
      ["queued_001", 1, "later one"],
      ["queued_002", 2, "later two"],
    ]);
    expect(state.messages).toEqual([]);
  });
});

describe("context sent with a message (COMP-02)", () => {
  it("COMP-02 the resolved context refs of a send reach the runtime's user message, sent now or queued", () => {
    const runtime = playManual("solo");
    expect(
      write(runtime, { kind: "send", text: "Look at the report", contextRefs: ["art_report"] }),
    ).toMatchObject({
      status: "accepted",
    });
    // Queued behind the running turn, the refs travel with the item and land on its turn's user message.
    write(runtime, { kind: "send", text: "Then compare", contextRefs: ["researcher", "ev_1"] });
    runtime.runUntilIdle();
    const users = projectLime(runtime.events()).messages.filter((m) => m.role === "user");
    const refsOf = (text: string) =>
      users.find((m) => m.parts.some((p) => p.text === text))?.parts.find((p) => p.kind === "user_text")?.data
        ?.contextRefs;
    expect(refsOf("Look at the report")).toEqual(["art_report"]);
    expect(refsOf("Then compare")).toEqual(["researcher", "ev_1"]);
    // A message sent without context carries none (never a guessed ref).
    const opening = users[0].parts.find((p) => p.kind === "user_text");
    expect(opening?.data?.contextRefs).toBeUndefined();
  });
});
