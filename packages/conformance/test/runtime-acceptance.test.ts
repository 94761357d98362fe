// The Agent Runtime acceptance scenarios (requirements §B.5) from the UI side: Lime AgentRuntime records →
// adapter (auto-detected) → projection → what a surface reads. One `it` per scenario ID.
import type { ThreadStatus } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { CASES, createFixtureLoader, LIME_PROFILE_FIXTURES, runCase } from "../src/index";
import { limeStream, projectLime } from "./lime-stream";
import { adaptStream, project } from "./peers-support";

const fixtures = createFixtureLoader();
const answer = (state: ReturnType<typeof projectLime>) =>
  state.messages
    .flatMap((m) => m.parts)
    .filter((p) => p.kind === "assistant_text")
    .map((p) => p.text)
    .join("");

describe("Agent Runtime acceptance scenarios, end to end", () => {
  it("RT-AS-01 / PROF-03 the 7 official Lime fixtures carry lime-profile-0.4.0 and each projects as its case says", () => {
    expect(LIME_PROFILE_FIXTURES).toHaveLength(7);
    for (const name of LIME_PROFILE_FIXTURES) {
      const record = fixtures.limeProfile(name) as Record<string, unknown>;
      expect(record.schemaVersion, name).toBe("lime-profile-0.4.0");
      const state = projectLime([record]);
      expect(
        state.diagnostics.filter((d) => d.severity === "error" || d.code === "schema_mismatch"),
        name,
      ).toEqual([]);
    }
    const fixtureCases = CASES.filter((c) => c.id.startsWith("FIX-"));
    expect(fixtureCases.map((c) => c.id).sort()).toEqual(
      LIME_PROFILE_FIXTURES.map((f) => `FIX-${f.replace(/\.json$/, "")}`).sort(),
    );
    for (const testCase of fixtureCases)
      expect(runCase(testCase, fixtures).failures, testCase.id).toEqual([]);
  });

  it("RT-AS-02 submit: the status reads submitted, preparing, waiting for the provider, streaming — never unknown", () => {
    const ev = limeStream();
    const records = [
      ev("turn.submitted", { inputRef: "input://turn-1" }),
      ev("turn.started"),
      ev("model.requested", { model: "gpt-5.4" }),
      ev("model.delta", { messageId: "m-1", delta: "Hello" }),
    ];
    const statuses = records.map((_, i) => projectLime(records.slice(0, i + 1)).runtime.status);
    expect(statuses).toEqual(["submitted", "preparing", "waiting_provider", "streaming"]);
    expect(answer(projectLime(records.slice(0, 3)))).toBe("");
  });

  it("RT-AS-06 compaction: the boundary is a fact; the pending approval and the evidence link survive it", () => {
    const ev = limeStream();
    const before = [
      ev("turn.started"),
      ev(
        "action.required",
        { actionType: "tool_permission", prompt: "Allow deploy?", decisionKind: "allow_or_deny" },
        { actionId: "act-1" },
      ),
      ev(
        "evidence.changed",
        { status: "ready", verificationOutcomes: [{ name: "unit", status: "passed" }] },
        { evidenceId: "ev-1", evidencePackRef: "evidence://ev-1" },
      ),
    ];
    const ahead = projectLime(before);
    const state = projectLime([
      ...before,
      ev("context.compaction.started", { trigger: "token_limit", tokensBefore: 90000 }),
      ev("context.compaction.completed", { tokensBefore: 90000, tokensAfter: 12000 }),
    ]);
    expect(state.context.compactions.map((c) => [c.status, c.tokensBefore, c.tokensAfter])).toEqual([
      ["completed", 90000, 12000],
    ]);
    expect(state.actions["act-1"]).toEqual(ahead.actions["act-1"]);
    expect(state.actions["act-1"].status).toBe("pending");
    expect(state.evidence["ev-1"]).toEqual(ahead.evidence["ev-1"]);
    expect(state.evidence["ev-1"].packRef).toBe("evidence://ev-1");
    expect(answer(state)).toBe("");
  });

  it("RT-AS-07 a subagent's waiting, input need, failure and close come from its facts, not its prose", () => {
    const ev = limeStream();
    const child = {
      subagentId: "sub-1",
      taskId: "task-child",
      parentTaskId: "task-lead",
      parentSessionId: "sess",
      parentThreadId: "thread",
    };
    const records = [
      ev("turn.started"),
      ev("task.started", { status: "running", title: "Lead" }, { taskId: "task-lead" }),
      ev("subagent.spawned", { agentName: "researcher", role: "research" }, child),
      ev("subagent.status", { status: "waiting_input", reason: "needs a URL" }, child),
      ev("subagent.output", { text: "All done, everything passed." }, child),
      ev("subagent.failed", { error: "fetch failed" }, child),
      ev("subagent.closed", {}, child),
    ];
    const statusAt = (n: number) => Object.values(projectLime(records.slice(0, n)).agents)[0]?.status;
    expect([3, 4, 5, 6, 7].map(statusAt)).toEqual([
      "spawning",
      "needs_input",
      "needs_input",
      "failed",
      "closed",
    ]);
    const state = projectLime(records);
    const [agent] = Object.values(state.agents);
    expect(agent).toMatchObject({ name: "researcher", lineage: "known", taskId: "task-child" });
    expect(state.team.edges.map((e) => [e.kind, e.from, e.to])).toEqual([["spawn", "thread", agent.agentId]]);
    expect(answer(state)).toBe("");
  });

  it("RT-AS-08 retry: same task id, the failed attempt keeps its run, dependency and parent edges stay, a new attempt runs", () => {
    const ev = limeStream();
    const task = { taskId: "deploy" };
    const state = projectLime([
      ev("task.created", { title: "Build" }, { taskId: "build" }),
      ev("task.created", { title: "Deploy", parentTaskId: "release" }, task),
      ev("task.dependency.updated", { dependencies: [{ taskId: "build" }] }, task),
      ev("task.attempt.started", {}, { ...task, runId: "run-1", attemptId: "at-1" }),
      ev("task.attempt.failed", { reason: "tool_failed" }, { ...task, runId: "run-1", attemptId: "at-1" }),
      ev("task.retrying", {}, task),
      ev("task.attempt.started", {}, { ...task, runId: "run-2", attemptId: "at-2" }),
    ]);
    expect(Object.keys(state.tasks).sort()).toEqual(["build", "deploy"]);
    const deploy = state.tasks.deploy;
    expect(deploy).toMatchObject({
      status: "running",
      currentRunId: "run-2",
      parentTaskId: "release",
      dependsOn: ["build"],
    });
    expect(deploy.attempts.map((a) => [a.runId, a.attemptId, a.status, a.reason])).toEqual([
      ["run-1", "at-1", "failed", "tool_failed"],
      ["run-2", "at-2", "running", undefined],
    ]);
    expect(state.timeline.filter((e) => e.id.startsWith("task:deploy:attempt")).map((e) => e.status)).toEqual(
      ["failed", "running"],
    );
  });

  it("RT-AS-09 evidence export: the surface links pack, replay and review refs, failed tools, artifacts and outcomes", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("tool.started", { toolName: "run_tests" }, { toolCallId: "c-tests" }),
      ev("tool.failed", { error: "2 tests failed" }, { toolCallId: "c-tests" }),
      ev(
        "evidence.exported",
        {
          toolCallIds: ["c-tests"],
          artifactIds: ["art-report"],
          verificationOutcomes: [{ name: "unit", status: "failed" }],
        },
        {
          evidenceId: "ev-1",
          evidencePackRef: "evidence://ev-1",
          replayRef: "replay://ev-1",
          reviewRef: "review://ev-1",
        },
      ),
    ]);
    expect(state.evidence["ev-1"]).toMatchObject({
      status: "exported",
      packRef: "evidence://ev-1",
      replayRef: "replay://ev-1",
      reviewRef: "review://ev-1",
      toolCallIds: ["c-tests"],
      artifactIds: ["art-report"],
      verification: [{ name: "unit", status: "failed" }],
      correlation: { sessionId: "sess", threadId: "thread", turnId: "turn-1" },
    });
    expect(state.tools["c-tests"].status).toBe("output-error");
  });

  it("RT-AS-11 permission and sandbox facts come first; a denial names its source and reason", () => {
    const ev = limeStream();
    const call = { toolCallId: "c-rm" };
    const state = projectLime([
      ev("turn.started"),
      ev(
        "permission.evaluated",
        { decision: "deny", decisionSource: "rule", reason: "rm outside the workspace" },
        call,
      ),
      ev("sandbox.applied", { mode: "workspace_write", network: "off" }, call),
      ev("tool.started", { toolName: "shell", safeArgs: { command: "rm -rf ../outside" } }, call),
      ev("tool.failed", { error: "denied by policy" }, call),
    ]);
    expect(state.permissions.decisions.map((d) => [d.decision, d.source, d.reason])).toEqual([
      ["deny", "rule", "rm outside the workspace"],
    ]);
    expect(state.permissions.sandbox).toEqual({ mode: "workspace_write", network: "off" });
    expect(state.tools["c-rm"].status).toBe("output-error");
  });

  it("RT-AS-12 a hook's input rewrite stays on the tool row after the tool's result", () => {
    const ev = limeStream();
    const call = { toolCallId: "c-h" };
    const state = projectLime([
      ev("turn.started"),
      ev("tool.started", { toolName: "shell", safeArgs: { command: "rm notes.md" } }, call),
      ev("hook.started", { hookName: "safe-rm", phase: "pre_tool" }, call),
      ev("hook.completed", { hookName: "safe-rm", decision: "rewrite", reason: "moved to trash" }, call),
      ev("tool.result", { output: "ok" }, call),
    ]);
    expect(state.tools["c-h"]).toMatchObject({
      status: "output-available",
      hook: { status: "completed", decision: "rewrite", reason: "moved to trash" },
    });
  });

  it("RT-AS-13 process stdin shows on the command row; spilled output keeps its ref, never the answer", () => {
    const ev = limeStream();
    const proc = { toolCallId: "c-cmd", processId: "p-1" };
    const records = [
      ev("turn.started"),
      ev("tool.started", { toolName: "shell", safeArgs: { command: "cat" } }, proc),
      ev("process.started", { command: "cat" }, proc),
      ev("process.input", { text: "y\n" }, proc),
      ev("output.spilled", { outputRef: "out://p-1", outputBytes: 9_000_000, preview: "SPILLEDLINE" }, proc),
      ev("process.completed", { exitCode: 0, outputRef: "out://p-1" }, proc),
    ];
    expect(projectLime(records.slice(0, 4)).tools["c-cmd"]).toMatchObject({
      kind: "command",
      status: "running",
      progress: { message: "input written" },
    });
    const state = projectLime(records);
    expect(state.tools["c-cmd"]).toMatchObject({ status: "output-available", outputRef: "out://p-1" });
    expect(answer(state)).not.toContain("SPILLEDLINE");
  });

  it("RT-AS-14 single candidate: the chip shows count, reason and capability gap; cost and limit state beside it", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("routing.single_candidate", {
        selectedModel: "gpt-5.4",
        candidateCount: 1,
        decisionSource: "explicit_default",
        decisionReason: "only model allowed by policy",
        capabilityGap: "vision",
      }),
      ev("cost.estimated", { amount: 0.42, currency: "USD" }),
      ev("quota.low", { remaining: 5 }),
    ]);
    expect(state.runtime.model).toMatchObject({
      selected: "gpt-5.4",
      candidateCount: 1,
      singleCandidate: true,
      decisionSource: "explicit_default",
      decisionReason: "only model allowed by policy",
      capabilityGap: "vision",
    });
    expect(state.runtime.limits).toMatchObject({ status: "low", cost: { amount: 0.42, currency: "USD" } });
    expect(state.runtime.status).not.toBe("failed");
    expect(answer(state)).toBe("");
  });

  it("RT-AS-14 the routing/limit read model of a snapshot fills the same chip and limits", () => {
    const snapshot = structuredClone(fixtures.limeProfile("thread-read-snapshot.json")) as Record<
      string,
      unknown
    >;
    snapshot.routingLimitSummary = {
      selectedModel: "gpt-5.4",
      candidateCount: 1,
      singleCandidate: true,
      decisionSource: "explicit_default",
      decisionReason: "only model allowed by policy",
      capabilityGap: "vision",
      cost: { amount: 0.42, currency: "USD" },
      quota: { remaining: 5 },
    };
    const state = projectLime([snapshot]);
    expect(state.runtime.model).toMatchObject({
      selected: "gpt-5.4",
      candidateCount: 1,
      decisionReason: "only model allowed by policy",
      capabilityGap: "vision",
    });
    expect(state.runtime.limits).toMatchObject({
      cost: { amount: 0.42, currency: "USD" },
      quota: { remaining: 5 },
    });
  });

  it("RT-AS-15 rate limit, low quota and a blocked quota reach the turn's status row, never the answer", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("rate_limit.hit", { retryAfterSeconds: 30, provider: "openai" }),
      ev("quota.low", { remaining: 5 }),
      ev("quota.blocked", { reason: "monthly quota exhausted" }, { taskId: "t-1" }),
    ]);
    expect(state.runtime).toMatchObject({
      turnId: "turn-1",
      status: "blocked",
      reason: "monthly quota exhausted",
      limits: {
        status: "blocked",
        rateLimit: { retryAfterSeconds: 30, provider: "openai" },
        reason: "monthly quota exhausted",
      },
    });
    expect(state.tasks["t-1"]).toMatchObject({ status: "blocked", reason: "monthly quota exhausted" });
    expect(state.diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining(["rate_limit.hit", "quota.low"]),
    );
    expect(answer(state)).toBe("");
  });
});

describe("automation jobs", () => {
  it("RT-AS-17 a job item's retry changes only that item; the job status, attempt count and last error stay apart", () => {
    const ev = limeStream();
    const job = (itemId?: string) => ({ jobId: "job-1", ...(itemId ? { jobItemId: itemId } : {}) });
    const records = [
      ev("job.created", { title: "Lint files" }, job()),
      ev("job.started", {}, job()),
      ev("job.item.completed", { attemptCount: 1 }, job("a.ts")),
      ev("job.item.failed", { attemptCount: 1, error: "parse error at 3:1", retryable: true }, job("b.ts")),
      ev("job.progress", { totalItems: 2, completedItems: 1, failedItems: 1 }, job()),
      ev("job.item.started", { attemptCount: 2 }, job("b.ts")),
    ];
    const retrying = projectLime(records).tasks["job-1"];
    expect(retrying).toMatchObject({
      status: "running",
      runtimeEntity: "automation_job",
      title: "Lint files",
    });
    expect(retrying.job).toMatchObject({ total: 2, completed: 1, failed: 1 });
    expect(
      retrying.job?.items.map((i) => [i.itemId, i.status, i.attempts, i.lastError, i.retryable]),
    ).toEqual([
      ["a.ts", "completed", 1, undefined, undefined],
      ["b.ts", "started", 2, "parse error at 3:1", true],
    ]);
    const done = projectLime([
      ...records,
      ev("job.item.completed", { attemptCount: 2 }, job("b.ts")),
      ev("job.completed", {}, job()),
    ]).tasks["job-1"];
    expect(done.status).toBe("completed");
    expect(done.job?.items.map((i) => [i.itemId, i.status, i.attempts])).toEqual([
      ["a.ts", "completed", 1],
      ["b.ts", "completed", 2],
    ]);
  });
});

describe("benchmark trials", () => {
  it("RT-AS-18 the official trial pack is evidence with its trial, refs and P0 count, joined to the runtime spine", () => {
    const state = projectLime([fixtures.limeProfile("benchmark-trial-pack.json")]);
    const [evidence] = Object.values(state.evidence);
    expect(evidence.correlation).toMatchObject({
      runId: "run_123",
      traceId: "trace_123",
      turnId: "turn_123",
    });
    expect(evidence.benchmark).toMatchObject({
      benchmark: { trialId: "trial-tool-approval-candidate-1", configurationId: "candidate-feedback-v2" },
      refs: { trajectoryRef: "/logs/agent/trajectory.json", rewardRef: "/logs/verifier/reward.json" },
      decisionInputs: { p0QcGateRegressionCount: 0 },
      reward: { value: 1 },
    });
    expect(state.messages).toEqual([]);
  });

  it("RT-AS-18 a trial comparison keeps baseline, candidate, deltas, evidence completeness and P0 regressions", () => {
    const ev = limeStream();
    const comparison = {
      baseline: "baseline-v1",
      candidate: "candidate-feedback-v2",
      deltas: { reward: 0.25 },
      evidenceCompleteness: 1,
      p0RegressionCount: 0,
    };
    const state = projectLime([
      ev(
        "benchmark.trial.completed",
        { reward: 1 },
        { evidenceId: "ev-trial", benchmark: { trialId: "trial-1" }, comparison },
      ),
    ]);
    expect(state.evidence["ev-trial"].benchmark).toEqual({
      benchmark: { trialId: "trial-1" },
      comparison,
      reward: 1,
      stage: "benchmark.trial.completed",
    });
    expect(answer(state)).toBe("");
  });
});

describe("remote channels", () => {
  it("REM-01 a Lime channel keeps the local task id beside the peer's task and context ids; its message is no user input", () => {
    const ev = limeStream();
    const ids = { channelId: "ch-1", taskId: "task-local", remoteTaskId: "a2a-task-9", contextId: "ctx-3" };
    const state = projectLime([
      ev("turn.started"),
      ev("channel.connected", { peerName: "ops-bot" }, ids),
      ev("channel.message", { text: "REMOTE deploy finished" }, ids),
    ]);
    expect(state.agents["ch-1"]).toMatchObject({
      taskId: "task-local",
      runtimeEntity: "external_task",
      remote: { remoteTaskId: "a2a-task-9", contextId: "ctx-3", status: "connected" },
    });
    expect(state.messages.filter((m) => m.role === "user")).toEqual([]);
  });

  it("REM-01 an A2A peer's task keeps its taskId and contextId on the remote teammate of the local session", () => {
    const { events } = adaptStream("a2a.task-artifact-input-required.client-events.jsonl", "auto", {
      sessionId: "local-session",
    });
    const state = project(events);
    expect(state.session.sessionId).toBe("local-session");
    expect(
      Object.values(state.agents).map((a) => [a.taskId, a.remote?.remoteTaskId, a.remote?.contextId]),
    ).toEqual([
      [
        "54ba76be-eb88-416c-b117-1d97b29d64df",
        "54ba76be-eb88-416c-b117-1d97b29d64df",
        "173cb440-fcb3-4c4b-949a-1220972413f7",
      ],
    ]);
  });
});

describe("specification validation checklist, end to end", () => {
  it("V-02 team, agent, worker, handoff, background, remote and review facts keep their own lanes", () => {
    const ev = limeStream();
    const coder = { subagentId: "coder", taskId: "t-code" };
    const state = projectLime([
      ev("turn.started"),
      ev("subagent.spawned", { agentName: "coder", role: "coder" }, { ...coder, parentThreadId: "thread" }),
      ev("subagent.output", { text: "WORKER patch ready" }, coder),
      ev(
        "task.delegated",
        { handoff: { from: "coder", to: "reviewer", reason: "HANDOFF review it" } },
        coder,
      ),
      ev(
        "evidence.changed",
        {
          status: "ready",
          review: { reviewId: "rev-1", reviewer: "reviewer", target: "t-code", verdict: "changes_requested" },
        },
        { evidenceId: "ev-1" },
      ),
      ev("job.started", { title: "Nightly lint" }, { jobId: "job-1" }),
      ev("channel.connected", { peerName: "ops-bot" }, { channelId: "ch-1", remoteTaskId: "a2a-9" }),
      ev("model.delta", { delta: "Coordinator summary." }),
    ]);
    expect(state.agents.coder).toMatchObject({ lineage: "known", taskId: "t-code" });
    expect(state.agents["ch-1"]).toMatchObject({
      name: "ops-bot",
      runtimeEntity: "external_task",
      remote: { remoteTaskId: "a2a-9", status: "connected" },
    });
    expect(state.team.edges.map((e) => [e.kind, e.from, e.to])).toEqual([
      ["spawn", "thread", "coder"],
      ["handoff", "coder", "reviewer"],
      ["review", "reviewer", "t-code"],
    ]);
    expect(state.team.notifications.map((n) => [n.agentId, n.summary])).toEqual([
      ["coder", "WORKER patch ready"],
    ]);
    expect(state.team.handoffs.map((h) => [h.from, h.to, h.reason])).toEqual([
      ["coder", "reviewer", "HANDOFF review it"],
    ]);
    expect(state.team.reviews.map((r) => [r.reviewId, r.verdict, r.evidenceRefs])).toEqual([
      ["rev-1", "changes_requested", ["ev-1"]],
    ]);
    expect(state.tasks["job-1"]).toMatchObject({ status: "running", runtimeEntity: "automation_job" });
    expect(state.messages.map((m) => m.role)).toEqual(["notification", "assistant"]);
    expect(answer(state)).toBe("Coordinator summary.");
  });
});

describe("snapshot honesty", () => {
  it("FALL-03 a thread snapshot's honesty status is never read as a success; an unavailable summary is never passed", () => {
    const honesty = ["unknown", "unavailable", "not_applicable", "stale", "blocked"] satisfies ThreadStatus[];
    const shown = [...honesty, "repairing", "degraded"].map((status) => {
      const snapshot = structuredClone(fixtures.limeProfile("thread-read-snapshot.json")) as {
        threads: { status: string; turns: { status: string }[]; evidenceSummary: unknown }[];
      };
      snapshot.threads[0].status = status;
      snapshot.threads[0].turns[0].status = status;
      const state = projectLime([snapshot]);
      expect(
        state.diagnostics.filter((d) => d.code === "unknown_taxonomy_value"),
        status,
      ).toEqual([]);
      return [status, state.runtime.status, state.session.hydration.status];
    });
    expect(shown).toEqual([
      ["unknown", "unknown", "hydrated"],
      ["unavailable", "unknown", "hydrated"],
      ["not_applicable", "unknown", "hydrated"],
      ["stale", "unknown", "repairing"],
      ["blocked", "blocked", "hydrated"],
      ["repairing", "unknown", "hydrated"],
      ["degraded", "unknown", "hydrated"],
    ]);
    const snapshot = structuredClone(fixtures.limeProfile("thread-read-snapshot.json")) as {
      threads: { evidenceSummary: unknown }[];
      permissionSandboxSummary?: unknown;
    };
    snapshot.threads[0].evidenceSummary = "unavailable";
    snapshot.permissionSandboxSummary = "not_applicable";
    const state = projectLime([snapshot]);
    expect(state.evidence.evidence_lime_001.verification).toBe("unavailable");
    expect(state.permissions.mode).toBe("not_applicable");
  });
});

describe("team memory", () => {
  it("SEC-07 a team memory ref keeps its id and kind; a secret in its id or label is redacted everywhere", () => {
    const secret = "sk-live-ABCDEFGHIJKLMNOPQRSTUVWX";
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("context.resolved", {
        refs: [
          { id: "team-memory://release-notes", label: "Team memory: release notes", kind: "memory" },
          { id: `team-memory://deploy?token=${secret}`, label: `deploy key ${secret}`, kind: "memory" },
        ],
      }),
    ]);
    expect(JSON.stringify(state)).not.toContain(secret);
    expect(state.context.refs.map((r) => r.kind)).toEqual(["memory", "memory"]);
    expect(state.context.refs[0]).toMatchObject({
      id: "team-memory://release-notes",
      label: "Team memory: release notes",
    });
    expect(state.context.refs[1].id).toMatch(/^team-memory:\/\/deploy\?token=\[redacted/);
    expect(state.context.refs[1].label).toMatch(/^deploy key \[redacted/);
  });
});
