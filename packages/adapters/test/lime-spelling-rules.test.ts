import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";

// §E-4: runtimes write a payload field in camelCase or snake_case. Where a builder reads a looser key after
// the snake_case one (`tool_name` before `name`), the exact field wins over the looser one.

const IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u", stepId: "st", toolCallId: "c" };

const events = (type: string, payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  limeAdapter.create().push({ type, eventId: "e1", ...IDS, payload, ...extra }, 0);

type Pick = (events: AgentUiEvent[]) => unknown;
const field =
  (name: string): Pick =>
  (list) =>
    (list[0].payload as Record<string, unknown>)[name];
const envelope =
  (name: keyof AgentUiEvent): Pick =>
  (list) =>
    list[0][name];

const ROWS: [string, Record<string, unknown>, Record<string, unknown>, Pick, unknown][] = [
  ["tool.started", { tool_name: "exact", name: "loose" }, {}, field("name"), "exact"],
  ["tool.args", { args_delta: "exact", delta: "loose" }, {}, field("argsDelta"), "exact"],
  ["tool.result", { output_preview: "exact", preview: "loose" }, {}, field("outputPreview"), "exact"],
  ["tool.result", { output_bytes: 1, bytes: 2 }, {}, field("outputBytes"), 1],
  ["tool.failed", { failure_category: "exact", category: "loose" }, {}, field("category"), "exact"],
  ["action.required", { action_id: "exact", requestId: "loose" }, {}, envelope("actionId"), "exact"],
  [
    "action.required",
    { action_type: "question", type: "form" },
    { actionId: "a" },
    field("sourceType"),
    "question",
  ],
  [
    "action.required",
    { expires_at: "exact", timeoutAt: "loose" },
    { actionId: "a" },
    field("expiresAt"),
    "exact",
  ],
  ["action.resolved", { action_id: "exact", requestId: "loose" }, {}, envelope("actionId"), "exact"],
  [
    "action.resolved",
    { decided_by: "exact", source: "loose" },
    { actionId: "a" },
    field("decidedBy"),
    "exact",
  ],
  [
    "task.waiting",
    { waiting_on: "input", waitingFor: "approval" },
    { taskId: "k" },
    field("status"),
    "waiting_input",
  ],
  [
    "task.attempt.failed",
    { failure_category: "exact", reason: "loose" },
    { taskId: "k", runId: "r" },
    (list) => (list[0].payload as { attempt: { reason: string } }).attempt.reason,
    "exact",
  ],
  ["task.progress", { queue_position: 1, position: 2 }, { taskId: "k" }, field("queuePosition"), 1],
  [
    "subagent.status",
    { agent_name: "exact", name: "loose" },
    { subagentId: "w" },
    field("agentName"),
    "exact",
  ],
  [
    "subagent.status",
    { spawn_reason: "exact", reason: "loose" },
    { subagentId: "w" },
    field("spawnReason"),
    "exact",
  ],
  [
    "subagent.completed",
    { result_ref: "exact", transcriptRef: "loose" },
    { subagentId: "w" },
    (list) => (list[1].payload as { resultRef: string }).resultRef,
    "exact",
  ],
  ["context.compaction.started", { compaction_id: "exact", id: "loose" }, {}, field("compactionId"), "exact"],
  ["artifact.changed", { artifact_id: "exact", id: "loose" }, {}, envelope("artifactId"), "exact"],
  [
    "artifact.changed",
    { preview_ref: "exact", artifactPreviewRef: "loose" },
    {},
    envelope("artifactPreviewRef"),
    "exact",
  ],
  [
    "evidence.changed",
    { pack_ref: "exact", evidencePackRef: "loose" },
    { evidenceId: "ev" },
    envelope("evidencePackRef"),
    "exact",
  ],
];

describe("lime payload spellings (§E-4)", () => {
  it.each(ROWS)(
    "§E-4 %s %j: the snake_case field wins over the looser key",
    (type, payload, extra, pick, value) => {
      expect(pick(events(type, payload, extra))).toBe(value);
    },
  );
});
