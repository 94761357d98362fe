// AUI-AR-ACTION-001..005 and AUI-AR-TASK-001..005 (seed 002 §Tool approval and controlled write, §Task,
// routing and limit): Lime runtime events through the Lime adapter into the projection.
import { defineCases, largeBody, limeEvents } from "../builders";
import { collect } from "../checks";
import {
  allParts,
  answerText,
  conversationText,
  findAgent,
  jsonSize,
  pendingActionIds,
  timelineFor,
} from "../inspect";

const spine = { sessionId: "sess_act", threadId: "thread_act", turnId: "turn_act" };

const approval = (actionId: string, toolCallId?: string) =>
  [
    "action.required",
    {
      actionId,
      ...(toolCallId ? { toolCallId } : {}),
      payload: {
        actionType: "tool_permission",
        toolName: "write_file",
        decisionKind: "allow_or_deny",
        prompt: "Allow write_file to update notes.md?",
        scope: { path: "notes.md" },
      },
    },
  ] as [string, Record<string, unknown>];

const toolStart = (toolCallId: string, toolName = "write_file") =>
  ["tool.started", { stepId: `step_${toolCallId}`, toolCallId, payload: { toolName } }] as [
    string,
    Record<string, unknown>,
  ];

export const ACTION_TASK_CASES = defineCases([
  {
    id: "AUI-AR-ACTION-001",
    title: "action.required gives approve/reject controls keyed by a stable actionId",
    requirements: ["HITL-01", "HITL-07", "PERM-03"],
    input: { format: "lime", records: limeEvents(spine, [approval("act_1")]) },
    check: (s) =>
      collect((c) => {
        const action = s.actions.act_1;
        if (!c.defined(action, "actions.act_1")) return;
        c.equal(action.actionId, "act_1", "actionId");
        c.equal(action.status, "pending", "status");
        c.equal(action.type, "tool_approval", "type");
        c.ok(
          Array.isArray(action.availableDecisions) && action.availableDecisions.length >= 2,
          `approve and reject decisions, got ${JSON.stringify(action.availableDecisions)}`,
        );
        c.ok(timelineFor(s, "act_1").length > 0, "a timeline entry keyed by the actionId");
      }),
  },
  {
    id: "AUI-AR-ACTION-002",
    title: "approval is resolved only by the runtime's action.resolved, never before it",
    requirements: ["HITL-02", "HITL-03", "CTRL-03", "RT-AS-04"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        toolStart("tc_2"),
        approval("act_2", "tc_2"),
        ["model.delta", { payload: { messageId: "m_2", delta: "I approved it and wrote the file." } }],
        ["action.resolved", { actionId: "act_2", toolCallId: "tc_2", payload: { decision: "approved" } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const waiting = ctx.stateAfter(3);
        c.equal(
          waiting.actions.act_2?.status,
          "pending",
          "status while waiting for the runtime (prose says approved)",
        );
        c.equal(waiting.actions.act_2?.decision, undefined, "no decision before the runtime confirms");
        c.equal(pendingActionIds(waiting), ["act_2"], "pending actions while waiting");
        c.notOneOf(
          waiting.tools.tc_2?.status,
          ["output-available", "output-error"],
          "the gated tool has not run while the approval waits",
        );
        const action = s.actions.act_2;
        if (!c.defined(action, "actions.act_2")) return;
        c.equal(action.status, "resolved", "status after action.resolved");
        c.oneOf(action.decision, ["approve", "approved", "allow"], "decision");
        c.ok(action.resolvedBy !== undefined, "resolvedBy points at the runtime fact");
        c.equal(pendingActionIds(s), [], "pending actions after resolution");
      }),
  },
  {
    id: "AUI-AR-ACTION-003",
    title: "rejection never produces an optimistic tool.result; the runtime's denial fails the tool",
    requirements: ["HITL-04", "HITL-06", "TOOL-08"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        toolStart("tc_3"),
        approval("act_3", "tc_3"),
        ["action.resolved", { actionId: "act_3", toolCallId: "tc_3", payload: { decision: "rejected" } }],
        [
          "tool.failed",
          {
            stepId: "step_tc_3",
            toolCallId: "tc_3",
            payload: { failureCategory: "permission_denied", error: "denied by user" },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const afterReject = ctx.stateAfter(3);
        c.notOneOf(
          afterReject.tools.tc_3?.status,
          ["output-available"],
          "tool status right after the rejection",
        );
        c.oneOf(s.actions.act_3?.decision, ["reject", "rejected", "deny"], "decision");
        c.oneOf(s.tools.tc_3?.status, ["output-error", "cancelled"], "tool status after the runtime denial");
        c.equal(s.tools.tc_3?.outputRef, undefined, "no output ref on a denied tool");
      }),
  },
  {
    id: "AUI-AR-ACTION-004",
    title: "a repeated response is idempotent: no second resolved fact",
    requirements: ["HITL-05", "ORD-02", "ORD-07"],
    input: {
      format: "lime",
      // The resolution is delivered twice (reconnect), then a conflicting second resolution arrives that a
      // runtime must not send for one action; neither may create another resolved fact.
      records: limeEvents(spine, [
        approval("act_4"),
        ["action.resolved", { actionId: "act_4", payload: { decision: "approved" } }],
        ["action.resolved", { sequence: 2, actionId: "act_4", payload: { decision: "approved" } }],
        ["action.resolved", { sequence: 3, actionId: "act_4", payload: { decision: "rejected" } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const first = ctx.stateAfter(2);
        c.equal(first.actions.act_4?.status, "resolved", "status after the first resolution");
        c.oneOf(
          first.actions.act_4?.decision,
          ["approve", "approved", "allow"],
          "decision of the first resolution",
        );
        c.equal(s.actions.act_4, first.actions.act_4, "the action after repeated responses");
        c.equal(
          timelineFor(s, "act_4").length,
          timelineFor(first, "act_4").length,
          "timeline entries for act_4",
        );
      }),
  },
  {
    id: "AUI-AR-ACTION-005",
    title: "large tool output is offloaded: summary and ref shown, detail on demand",
    requirements: ["TOOL-02", "TOOL-05", "ARCH-03"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        toolStart("tc_5", "run_tests"),
        [
          "tool.result",
          {
            stepId: "step_tc_5",
            toolCallId: "tc_5",
            outputRef: "output://tc_5/stdout",
            payload: {
              outputRef: "output://tc_5/stdout",
              outputBytes: 200_000,
              output: largeBody("TESTLOG"),
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const tool = s.tools.tc_5;
        if (!c.defined(tool, "tools.tc_5")) return;
        c.equal(tool.status, "output-available", "tool status");
        c.ok(typeof tool.outputRef === "string" && tool.outputRef.length > 0, "an output ref");
        c.atMost(tool.outputPreview?.length ?? 0, 4096, "output preview length");
        c.atMost(jsonSize(s), 60_000, "serialized state size");
        c.excludes(answerText(s), ["TESTLOG"], "answer text");
      }),
  },
  {
    id: "AUI-AR-TASK-001",
    title:
      "retry keeps history: retrying, then the current attempt, the failed attempt still in the timeline",
    requirements: ["TASK-07", "TOOL-07"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "task.attempt.started",
          { taskId: "task_t1", runId: "run_a", attemptId: "att_a", payload: { status: "running" } },
        ],
        [
          "task.attempt.failed",
          {
            taskId: "task_t1",
            runId: "run_a",
            attemptId: "att_a",
            payload: { status: "failed", failureCategory: "tool_failed", retryable: true },
          },
        ],
        ["task.retrying", { taskId: "task_t1", payload: { status: "retrying", reason: "policy retry" } }],
        [
          "task.attempt.started",
          { taskId: "task_t1", runId: "run_b", attemptId: "att_b", payload: { status: "running" } },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(ctx.stateAfter(3).tasks.task_t1?.status, "retrying", "capsule while retrying");
        const task = s.tasks.task_t1;
        if (!c.defined(task, "tasks.task_t1")) return;
        c.oneOf(task.status, ["running", "retrying"], "capsule on the new attempt");
        c.equal(task.currentRunId, "run_b", "current attempt");
        c.ok(
          task.attempts.some((a) => a.runId === "run_a" && a.status === "failed"),
          "failed attempt kept",
        );
        c.ok(
          [...timelineFor(s, "run_a"), ...timelineFor(s, "att_a")].some((e) => e.status === "failed"),
          "the timeline keeps a failed entry for the first attempt",
        );
      }),
  },
  {
    id: "AUI-AR-TASK-002",
    title: "quota.blocked / routing.not_possible: blocked with the reason, never endless running",
    requirements: ["TASK-08", "STAT-04"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["turn.started", { payload: { status: "running" } }],
        ["task.started", { taskId: "task_q", payload: { status: "running" } }],
        ["quota.blocked", { taskId: "task_q", payload: { reason: "monthly token quota exhausted" } }],
        ["routing.not_possible", { taskId: "task_n", payload: { reason: "no model supports vision" } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const quota = ctx.stateAfter(3);
        c.oneOf(quota.tasks.task_q?.status, ["blocked", "failed"], "capsule after quota.blocked");
        c.ok(
          JSON.stringify(quota.tasks.task_q ?? {}).includes("quota"),
          "the capsule shows the quota reason",
        );
        c.oneOf(quota.runtime.status, ["blocked", "failed"], "runtime.status after quota.blocked");
        c.ok((quota.runtime.reason ?? "").length > 0, "runtime status carries a reason");
        c.oneOf(s.tasks.task_n?.status, ["blocked", "failed"], "capsule after routing.not_possible");
        c.ok(JSON.stringify(s.tasks.task_n ?? {}).includes("vision"), "the capsule shows the routing reason");
      }),
  },
  {
    id: "AUI-AR-TASK-003",
    title: "single candidate: the model chip explains the selected model and the decision source",
    requirements: ["ROUTE-01", "ROUTE-03", "PROSE-01"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "routing.single_candidate",
          {
            payload: {
              candidateCount: 1,
              selectedModel: "claude-opus-x",
              decisionSource: "workspace_policy",
              taskKind: "review",
            },
          },
        ],
        ["model.delta", { payload: { messageId: "m_3", delta: "Reviewing now." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.runtime.model.selected, "claude-opus-x", "model chip");
        c.equal(s.runtime.model.decisionSource, "workspace_policy", "decision source");
        c.equal(s.runtime.model.candidateCount, 1, "candidate count");
        c.excludes(conversationText(s), ["claude-opus-x", "workspace_policy"], "conversation text");
      }),
  },
  {
    id: "AUI-AR-TASK-004",
    title: "cost and limit state shows as status or diagnostics, never as prose",
    requirements: ["ROUTE-02", "DIAG-01"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["cost.estimated", { payload: { estimatedCostUsd: 4.2, currency: "USD" } }],
        ["rate_limit.hit", { payload: { limit: "requests_per_minute", retryAfterMs: 30_000 } }],
        ["limit.changed", { payload: { limitState: { tokensRemaining: 1200, status: "low" } } }],
        ["model.delta", { payload: { messageId: "m_4", delta: "Working on it." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(answerText(s), "Working on it.", "answer text");
        const parts = allParts(s).filter((p) => p.kind !== "assistant_text" && p.kind !== "user_text");
        c.excludes(
          JSON.stringify(parts.map((p) => p.text ?? "")),
          ["4.2", "requests_per_minute"],
          "message parts",
        );
        const limits = JSON.stringify(s.runtime.limits);
        const seen = `${limits} ${JSON.stringify(s.diagnostics)} ${JSON.stringify(s.metrics)}`;
        c.ok(
          seen.includes("4.2") || seen.includes("estimatedCost") || "cost" in s.runtime.limits,
          "the cost estimate is shown",
        );
        c.ok(
          s.runtime.limits.status === "rate_limited" ||
            s.runtime.limits.rateLimit !== undefined ||
            ["retrying", "waiting", "blocked"].includes(s.runtime.status) ||
            seen.includes("requests_per_minute"),
          `the rate limit is shown as status or diagnostics (status ${s.runtime.status})`,
        );
      }),
  },
  {
    id: "AUI-AR-TASK-005",
    title: "subagent lineage: team and delegation surfaces show the child owner and the parent task",
    requirements: ["TEAM-18", "TEAM-02", "TASK-02"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["task.started", { taskId: "task_lead", payload: { status: "running", title: "Ship the release" } }],
        [
          "subagent.spawned",
          {
            subagentId: "sub_tester",
            taskId: "task_tests",
            parentTaskId: "task_lead",
            parentSessionId: "sess_act",
            parentThreadId: "thread_act",
            payload: { agentName: "tester", role: "verifier", status: "running" },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const agent = findAgent(s, "sub_tester");
        if (!c.defined(agent, "agent sub_tester")) return;
        c.equal(agent.name, "tester", "teammate name");
        c.equal(agent.lineage, "known", "lineage");
        c.ok(
          agent.taskId === "task_tests" || s.tasks.task_tests?.parentTaskId === "task_lead",
          "the child's task is linked",
        );
        c.ok(
          s.team.edges.some((e) => e.kind === "spawn" && e.to === agent.agentId),
          "a spawn edge to the child",
        );
        c.equal(answerText(s), "", "nothing flattened into the answer");
      }),
  },
]);
