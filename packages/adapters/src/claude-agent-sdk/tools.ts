// Tool outcomes: `tool_result` blocks of `user` messages with their `tool_result_meta` (the permission
// decision and why a tool did not execute), `tool_progress`, and permission denials. A tool ends once:
// output-available, an error, denied (never ran), or cancelled (stopped by the user while running).
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { SourceInfo } from "../shared/emitter";
import {
  type JsonObject,
  asRecord,
  compact,
  readArray,
  readBoolean,
  readNumber,
  readString,
} from "../shared/record";
import { safePreview } from "../shared/safe-preview";
import type { ClaudeState } from "./state";

/** What the CLI says about one tool_result beside its content. */
export interface ToolResultMeta {
  /** `{decision: accept|reject, source: user_temporary|user_reject|config|…}` */
  decision?: JsonObject;
  /** Set when the tool did not (fully) execute: `permission-rule`, `user-rejected` (interrupted), … */
  nonExecutionKind?: string;
}

/** The `tool_result_meta` list of a `user` message, by tool call id. */
export function toolResultMeta(record: JsonObject): Map<string, ToolResultMeta> {
  const byId = new Map<string, ToolResultMeta>();
  for (const entry of readArray(record, "tool_result_meta") ?? []) {
    const id = readString(entry, "id");
    if (id === undefined) continue;
    const meta: ToolResultMeta = {};
    const decision = asRecord(asRecord(entry)?.permission_decision);
    if (decision !== undefined) meta.decision = decision;
    const kind = readString(entry, "non_execution_kind");
    if (kind !== undefined) meta.nonExecutionKind = kind;
    byId.set(id, meta);
  }
  return byId;
}

export function onToolResult(
  state: ClaudeState,
  record: JsonObject,
  block: JsonObject,
  metas: Map<string, ToolResultMeta>,
  info: SourceInfo,
): AgentUiEvent[] {
  const toolCallId = readString(block, "tool_use_id");
  if (toolCallId === undefined)
    return [state.emit.diagnostic("missing_correlation", "warning", "tool_result without tool_use_id", info)];
  const base = { ...state.base(record), toolCallId };
  const out: AgentUiEvent[] = [];
  const { decision, nonExecutionKind } = metas.get(toolCallId) ?? {};
  if (decision !== undefined) {
    const payload = {
      decision: compact({
        id: toolCallId,
        decision: readString(decision, "decision") ?? "unknown",
        source: readString(decision, "source"),
        reason: readString(decision, "reason_type", "reason"),
      }),
    };
    out.push(state.emit.event("permission.changed", { ...base, payload }, info));
  }
  const outputPreview = safePreview(textOfContent(block.content), 2048);
  // Rejected by `canUseTool` or a permission rule: the tool never ran. The row fails as denied (not as
  // a tool error) and the decision is audited where it happened, beside the tool (HITL-04, PERM-02).
  if (readString(decision, "decision") === "reject") {
    const decidedBy = readString(decision, "source") === "user_reject" ? "user" : "permission policy";
    out.push(...denyTool(state, record, toolCallId, decidedBy, outputPreview, info));
    return out;
  }
  const tool = state.tool(toolCallId);
  if (tool.terminal) return out;
  state.endTool(toolCallId, tool);
  if (nonExecutionKind === "user-rejected") {
    // No permission prompt was involved: the user interrupted the query while the tool ran. It may have
    // run in part, so it is cancelled, neither an error nor a denial (TOOL-11).
    const payload = compact({ cancelled: true, reason: "interrupted by user", outputPreview });
    out.push(state.emit.event("tool.failed", { ...base, phase: "cancelled", payload }, info));
  } else if (readBoolean(block, "is_error") === true) {
    const payload = compact({ error: outputPreview ?? "tool error", outputPreview });
    out.push(state.emit.event("tool.failed", { ...base, phase: "failed", payload }, info));
  } else {
    const payload = compact({ output: state.safe(record.tool_use_result ?? block.content), outputPreview });
    out.push(state.emit.event("tool.result", { ...base, phase: "completed", payload }, info));
  }
  return out;
}

/** A denied tool: the row fails as denied and the decision is kept as an action audit (HITL-04, HITL-10).
 * Once per tool call, whether it is first seen at its tool_result or in the result's denial list. */
export function denyTool(
  state: ClaudeState,
  record: JsonObject,
  toolCallId: string,
  decidedBy: string,
  reason: string | undefined,
  info: SourceInfo,
): AgentUiEvent[] {
  if (state.deniedTools.has(toolCallId)) return [];
  state.deniedTools.add(toolCallId);
  const base = { ...state.base(record), toolCallId };
  const actionId = `permission:${toolCallId}`;
  const tool = state.tool(toolCallId);
  const out = [
    state.emit.event(
      "action.required",
      {
        ...base,
        actionId,
        payload: compact({
          actionType: "tool_approval",
          sourceType: "claude.permission_denial",
          toolName: tool.name,
          availableDecisions: ["allow", "deny"],
        }),
      },
      info,
    ),
    state.emit.event(
      "action.resolved",
      {
        ...base,
        actionId,
        payload: compact({ outcome: "resolved", decision: "reject", decidedBy, reason }),
      },
      info,
    ),
  ];
  if (!tool.terminal) {
    state.endTool(toolCallId, tool);
    const payload = compact({ denied: true, error: reason ?? "permission denied", outputPreview: reason });
    out.push(state.emit.event("tool.failed", { ...base, phase: "failed", payload }, info));
  }
  return out;
}

export function onToolProgress(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const toolCallId = readString(record, "tool_use_id");
  if (toolCallId === undefined) return [state.emit.unsupported(record, info)];
  const seconds = readNumber(record, "elapsed_time_seconds");
  const payload = compact({
    message:
      seconds !== undefined ? `${readString(record, "tool_name") ?? "tool"} running ${seconds}s` : undefined,
  });
  return [state.emit.event("tool.progress", { ...state.base(record), toolCallId, payload }, info)];
}

function textOfContent(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((block) =>
      readString(block, "type") === "text"
        ? (readString(block, "text") ?? "")
        : `[${readString(block, "type") ?? "content"}]`,
    )
    .join("\n");
}
