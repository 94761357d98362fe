// Claude Agent SDK `SDKMessage` stream (stream-json) → Agent UI. One `query()` run per `result`;
// assistant content via ./content, system and background tasks via ./system; tool results, permission
// decisions and denials, and the run terminal here.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { limitDiagnostics } from "../shared/bounded";
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
import type { AdapterOptions, SourceAdapter } from "../types";
import { onAssistant, onStreamEvent } from "./content";
import { CLAUDE_FORMAT, ClaudeState } from "./state";
import { onSystem } from "./system";
import { denyTool, onToolProgress, onToolResult, toolResultMeta } from "./tools";

const RESULT_METRICS: readonly [string, string, string][] = [
  ["total_cost_usd", "cost.usd", "usd"],
  ["duration_ms", "run.duration_ms", "ms"],
  ["duration_api_ms", "model.duration_ms", "ms"],
  ["num_turns", "run.turns", "count"],
];

/** `terminal_reason`s of a query stopped by `interrupt()` or its abort signal. */
const ABORTED = new Set(["aborted_streaming", "aborted_tools"]);
/** "[Request interrupted by user]" / "[Request interrupted by user for tool use]" */
const INTERRUPT_MARKER = /^\[Request interrupted by user[^\]]*\]$/;

class ClaudeAdapter implements SourceAdapter {
  readonly format = CLAUDE_FORMAT;
  private readonly state: ClaudeState;

  constructor(options: AdapterOptions) {
    this.state = new ClaudeState(options);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const type = readString(record, "type");
    const subtype = readString(record, "subtype");
    const info: SourceInfo = { index, sourceType: subtype !== undefined ? `${type}/${subtype}` : type };
    // Every SDKMessage names its session; the first one seen stands in until `system/init` says otherwise.
    // Bound before translating, so this record's diagnostics (unsupported records, missing ids, guarded
    // errors) are numbered in the session's stream like its other events (ORD-01).
    this.state.sessionId ??= readString(record, "session_id");
    this.state.emit.bindSession(readString(record, "session_id") ?? this.state.sessionId);
    const out = this.state.emit.guard(record, info, () => this.translate(record, type, info));
    out.push(...limitDiagnostics(this.state.emit, this.state.limits, info));
    return out;
  }

  finish(): AgentUiEvent[] {
    if (!this.state.runOpen) return [];
    // A cut stream is legal; without a `result` the run's outcome is not known here (never "completed").
    const fields = this.state.runId !== undefined ? { runId: this.state.runId } : {};
    this.state.emit.bindSession(this.state.sessionId);
    return [
      this.state.emit.diagnostic(
        "transport_unavailable",
        "info",
        "claude stream ended before the result message",
        {},
        fields,
      ),
    ];
  }

  private translate(record: unknown, type: string | undefined, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(record);
    if (body === undefined) return [this.state.emit.unsupported(record, info)];
    // A redelivered message (same uuid) is the same fact: nothing new to say.
    const uuid = readString(body, "uuid");
    if (uuid !== undefined) {
      if (this.state.seenUuids.has(uuid)) return [];
      this.state.seenUuids.add(uuid);
    }
    switch (type) {
      case "system":
        return onSystem(this.state, body, info);
      case "stream_event":
        return onStreamEvent(this.state, body, info);
      case "assistant":
        return onAssistant(this.state, body, info);
      case "user":
        return this.onUser(body, info);
      case "result":
        return this.onResult(body, info);
      case "tool_progress":
        return onToolProgress(this.state, body, info);
      case "control_request":
        return this.onPermissionRequest(body, info);
      case "control_response":
        return this.onPermissionResponse(body, info);
      default:
        return [this.state.emit.unsupported(record, info)];
    }
  }

  private onUser(record: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const state = this.state;
    const message = asRecord(record.message);
    const content = message?.content;
    const parent = readString(record, "parent_tool_use_id");
    const out: AgentUiEvent[] = [];
    const texts: string[] = typeof content === "string" ? [content] : [];
    const metas = toolResultMeta(record);
    for (const block of Array.isArray(content) ? content : []) {
      const blockType = readString(block, "type");
      if (blockType === "text") texts.push(readString(block, "text") ?? "");
      else if (blockType === "tool_result")
        out.push(...onToolResult(state, record, block as JsonObject, metas, info));
      else if (blockType !== "image")
        out.push(state.emit.unsupported(block, info, `user content block ${blockType} is not mapped`));
    }
    const text = texts.join("\n");
    if (texts.length === 0) return out;
    // The prompt a subagent was given is part of its spawn, not the user's speech (TEAM-04).
    if (parent !== undefined) return [...state.ensureSubagent(record, parent, info, text), ...out];
    if (!state.runOpen) return [...state.ensureRun(record, info, text), ...out];
    // The CLI's own transcript marker of a user interrupt, not user speech: the run's `result` ends it as
    // cancelled and says why.
    if (INTERRUPT_MARKER.test(text)) {
      state.interruptedByUser = true;
      return out;
    }
    out.push(
      state.emit.diagnostic(
        "missing_correlation",
        "info",
        "user input arrived mid-run; it starts no new run here",
        info,
        state.base(record),
      ),
    );
    return out;
  }

  /** stream-json permission prompt (`can_use_tool`): an approval keyed by the request id (HITL-01). */
  private onPermissionRequest(record: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const request = asRecord(record.request);
    const actionId = readString(record, "request_id");
    if (readString(request, "subtype") !== "can_use_tool" || actionId === undefined)
      return [this.state.emit.unsupported(record, info)];
    const toolCallId = readString(request, "tool_use_id");
    const payload = compact({
      actionType: "tool_approval",
      sourceType: "claude.can_use_tool",
      toolName: readString(request, "tool_name"),
      title: readString(request, "title", "display_name"),
      prompt: readString(request, "decision_reason", "description"),
      scope: asRecord(this.state.safe(request?.input)),
      availableDecisions: ["allow", "deny"],
    });
    const out = [
      this.state.emit.event(
        "action.required",
        { ...this.state.base(record), actionId, toolCallId, phase: "waiting", payload },
        info,
      ),
    ];
    if (toolCallId !== undefined)
      out.push(
        this.state.emit.event(
          "tool.progress",
          { ...this.state.base(record), toolCallId, payload: { awaitingActionId: actionId } },
          info,
        ),
      );
    return out;
  }

  private onPermissionResponse(record: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const response = asRecord(record.response);
    const actionId = readString(response, "request_id");
    const behavior = readString(asRecord(response?.response), "behavior");
    if (actionId === undefined) return [this.state.emit.unsupported(record, info)];
    const payload = compact({
      outcome: readString(response, "subtype") === "error" ? "cancelled" : "resolved",
      decision: behavior === "allow" ? "approve" : behavior === "deny" ? "reject" : behavior,
      reason: readString(asRecord(response?.response), "message") ?? readString(response, "error"),
    });
    return [
      this.state.emit.event("action.resolved", { ...this.state.base(record), actionId, payload }, info),
    ];
  }

  private onResult(record: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const state = this.state;
    const base = state.base(record);
    const out = state.ensureRun(record, info);
    // The run's list of denials restates those already audited at their tool_result; only new ones count.
    for (const denial of readArray(record, "permission_denials") ?? []) {
      const toolCallId = readString(denial, "tool_use_id");
      if (toolCallId === undefined) continue;
      state.tool(toolCallId).name ??= readString(denial, "tool_name");
      out.push(...denyTool(state, record, toolCallId, "permission policy", undefined, info));
    }
    const usage = asRecord(record.usage);
    for (const [field, metricName] of [
      ["input_tokens", "tokens.input"],
      ["output_tokens", "tokens.output"],
    ] as const) {
      const value = readNumber(usage, field);
      if (value !== undefined)
        out.push(
          state.emit.event(
            "metric.changed",
            { ...base, metricName, payload: { value, unit: "tokens" } },
            info,
          ),
        );
    }
    for (const [field, metricName, unit] of RESULT_METRICS) {
      const value = readNumber(record, field);
      if (value !== undefined)
        out.push(state.emit.event("metric.changed", { ...base, metricName, payload: { value, unit } }, info));
    }
    const subtype = readString(record, "subtype") ?? "unknown";
    const terminalReason = readString(record, "terminal_reason");
    if (subtype === "success" && readBoolean(record, "is_error") !== true) {
      out.push(
        state.emit.event(
          "run.finished",
          { ...base, phase: "completed", payload: { outcome: "success" } },
          info,
        ),
      );
    } else if (terminalReason !== undefined && ABORTED.has(terminalReason)) {
      // Stopped by `interrupt()` or an abort: cancelled, not failed; open tools end cancelled (TOOL-11).
      const reason = state.interruptedByUser ? "interrupted by user" : terminalReason;
      const payload = { outcome: "cancelled", reason };
      out.push(state.emit.event("run.finished", { ...base, phase: "cancelled", payload }, info));
    } else {
      const errors = (readArray(record, "errors") ?? []).filter((e) => typeof e === "string").join("; ");
      const message = errors !== "" ? errors : (readString(record, "result") ?? subtype);
      out.push(
        state.emit.event(
          "run.failed",
          { ...base, phase: "failed", payload: { category: subtype, message: safePreview(message, 500) } },
          info,
        ),
      );
    }
    state.runOpen = false;
    state.runId = undefined;
    state.interruptedByUser = false;
    return out;
  }
}

export function createClaudeAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new ClaudeAdapter(options);
}
