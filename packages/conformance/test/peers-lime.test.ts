// End to end for the Lime AgentRuntime profile: official fixtures and a dense runtime stream built from
// the profile's own classes → adapter (auto) → projection. There is no third-party Lime capture, so the
// stream below is written in the profile's shape (camelCase ids, `lime-profile-0.4.0`, one sequence).
import { readFileSync } from "node:fs";
import { parseRecords } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeStream, projectLime as project } from "./lime-stream";

const FIXTURES = new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url);
const fixture = (name: string) => parseRecords(readFileSync(new URL(name, FIXTURES), "utf8")).records;

const tool = { stepId: "step-1", toolCallId: "call-1" };

/** Submit → route → stream text → tool → approval (approved) → final text → complete → evidence. */
function scenario() {
  const ev = limeStream();
  return [
    ev("turn.submitted", { status: "accepted" }),
    ev("routing.single_candidate", {
      selectedModel: "gpt-5.4",
      candidateCount: 1,
      decisionSource: "explicit_default",
    }),
    ev("turn.started"),
    ev("model.delta", { delta: "Reading " }),
    ev("model.delta", { delta: "the file." }),
    ev(
      "tool.started",
      { toolName: "read_file", safeArgs: { path: "README.md", apiKey: "sk-live-0123456789abcdefghij" } },
      tool,
    ),
    ev("tool.result", { output: "# Title", outputRef: "out://call-1" }, tool),
    ev(
      "action.required",
      {
        actionType: "tool_permission",
        toolName: "write_file",
        decisionKind: "allow_or_deny",
        prompt: "Allow?",
      },
      { actionId: "act-1" },
    ),
    ev("action.resolved", { decision: "allow" }, { actionId: "act-1" }),
    ev(
      "subagent.spawned",
      { name: "reviewer", spawnReason: "review" },
      { subagentId: "sub-1", parentSessionId: "sess", parentThreadId: "thread" },
    ),
    ev("subagent.completed", { summary: "Looks good." }, { subagentId: "sub-1" }),
    ev("model.completed", { text: "Reading the file. Done." }),
    ev("turn.completed"),
    ev(
      "evidence.changed",
      { packRef: "evidence://sess/turn-1", verificationOutcomes: [{ name: "check", status: "passed" }] },
      { evidenceId: "ev-1" },
    ),
  ];
}

describe("peers: Lime AgentRuntime profile", () => {
  it("AS-22 a full turn: status before text, answer once (final reconciles), tool, approval, lineage, evidence", () => {
    const state = project(scenario());
    const answer = state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text");
    expect(answer.map((p) => p.text)).toEqual(["Reading the file. Done."]);
    expect(state.tools["call-1"]).toMatchObject({
      name: "read_file",
      status: "output-available",
      outputRef: "out://call-1",
    });
    expect(JSON.stringify(state)).not.toContain("sk-live-0123456789abcdefghij");
    expect(state.actions["act-1"]).toMatchObject({
      status: "resolved",
      type: "tool_approval",
      toolCallId: "unknown",
    });
    expect(state.agents["sub-1"]).toMatchObject({
      name: "reviewer",
      lineage: "known",
      parentThreadId: "thread",
    });
    expect(state.evidence["ev-1"]).toMatchObject({
      packRef: "evidence://sess/turn-1",
      reviewRef: "unavailable",
    });
    expect(state.runtime).toMatchObject({
      status: "completed",
      runtimeId: "rt",
      sessionId: "sess",
      turnId: "turn-1",
    });
    expect(state.runtime.model.selected).toBe("gpt-5.4");
    expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("AUI-AR-READ-001 after turn.submitted alone: accepted status, no text part", () => {
    const state = project(fixture("submit-turn-event.json").map((r) => r.value));
    expect(["submitted", "accepted", "preparing"]).toContain(state.runtime.status);
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text")).toEqual([]);
    expect(state.runtime).toMatchObject({
      sessionId: "sess_lime_001",
      threadId: "thread_lime_001",
      turnId: "turn_lime_001",
    });
  });

  it("AUI-AR-ACTION-001 / §E-6 the approval fixture: pending tool_approval, allow/deny, tool link unknown", () => {
    const state = project(fixture("tool-approval-action-required-event.json").map((r) => r.value));
    expect(state.actions.action_write_001).toMatchObject({
      status: "pending",
      type: "tool_approval",
      sourceType: "tool_permission",
      toolName: "write_file",
      toolCallId: "unknown",
      availableDecisions: ["allow", "deny"],
    });
    expect(Object.keys(state.tools)).toEqual([]);
  });

  it("AUI-AR-HYDRATE-001 the thread read snapshot hydrates session, task attempts and evidence", () => {
    const state = project(fixture("thread-read-snapshot.json").map((r) => r.value));
    expect(state.session).toMatchObject({ sessionId: "sess_lime_001" });
    expect(state.tasks.task_lime_001).toMatchObject({ status: "completed", currentRunId: "run_lime_002" });
    expect(state.tasks.task_lime_001.attempts.map((a) => a.status)).toEqual(["failed", "completed"]);
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text")).toEqual([]);
  });

  it("AUI-AR-EVID-002 the evidence fixture: pack and replay refs, review unavailable, verdict passed", () => {
    const state = project(fixture("evidence-export-event.json").map((r) => r.value));
    expect(state.evidence.evidence_lime_001).toMatchObject({
      packRef: "evidence://sess_lime_001/thread_lime_001/turn_lime_001",
      replayRef: "replay://sess_lime_001/turn_lime_001",
      reviewRef: "unavailable",
      verification: [{ name: "profile_fixture_validation", status: "passed" }],
    });
  });

  it("AUI-AR-TASK-001 the retry fixture: failed attempt kept with its ids", () => {
    const state = project(fixture("task-retry-attempt-failed-event.json").map((r) => r.value));
    expect(state.tasks.task_lime_001.attempts).toEqual([
      expect.objectContaining({ attemptId: "attempt_lime_001", runId: "run_lime_001", status: "failed" }),
    ]);
  });

  it("ORD-02 redelivering the whole stream changes nothing", () => {
    const once = project(scenario());
    const twice = project([...scenario(), ...scenario()]);
    expect(twice.messages).toEqual(once.messages);
    expect(twice.tools).toEqual(once.tools);
    expect(twice.actions).toEqual(once.actions);
  });
});
