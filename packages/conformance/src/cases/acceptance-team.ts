// Agent UI acceptance scenarios AS-12..22 (requirements §B.1): tasks, teams, context, diagnostics and the
// Agent Runtime profile projection end to end.
import { defineCases, envelopes, limeEvents } from "../builders";
import { collect } from "../checks";
import { answerText, conversationText, findAgent, pendingActionIds, timelineFor } from "../inspect";
import { compaction, diagnosticsMidAnswer, subagentRun, turnOf, workerNotification } from "../scenarios";

export const ACCEPTANCE_TEAM_CASES = defineCases([
  {
    id: "AS-12",
    title: "task and multi-agent state: needs-input is promoted, completed details archive",
    requirements: ["TASK-03", "TASK-04", "TEAM-13", "TASK-02"],
    input: { format: "agent-ui", records: subagentRun("as12") },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(findAgent(ctx.stateAfter(4), "sub_1")?.status, "needs_input", "teammate needs input");
        c.equal(findAgent(s, "sub_1")?.status, "completed", "teammate completed");
        c.ok(timelineFor(s, "sub_1").length > 0, "the teammate's work is archived in the timeline");
        c.equal(answerText(s), "", "no fake prose");
      }),
  },
  {
    id: "AS-13",
    title: "coordinator team: roster, roles, lineage, worker results as notifications, synthesis separate",
    requirements: ["TEAM-02", "TEAM-04", "TEAM-06", "TEAM-01"],
    input: { format: "agent-ui", records: workerNotification("as13") },
    check: (s) =>
      collect((c) => {
        const worker = findAgent(s, "worker_a");
        if (!c.defined(worker, "agent worker_a")) return;
        c.equal([worker.name, worker.role], ["scout", "researcher"], "name and role");
        c.equal([worker.parentSessionId, worker.parentThreadId], ["as13", "thread_as13"], "lineage");
        c.equal(
          s.team.notifications.map((n) => n.summary),
          ["Option B is cheapest"],
          "worker result notification",
        );
        c.equal(answerText(s), "Based on the research, pick B.", "coordinator synthesis");
      }),
  },
  {
    id: "AS-14",
    title: "parallel workers: per-worker state, team counts and concurrency group, partial failure kept",
    requirements: ["TEAM-03", "TEAM-13", "ENV-06", "TEAM-05"],
    input: {
      format: "agent-ui",
      records: envelopes({ ...turnOf("as14"), threadId: "thread_as14", topology: "parallel_workers" }, [
        [
          "agent.spawned",
          {
            agentId: "w1",
            parentSessionId: "as14",
            parentThreadId: "thread_as14",
            payload: { agentName: "w1", status: "running" },
          },
        ],
        [
          "agent.spawned",
          {
            agentId: "w2",
            parentSessionId: "as14",
            parentThreadId: "thread_as14",
            payload: { agentName: "w2", status: "running" },
          },
        ],
        [
          "team.changed",
          {
            teamActiveCount: 2,
            teamQueuedCount: 1,
            teamParallelBudget: 2,
            providerConcurrencyGroup: "openai",
            payload: {},
          },
        ],
        ["agent.completed", { agentId: "w1", payload: { status: "failed", summary: "timeout" } }],
        ["agent.completed", { agentId: "w2", payload: { status: "completed" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(
          [findAgent(s, "w1")?.status, findAgent(s, "w2")?.status],
          ["failed", "completed"],
          "per-worker status",
        );
        c.equal(
          [s.team.counts.active, s.team.counts.queued, s.team.counts.parallelBudget],
          [2, 1, 2],
          "team counts",
        );
        c.equal(s.team.counts.providerConcurrencyGroup, "openai", "provider concurrency group");
        c.equal(s.team.topology, "parallel_workers", "topology");
      }),
  },
  {
    id: "AS-15",
    title: "specialist handoff: from/to/reason/resume target shown; authorship not rewritten",
    requirements: ["TEAM-07"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as15"), [
        ["text.delta", { agentId: "planner", messageId: "m_plan", payload: { delta: "Plan drafted." } }],
        [
          "agent.handoff",
          {
            handoffId: "h1",
            agentId: "builder",
            payload: {
              from: "planner",
              to: "builder",
              reason: "needs code changes",
              resumeTarget: "turn_as15",
            },
          },
        ],
        ["text.delta", { agentId: "builder", messageId: "m_build", payload: { delta: "Building." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const h = s.team.handoffs.find((x) => x.handoffId === "h1");
        if (c.defined(h, "handoff h1")) {
          c.equal(
            [h.from, h.to, h.reason, h.resumeTarget],
            ["planner", "builder", "needs code changes", "turn_as15"],
            "handoff fields",
          );
        }
        c.equal(answerText(s, "planner"), "Plan drafted.", "planner's message keeps its author");
        c.equal(answerText(s, "builder"), "Building.", "builder's message");
      }),
  },
  {
    id: "AS-16",
    title: "review team: reviewer, target, verdict, evidence refs and requested fixes as review facts",
    requirements: ["TEAM-08", "EVID-09"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as16"), [
        [
          "review.requested",
          { reviewId: "rev_1", payload: { reviewer: "auditor", target: "art_patch", status: "requested" } },
        ],
        [
          "review.completed",
          {
            reviewId: "rev_1",
            payload: {
              reviewer: "auditor",
              target: "art_patch",
              status: "changes_requested",
              verdict: "needs tests",
              evidenceRefs: ["ev_r"],
              requestedFixes: ["add a unit test"],
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const r = s.team.reviews.find((x) => x.reviewId === "rev_1");
        if (!c.defined(r, "review rev_1")) return;
        c.equal(
          [r.reviewer, r.target, r.status, r.verdict],
          ["auditor", "art_patch", "changes_requested", "needs tests"],
          "review fields",
        );
        c.equal(r.evidenceRefs, ["ev_r"], "evidence refs");
        c.equal(r.requestedFixes, ["add a unit test"], "requested fixes");
        c.excludes(conversationText(s), ["needs tests"], "conversation text");
      }),
  },
  {
    id: "AS-17",
    title: "human/agent work board: assignee, status and blocker from board facts",
    requirements: ["TEAM-15"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as17"), [
        [
          "team.changed",
          {
            topology: "human_agent_board",
            payload: {
              workBoard: [
                {
                  workItemId: "wi_1",
                  title: "Write docs",
                  assignee: "alice",
                  status: "blocked",
                  blocker: "waiting on API",
                },
              ],
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const item = s.team.workBoard.find((w) => w.workItemId === "wi_1");
        c.equal(
          [item?.title, item?.assignee, item?.status, item?.blocker],
          ["Write docs", "alice", "blocked", "waiting on API"],
          "work item",
        );
      }),
  },
  {
    id: "AS-18",
    title: "background teammate: wake reason and schedule shown, no separate hierarchy",
    requirements: ["TEAM-10", "TEAM-12"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as18"), [
        [
          "agent.changed",
          {
            agentId: "nightly",
            runtimeEntity: "automation_job",
            payload: {
              agentName: "nightly",
              status: "idle",
              background: { wakeReason: "cron", schedule: "0 2 * * *", lastRunRef: "run://nightly/41" },
            },
          },
        ],
        [
          "task.changed",
          {
            taskId: "job_nightly",
            agentId: "nightly",
            runtimeEntity: "automation_job",
            payload: { status: "paused" },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const agent = findAgent(s, "nightly");
        c.equal(
          agent?.background,
          { wakeReason: "cron", schedule: "0 2 * * *", lastRunRef: "run://nightly/41" },
          "background facts",
        );
        c.equal(s.tasks.job_nightly?.status, "paused", "task capsule paused");
        c.equal(s.tasks.job_nightly?.runtimeEntity, "automation_job", "runtime entity");
      }),
  },
  {
    id: "AS-19",
    title: "remote teammate: task id and input need promoted; a transient idle is not terminal",
    requirements: ["TEAM-11", "REM-02"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as19"), [
        [
          "agent.changed",
          {
            agentId: "remote_1",
            remoteTaskId: "a2a_task_9",
            runtimeEntity: "external_task",
            payload: {
              agentName: "vendor-bot",
              status: "needs_input",
              remote: { remoteTaskId: "a2a_task_9", cardRef: "card://vendor", status: "input_required" },
            },
          },
        ],
        [
          "agent.changed",
          {
            agentId: "remote_1",
            payload: { status: "idle", remote: { remoteTaskId: "a2a_task_9", status: "working" } },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(findAgent(ctx.stateAfter(1), "remote_1")?.status, "needs_input", "input need promoted");
        const agent = findAgent(s, "remote_1");
        c.equal(agent?.remote?.remoteTaskId, "a2a_task_9", "remote task id");
        c.notOneOf(agent?.status, ["completed", "closed", "failed"], "status after an idle tick");
      }),
  },
  {
    id: "AS-20",
    title: "context chips, budget, missing context and compaction; pending requests survive compaction",
    requirements: ["CTX-01", "CTX-02", "CTX-05", "TEXT-06"],
    input: {
      format: "agent-ui",
      records: compaction("as20", [
        [
          "action.required",
          { actionId: "act_keep", payload: { actionType: "clarification", prompt: "Which env?" } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(pendingActionIds(s), ["act_keep"], "pending action survives compaction");
        c.equal(
          s.context.refs.map((r) => r.label),
          ["README.md"],
          "context chips",
        );
        c.equal(s.context.missing.length, 1, "missing context shown");
        c.excludes(answerText(s), ["OLD-REASONING"], "answer text");
      }),
  },
  {
    id: "AS-21",
    title: "diagnostics and metrics stay in their surfaces; the transcript is free of debug logs",
    requirements: ["DIAG-01", "DIAG-02", "SEC-06"],
    input: { format: "agent-ui", records: diagnosticsMidAnswer("as21") },
    check: (s) =>
      collect((c) => {
        c.ok(
          s.diagnostics.some((d) => d.code === "runtime_warning"),
          "diagnostic keeps its code",
        );
        c.equal(s.metrics.first_text_delta_ms, 840, "metric value");
        c.equal(answerText(s), "Part one. Part two.", "answer text");
      }),
  },
  {
    id: "AS-22",
    title: "Agent Runtime profile projection end to end: ids, status, tool, approval, answer, evidence",
    requirements: ["ENV-03", "STAT-07", "HITL-03", "TEXT-04", "EVID-05", "ROUTE-03"],
    input: {
      format: "lime",
      records: limeEvents({ sessionId: "sess_e2e", threadId: "thread_e2e", turnId: "turn_e2e" }, [
        ["turn.submitted", { traceId: "trace_e2e", payload: { status: "accepted" } }],
        ["routing.decided", { payload: { selectedModel: "gpt-5.4", decisionSource: "user_selected" } }],
        ["turn.started", { payload: { status: "running" } }],
        ["tool.started", { stepId: "st", toolCallId: "tc_e2e", payload: { toolName: "write_file" } }],
        [
          "action.required",
          {
            actionId: "act_e2e",
            toolCallId: "tc_e2e",
            payload: {
              actionType: "tool_permission",
              toolName: "write_file",
              decisionKind: "allow_or_deny",
              prompt: "Allow?",
            },
          },
        ],
        ["action.resolved", { actionId: "act_e2e", toolCallId: "tc_e2e", payload: { decision: "approved" } }],
        ["tool.result", { stepId: "st", toolCallId: "tc_e2e", payload: { outputPreview: "ok" } }],
        ["model.delta", { payload: { messageId: "msg_e2e", delta: "Updated " } }],
        ["model.delta", { payload: { messageId: "msg_e2e", delta: "the file." } }],
        ["model.completed", { payload: { messageId: "msg_e2e", text: "Updated the file." } }],
        [
          "evidence.changed",
          {
            evidenceId: "ev_e2e",
            payload: {
              packRef: "evidence://e2e",
              verificationOutcomes: [{ name: "lint", status: "passed" }],
            },
          },
        ],
        ["turn.completed", { payload: { status: "completed" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(
          [s.runtime.sessionId, s.runtime.threadId, s.runtime.turnId],
          ["sess_e2e", "thread_e2e", "turn_e2e"],
          "spine ids",
        );
        c.equal(s.runtime.status, "completed", "runtime.status");
        c.equal(s.runtime.model.selected, "gpt-5.4", "model chip");
        c.equal(s.tools.tc_e2e?.status, "output-available", "tool status");
        c.equal(s.actions.act_e2e?.status, "resolved", "approval resolved by the runtime");
        c.equal(answerText(s), "Updated the file.", "answer once");
        c.equal(
          s.evidence.ev_e2e?.verification,
          [{ name: "lint", status: "passed" }],
          "verdict from outcomes",
        );
      }),
  },
]);
