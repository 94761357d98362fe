// AUI-AR-READ-001..006 (seed 002 §Status and read model projection): Lime runtime events and snapshots
// through the Lime adapter into the projection.
import { defineCases, limeEvents, limeSnapshot } from "../builders";
import { collect } from "../checks";
import {
  ACTIVE_STATUSES,
  TERMINAL_STATUSES,
  allParts,
  answerText,
  containsString,
  pendingActionIds,
  timelineFor,
} from "../inspect";

const spine = { sessionId: "sess_ar", threadId: "thread_ar", turnId: "turn_ar" };

export const READ_MODEL_CASES = defineCases([
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
