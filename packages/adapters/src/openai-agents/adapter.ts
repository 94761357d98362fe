// OpenAI Agents SDK `RunStreamEvent`s → Agent UI. Raw model deltas stream the answer; run items restate
// it (`message_output_created` → `text.final`, shown once), open and close tool rows, raise approvals
// (the approval id is the call id; see tools.ts) and hand off between agents. The stream has no terminal
// event: it ends when the run completes, or stops at an interruption, which must stay interrupted
// (HITL-03). A serialized RunState (the run's snapshot, used to resume it) is read by run-state.ts.
import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { LimitNotices, limitDiagnostics } from "../shared/bounded";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import type { AdapterOptions, SourceAdapter } from "../types";
import { type FactEmit, handoffFact, messageFact, reasoningFact } from "./items";
import { isLiveRunState, isRunState, readRunState, runStateJson } from "./run-state";
import { OpenAiAgentsTools } from "./tools";

export const OPENAI_AGENTS_FORMAT = "openai-agents";

/** A run item as serialized (`{name, itemType, agent, rawItem}`) or as the live SDK object (`{name, item}`). */
function runItem(record: JsonObject): {
  raw: JsonObject | undefined;
  agent: string | undefined;
  item: JsonObject | undefined;
} {
  const item = asRecord(record.item);
  const raw = asRecord(item?.rawItem) ?? asRecord(record.rawItem);
  const agent =
    readString(record, "agent") ??
    readString(asRecord(record.agent), "name") ??
    readString(asRecord(item?.agent), "name");
  return { raw, agent, item };
}

class OpenAiAgentsAdapter implements SourceAdapter {
  readonly format = OPENAI_AGENTS_FORMAT;
  private readonly emit: Emitter;
  private runOpen = false;
  private modelResponded = false;
  /** A model response started and has not reported `response_done` yet. */
  private responseOpen = false;
  /** The last finished model response asked for no tool or handoff: its answer is the final output. */
  private lastResponseFinal = false;
  private currentAgent: string | undefined;
  /** The run's first agent: the conversation's own assistant. Facts of any other agent (after a
   * handoff) carry that agent's id, so each message and tool is attributed to who said or did it. */
  private rootAgent: string | undefined;
  /** Token totals of the run so far (the SDK's RunContext usage sums every model response). */
  private readonly usage: Record<string, number> = {};
  /** The last assistant message: a finished run's end is named after it (the RunState names it too). */
  private lastMessageId: string | undefined;
  private readonly tools: OpenAiAgentsTools;
  /** Tables that reached their cap, each reported once. */
  private readonly limits = new LimitNotices();
  private readonly emitFact: FactEmit = (type, fields, info) => this.emit.event(type, fields, info);

  private readonly safeOptions: SafeOptions;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(OPENAI_AGENTS_FORMAT, options);
    this.safeOptions = safeOptionsOf(options);
    this.tools = new OpenAiAgentsTools(this.emit, (value) => this.safe(value), this.limits);
  }

  /** Redacts and offloads a source value with the adapter's `largePayloadBytes`. */
  private safe(value: unknown): unknown {
    return safeValue(value, this.safeOptions);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    if (isRunState(record) || isLiveRunState(record)) return this.onRunState(record, index);
    const type = readString(record, "type");
    const detail =
      type === "raw_model_stream_event"
        ? readString(asRecord(asRecord(record)?.data), "type")
        : readString(record, "name");
    const info: SourceInfo = { index, sourceType: detail !== undefined ? `${type}:${detail}` : type };
    return this.withLimits(
      this.emit.guard(record, info, () => this.translate(record, type, info)),
      info,
    );
  }

  /** `out`, then a warning for each table that reached its cap while translating it. */
  private withLimits(out: AgentUiEvent[], info: SourceInfo): AgentUiEvent[] {
    for (const notice of limitDiagnostics(this.emit, this.limits, info)) out.push(notice);
    return out;
  }

  /** A RunState (serialized or the SDK's object): a snapshot of the run so far, with its own end (see
   * run-state.ts). */
  private onRunState(record: object, index: number | undefined): AgentUiEvent[] {
    const info: SourceInfo = { index, sourceType: "run_state" };
    const out = this.emit.guard(record, info, () => {
      const state = runStateJson(record);
      if (state === undefined) return [this.emit.unsupported(record, info, "RunState without its JSON form")];
      const schemaVersion = readString(state, "$schemaVersion");
      if (schemaVersion !== undefined) info.schemaVersion = clip(schemaVersion, 40);
      const { events, currentAgent } = readRunState(state, this.emit, this.tools, info);
      // The snapshot states how the run stood; a stream that follows is the resumed run.
      this.runOpen = false;
      this.responseOpen = false;
      this.currentAgent = currentAgent ?? this.currentAgent;
      return events;
    });
    return this.withLimits(out, info);
  }

  finish(): AgentUiEvent[] {
    if (!this.runOpen) return [];
    this.runOpen = false;
    const pending = this.tools.pending();
    if (pending.length > 0) {
      // The SDK stops streaming at an interruption: waiting on the user, not done (HITL-03, STAT-08).
      // Named after the calls, like the RunState's interruption, so stream and state end the run once.
      const reason = `awaiting approval of ${pending.join(", ")}`;
      return [
        this.emit.event(
          "run.finished",
          { phase: "interrupted", payload: { outcome: "interrupted", reason } },
          { sourceEventId: `interruption:${pending.join(",")}` },
        ),
      ];
    }
    // The SDK ends a finished run's stream after the model response that gave the final output (no
    // tool or handoff call). Input cut anywhere else (inside a response, before a requested call ran,
    // before the model answered a tool result) leaves the outcome unknown, never completed (STAT-08).
    const unfinished = this.tools.unfinished();
    const why = this.responseOpen
      ? "before the model response finished"
      : unfinished.length > 0
        ? `with tool call ${unfinished.join(", ")} unfinished`
        : !this.lastResponseFinal
          ? "without a final model response"
          : undefined;
    if (why !== undefined) {
      const reason = `openai-agents stream ended ${why}; the run's outcome is not known`;
      return [
        this.emit.event("run.status", { payload: { status: "unknown", reason } }),
        this.emit.diagnostic("transport_unavailable", "info", reason),
      ];
    }
    const final = this.lastMessageId !== undefined ? { sourceEventId: `final:${this.lastMessageId}` } : {};
    const active = this.attributed(this.currentAgent);
    // The agent that gave the final output finishes with the run.
    const done =
      active === undefined
        ? []
        : [
            this.emit.event(
              "agent.completed",
              {
                agentId: active,
                topology: "specialist_handoff",
                payload: { agentName: active, status: "completed" },
              },
              { sourceEventId: `agent-done:${active}:${this.lastMessageId ?? ""}` },
            ),
          ];
    return [
      ...done,
      this.emit.event("run.finished", { phase: "completed", payload: { outcome: "success" } }, final),
    ];
  }

  private translate(record: unknown, type: string | undefined, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(record);
    if (body === undefined) return [this.emit.unsupported(record, info)];
    switch (type) {
      case "raw_model_stream_event":
        return [...this.ensureRun(info), ...this.onRaw(body, record, info)];
      case "run_item_stream_event":
        return [...this.ensureRun(info), ...this.onItem(body, record, info)];
      case "agent_updated_stream_event":
        return [...this.ensureRun(info), ...this.onAgentUpdated(body, info)];
      default:
        return [this.emit.unsupported(record, info)];
    }
  }

  private ensureRun(info: SourceInfo): AgentUiEvent[] {
    if (this.runOpen) return [];
    this.runOpen = true;
    this.modelResponded = false;
    return [this.emit.event("run.started", { phase: "submitted" }, info)];
  }

  private onRaw(body: JsonObject, record: unknown, info: SourceInfo): AgentUiEvent[] {
    const data = asRecord(body.data);
    switch (readString(data, "type")) {
      case "response_started":
        this.responseOpen = true;
        return [
          this.emit.event("run.status", { phase: "producing", payload: { status: "streaming" } }, info),
        ];
      case "output_text_delta": {
        const messageId = readString(data, "itemId", "item_id");
        const delta = readString(data, "delta") ?? "";
        return [
          this.emit.event(
            "text.delta",
            compact<EventFields>({
              messageId,
              partId: messageId,
              agentId: this.attributed(this.currentAgent),
              phase: "producing",
              payload: { delta },
            }),
            info,
          ),
        ];
      }
      case "response_done":
        this.modelResponded = true;
        this.responseOpen = false;
        this.lastResponseFinal = isFinalResponse(asRecord(data?.response));
        return this.usageMetrics(asRecord(asRecord(data?.response)?.usage), info);
      case "model":
        return this.onProviderEvent(asRecord(data?.event), info);
      default:
        return [
          this.emit.unsupported(
            record,
            info,
            `raw model event ${readString(data, "type") ?? "without type"} is not mapped`,
          ),
        ];
    }
  }

  /** Raw provider events duplicate what the SDK re-emits as run items, except reasoning text deltas. */
  private onProviderEvent(event: JsonObject | undefined, info: SourceInfo): AgentUiEvent[] {
    const type = readString(event, "type") ?? "";
    if (!type.startsWith("response.reasoning")) return [];
    const delta = readString(event, "delta");
    if (delta === undefined) return [];
    const partId = readString(event, "item_id", "itemId");
    const visibility = type.includes("summary") ? "summary" : "detail";
    return [
      this.emit.event(
        "reasoning.delta",
        compact<EventFields>({
          partId,
          agentId: this.attributed(this.currentAgent),
          phase: "reasoning",
          payload: { delta, visibility },
        }),
        info,
      ),
    ];
  }

  private usageMetrics(usage: JsonObject | undefined, info: SourceInfo): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const [field, metricName] of [
      ["inputTokens", "tokens.input"],
      ["outputTokens", "tokens.output"],
    ] as const) {
      const value = readNumber(usage, field, field === "inputTokens" ? "input_tokens" : "output_tokens");
      if (value === undefined || value < 0) continue;
      // Each response reports its own usage; the run's usage is their sum, as the SDK totals it.
      this.usage[metricName] = (this.usage[metricName] ?? 0) + value;
      out.push(
        this.emit.event(
          "metric.changed",
          { metricName, payload: { value: this.usage[metricName], unit: "tokens" } },
          info,
        ),
      );
    }
    return out;
  }

  private onItem(body: JsonObject, record: unknown, info: SourceInfo): AgentUiEvent[] {
    const { raw, agent, item } = runItem(body);
    if (raw === undefined) return [this.emit.unsupported(record, info, "run item without rawItem")];
    // The SDK announces only agent changes, not the first agent: its items name it.
    this.currentAgent ??= agent;
    this.rootAgent ??= this.currentAgent;
    const events = this.itemEvents(body, record, raw, agent, item, info);
    const by = this.attributed(agent ?? this.currentAgent);
    if (by !== undefined)
      for (const event of events)
        if (ATTRIBUTED.test(event.type) && event.agentId === undefined) event.agentId = by;
    return events;
  }

  /** The agent id a fact of `agent` carries: none for the run's own assistant (the first agent). */
  private attributed(agent: string | undefined): string | undefined {
    return agent !== undefined && this.rootAgent !== undefined && agent !== this.rootAgent
      ? agent
      : undefined;
  }

  private itemEvents(
    body: JsonObject,
    record: unknown,
    raw: JsonObject,
    agent: string | undefined,
    item: JsonObject | undefined,
    info: SourceInfo,
  ): AgentUiEvent[] {
    switch (readString(body, "name")) {
      case "message_output_created":
        this.lastMessageId = readString(raw, "id") ?? this.lastMessageId;
        return [messageFact(raw, this.emitFact, info)];
      case "tool_called":
        return this.tools.open(raw, info);
      case "tool_approval_requested":
        return this.tools.approval(raw, agent, info);
      case "mcp_approval_requested":
        // A hosted MCP tool awaiting approval: the request item id is the approval id.
        return this.tools.approval({ ...raw, callId: readString(raw, "id", "callId") }, agent, info);
      case "tool_output":
        return this.tools.output(raw, info, this.modelResponded);
      case "reasoning_item_created":
        return [reasoningFact(raw, this.emitFact, info)];
      case "handoff_requested":
      case "handoff_occurred": {
        const parties = {
          occurred: readString(body, "name") === "handoff_occurred",
          from: readString(asRecord(item?.sourceAgent), "name") ?? readString(body, "sourceAgent") ?? agent,
          to: readString(asRecord(item?.targetAgent), "name") ?? readString(body, "targetAgent"),
          fallbackFrom: this.currentAgent,
        };
        const handoff = handoffFact(raw, parties, this.emitFact, info);
        const from = parties.from ?? parties.fallbackFrom;
        if (!parties.occurred || from === undefined || from === handoff.agentId) return [handoff];
        // The handing-off agent is a party of the team too: it appears, its part of the run done.
        return [
          handoff,
          this.emit.event(
            "agent.changed",
            {
              agentId: from,
              topology: "specialist_handoff",
              payload: { agentName: from, status: "completed", summary: `handed off to ${handoff.agentId}` },
            },
            { ...info, sourceEventId: `handed-off:${handoff.handoffId ?? from}` },
          ),
        ];
      }
      default:
        return [
          this.emit.unsupported(
            record,
            info,
            `run item ${readString(body, "name") ?? "without name"} is not mapped`,
          ),
        ];
    }
  }

  private onAgentUpdated(body: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const name = readString(body, "agent") ?? readString(asRecord(body.agent), "name");
    if (name === undefined) return [this.emit.unsupported(body, info)];
    const previous = this.currentAgent;
    this.currentAgent = name;
    // The first agent is the run's own assistant; a change is a new active owner (TEAM-07).
    if (previous === undefined || previous === name) return [];
    return [
      this.emit.event(
        "agent.changed",
        { agentId: name, topology: "specialist_handoff", payload: { agentName: name, status: "running" } },
        info,
      ),
    ];
  }
}

/** Facts a run item attributes to its agent: what it said, thought and did. */
const ATTRIBUTED = /^(text|reasoning|tool|action)\./;

/** A model response whose output is only messages and reasoning: nothing left for the run to do. A
 * response without an output list says nothing either way, so it is not taken as final. */
function isFinalResponse(response: JsonObject | undefined): boolean {
  const output = response?.output;
  if (!Array.isArray(output)) return false;
  return output.every((item) => {
    const type = readString(item, "type");
    return type === "message" || type === "reasoning";
  });
}

export function createOpenAiAgentsAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new OpenAiAgentsAdapter(options);
}
