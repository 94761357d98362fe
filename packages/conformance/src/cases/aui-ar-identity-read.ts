// AUI-AR-ID-001..005 and AUI-AR-READ-001..006 (seed 002 §Identity preservation, §Status and read model
// projection): Lime runtime events and snapshots through the Lime adapter into the projection.
import { defineCases, largeBody, limeEvents, limeSnapshot } from "../builders";
import { collect } from "../checks";
import {
  ACTIVE_STATUSES,
  TERMINAL_STATUSES,
  allParts,
  answerText,
  containsString,
  findAgent,
  jsonSize,
  pendingActionIds,
  timelineFor,
} from "../inspect";

const spine = { sessionId: "sess_ar", threadId: "thread_ar", turnId: "turn_ar" };

export const IDENTITY_READ_CASES = defineCases([
  {
    id: "AUI-AR-ID-001",
    title: "runtimeId/sessionId/threadId/turnId kept on status, task and timeline records",
    requirements: ["ENV-02", "ENV-03"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["turn.submitted", { traceId: "trace_ar", payload: { status: "accepted" } }],
        ["turn.started"],
        ["task.started", { taskId: "task_ar", payload: { status: "running", title: "Index the repo" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.runtime.runtimeId, "rt_conformance", "runtime.runtimeId");
        c.equal(s.runtime.sessionId, "sess_ar", "runtime.sessionId");
        c.equal(s.runtime.threadId, "thread_ar", "runtime.threadId");
        c.equal(s.runtime.turnId, "turn_ar", "runtime.turnId");
        c.equal(s.session.sessionId, "sess_ar", "session shell sessionId");
        c.defined(s.tasks.task_ar, "tasks.task_ar");
        const taskEntries = timelineFor(s, "task_ar");
        c.ok(taskEntries.length > 0, "a timeline entry for task_ar");
        c.ok(
          taskEntries.some((e) => e.turnId === "turn_ar" || Object.values(e.refs).includes("turn_ar")),
          "the task's timeline entry keeps the turn id",
        );
        c.ok(timelineFor(s, "turn_ar").length > 0, "timeline entries keep the turn id");
      }),
  },
  {
    id: "AUI-AR-ID-002",
    title: "taskId/runId/attemptId link the active attempt and the prior attempts",
    requirements: ["ENV-02", "TASK-07"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "task.attempt.started",
          { taskId: "task_r", runId: "run_1", attemptId: "att_1", payload: { status: "running" } },
        ],
        [
          "task.attempt.failed",
          {
            taskId: "task_r",
            runId: "run_1",
            attemptId: "att_1",
            payload: { status: "failed", failureCategory: "tool_failed", retryable: true },
          },
        ],
        ["task.retrying", { taskId: "task_r", payload: { status: "retrying" } }],
        [
          "task.attempt.started",
          { taskId: "task_r", runId: "run_2", attemptId: "att_2", payload: { status: "running" } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const task = s.tasks.task_r;
        if (!c.defined(task, "tasks.task_r")) return;
        c.equal(task.currentRunId, "run_2", "current run");
        c.equal(
          task.attempts.map((a) => [a.runId, a.attemptId]),
          [
            ["run_1", "att_1"],
            ["run_2", "att_2"],
          ],
          "attempts (run, attempt) in order",
        );
        c.ok(timelineFor(s, "run_1").length + timelineFor(s, "att_1").length > 0, "timeline links attempt 1");
        c.ok(timelineFor(s, "run_2").length + timelineFor(s, "att_2").length > 0, "timeline links attempt 2");
      }),
  },
  {
    id: "AUI-AR-ID-003",
    title: "tool row, approval card and evidence timeline join through toolCallId/actionId",
    requirements: ["ENV-02", "HITL-01", "TOOL-01", "EVID-02"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "tool.started",
          {
            stepId: "step_1",
            toolCallId: "tc_w",
            payload: { toolName: "write_file", safeArgs: { path: "a.md" } },
          },
        ],
        [
          "action.required",
          {
            actionId: "act_w",
            toolCallId: "tc_w",
            payload: {
              actionType: "tool_permission",
              toolName: "write_file",
              decisionKind: "allow_or_deny",
              prompt: "Allow write_file?",
            },
          },
        ],
        ["action.resolved", { actionId: "act_w", toolCallId: "tc_w", payload: { decision: "approved" } }],
        ["tool.result", { stepId: "step_1", toolCallId: "tc_w", payload: { outputPreview: "wrote a.md" } }],
        [
          "evidence.changed",
          { evidenceId: "ev_w", payload: { packRef: "evidence://w", toolCallIds: ["tc_w"] } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const tool = s.tools.tc_w;
        const action = s.actions.act_w;
        if (!c.defined(tool, "tools.tc_w") || !c.defined(action, "actions.act_w")) return;
        c.equal(action.toolCallId, "tc_w", "approval card toolCallId");
        c.equal(tool.actionId, "act_w", "tool row actionId");
        c.includes(s.evidence.ev_w?.toolCallIds, "tc_w", "evidence toolCallIds");
        c.ok(timelineFor(s, "tc_w").length > 0, "timeline entries reference tc_w");
        c.ok(timelineFor(s, "act_w").length > 0, "timeline entries reference act_w");
      }),
  },
  {
    id: "AUI-AR-ID-004",
    title: "evidenceId/traceId/evidencePackRef kept; the evidence surface links, it does not copy the pack",
    requirements: ["ENV-02", "EVID-05", "ARCH-03"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "evidence.changed",
          {
            evidenceId: "ev_t",
            traceId: "trace_t",
            payload: {
              packRef: "evidence://sess_ar/turn_ar",
              replayRef: "replay://sess_ar/turn_ar",
              reviewRef: "review://sess_ar/turn_ar",
              inlinePack: largeBody("PACKBODY"),
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const ev = s.evidence.ev_t;
        if (!c.defined(ev, "evidence.ev_t")) return;
        c.equal(ev.packRef, "evidence://sess_ar/turn_ar", "packRef");
        c.equal(ev.traceId, "trace_t", "traceId");
        c.ok(
          !containsString(s, "PACKBODY-0123456789abcdef PACKBODY"),
          "the inline pack body is not copied into state",
        );
        c.atMost(jsonSize(s), 50_000, "serialized state size");
      }),
  },
  {
    id: "AUI-AR-ID-005",
    title: "parent/child lineage survives hydration into a new projector",
    requirements: ["TEAM-02", "HYD-01", "ENV-02"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["task.started", { taskId: "task_parent", payload: { status: "running" } }],
        [
          "subagent.spawned",
          {
            subagentId: "sub_research",
            taskId: "task_child",
            parentTaskId: "task_parent",
            parentSessionId: "sess_ar",
            parentThreadId: "thread_ar",
            payload: { agentName: "researcher", status: "running" },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const restored = ctx.project([], { kind: "projection", state: s });
        for (const [label, state] of [
          ["live", s],
          ["hydrated", restored],
        ] as const) {
          const agent = findAgent(state, "sub_research");
          if (!c.defined(agent, `${label}: agent sub_research`)) continue;
          c.equal(agent.lineage, "known", `${label}: lineage`);
          c.equal(agent.parentSessionId, "sess_ar", `${label}: parentSessionId`);
          c.equal(agent.parentThreadId, "thread_ar", `${label}: parentThreadId`);
          c.ok(
            state.team.edges.some((e) => e.to === agent.agentId),
            `${label}: a delegation edge to the child`,
          );
        }
      }),
  },
  {
    id: "AUI-AR-READ-001",
    title: "accepted status shows before the first text delta, outside the answer",
    requirements: ["STAT-07", "STAT-01", "STAT-02", "TEXT-01"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["turn.submitted", { payload: { status: "accepted" } }],
        ["model.delta", { payload: { messageId: "msg_1", delta: "Hello" } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const before = ctx.stateAfter(1);
        c.oneOf(before.runtime.status, ["submitted", "accepted", "preparing"], "status before first text");
        c.equal(answerText(before), "", "answer before the first delta");
        c.equal(answerText(s), "Hello", "answer after the delta");
        c.excludes(answerText(s), ["accepted", "submitted"], "answer text");
      }),
  },
  {
    id: "AUI-AR-READ-002",
    title: "running turn: status and capsule running, no final answer fabricated",
    requirements: ["STAT-07", "TASK-06", "FALL-02"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["turn.submitted", { payload: { status: "accepted" } }],
        ["turn.started", { payload: { status: "running" } }],
        ["task.started", { taskId: "task_run", payload: { status: "running" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.oneOf(
          s.runtime.status,
          ACTIVE_STATUSES.filter((x) => x !== "accepted"),
          "runtime.status",
        );
        c.equal(s.tasks.task_run?.status, "running", "task capsule status");
        c.equal(answerText(s), "", "answer text (none fabricated)");
      }),
  },
  {
    id: "AUI-AR-READ-003",
    title: "a pending request in the read model shows the HITL card and waiting attention",
    requirements: ["HITL-01", "TASK-04", "HYD-09"],
    input: {
      format: "lime",
      records: [
        limeSnapshot([
          {
            threadId: "thread_ar",
            status: "blocked",
            activeTurnId: "turn_ar",
            turns: [{ turnId: "turn_ar", status: "running" }],
            pendingRequests: [
              {
                actionId: "act_pending",
                actionType: "tool_permission",
                toolName: "shell",
                decisionKind: "allow_or_deny",
                prompt: "Allow shell to run npm test?",
              },
            ],
          },
        ]),
      ],
    },
    check: (s) =>
      collect((c) => {
        c.equal(pendingActionIds(s), ["act_pending"], "pending actions");
        c.equal(s.actions.act_pending?.prompt, "Allow shell to run npm test?", "card prompt");
        c.oneOf(s.runtime.status, ["action_required", "waiting", "blocked"], "runtime.status");
        c.equal(s.runtime.attention, "high", "runtime attention");
      }),
  },
  {
    id: "AUI-AR-READ-004",
    title: "turn.completed + snapshot: status completed, process archived to the timeline",
    requirements: ["STAT-07", "STAT-08", "PROC-03"],
    input: {
      format: "lime",
      records: [
        ...limeEvents(spine, [
          ["turn.started", { payload: { status: "running" } }],
          ["reasoning.delta", { payload: { messageId: "msg_c", delta: "Look at the file first." } }],
          ["tool.started", { stepId: "s1", toolCallId: "tc_r", payload: { toolName: "read_file" } }],
          ["tool.result", { stepId: "s1", toolCallId: "tc_r", payload: { outputPreview: "# README" } }],
          ["model.delta", { payload: { messageId: "msg_c", delta: "Done." } }],
          ["model.completed", { payload: { messageId: "msg_c", text: "Done." } }],
          ["turn.completed", { payload: { status: "completed" } }],
        ]),
        limeSnapshot(
          [
            {
              threadId: "thread_ar",
              status: "completed",
              turns: [{ turnId: "turn_ar", status: "completed" }],
            },
          ],
          {
            sessionId: "sess_ar",
          },
        ),
      ],
    },
    check: (s, ctx) =>
      collect((c) => {
        c.notOneOf(
          ctx.stateAfter(6).runtime.status,
          TERMINAL_STATUSES,
          "status after model.completed (STAT-08)",
        );
        c.equal(ctx.stateAfter(7).runtime.status, "completed", "status after turn.completed");
        c.equal(s.runtime.status, "completed", "status after the snapshot");
        const process = allParts(s).filter((p) => p.kind !== "assistant_text" && p.kind !== "user_text");
        c.ok(process.length > 0, "process parts are kept");
        c.ok(
          process.every((p) => p.expanded !== true),
          "completed process parts are collapsed",
        );
        c.ok(timelineFor(s, "tc_r").length > 0, "the tool is archived in the timeline");
        c.equal(answerText(s), "Done.", "answer text");
      }),
  },
  {
    id: "AUI-AR-READ-005",
    title:
      "turn.failed with a category: failure on status, capsule and timeline; the answer claims no success",
    requirements: ["STAT-07", "TASK-06", "FALL-01"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["turn.started", { payload: { status: "running" } }],
        ["task.started", { taskId: "task_f", payload: { status: "running" } }],
        [
          "task.failed",
          { taskId: "task_f", payload: { status: "failed", failureCategory: "provider_error" } },
        ],
        [
          "turn.failed",
          {
            payload: {
              status: "failed",
              failureCategory: "provider_error",
              message: "upstream 503",
              retryable: true,
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.runtime.status, "failed", "runtime.status");
        c.equal(s.runtime.failure?.category, "provider_error", "runtime.failure.category");
        c.equal(s.tasks.task_f?.status, "failed", "task capsule status");
        c.ok(
          s.timeline.some((e) => e.status === "failed"),
          "a failed timeline entry",
        );
        c.equal(answerText(s), "", "answer text (no success claimed)");
      }),
  },
  {
    id: "AUI-AR-READ-006",
    title: "snapshot without routing/evidence summaries: unavailable, and secrets stay out of diagnostics",
    requirements: ["FALL-01", "FALL-04", "SEC-01", "ARCH-07"],
    input: {
      format: "lime",
      records: [
        limeSnapshot(
          [
            {
              threadId: "thread_ar",
              status: "running",
              turns: [{ turnId: "turn_ar", status: "running" }],
              evidenceSummary: undefined,
              providerAuth: { authorization: "Bearer sk-live-CONFORMANCESECRET123456" },
            },
          ],
          { routingLimitSummary: undefined, telemetrySummary: undefined },
        ),
      ],
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.session.hydration.status, "hydrated", "hydration status");
        c.notOneOf(
          s.runtime.status,
          ["idle", "unknown", "completed"],
          "runtime.status of the running thread",
        );
        c.oneOf(s.runtime.model.selected, ["unavailable", "unknown"], "model chip without routing summary");
        c.equal(Object.keys(s.evidence), [], "evidence records (none fabricated)");
        c.ok(!containsString(s, "CONFORMANCESECRET"), "the secret never enters state or diagnostics");
        c.equal(answerText(s), "", "answer text");
      }),
  },
]);
