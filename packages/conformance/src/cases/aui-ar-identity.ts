// AUI-AR-ID-001..005 (seed 002 §Identity preservation): Lime runtime events through the Lime adapter
// into the projection; every correlation id the runtime gives survives on the records that show it.
import { defineCases, largeBody, limeEvents } from "../builders";
import { collect } from "../checks";
import { containsString, findAgent, jsonSize, timelineFor } from "../inspect";

const spine = { sessionId: "sess_ar", threadId: "thread_ar", turnId: "turn_ar" };

export const IDENTITY_CASES = defineCases([
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
]);
