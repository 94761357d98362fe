// A serialized OpenAI Agents `RunState` (`result.state.toString()`, what a server stores to resume a
// run after an interruption) → Agent UI. It is a snapshot, not a stream: every fact it holds is
// restated (stable id, no stream position, shared/restated), with the ids the stream adapter gives the
// same item — message id, call id (= approval id), handoff call id — so a projection fed the stream and
// later the state, or the state and then the resumed stream, shows each fact once (ORD-02, HITL-05).
// A `session.hydrated` marker says the facts came from a snapshot (HYD-09). What the state holds:
// - `originalInput`: the conversation before this run (a string prompt, or input items);
// - `generatedItems`: messages, tool calls and outputs, approvals, handoffs, reasoning, in order;
// - `currentStep`: `next_step_interruption` (with the pending `tool_approval_item`s), or
//   `next_step_final_output`; anything else was serialized mid-run, whose outcome is not known;
// - the approval decisions recorded by `state.approve()` / `state.reject()` (approval-records.ts).
import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { safeSummary } from "../shared/emitter";
import {
  type JsonObject,
  asRecord,
  compact,
  isRecord,
  readArray,
  readNumber,
  readString,
} from "../shared/record";
import { restatedEvent } from "../shared/restated";
import { type RecordedDecisions, decisionFor, recordedDecisions } from "./approval-records";
import { type FactEmit, handoffFact, messageFact, reasoningFact } from "./items";
import type { OpenAiAgentsTools } from "./tools";

/** The newest RunState schema this reader was written against (`@openai/agents` 0.20). */
export const KNOWN_RUN_STATE_SCHEMA = "1.22";

/** `$schemaVersion`, the agent and the items: a RunState, not a stream event. */
export function isRunState(record: unknown): record is JsonObject {
  const body = asRecord(record);
  return (
    body !== undefined &&
    typeof body.$schemaVersion === "string" &&
    Array.isArray(body.generatedItems) &&
    isRecord(body.currentAgent)
  );
}

/**
 * A RunState as JSON: the serialized form, or the SDK's live `RunState` object (what an in-process
 * caller holds as `result.state`), read through its own `toJSON()` like `JSON.stringify` would. Only an
 * object with the RunState's item list is asked, so no other object's `toJSON` runs.
 */
export function runStateJson(record: unknown): JsonObject | undefined {
  if (isRunState(record)) return record;
  if (!isLiveRunState(record)) return undefined;
  const toJSON = (record as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== "function") return undefined;
  const json: unknown = toJSON.call(record);
  return isRunState(json) ? json : undefined;
}

/** The SDK's `RunState` object, recognised by its item list (nothing is called to tell). */
export function isLiveRunState(record: unknown): record is object {
  return record !== null && typeof record === "object" && "_generatedItems" in record;
}

export interface RunStateOutcome {
  events: AgentUiEvent[];
  /** The agent active when the state was taken. */
  currentAgent: string | undefined;
}

export function readRunState(
  state: JsonObject,
  emitter: Emitter,
  tools: OpenAiAgentsTools,
  info: SourceInfo,
): RunStateOutcome {
  const reader = new RunStateReader(state, emitter, tools, info);
  return { events: reader.read(), currentAgent: reader.currentAgent };
}

class RunStateReader {
  readonly currentAgent: string | undefined;
  /** The agent of the first generated item: the run's own assistant. */
  private rootAgent: string | undefined;
  /** Agents after a handoff already announced as the active specialist. */
  private readonly announced = new Set<string>();
  private readonly out: AgentUiEvent[] = [];
  /** Names this run across its snapshots (user input ids). */
  private readonly runKey: string;
  /** Names this snapshot (its marker, run end and notes). */
  private readonly snapshotKey: string;
  private readonly ids: EventFields;
  private readonly decisions: RecordedDecisions;
  /** Calls whose approval this snapshot already stated. */
  private readonly approvals = new Set<string>();
  private readonly unmapped = new Map<string, number>();
  private lastMessageId: string | undefined;
  private notes = 0;
  private readonly fact: FactEmit;

  constructor(
    private readonly state: JsonObject,
    private readonly emitter: Emitter,
    private readonly tools: OpenAiAgentsTools,
    private readonly info: SourceInfo,
  ) {
    this.currentAgent = readString(asRecord(state.currentAgent), "name");
    const traceId = readString(asRecord(state.trace), "id");
    const realTrace = traceId !== undefined && traceId !== "no-op" ? traceId : undefined;
    const responses = readArray(state, "modelResponses") ?? [];
    const firstResponse = readString(responses[0], "responseId");
    const lastResponse =
      readString(asRecord(state.lastModelResponse), "responseId") ??
      readString(responses.at(-1), "responseId");
    this.runKey = realTrace ?? firstResponse ?? `input-${hashOf(JSON.stringify(state.originalInput ?? ""))}`;
    const step = readString(asRecord(state.currentStep), "type") ?? "no_step";
    const turn = readNumber(state, "currentTurn") ?? 0;
    this.snapshotKey = `runstate:${this.runKey}:${turn}:${step}:${lastResponse ?? "-"}`;
    this.ids = compact<EventFields>({ traceId: realTrace });
    this.decisions = recordedDecisions(state.context);
    // Facts keep the ids they would have on the stream; the agent that produced them is the author.
    this.fact = (type, fields, factInfo) =>
      restatedEvent(this.emitter, type, { ...this.ids, ...fields }, factInfo);
  }

  read(): AgentUiEvent[] {
    const schemaVersion = readString(this.state, "$schemaVersion") ?? "unknown";
    this.out.push(
      this.restated("session.hydrated", {
        payload: compact({
          change: "snapshot",
          source: "openai-agents.run_state",
          schemaVersion,
          currentAgent: this.currentAgent,
          currentTurn: readNumber(this.state, "currentTurn"),
        }),
      }),
    );
    if (!isKnownSchema(schemaVersion))
      this.note(
        "schema_mismatch",
        "info",
        `RunState schema ${clip(schemaVersion, 20)} is not one this adapter knows (up to ${KNOWN_RUN_STATE_SCHEMA}); mapped by shape`,
      );
    this.readInput(this.state.originalInput);
    for (const [index, entry] of (readArray(this.state, "generatedItems") ?? []).entries())
      this.readItem(asRecord(entry), index);
    for (const entry of readArray(asRecord(asRecord(this.state.currentStep)?.data), "interruptions") ?? [])
      this.readItem(asRecord(entry), -1);
    if (this.unmapped.size > 0)
      this.note(
        "unsupported_source_event",
        "info",
        `RunState items not shown: ${[...this.unmapped].map(([type, n]) => `${type} ×${n}`).join(", ")}`,
      );
    this.usage();
    this.runEnd();
    return this.out;
  }

  private itemInfo(type: string): SourceInfo {
    return { ...this.info, sourceType: `run_state:${type}` };
  }

  /** The prompt (a string) or the input items the run started from. */
  private readInput(input: unknown): void {
    const messages: JsonObject[] = [];
    if (typeof input === "string") messages.push({ id: `${this.runKey}:input`, role: "user", text: input });
    for (const [index, entry] of (Array.isArray(input) ? input : []).entries()) {
      const item = asRecord(entry);
      const role = readString(item, "role");
      const info = this.itemInfo(`input:${readString(item, "type") ?? role ?? "unknown"}`);
      if (item !== undefined && (role === "user" || role === "system" || role === "developer")) {
        const id = readString(item, "id") ?? `${this.runKey}:input:${index}`;
        messages.push({ id, role: role === "user" ? "user" : "system", text: inputText(item.content) });
      } else if (item !== undefined && role === "assistant")
        this.out.push(messageFact(item, this.fact, info));
      else if (readString(item, "type") === "function_call")
        this.out.push(...this.tools.open(item ?? {}, info, true));
      else if (readString(item, "type") === "function_call_result")
        this.out.push(...this.tools.output(item ?? {}, info, true, true));
      else this.countUnmapped(`input ${readString(item, "type") ?? "item"}`);
    }
    if (messages.length > 0)
      this.out.push(
        this.fact(
          "messages.snapshot",
          { payload: { messages } },
          {
            ...this.itemInfo("input"),
            sourceEventId: `${this.runKey}:input`,
          },
        ),
      );
  }

  /** One generated item, its facts attributed to the agent that produced it when that is not the run's
   * first agent (after a handoff), as on the stream. */
  private readItem(item: JsonObject | undefined, index: number): void {
    const agent = readString(asRecord(item?.agent), "name");
    this.rootAgent ??= agent;
    const start = this.out.length;
    this.readItemFacts(item, index);
    if (agent === undefined || agent === this.rootAgent) return;
    for (const event of this.out.slice(start))
      if (/^(text|reasoning|tool|action)\./.test(event.type) && event.agentId === undefined)
        event.agentId = agent;
    if (!this.announced.has(agent)) {
      this.announced.add(agent);
      this.out.push(
        // No status: the snapshot names the specialist, not how far it got (the run end says that).
        this.restated(
          "agent.changed",
          { agentId: agent, topology: "specialist_handoff", payload: { agentName: agent } },
          `agent:${agent}`,
        ),
      );
    }
  }

  /** One generated item (`index` -1: a pending interruption of `currentStep`). */
  private readItemFacts(item: JsonObject | undefined, index: number): void {
    const type = readString(item, "type") ?? "unknown";
    const raw = asRecord(item?.rawItem);
    if (item === undefined || raw === undefined) {
      this.out.push(this.unsupported(item, `RunState item #${index} without rawItem`));
      return;
    }
    const info = this.itemInfo(type);
    const agent = readString(asRecord(item.agent), "name");
    switch (type) {
      case "message_output_item":
        this.lastMessageId = readString(raw, "id") ?? this.lastMessageId;
        this.out.push(messageFact(raw, this.fact, info));
        return;
      case "reasoning_item":
        this.out.push(reasoningFact(raw, this.fact, info));
        return;
      case "tool_call_item":
        this.out.push(...this.tools.open(raw, info, true));
        // A decided approval whose item the SDK already dropped (the run went on) still happened.
        this.decided(raw, agent, info);
        return;
      case "tool_approval_item":
        this.approval(approvalRaw(raw), agent, info);
        return;
      case "tool_call_output_item":
        this.out.push(...this.tools.output(raw, info, true, true));
        return;
      case "handoff_call_item":
      case "handoff_output_item": {
        const occurred = type === "handoff_output_item";
        const from = readString(asRecord(item.sourceAgent), "name") ?? agent;
        const to = readString(asRecord(item.targetAgent), "name");
        const parties = { occurred, from, to, fallbackFrom: this.currentAgent };
        this.out.push(handoffFact(raw, parties, this.fact, info));
        return;
      }
      default:
        this.countUnmapped(type);
    }
  }

  /** An approval the run asked for, once per call, settled when the state records the decision. */
  private approval(raw: JsonObject, agent: string | undefined, info: SourceInfo): void {
    const callId = readString(raw, "callId", "call_id", "id");
    if (callId !== undefined && this.approvals.has(callId)) return;
    if (callId !== undefined) this.approvals.add(callId);
    this.out.push(...this.tools.approval(raw, agent, info, true));
    if (callId !== undefined) {
      const decision = decisionFor(this.decisions, callId, readString(raw, "name"));
      if (decision !== undefined) this.out.push(this.tools.resolve(callId, decision, info));
    }
  }

  private decided(raw: JsonObject, agent: string | undefined, info: SourceInfo): void {
    const callId = readString(raw, "callId", "call_id");
    if (callId === undefined || this.decisions.byCall.get(callId) === undefined) return;
    this.approval(raw, agent, info);
  }

  private usage(): void {
    const usage = asRecord(asRecord(this.state.context)?.usage);
    for (const [field, metricName] of [
      ["inputTokens", "tokens.input.total"],
      ["outputTokens", "tokens.output.total"],
    ] as const) {
      const value = readNumber(usage, field);
      if (value !== undefined)
        this.out.push(
          this.restated("metric.changed", { metricName, payload: { value, unit: "tokens" } }, metricName),
        );
    }
  }

  /** Paused on approvals, finished, or serialized mid-run (not known whether it went on). */
  private runEnd(): void {
    const step = asRecord(this.state.currentStep);
    const type = readString(step, "type");
    if (type === "next_step_interruption") {
      const calls = (readArray(asRecord(step?.data), "interruptions") ?? []).map((entry) =>
        approvalRaw(asRecord(asRecord(entry)?.rawItem) ?? {}),
      );
      const ids = calls.map((raw) => readString(raw, "callId", "call_id", "id") ?? "unknown");
      const waiting = ids.filter(
        (id, i) => decisionFor(this.decisions, id, readString(calls[i], "name")) === undefined,
      );
      const reason =
        waiting.length > 0
          ? `awaiting approval of ${waiting.join(", ")}`
          : "approvals decided; the run goes on when the caller resumes the state";
      const payload = { outcome: "interrupted", reason };
      this.out.push(
        this.fact(
          "run.finished",
          { phase: "interrupted", payload },
          this.endInfo(`interruption:${ids.join(",")}`),
        ),
      );
      return;
    }
    if (type === "next_step_final_output") {
      const key =
        this.lastMessageId !== undefined ? `final:${this.lastMessageId}` : `${this.snapshotKey}:final`;
      this.out.push(
        this.fact("run.finished", { phase: "completed", payload: { outcome: "success" } }, this.endInfo(key)),
      );
      return;
    }
    const reason = `RunState taken mid-run (next step: ${type ?? "none"}); whether the run went on is not known`;
    this.out.push(this.restated("run.status", { payload: { status: "unknown", reason } }));
    this.note("transport_unavailable", "info", reason);
  }

  private endInfo(sourceEventId: string): SourceInfo {
    return {
      ...this.itemInfo(readString(asRecord(this.state.currentStep), "type") ?? "step"),
      sourceEventId,
    };
  }

  /** A snapshot-level fact: its id names this snapshot (and `suffix`), it takes no stream position. */
  private restated(type: string, fields: EventFields, suffix?: string): AgentUiEvent {
    const sourceEventId = suffix === undefined ? this.snapshotKey : `${this.snapshotKey}:${suffix}`;
    return this.fact(type, fields, { ...this.info, sourceEventId });
  }

  private note(code: string, severity: "info" | "warning", message: string, summary?: JsonObject): void {
    const payload = compact<JsonObject>({ code, severity, message: `openai-agents ${message}`, summary });
    this.out.push(this.restated("diagnostic.changed", { payload }, `${code}:${++this.notes}`));
  }

  private unsupported(record: unknown, message: string): AgentUiEvent {
    const payload = {
      code: "unsupported_source_event",
      severity: "warning",
      message,
      summary: safeSummary(record),
    };
    return this.restated("diagnostic.changed", { payload }, `unsupported:${++this.notes}`);
  }

  private countUnmapped(type: string): void {
    this.unmapped.set(type, (this.unmapped.get(type) ?? 0) + 1);
  }
}

/** A hosted MCP approval names its request by the item id (the stream's `mcp_approval_requested` too). */
function approvalRaw(raw: JsonObject): JsonObject {
  if (readString(raw, "type") !== "hosted_tool_call") return raw;
  return { ...raw, callId: readString(raw, "id", "callId") };
}

/** Text of an input message: a string, or `input_text` / `output_text` parts. */
function inputText(content: unknown): string {
  if (typeof content === "string") return content;
  return (Array.isArray(content) ? content : []).map((part) => readString(part, "text") ?? "").join("");
}

function isKnownSchema(version: string): boolean {
  const match = /^1\.(\d+)$/.exec(version);
  return match !== null && Number(match[1]) <= Number(KNOWN_RUN_STATE_SCHEMA.split(".")[1]);
}

/** FNV-1a: a short stable name for an input without ids (computed once per snapshot). */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}
