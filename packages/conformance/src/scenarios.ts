// Scripted envelope streams that several acceptance items share (seed 000 AS-PROJ, seed 001 VC and AS).
// Each case asserts its own item on them; the scripts live once here.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { envelopes, type Step } from "./builders";
import { partKinds } from "./inspect";

export const turnOf = (session: string) => ({
  sessionId: session,
  runId: `run_${session}`,
  turnId: `turn_${session}`,
});

/** Submit, accepted and preparing status, then streamed text reconciled by a final, then the run ends. */
export function statusThenText(session: string): AgentUiEvent[] {
  return envelopes(turnOf(session), [
    ["run.started", { payload: { input: "Summarize the repository", userMessageId: `u_${session}` } }],
    ["run.status", { payload: { status: "accepted", label: "Accepted" } }],
    ["run.status", { payload: { status: "preparing", label: "Preparing context" } }],
    ["text.delta", { messageId: `m_${session}`, payload: { delta: "The repo has " } }],
    ["text.delta", { messageId: `m_${session}`, payload: { delta: "three packages." } }],
    ["text.final", { messageId: `m_${session}`, payload: { text: "The repo has three packages." } }],
    ["run.finished", { payload: { outcome: "success" } }],
  ]);
}

/** reasoning → tool → text → reasoning summary → text in one active turn, then the run ends. */
export function interleavedTurn(session: string, finish = true): AgentUiEvent[] {
  const m = `m_${session}`;
  const steps: Step[] = [
    ["run.started", { payload: { input: "Check the config" } }],
    ["reasoning.delta", { messageId: m, partId: "r1", payload: { delta: "Need to read the config first." } }],
    [
      "tool.started",
      { toolCallId: `tc_${session}`, payload: { name: "read_file", inputSummary: "path=config.json" } },
    ],
    ["tool.result", { toolCallId: `tc_${session}`, payload: { outputPreview: '{"debug": false}' } }],
    ["text.delta", { messageId: m, partId: "t1", payload: { delta: "Debug is off. " } }],
    [
      "reasoning.summary",
      { messageId: m, partId: "r2", payload: { text: "Checked whether anything overrides it." } },
    ],
    ["text.delta", { messageId: m, partId: "t2", payload: { delta: "Nothing overrides it." } }],
  ];
  if (finish) steps.push(["run.finished", { payload: { outcome: "success" } }]);
  return envelopes(turnOf(session), steps);
}

/** Part kinds folded into process blocks (`reasoning`, `tool`, `text`), consecutive repeats merged. */
export function blockOrder(state: ProjectionState): string[] {
  const block = (kind: string) =>
    kind.startsWith("reasoning")
      ? "reasoning"
      : kind.startsWith("tool")
        ? "tool"
        : kind === "assistant_text"
          ? "text"
          : "";
  const blocks = partKinds(state)
    .map(block)
    .filter((b) => b !== "");
  return blocks.filter((b, i) => i === 0 || blocks[i - 1] !== b);
}

/** A coordinator with a worker whose result arrives as a notification on a user-role channel. */
export function workerNotification(session: string): AgentUiEvent[] {
  return envelopes({ ...turnOf(session), threadId: `thread_${session}` }, [
    ["run.started", { payload: { input: "Research the options" } }],
    [
      "team.changed",
      {
        topology: "coordinator_team",
        teamName: "delivery",
        payload: {
          teamName: "delivery",
          roster: [{ agentId: "worker_a", agentName: "scout", role: "researcher" }],
        },
      },
    ],
    [
      "agent.spawned",
      {
        agentId: "worker_a",
        taskId: "task_a",
        parentSessionId: session,
        parentThreadId: `thread_${session}`,
        topology: "coordinator_team",
        payload: { agentName: "scout", role: "researcher", status: "running" },
      },
    ],
    [
      "worker.notification",
      {
        agentId: "worker_a",
        taskId: "task_a",
        workerNotificationId: "wn_a",
        payload: {
          status: "completed",
          summary: "Option B is cheapest",
          resultRef: "result://task_a",
          role: "user",
        },
      },
    ],
    ["agent.completed", { agentId: "worker_a", taskId: "task_a", payload: { status: "completed" } }],
    ["text.delta", { messageId: `m_${session}`, payload: { delta: "Based on the research, pick B." } }],
  ]);
}

/** An approval requested by a subagent on behalf of the coordinator. */
export function delegatedApproval(session: string): AgentUiEvent[] {
  return envelopes(turnOf(session), [
    [
      "agent.spawned",
      {
        agentId: "coder",
        parentSessionId: session,
        parentThreadId: `thread_${session}`,
        payload: { agentName: "coder", status: "running" },
      },
    ],
    [
      "action.required",
      {
        actionId: `act_${session}`,
        agentId: "coder",
        payload: {
          actionType: "delegated_permission",
          prompt: "coder wants to run `rm -rf build`",
          toolName: "shell",
          severity: "high",
          availableDecisions: ["approve", "reject"],
          requestedBy: { agentId: "coder", name: "coder" },
        },
      },
    ],
  ]);
}

/** Old reasoning, then a compaction boundary with a summary, then new answer text; `before` runs first. */
export function compaction(session: string, before: Step[] = []): AgentUiEvent[] {
  const m = `m_${session}`;
  return envelopes(turnOf(session), [
    ...before,
    [
      "reasoning.delta",
      { messageId: m, partId: "r_old", payload: { delta: "OLD-REASONING about module layout" } },
    ],
    [
      "context.changed",
      {
        payload: {
          refs: [{ id: "ctx_readme", label: "README.md", kind: "file" }],
          budget: { used: 9000, limit: 10000 },
          missing: [{ id: "ctx_secrets", label: ".env", reason: "not shared" }],
        },
      },
    ],
    ["context.compaction.started", { payload: { compactionId: "cmp_1", tokensBefore: 9000 } }],
    [
      "context.compaction.completed",
      {
        payload: {
          compactionId: "cmp_1",
          summary: "Earlier turns summarized",
          tokensBefore: 9000,
          tokensAfter: 1200,
        },
      },
    ],
    ["text.delta", { messageId: m, partId: "t_new", payload: { delta: "Continuing with the build." } }],
  ]);
}

/** A diagnostic and a metric in the middle of an answer. */
export function diagnosticsMidAnswer(session: string): AgentUiEvent[] {
  const m = `m_${session}`;
  return envelopes(turnOf(session), [
    ["text.delta", { messageId: m, payload: { delta: "Part one. " } }],
    [
      "diagnostic.changed",
      {
        diagnosticId: "diag_1",
        payload: { code: "runtime_warning", severity: "warning", message: "DIAG: provider latency high" },
      },
    ],
    ["metric.changed", { metricName: "first_text_delta_ms", payload: { value: 840, unit: "ms" } }],
    ["text.delta", { messageId: m, payload: { delta: "Part two." } }],
  ]);
}

/** Queue and steer during an active run. */
export function queueAndSteer(session: string): AgentUiEvent[] {
  return envelopes(turnOf(session), [
    ["run.started", { payload: { input: "Write the docs" } }],
    ["run.status", { payload: { status: "streaming" } }],
    [
      "queue.changed",
      {
        queuedTurnCount: 1,
        payload: {
          items: [{ id: "q_1", preview: "then publish them", status: "queued", position: 1 }],
          steers: [
            {
              id: "s_1",
              preview: "use British spelling",
              status: "pending",
              targetTurnId: `turn_${session}`,
            },
          ],
        },
      },
    ],
  ]);
}

/** Artifacts: a tool-produced file, one without metadata beside prose guessing it, and an export. */
export function artifactLifecycle(session: string, exportBody: string): AgentUiEvent[] {
  return envelopes(turnOf(session), [
    ["tool.started", { toolCallId: `tc_${session}`, payload: { name: "render_report" } }],
    [
      "tool.result",
      {
        toolCallId: `tc_${session}`,
        artifactId: "art_report",
        payload: { outputPreview: "rendered", artifactIds: ["art_report"] },
      },
    ],
    [
      "artifact.created",
      {
        artifactId: "art_report",
        toolCallId: `tc_${session}`,
        artifactKind: "report",
        artifactVersionId: "v1",
        payload: { title: "Q3 report", preview: "Revenue grew" },
      },
    ],
    ["artifact.created", { artifactId: "art_mystery" }],
    ["text.delta", { messageId: `m_${session}`, payload: { delta: "I saved it as a PDF image." } }],
    ["artifact.export.started", { artifactId: "art_report", artifactExportId: "exp_1" }],
    [
      "artifact.export.completed",
      {
        artifactId: "art_report",
        artifactExportId: "exp_1",
        payload: { exportRef: "export://exp_1", binary: exportBody },
      },
    ],
  ]);
}

/** A coordinator spawning a subagent that works a task and completes. */
export function subagentRun(session: string): AgentUiEvent[] {
  return envelopes({ ...turnOf(session), threadId: `thread_${session}` }, [
    ["task.changed", { taskId: "task_lead", payload: { status: "running", title: "Release" } }],
    [
      "agent.spawned",
      {
        agentId: "sub_1",
        subagentId: "sub_1",
        taskId: "task_sub",
        parentSessionId: session,
        parentThreadId: `thread_${session}`,
        runtimeEntity: "subagent_turn",
        payload: { agentName: "tester", status: "running", parentAgentId: "lead" },
      },
    ],
    [
      "task.changed",
      {
        taskId: "task_sub",
        agentId: "sub_1",
        runtimeEntity: "subagent_turn",
        payload: { status: "running", parentTaskId: "task_lead", title: "Run the tests" },
      },
    ],
    ["agent.changed", { agentId: "sub_1", payload: { status: "needs_input" } }],
    [
      "agent.completed",
      { agentId: "sub_1", payload: { status: "completed", summary: "SUBAGENT-RESULT all 212 tests pass" } },
    ],
  ]);
}
