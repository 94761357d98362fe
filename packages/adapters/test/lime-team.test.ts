// Lime team and turn-end facts: how a turn really ended, the handoff and review
// lanes carried by `task.delegated` / `evidence.changed`, teammate attribution and team topology.
// Records mirror what the demo runtime emits (packages/demo/src/scenarios/team*.ts).
import { type AgentUiEvent, DIAGNOSTIC_CODES } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCorrelationIds } from "../src/shared/record";
import { detectFormat } from "../src/auto";
import { limeAdapter } from "../src/lime";
import { toLimeFacts } from "../src/lime/facts";

const SCOPE = {
  schemaVersion: "lime-profile-0.4.0",
  runtimeId: "rt",
  sessionId: "sess",
  threadId: "thread",
  turnId: "turn-1",
};

/** Adapts records through one adapter, numbering their sequence and event ids. */
function adaptAll(records: Record<string, unknown>[]): AgentUiEvent[] {
  const adapter = limeAdapter.create();
  return records.flatMap((record, i) =>
    adapter.push(
      { eventId: `e${i + 1}`, sequence: i + 1, timestamp: "2026-05-11T10:00:00Z", ...SCOPE, ...record },
      i,
    ),
  );
}

const byType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

describe("lime: a turn ends the way the runtime says (STAT-*, §D.2 row 7)", () => {
  it.each([
    ["record status", { status: "cancelled" }, {}, "cancelled"],
    ["payload.status", {}, { status: "canceled" }, "cancelled"],
    ["payload.outcome", { status: "completed" }, { outcome: "interrupted" }, "interrupted"],
    ["nothing stated", { status: "completed" }, {}, "success"],
  ])("STAT-08 turn.completed with the end in the %s → run.finished{%s}", (_, extra, payload, outcome) => {
    const [event] = adaptAll([{ type: "turn.completed", ...extra, payload }]);
    expect(event).toMatchObject({ type: "run.finished", payload: { outcome } });
    if (outcome !== "success") expect(event.phase).toBe(outcome);
  });

  it("STAT-08 a turn.completed that says failed is a run.failed, never a success", () => {
    const events = adaptAll([
      { type: "turn.completed", status: "failed", payload: { reason: "provider down" } },
    ]);
    expect(events.map((e) => e.type)).toEqual(["run.failed"]);
  });

  it("§D.3 turn.cancelled / turn.canceled / turn.interrupted aliases end the run without success", () => {
    const events = adaptAll([
      { type: "turn.cancelled", payload: {} },
      { type: "turn.canceled", payload: {} },
      { type: "turn.interrupted", payload: {} },
    ]);
    expect(events.map((e) => e.payload?.outcome)).toEqual(["cancelled", "cancelled", "interrupted"]);
  });

  it("STAT-08 end to end: the demo's user interrupt leaves the runtime cancelled, not completed", () => {
    const events = adaptAll([
      { type: "turn.submitted", payload: { input: "go" } },
      { type: "turn.started", payload: {} },
      {
        type: "turn.completed",
        status: "cancelled",
        payload: { status: "cancelled", outcome: "cancelled", reason: "user_interrupt" },
      },
    ]);
    const state = projectEvents(events);
    expect(state.runtime.status).toBe("cancelled");
  });
});

const handoffRecord = {
  type: "task.delegated",
  taskId: "task_reviewer",
  parentTaskId: "task_coordinator",
  subagentId: "agent_reviewer",
  parentSessionId: "sess__agent_coordinator",
  parentThreadId: "thread__agent_coordinator",
  payload: {
    handoff: {
      handoffId: "handoff_001",
      from: "agent_coder",
      to: "agent_reviewer",
      reason: "Verify the report against evidence before it is exported",
      resumeTarget: "agent_coordinator",
      status: "accepted",
    },
  },
};

describe("lime: handoff lane from task.delegated (TEAM-07)", () => {
  it("TEAM-07 task.delegated with payload.handoff also emits agent.handoff with the handoff facts", () => {
    const events = adaptAll([handoffRecord]);
    expect(events.map((e) => e.type)).toEqual(["task.changed", "agent.spawned", "agent.handoff"]);
    const [handoff] = byType(events, "agent.handoff");
    expect(handoff).toMatchObject({
      eventId: "e1#agent.handoff",
      handoffId: "handoff_001",
      taskId: "task_reviewer",
      payload: {
        from: "agent_coder",
        to: "agent_reviewer",
        reason: "Verify the report against evidence before it is exported",
        resumeTarget: "agent_coordinator",
        status: "accepted",
      },
    });
    expect(handoff.sequence).toBeUndefined();
    expect(handoff.source?.sequence).toBe(1);
  });

  it("TEAM-07 a plain delegation (no payload.handoff) emits no handoff", () => {
    const events = adaptAll([{ ...handoffRecord, payload: { delegatedTo: "agent_reviewer" } }]);
    expect(byType(events, "agent.handoff")).toEqual([]);
  });

  it("SEC-01 a secret in the handoff reason is redacted", () => {
    const events = adaptAll([
      {
        ...handoffRecord,
        payload: { handoff: { ...handoffRecord.payload.handoff, reason: "use sk-abcdefghijklmnopqrstuvwx" } },
      },
    ]);
    expect(JSON.stringify(byType(events, "agent.handoff"))).not.toContain("sk-abcdefghijklmnopqrstuvwx");
  });

  it("TEAM-07 end to end: the projection's team lane holds the handoff and its edge", () => {
    const state = projectEvents(adaptAll([handoffRecord]));
    expect(state.team.handoffs).toEqual([
      expect.objectContaining({
        handoffId: "handoff_001",
        from: "agent_coder",
        to: "agent_reviewer",
        resumeTarget: "agent_coordinator",
        status: "accepted",
      }),
    ]);
    expect(state.team.edges).toContainEqual(
      expect.objectContaining({ from: "agent_coder", to: "agent_reviewer", kind: "handoff" }),
    );
  });
});

const reviewEvidence = (review: Record<string, unknown>) => ({
  type: "evidence.changed",
  evidenceId: "evidence_001_review",
  runId: "run-1",
  payload: {
    status: "verified",
    packRef: "evidence://sess/turn-1/review",
    reviewRef: "review://sess/review_001_report",
    verificationOutcomes: [{ name: "links_resolve", status: "passed" }],
    review,
    artifactIds: ["artifact_001_report"],
  },
});
const passedReview = {
  reviewId: "review_001_report",
  reviewer: "agent_reviewer",
  target: "artifact_001_report",
  targetVersionId: "artifact_001_report_v2",
  verdict: "passed",
  requestedFixes: [],
};

describe("lime: review lane from evidence.changed (TEAM-08)", () => {
  it("TEAM-08 evidence.changed with a verdict also emits review.completed keyed by reviewId", () => {
    const events = adaptAll([reviewEvidence(passedReview)]);
    expect(events.map((e) => e.type)).toEqual(["evidence.changed", "review.completed"]);
    expect(byType(events, "review.completed")[0]).toMatchObject({
      eventId: "e1#review.completed",
      reviewId: "review_001_report",
      evidenceId: "evidence_001_review",
      payload: {
        reviewer: "agent_reviewer",
        target: "artifact_001_report",
        targetVersionId: "artifact_001_report_v2",
        verdict: "passed",
        status: "passed",
        evidenceRefs: ["evidence_001_review"],
      },
    });
  });

  it("TEAM-08 a review without a verdict yet is review.requested; changes requested keep their fixes", () => {
    const { verdict: _, ...pending } = passedReview;
    const requested = adaptAll([reviewEvidence(pending)]);
    expect(requested.map((e) => e.type)).toEqual(["evidence.changed", "review.requested"]);
    expect(requested[1].payload).toMatchObject({ status: "requested" });
    const fixes = adaptAll([
      reviewEvidence({
        ...passedReview,
        verdict: "changes_requested",
        requestedFixes: ["cite the AI SDK source"],
        evidenceRefs: ["evidence_000_tests"],
      }),
    ]);
    expect(fixes[1].payload).toMatchObject({
      status: "changes_requested",
      requestedFixes: ["cite the AI SDK source"],
      evidenceRefs: ["evidence_001_review", "evidence_000_tests"],
    });
  });

  it("TEAM-08 evidence without payload.review emits no review", () => {
    const events = adaptAll([{ ...reviewEvidence(passedReview), payload: { status: "verified" } }]);
    expect(events.map((e) => e.type)).toEqual(["evidence.changed"]);
  });

  it("TEAM-08 end to end: the verdict fills the review lane, linked to its evidence", () => {
    const state = projectEvents(adaptAll([reviewEvidence(passedReview)]));
    expect(state.team.reviews).toEqual([
      expect.objectContaining({
        reviewId: "review_001_report",
        reviewer: "agent_reviewer",
        target: "artifact_001_report",
        status: "passed",
        verdict: "passed",
        evidenceRefs: ["evidence_001_review"],
      }),
    ]);
  });
});

describe("lime: teammate attribution (TEAM-05, §D.5)", () => {
  const worker = { subagentId: "agent_researcher", taskId: "task_researcher" };

  it("TEAM-05 a record with subagentId and no agentId gets agentId = subagentId on every derived event", () => {
    const events = adaptAll([
      { type: "model.delta", ...worker, payload: { messageId: "m1", delta: "Found " } },
      {
        type: "tool.started",
        ...worker,
        stepId: "s1",
        toolCallId: "c1",
        payload: { toolName: "web_search" },
      },
      { type: "task.delegated", ...worker, payload: { handoff: { from: "a", to: "b" } } },
    ]);
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const event of events)
      expect(event).toMatchObject({ agentId: "agent_researcher", subagentId: "agent_researcher" });
  });

  it("TEAM-05 an explicit agentId is kept", () => {
    const [event] = adaptAll([
      {
        type: "model.delta",
        subagentId: "sub-1",
        agentId: "agent-1",
        payload: { messageId: "m", delta: "x" },
      },
    ]);
    expect(event).toMatchObject({ agentId: "agent-1", subagentId: "sub-1" });
  });

  it("TEAM-05 end to end: a teammate's text and tool are its own, not the anonymous assistant's", () => {
    const state = projectEvents(
      adaptAll([
        { type: "turn.submitted", payload: { input: "go" } },
        {
          type: "subagent.spawned",
          ...worker,
          parentSessionId: "sess",
          parentThreadId: "thread",
          payload: { agentName: "Researcher", status: "running" },
        },
        { type: "model.delta", ...worker, payload: { messageId: "m_r", delta: "Found 3 sources." } },
        { type: "model.completed", ...worker, payload: { messageId: "m_r", text: "Found 3 sources." } },
        {
          type: "tool.started",
          ...worker,
          stepId: "s1",
          toolCallId: "c1",
          payload: { toolName: "web_search" },
        },
      ]),
    );
    const teammateMessage = state.messages.find((m) => m.agentId === "agent_researcher");
    expect(teammateMessage).toBeDefined();
    expect(state.tools.c1.agentId).toBe("agent_researcher");
    expect(state.agents.agent_researcher.name).toBe("Researcher");
  });
});

describe("lime: team topology (TEAM-16)", () => {
  const spawned = {
    type: "subagent.spawned",
    subagentId: "agent_coder",
    taskId: "task_coder",
    parentSessionId: "sess__agent_coordinator",
    parentThreadId: "thread__agent_coordinator",
    parentTaskId: "task_coordinator",
    teamName: "report-team",
    teamPhase: "active",
    payload: { agentName: "Coder", role: "coder", status: "running", parentAgentId: "agent_coordinator" },
  };

  it("TEAM-16 a subagent spawned under a parent stamps coordinator_team on its agent event", () => {
    const [event] = adaptAll([spawned]);
    expect(event).toMatchObject({ type: "agent.spawned", topology: "coordinator_team" });
  });

  it("TEAM-16 an explicit topology wins and later implied team facts keep it", () => {
    const events = adaptAll([
      {
        type: "subagent.status",
        subagentId: "a1",
        topology: "parallel_workers",
        payload: { status: "running" },
      },
      spawned,
    ]);
    expect(events.map((e) => e.topology)).toEqual(["parallel_workers", "parallel_workers"]);
    expect(
      adaptAll([{ ...spawned, payload: { ...spawned.payload, topology: "space_station" } }])[0].topology,
    ).toBe("unknown");
  });

  it("TEAM-16 a lone subagent without lineage, and non-team classes, get no topology (never invented)", () => {
    const events = adaptAll([
      { type: "subagent.spawned", subagentId: "lonely", payload: { agentName: "Solo" } },
      { type: "model.delta", teamPhase: "active", payload: { delta: "x" } },
    ]);
    expect(events.map((e) => e.topology)).toEqual([undefined, undefined]);
  });

  it("TEAM-16 end to end: the projection's team.topology leaves solo_run", () => {
    expect(projectEvents(adaptAll([{ type: "turn.submitted", payload: {} }])).team.topology).toBe("solo_run");
    expect(projectEvents(adaptAll([spawned])).team.topology).toBe("coordinator_team");
  });
});

describe("lime: detection (ENV-09, used by validate/adapt --from auto)", () => {
  it("ENV-09 the profile schema version claims a record whatever its class; shared names yield to Agent UI", () => {
    expect(detectFormat([{ type: "turn.teleported", ...SCOPE }]).format).toBe("lime");
    const envelopes = [
      { type: "tool.started", runtimeId: "rt", toolCallId: "c" },
      { type: "tool.result", runtimeId: "rt", toolCallId: "c" },
    ];
    expect(detectFormat(envelopes).format).toBe("agent-ui");
    expect(detectFormat([{ type: "subagent.spawned", runtimeId: "rt" }]).format).toBe("lime");
  });
});

describe("lime: diagnostics and id reading", () => {
  it("DIAG-01 every diagnostic code the lime adapter emits is in the shared vocabulary", () => {
    const events = adaptAll([
      { type: "routing.decided", payload: { selectedModel: "m" } },
      { type: "hook.completed", payload: { hookName: "h" } },
      { type: "runtime.warning", payload: { message: "w" } },
      { type: "transport.error", payload: { message: "t" } },
      { type: "cost.recorded", payload: { costUsd: 1 } },
      { type: "tool.started", schemaVersion: "other-1", payload: {} },
      { type: "no.such.class", payload: {} },
    ]);
    const codes = byType(events, "diagnostic.changed").map((e) => e.payload?.code);
    expect(codes).toContain("runtime_info");
    for (const code of codes) expect(DIAGNOSTIC_CODES).toContain(code);
  });

  const idKey = fc.constantFrom("turnId", "turn_id", "taskId", "task_id", "subagentId", "subagent_id", "x");
  const idValue = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null));

  it("§E-4 (property) the one-pass id reader agrees with readCorrelationIds for any camel/snake mix", () => {
    fc.assert(
      fc.property(fc.dictionary(idKey, idValue), (fields) => {
        const record = { ...fields, type: "turn.started" };
        expect(toLimeFacts(record, "turn.started").ids).toEqual(readCorrelationIds(record));
      }),
    );
  });
});

describe("lime: waits and artifact previews reach the projection", () => {
  it("TEAM-03/TEAM-14 a waiting coordinator's waitingOn becomes wait edges, ended when it moves on", () => {
    const waiting = (status: string, waitingOn?: string[]) => ({
      type: "subagent.status",
      agentId: "coord",
      subagentId: "coord",
      payload: { status, ...(waitingOn ? { waitingOn } : {}) },
    });
    const [fact] = adaptAll([waiting("waiting", ["r1", "c1"])]);
    expect(fact).toMatchObject({ type: "agent.changed", payload: { waitingOn: ["r1", "c1"] } });
    const waits = (records: Record<string, unknown>[]) =>
      projectEvents(adaptAll(records)).team.edges.filter((e) => e.kind === "wait");
    expect(waits([waiting("waiting", ["r1", "c1"])])).toEqual([
      expect.objectContaining({ from: "coord", to: "r1", status: "active" }),
      expect.objectContaining({ from: "coord", to: "c1", status: "active" }),
    ]);
    const ended = waits([waiting("waiting", ["r1"]), waiting("running")]);
    expect(ended).toEqual([expect.objectContaining({ from: "coord", to: "r1", status: "ended" })]);
  });

  it("ART-11 an artifact's preview_ref is carried as artifactPreviewRef and projected as previewRef", () => {
    const events = adaptAll([
      {
        type: "artifact.changed",
        artifactId: "a1",
        payload: { title: "Report", kind: "document", preview_ref: "artifact://a1/preview.png" },
      },
    ]);
    expect(events[0]).toMatchObject({ artifactPreviewRef: "artifact://a1/preview.png" });
    expect(projectEvents(events).artifacts.a1?.previewRef).toBe("artifact://a1/preview.png");
  });
});

describe("lime: reasoning bounds keep their stream position", () => {
  it("ORD-01 a sequenced reasoning.started opens the part instead of leaving a hole the projection waits on", () => {
    const events = adaptAll([
      { type: "turn.started", payload: {} },
      { type: "reasoning.started", messageId: "m1", payload: {} },
      { type: "reasoning.delta", messageId: "m1", payload: { delta: "Checking the file" } },
      { type: "turn.completed", status: "completed", payload: {} },
    ]);
    expect(events.filter((e) => e.sessionId === "sess").map((e) => e.sequence)).toEqual([1, 2, 3, 4]);
    const state = projectEvents(events);
    expect(state.cursor.gaps).toEqual([]);
    expect(state.cursor.stale).toBe(false);
    const text = state.messages.flatMap((m) => m.parts).find((p) => p.kind === "reasoning_summary")?.text;
    expect(text).toBe("Checking the file");
    expect(state.runtime.status).not.toBe("submitted");
  });
});
