// LangGraph / LangChain streaming protocol v2: `{type: "event", event_id?, seq?, method, params:
// {namespace, timestamp, node?, data}}`, as newer LangGraph servers send it and `graph.streamEvents(…,
// {version: "v3"})` yields it in process. Each event is translated into the stream-mode chunk the
// LangGraph adapter already reads (one home for messages, tools, interrupts, subgraphs and run ends);
// what v2 says differently is handled here:
// - every node task has a namespace of its own (`agent:<task id>`), not only subgraphs. A namespace is a
//   (sub)graph once it reports graph state (`values`, `updates`, `checkpoints`, `tasks`); messages and
//   tool events of a plain node belong to the nearest graph above it (the root graph's nodes to the run).
// - the root's `lifecycle` events open and end the run; `input.requested` raises an interrupt.
// - `messages` are content blocks (see messages.ts); `tools` events state a call's outcome.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { LangGraphAdapter } from "../langgraph/adapter";
import { MAX_NAMESPACES } from "../langgraph/namespaces";
import { BoundedTable } from "../shared/bounded";
import { type JsonObject, isRecord, readArray, readRecord, readString } from "../shared/record";
import { safeSummary } from "../shared/emitter";
import type { AdapterOptions, SourceAdapter } from "../types";
import { MessageStreams } from "./messages";

export const LANGGRAPH_V2_FORMAT = "langgraph-v2";

function fromSse(data: unknown, meta: RecordMeta): JsonObject {
  const [method, ...namespace] = (meta.sseEvent ?? "").split("|");
  const event: JsonObject = { type: "event", method, params: { namespace, data } };
  if (meta.sseId !== undefined) event.event_id = meta.sseId;
  return event;
}

/** A serialized LangChain ToolMessage (`{lc, type: "constructor", id: [..., "ToolMessage"]}`) or `{type: "tool"}`. */
function isToolMessage(value: unknown): value is JsonObject {
  if (!isRecord(value)) return false;
  if (value.type === "tool") return true;
  const id = readArray(value, "id");
  return value.lc !== undefined && id?.[id.length - 1] === "ToolMessage";
}

/** Channels that only a graph (the root or a subgraph) reports. */
const GRAPH_CHANNELS: ReadonlySet<string> = new Set(["values", "updates", "checkpoints", "tasks"]);

export class LangGraphV2Adapter implements SourceAdapter {
  readonly format = LANGGRAPH_V2_FORMAT;
  private readonly inner: LangGraphAdapter;
  /** Namespaces (`a|b`) known to be graphs (the root always is); the oldest are forgotten first. */
  private readonly graphs: BoundedTable<true>;
  private readonly messages: MessageStreams;

  constructor(options: AdapterOptions = {}) {
    this.inner = new LangGraphAdapter(options, LANGGRAPH_V2_FORMAT);
    const consequence = "the oldest are forgotten; their messages are then stated as the graph's above them";
    const limit = { table: "graph namespace", cap: MAX_NAMESPACES, consequence };
    this.graphs = new BoundedTable(limit, this.inner.limits, true);
    this.messages = new MessageStreams(this.inner.limits);
  }

  push(source: unknown, index?: number, meta?: RecordMeta): AgentUiEvent[] {
    // An SSE frame (`event: method|ns…`, `id:`, `data:` the event's data) is the same event.
    const record =
      meta?.sseEvent !== undefined && readString(source, "type") !== "event" ? fromSse(source, meta) : source;
    const method = readString(record, "method");
    const params = readRecord(record, "params");
    const info = { index, sourceType: method };
    if (!isRecord(record) || method === undefined || params === undefined)
      return [this.diagnostic(record, index, "not a protocol v2 event")];
    const namespace = (readArray(params, "namespace") ?? []).filter(
      (s): s is string => typeof s === "string",
    );
    const out = this.translate(record, method, namespace, params.data, info, meta);
    out.push(...this.inner.limitDiagnostics(info));
    return out;
  }

  private translate(
    record: JsonObject,
    method: string,
    namespace: string[],
    data: unknown,
    info: { index?: number; sourceType?: string },
    meta: RecordMeta | undefined,
  ): AgentUiEvent[] {
    const index = info.index;
    const id = readString(record, "event_id") ?? meta?.sseId;
    try {
      if (GRAPH_CHANNELS.has(method) && namespace.length > 0) this.graphs.add(namespace.join("|"));
      const owner = this.graphOf(namespace);
      const chunk = (mode: string, payload: unknown, ns = owner) =>
        this.inner.push({ event: [mode, ...ns].join("|"), data: payload, ...(id ? { id } : {}) }, index);
      switch (method) {
        case "values":
        case "tasks":
          return chunk(method, data, namespace);
        case "updates": {
          // `{node, values}` → the stream-mode update `{[node]: values}` (`__interrupt__` lists interrupts).
          const node = readString(data, "node");
          if (node === undefined || !isRecord(data))
            return [this.diagnostic(record, index, "update without node")];
          return chunk("updates", { [node]: data.values }, namespace);
        }
        case "checkpoints":
          // Checkpoint metadata only (ids, step): the state itself arrives as `values`.
          return [];
        case "custom":
          return chunk("custom", isRecord(data) && "payload" in data ? data.payload : data);
        case "lifecycle":
          return namespace.length === 0 ? this.rootLifecycle(data, chunk) : [];
        case "input.requested": {
          const interruptId = readString(data, "interrupt_id");
          if (interruptId === undefined)
            return [this.diagnostic(record, index, "input request without interrupt_id")];
          const value = isRecord(data) ? data.payload : undefined;
          return chunk("updates", { __interrupt__: [{ id: interruptId, value }] });
        }
        case "input.answered":
          // The resumed run that follows resolves the interrupts (the answer itself is the caller's).
          return [];
        case "messages":
          return this.onMessages(namespace, owner, data, chunk, info, record);
        case "tools":
          return this.onTools(data, chunk, record, index);
        default:
          return [this.diagnostic(record, index, `protocol method ${method.slice(0, 80)} is not mapped`)];
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      return [this.diagnostic(record, index, `adapter error: ${reason}`)];
    }
  }

  finish(): AgentUiEvent[] {
    return this.inner.finish();
  }

  /** The nearest graph at or above a namespace. */
  private graphOf(namespace: string[]): string[] {
    for (let depth = namespace.length; depth > 0; depth--)
      if (this.graphs.has(namespace.slice(0, depth).join("|"))) return namespace.slice(0, depth);
    return [];
  }

  private rootLifecycle(data: unknown, chunk: (mode: string, payload: unknown) => AgentUiEvent[]) {
    switch (readString(data, "event")) {
      case "started":
      case "running":
        return chunk("metadata", {});
      case "completed":
        return chunk("end", null);
      case "failed":
        return chunk("error", { message: readString(data, "error") ?? "graph run failed" });
      default:
        // `interrupted`: the interrupt already paused the run.
        return [];
    }
  }

  /** A node's content blocks, read per node task (`namespace`: parallel nodes of one graph stream at
   * once), stated as the facts of the graph that owns the node (`owner`). */
  private onMessages(
    namespace: string[],
    owner: string[],
    data: unknown,
    chunk: (mode: string, payload: unknown) => AgentUiEvent[],
    info: { index?: number; sourceType?: string },
    record: unknown,
  ): AgentUiEvent[] {
    if (!isRecord(data)) return [this.diagnostic(record, info.index, "messages event without data")];
    const facts = this.messages.read(namespace.join("|"), data);
    if (typeof facts === "string") return [this.diagnostic(record, info.index, facts)];
    const out: AgentUiEvent[] = [];
    for (const message of facts.chunks) out.push(...chunk("messages", [message, {}]));
    if (facts.reasoning !== undefined) {
      const { messageId, partId, text } = facts.reasoning;
      const fields = { messageId, partId, payload: { text } };
      out.push(this.inner.extraEvent("reasoning.summary", fields, owner, info));
    }
    if (facts.error !== undefined) {
      const payload = { code: "runtime_error", severity: "error", message: facts.error };
      out.push(this.inner.extraEvent("diagnostic.changed", { payload }, owner, info));
    }
    return out;
  }

  /** `tool-finished` / `tool-error` are the call's outcome: the ToolMessage that states it. Starts and
   * output deltas add nothing the AI message's tool call and the outcome do not say. */
  private onTools(
    data: unknown,
    chunk: (mode: string, payload: unknown) => AgentUiEvent[],
    record: unknown,
    index: number | undefined,
  ): AgentUiEvent[] {
    const event = readString(data, "event");
    const toolCallId = readString(data, "tool_call_id");
    if (toolCallId === undefined) return [this.diagnostic(record, index, "tool event without tool_call_id")];
    const body = data as JsonObject;
    if (event === "tool-finished") {
      // The output is the ToolMessage itself when the tool node returns one; else the tool's raw value.
      const output = body.output;
      if (isToolMessage(output)) return chunk("messages/complete", [output]);
      const content = typeof output === "string" ? output : JSON.stringify(output ?? null);
      return chunk("messages/complete", [{ type: "tool", tool_call_id: toolCallId, content }]);
    }
    if (event === "tool-error") {
      const content = readString(body, "message") ?? "tool error";
      return chunk("messages/complete", [
        { type: "tool", tool_call_id: toolCallId, content, status: "error" },
      ]);
    }
    return [];
  }

  private diagnostic(record: unknown, index: number | undefined, reason: string): AgentUiEvent {
    const payload = {
      code: "unsupported_source_event",
      severity: "warning",
      message: `${LANGGRAPH_V2_FORMAT} record${index !== undefined ? ` #${index}` : ""}: ${reason}`,
      summary: safeSummary(record),
    };
    return this.inner.extraEvent("diagnostic.changed", { payload }, [], { index });
  }
}
