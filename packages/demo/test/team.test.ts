import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createDemoRuntime } from "../src";
import { adaptLime, answerEverything, playManual, projectLime, write } from "./harness";

function teamRun(decision: "approve" | "reject") {
  const runtime = playManual("team");
  answerEverything(runtime, decision);
  const events = runtime.events();
  return { events, adapted: adaptLime(events), state: projectLime(events) };
}

const ofType = (events: readonly AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const userMessages = (state: ProjectionState) => state.messages.filter((m) => m.role === "user");

describe("team scenario through the lime adapter and the projection", () => {
  const approved = teamRun("approve");
  const rejected = teamRun("reject");

  it("TEAM-01 / TEAM-02 the roster holds coordinator, researcher, coder and reviewer with known lineage", () => {
    const { state } = approved;
    expect(state.team.roster).toHaveLength(4);
    const agents = state.team.roster.map((id) => state.agents[id]);
    expect(agents.map((a) => a.role)).toEqual(["coordinator", "researcher", "coder", "reviewer"]);
    expect(agents.every((a) => a.lineage === "known")).toBe(true);
    const [coordinator, ...workers] = agents;
    expect(coordinator).toMatchObject({ parentSessionId: "sess_demo", parentThreadId: "thread_main" });
    for (const worker of workers) {
      expect(worker.parentSessionId).toBe("sess_demo__agent_001_coordinator");
      expect(worker.taskId).toBeDefined();
    }
    const spawnEdges = state.team.edges.filter((e) => e.kind === "spawn");
    expect(spawnEdges.filter((e) => e.from === coordinator.agentId).map((e) => e.to)).toEqual(
      workers.map((w) => w.agentId),
    );
  });

  it("TEAM-03 parallel workers carry team phase, parallel budget and active counts", () => {
    const started = approved.events.filter((e) => e.type === "task.started");
    expect(started.map((e) => e.teamActiveCount)).toEqual([1, 2, 1]);
    expect(started.every((e) => e.teamParallelBudget === 2)).toBe(true);
    // Both workers run at the same time: the researcher's tool starts before the coder's completes.
    const types = approved.events.map((e) => `${e.type}:${e.subagentId ?? ""}`);
    expect(types.indexOf("tool.started:agent_001_coder")).toBeLessThan(
      types.indexOf("tool.result:agent_001_researcher"),
    );
    expect(approved.state.team.counts.parallelBudget).toBe(2);
  });

  it("TEAM-04 / TEAM-06 worker results are worker notifications, never user speech or the final answer", () => {
    const notifications = ofType(approved.adapted, "worker.notification");
    expect(notifications.map((n) => n.agentId)).toEqual([
      "agent_001_researcher",
      "agent_001_coder",
      "agent_001_reviewer",
    ]);
    expect(notifications.every((n) => typeof (n.payload as { summary?: string }).summary === "string")).toBe(
      true,
    );
    expect(userMessages(approved.state)).toHaveLength(1);
    const answer = approved.state.messages.find((m) => m.id === "msg_001_answer")!;
    for (const n of notifications)
      expect(answer.parts.map((p) => p.text).join("")).not.toContain(
        (n.payload as { summary: string }).summary,
      );
  });

  it("TEAM-05 teammates' reasoning, tools and transcripts stay attributed, not one anonymous assistant", () => {
    const { state } = approved;
    const byAgent = (agentId: string) =>
      state.messages.filter((m) => m.agentId === agentId).map((m) => m.role);
    expect(byAgent("agent_001_researcher")).toEqual(["assistant", "notification"]);
    expect(Object.values(state.tools).map((t) => [t.name, t.agentId])).toEqual([
      ["web_search", "agent_001_researcher"],
      ["write_file", "agent_001_coder"],
      ["run_checks", "agent_001_reviewer"],
    ]);
    expect(state.agents.agent_001_coder.transcript.length).toBeGreaterThan(0);
    const anonymous = state.messages.filter((m) => m.role === "assistant" && m.agentId === undefined);
    expect(anonymous.map((m) => m.id)).toEqual(["msg_001_answer"]);
  });

  it("HITL-09 the coder's write_file approval names the requesting teammate and gates the tool", () => {
    const action = Object.values(rejected.state.actions)[0];
    expect(action).toMatchObject({
      toolName: "write_file",
      toolCallId: "call_001_write_file_1",
      requestedBy: { subagentId: "agent_001_coder", agentId: "agent_001_coder", name: "Coder" },
      status: "resolved",
      decision: "rejected",
    });
  });

  it("HITL-04 reject: the write is denied, no tool result exists and the coordinator adapts", () => {
    const write = rejected.state.tools.call_001_write_file_1;
    expect(write.status).toBe("output-error");
    expect(write.outputPreview).toBeUndefined();
    expect(
      rejected.events.some((e) => e.type === "tool.result" && e.toolCallId === "call_001_write_file_1"),
    ).toBe(false);
    const merge = rejected.events.find(
      (e) => e.type === "reasoning.summary" && String(e.payload?.text).includes("denied"),
    );
    expect(merge?.subagentId).toBe("agent_001_coordinator");
    expect(
      rejected.state.messages
        .at(-1)
        ?.parts.map((p) => p.text)
        .join(""),
    ).toMatch(/without writing to disk/);
    expect(rejected.state.runtime.status).toBe("completed");
  });

  it("approve: the tool runs after the decision and its result links the artifact", () => {
    const write = approved.state.tools.call_001_write_file_1;
    expect(write.status).toBe("output-available");
    expect(write.outputPreview).toMatch(/Wrote docs\/report\.md/);
  });

  it("ART-03 the report artifact has two versions and a completed export", () => {
    for (const { state } of [approved, rejected]) {
      const report = state.artifacts.artifact_001_report;
      expect(report.title).toBe("report.md");
      expect(report.versions.map((v) => v.versionId)).toEqual([
        "artifact_001_report_v1",
        "artifact_001_report_v2",
      ]);
      expect(report.currentVersionId).toBe("artifact_001_report_v2");
      expect(report.export).toMatchObject({
        status: "completed",
        ref: "export://artifact_001_report/v2/report.md",
      });
    }
  });

  it("TEAM-08 / EVID-03 the review verdict comes from evidence facts with pack, replay and review refs", () => {
    const review = approved.state.evidence.evidence_001_review;
    expect(review).toMatchObject({
      packRef: expect.stringMatching(/^evidence:\/\//),
      replayRef: expect.stringMatching(/^replay:\/\//),
      reviewRef: expect.stringMatching(/^review:\/\//),
    });
    expect(review.verification).toEqual([
      { name: "links_resolve", status: "passed" },
      { name: "claims_have_sources", status: "passed" },
      { name: "file_written", status: "passed" },
    ]);
    expect(rejected.state.evidence.evidence_001_review.verification).toContainEqual({
      name: "file_written",
      status: "skipped",
    });
  });

  it("TEXT-04 the synthesized answer appears exactly once, in one assistant text part", () => {
    const { state, events } = approved;
    const parts = state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text");
    expect(parts).toHaveLength(1);
    const final = events.find(
      (e) => e.type === "model.completed" && e.payload?.messageId === "msg_001_answer",
    )!;
    expect(parts[0].text).toBe(final.payload?.text);
    expect(state.runtime.status).toBe("completed");
  });

  it("TEAM-07 the handoff from coder to reviewer is a runtime fact with from, to, reason and resume target", () => {
    const delegated = approved.events.find((e) => e.type === "task.delegated")!;
    expect(delegated.payload?.handoff).toMatchObject({
      from: "agent_001_coder",
      to: "agent_001_reviewer",
      resumeTarget: "agent_001_coordinator",
      reason: expect.any(String),
    });
    expect(delegated).toMatchObject({ taskId: "task_001_reviewer", parentTaskId: "task_001_coordinator" });
  });

  it("a follow-up send runs a second team turn with fresh ids", () => {
    const runtime = playManual("team");
    answerEverything(runtime);
    write(runtime, { kind: "send", text: "Again, shorter", clientMessageId: "c2" });
    runtime.runUntilIdle();
    answerEverything(runtime);
    const state = projectLime(runtime.events());
    expect(state.team.roster).toHaveLength(8);
    expect(Object.keys(state.artifacts)).toEqual(["artifact_001_report", "artifact_002_report"]);
    expect(userMessages(state).map((m) => m.parts[0]?.text)).toEqual([
      createDemoRuntime({ manual: true }).scenario.openingPrompt,
      "Again, shorter",
    ]);
  });
});
