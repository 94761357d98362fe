// Tool rows and approvals of the OpenAI Agents SDK stream, keyed by the call id (which is also the
// approval id: the SDK has no separate one). A call opens once; `tool_approval_requested` gates it;
// `tool_output` ends it and settles its approval.
//
// Approval decision (HITL-04, "never invent facts"): `state.approve()` / `state.reject()` happen in
// the caller and the resumed stream never restates them. A rejected call streams the very same
// `tool_output` item as an executed one, with the SDK's refusal text ("Tool execution was not
// approved.") as its output. So the approval resolves without a `decision`; the output shows the rest.
// A serialized RunState does record the decision (run-state.ts): `resolve()` carries it from there.
//
// `restated`: the facts come from a snapshot (a RunState, a resumed stream re-announcing a call) and
// keep their call-id based ids without taking a stream position (shared/restated).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, isRecord, parseJson, readString } from "../shared/record";
import { restatedEvent } from "../shared/restated";
import { safePreview } from "../shared/safe-preview";

/** Tool calls remembered; finished ones forgotten first, then the oldest. */
export const MAX_TOOL_CALLS = 4096;
/** Approvals awaiting the user; the oldest forgotten first. */
export const MAX_PENDING_APPROVALS = 1024;

interface ToolState {
  started: boolean;
  terminal: boolean;
}

function callIdOf(raw: JsonObject): string | undefined {
  return readString(raw, "callId", "call_id", "id");
}

/** Text of a tool output: a string, a `{type: "text", text}` part, or a list of parts. */
export function outputText(output: unknown): string | undefined {
  if (typeof output === "string") return output;
  const text = readString(output, "text");
  if (text !== undefined) return text;
  if (Array.isArray(output)) return output.map((o) => readString(o, "text") ?? "").join("");
  return undefined;
}

function toolKind(rawType: string | undefined): string {
  if (rawType?.startsWith("function_call")) return "function";
  return rawType === "hosted_tool_call" ? "hosted" : (rawType ?? "custom");
}

export class OpenAiAgentsTools {
  private readonly tools: BoundedTable<ToolState>;
  private readonly pendingApprovals: BoundedTable<true>;

  constructor(
    private readonly emit: Emitter,
    private readonly safe: (value: unknown) => unknown,
    notices: LimitNotices,
  ) {
    const tools = {
      table: "tool call",
      cap: MAX_TOOL_CALLS,
      consequence:
        "finished calls are forgotten first, then the oldest; a forgotten call's repeated output is stated again and an unfinished one is not named at the end",
    };
    this.tools = new BoundedTable(tools, notices, true);
    const approvals = {
      table: "pending approval",
      cap: MAX_PENDING_APPROVALS,
      consequence:
        "the oldest are forgotten; a forgotten one is not resolved by its call's output nor named when the run stops",
    };
    this.pendingApprovals = new BoundedTable(approvals, notices, true);
  }

  /** Emits one fact of a call: a stream position of its own, or restated (see the header). */
  private fact(restated: boolean, type: string, fields: EventFields, info: SourceInfo): AgentUiEvent {
    return restated ? restatedEvent(this.emit, type, fields, info) : this.emit.event(type, fields, info);
  }

  /** Call ids that started and have no result yet, and wait on no approval (the run was executing). */
  unfinished(): string[] {
    const out: string[] = [];
    for (const [callId, state] of this.tools.entriesInOrder())
      if (state.started && !state.terminal && !this.pendingApprovals.has(callId)) out.push(callId);
    return out;
  }

  /** Call ids still waiting on the user (the run stopped at the interruption). */
  pending(): string[] {
    const out: string[] = [];
    for (const [callId] of this.pendingApprovals.entriesInOrder()) out.push(callId);
    return out;
  }

  private tool(callId: string): ToolState {
    let state = this.tools.get(callId);
    if (state === undefined) {
      state = { started: false, terminal: false };
      this.tools.set(callId, state);
    }
    return state;
  }

  /** Opens a tool row once; its events get call-id based ids, so a resumed stream that re-announces the
   * call dedupes against the first stream (ORD-02). */
  open(raw: JsonObject, info: SourceInfo, restated = false): AgentUiEvent[] {
    const callId = callIdOf(raw);
    if (callId === undefined)
      return [this.emit.diagnostic("missing_correlation", "warning", "tool call without callId", info)];
    const tool = this.tool(callId);
    if (tool.started) return [];
    tool.started = true;
    const name = readString(raw, "name") ?? readString(raw, "type");
    const kind = toolKind(readString(raw, "type"));
    const args = readString(raw, "arguments");
    const input = this.safe(args !== undefined ? (parseJson(args) ?? args) : raw.input);
    const ids = { ...info, sourceEventId: `call:${callId}` };
    // A resumed stream re-announces a call the previous stream opened: same ids, no stream position.
    const emit = (type: string, fields: EventFields) => this.fact(restated, type, fields, ids);
    const out = [
      emit(
        "tool.started",
        compact<EventFields>({ toolCallId: callId, phase: "acting", payload: compact({ name, kind }) }),
      ),
    ];
    if (input !== undefined)
      out.push(emit("tool.args", { toolCallId: callId, payload: { input, complete: true } }));
    return out;
  }

  approval(raw: JsonObject, agent: string | undefined, info: SourceInfo, restated = false): AgentUiEvent[] {
    const out = this.open(raw, info, restated);
    const callId = callIdOf(raw);
    if (callId === undefined) return out;
    this.pendingApprovals.add(callId);
    const ids = { ...info, sourceEventId: `approval:${callId}` };
    out.push(
      this.fact(
        restated,
        "tool.progress",
        { toolCallId: callId, phase: "waiting", payload: { awaitingActionId: callId } },
        ids,
      ),
    );
    const args = readString(raw, "arguments");
    const name = readString(raw, "name");
    const payload = compact({
      actionType: "tool_approval",
      sourceType: "openai-agents.tool_approval_item",
      toolName: name,
      title: name !== undefined ? `Approve ${name}?` : undefined,
      scope: asRecord(this.safe(args !== undefined ? parseJson(args) : undefined)),
      availableDecisions: ["approve", "reject"],
      requestedBy: agent !== undefined ? { name: agent } : undefined,
    });
    out.push(
      this.fact(
        restated,
        "action.required",
        { actionId: callId, toolCallId: callId, phase: "waiting", payload },
        ids,
      ),
    );
    return out;
  }

  /** The runtime recorded the user's decision on an approval (a RunState's approval records). */
  resolve(callId: string, decision: "approve" | "reject", info: SourceInfo): AgentUiEvent {
    this.pendingApprovals.delete(callId);
    const payload = { outcome: "resolved", decision, reason: "decision recorded in the run state" };
    return restatedEvent(
      this.emit,
      "action.resolved",
      { actionId: callId, toolCallId: callId, payload },
      { ...info, sourceEventId: `approval:${callId}` },
    );
  }

  /** `modelResponded`: whether this stream already had a model response (a resumed stream opens with
   * the outputs of calls the previous stream announced). */
  output(raw: JsonObject, info: SourceInfo, modelResponded: boolean, restated = false): AgentUiEvent[] {
    const callId = callIdOf(raw);
    if (callId === undefined)
      return [this.emit.diagnostic("missing_correlation", "warning", "tool output without callId", info)];
    const out: AgentUiEvent[] = [];
    const tool = this.tool(callId);
    const resumed = !tool.started && !modelResponded;
    const wasPending = this.pendingApprovals.has(callId);
    this.pendingApprovals.delete(callId);
    if (wasPending || resumed) {
      // The run went on past the call: the runtime settled its approval (approval id = call id), with
      // a decision the stream does not state (see the header).
      const payload = {
        outcome: "resolved",
        reason: resumed ? "run resumed past the call" : "run went on past the call",
      };
      // On a resumed stream the resolution restates what the previous stream (or a RunState that
      // recorded the decision) may already have said: no stream position, so a projection that has it
      // drops it without a gap holding the rest of this stream back.
      out.push(
        this.fact(
          restated || resumed,
          "action.resolved",
          { actionId: callId, toolCallId: callId, payload },
          { ...info, sourceEventId: `approval:${callId}` },
        ),
      );
    }
    if (!tool.started) out.push(...this.open(raw, info, true));
    if (tool.terminal) return out;
    tool.terminal = true;
    this.tools.close(callId);
    out.push(this.terminal(raw, callId, info, restated));
    return out;
  }

  private terminal(raw: JsonObject, callId: string, info: SourceInfo, restated: boolean): AgentUiEvent {
    const text = outputText(raw.output);
    const ids = { ...info, sourceEventId: `call:${callId}` };
    if (readString(raw, "status") === "incomplete") {
      const payload = compact({ error: "tool call incomplete", outputPreview: safePreview(text) });
      return this.fact(restated, "tool.failed", { toolCallId: callId, phase: "failed", payload }, ids);
    }
    const payload = compact({
      output: this.safe(isRecord(raw.output) || Array.isArray(raw.output) ? raw.output : text),
      outputPreview: safePreview(text ?? raw.output, 2048),
    });
    return this.fact(restated, "tool.result", { toolCallId: callId, phase: "completed", payload }, ids);
  }
}
