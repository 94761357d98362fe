// MCP JSON-RPC traffic (`{dir, msg}` records or bare messages) → Agent UI. `tools/call` is a tool row,
// progress notifications update it, elicitations are actions (form → structured input with the requested
// schema; URL → a link the user opens, resolved when the server says it completed), and results close
// the row with artifact refs. JSON-RPC ids collide across directions, so requests are keyed by
// sender direction + id.
import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { Emitter, type SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import { safePreview } from "../shared/safe-preview";
import type { AdapterOptions, SourceAdapter } from "../types";
import { QUIET_METHODS, elicitationPayload, samplingPayload } from "./actions";
import { toolResultEvents } from "./results";

export const MCP_FORMAT = "mcp";

type Dir = "c2s" | "s2c";
const SERVER_METHODS = new Set(["elicitation/create", "sampling/createMessage", "roots/list"]);

interface PendingRequest {
  method: string;
  toolCallId?: string;
  actionId?: string;
  mode?: "form" | "url";
}

interface ElicitationState {
  mode: "form" | "url";
  accepted: boolean;
  resolved: boolean;
}

class McpAdapter implements SourceAdapter {
  readonly format = MCP_FORMAT;
  private readonly emit: Emitter;
  private readonly requests = new Map<string, PendingRequest>();
  private readonly usedIds = new Map<string, number>();
  private readonly progress = new Map<string, string>();
  private readonly elicitations = new Map<string, ElicitationState>();

  private readonly safeOptions: SafeOptions;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(MCP_FORMAT, options);
    this.safeOptions = safeOptionsOf(options);
  }

  /** Redacts and offloads a source value with the adapter's `largePayloadBytes`. */
  private safe(value: unknown): unknown {
    return safeValue(value, this.safeOptions);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const body = asRecord(record);
    const msg = asRecord(body?.msg) ?? body;
    const dirText = readString(body, "dir");
    const dir: Dir | undefined =
      dirText === "client->server" ? "c2s" : dirText === "server->client" ? "s2c" : undefined;
    const method = readString(msg, "method");
    const info: SourceInfo = {
      index,
      sourceType: method ?? (msg !== undefined && "id" in msg ? "response" : undefined),
    };
    return this.emit.guard(record, info, () => {
      if (msg === undefined || (method === undefined && !("result" in msg) && !("error" in msg)))
        return [this.emit.unsupported(record, info)];
      if (method !== undefined)
        return this.onMessage(msg, method, dir ?? (SERVER_METHODS.has(method) ? "s2c" : "c2s"), info);
      return this.onResponse(msg, dir, info);
    });
  }

  finish(): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const [actionId, state] of this.elicitations)
      if (state.accepted && !state.resolved)
        out.push(
          this.emit.diagnostic(
            "transport_unavailable",
            "info",
            `URL elicitation ${actionId} was accepted but the server never reported it complete`,
            {},
            { actionId },
          ),
        );
    return out;
  }

  /** A fresh local id for a request id the sender may reuse once the earlier request completed. */
  private localId(prefix: string, key: string): string {
    const count = (this.usedIds.get(key) ?? 0) + 1;
    this.usedIds.set(key, count);
    return count === 1 ? `${prefix}${key.slice(4)}` : `${prefix}${key.slice(4)}#${count}`;
  }

  private onMessage(msg: JsonObject, method: string, dir: Dir, info: SourceInfo): AgentUiEvent[] {
    const params = asRecord(msg.params) ?? {};
    const id = msg.id;
    const key = id !== undefined && id !== null ? `${dir}:${String(id)}` : undefined;
    if (key !== undefined) this.requests.set(key, { method });
    switch (method) {
      case "initialize":
        return [
          this.emit.event(
            "session.opened",
            {
              phase: "hydrating",
              payload: compact({
                protocolVersion: readString(params, "protocolVersion"),
                client: readString(asRecord(params.clientInfo), "name"),
              }),
            },
            info,
          ),
        ];
      case "tools/call":
        return key === undefined
          ? [this.emit.unsupported(msg, info, "tools/call without an id")]
          : this.onToolCall(params, key, info);
      case "sampling/createMessage":
        return key === undefined
          ? [this.emit.unsupported(msg, info, "sampling without an id")]
          : this.onSampling(params, key, info);
      case "elicitation/create":
        return key === undefined
          ? [this.emit.unsupported(msg, info, "elicitation/create without an id")]
          : this.onElicitation(params, key, info);
      case "notifications/progress":
        return this.onProgress(params, info);
      case "notifications/cancelled":
        return this.onCancelled(params, dir, info);
      case "notifications/elicitation/complete":
        return this.onElicitationComplete(params, info);
      case "notifications/message":
        return [this.logDiagnostic(params, info)];
      default:
        return QUIET_METHODS.has(method)
          ? []
          : [this.emit.unsupported(msg, info, `method ${method} is not mapped`)];
    }
  }

  private onToolCall(params: JsonObject, key: string, info: SourceInfo): AgentUiEvent[] {
    const toolCallId = this.localId("mcp:", key);
    (this.requests.get(key) as PendingRequest).toolCallId = toolCallId;
    const token = params._meta !== undefined ? asRecord(params._meta)?.progressToken : undefined;
    if (typeof token === "string" || typeof token === "number") this.progress.set(String(token), toolCallId);
    const name = readString(params, "name");
    const input = this.safe(params.arguments ?? {});
    return [
      this.emit.event(
        "tool.started",
        { toolCallId, phase: "acting", payload: compact({ name, kind: "mcp" }) },
        info,
      ),
      this.emit.event("tool.args", { toolCallId, payload: { input, complete: true } }, info),
    ];
  }

  private onElicitation(params: JsonObject, key: string, info: SourceInfo): AgentUiEvent[] {
    const url = readString(params, "url");
    const mode: "form" | "url" = readString(params, "mode") === "url" || url !== undefined ? "url" : "form";
    const actionId = readString(params, "elicitationId") ?? this.localId("mcp-elicitation:", key);
    const request = this.requests.get(key) as PendingRequest;
    request.actionId = actionId;
    request.mode = mode;
    this.elicitations.set(actionId, { mode, accepted: false, resolved: false });
    const payload = elicitationPayload(params, mode, (v) => this.safe(v));
    return [this.emit.event("action.required", { actionId, phase: "waiting", payload }, info)];
  }

  /** The server asks the client's model to generate: hosts gate this on the user (MCP sampling). */
  private onSampling(params: JsonObject, key: string, info: SourceInfo): AgentUiEvent[] {
    const actionId = this.localId("mcp-sampling:", key);
    (this.requests.get(key) as PendingRequest).actionId = actionId;
    this.elicitations.set(actionId, { mode: "form", accepted: false, resolved: false });
    const payload = samplingPayload(params);
    return [this.emit.event("action.required", { actionId, phase: "waiting", payload }, info)];
  }

  private onProgress(params: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const token = params.progressToken;
    const toolCallId =
      typeof token === "string" || typeof token === "number" ? this.progress.get(String(token)) : undefined;
    if (toolCallId === undefined)
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          "mcp progress for an unknown progressToken",
          info,
        ),
      ];
    const done = readNumber(params, "progress");
    const total = readNumber(params, "total");
    const payload = compact({
      message: readString(params, "message"),
      ratio: done !== undefined && total !== undefined && total > 0 ? done / total : undefined,
    });
    return [this.emit.event("tool.progress", { toolCallId, phase: "acting", payload }, info)];
  }

  private onCancelled(params: JsonObject, dir: Dir, info: SourceInfo): AgentUiEvent[] {
    const requestId = params.requestId;
    const key = `${dir}:${String(requestId)}`;
    const request = this.requests.get(key);
    if (request === undefined)
      return [
        this.emit.diagnostic("missing_correlation", "info", "mcp cancellation of an unknown request", info),
      ];
    this.requests.delete(key);
    const reason = readString(params, "reason");
    if (request.toolCallId !== undefined)
      return [
        this.emit.event(
          "tool.failed",
          {
            toolCallId: request.toolCallId,
            phase: "cancelled",
            payload: compact({ cancelled: true, error: reason ?? "cancelled" }),
          },
          info,
        ),
      ];
    if (request.actionId !== undefined)
      return this.resolveAction(request.actionId, { outcome: "cancelled", reason }, info);
    return [];
  }

  private onElicitationComplete(params: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const actionId = readString(params, "elicitationId");
    if (actionId === undefined || !this.elicitations.has(actionId))
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          "elicitation complete for an unknown elicitationId",
          info,
        ),
      ];
    const state = this.elicitations.get(actionId) as ElicitationState;
    return this.resolveAction(
      actionId,
      compact({
        outcome: "resolved",
        decision: state.accepted ? "accept" : undefined,
        reason: "server reported the interaction complete",
      }),
      info,
    );
  }

  private resolveAction(actionId: string, payload: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const state = this.elicitations.get(actionId);
    if (state?.resolved === true) return [];
    if (state !== undefined) state.resolved = true;
    return [this.emit.event("action.resolved", { actionId, payload }, info)];
  }

  private logDiagnostic(params: JsonObject, info: SourceInfo): AgentUiEvent {
    // RFC 5424 levels as MCP names them: error and worse are runtime errors, warning a warning, and
    // debug / info / notice (or an unknown level) information — never coded as a warning.
    const level = readString(params, "level") ?? "info";
    const severe = ["error", "critical", "alert", "emergency"].includes(level);
    const data = params.data;
    const message = `${readString(params, "logger") ?? "server"}: ${safePreview(data, 300) ?? ""}`;
    if (severe) return this.emit.diagnostic("runtime_error", "error", message, info);
    if (level === "warning") return this.emit.diagnostic("runtime_warning", "warning", message, info);
    return this.emit.diagnostic("runtime_info", "info", message, info);
  }

  /** A response travels against its request: its request was sent the other way. */
  private onResponse(msg: JsonObject, dir: Dir | undefined, info: SourceInfo): AgentUiEvent[] {
    const id = String(msg.id);
    const result = asRecord(msg.result);
    let key: string | undefined;
    if (dir !== undefined) key = `${dir === "c2s" ? "s2c" : "c2s"}:${id}`;
    else {
      // A bare response: pick the pending request its shape answers (elicitation results carry `action`).
      const candidates = [`c2s:${id}`, `s2c:${id}`].filter((k) => this.requests.has(k));
      key =
        candidates.length === 1
          ? candidates[0]
          : candidates.find((k) =>
              k.startsWith("s2c") ? result?.action !== undefined : result?.action === undefined,
            );
    }
    const request = key !== undefined ? this.requests.get(key) : undefined;
    if (key === undefined || request === undefined)
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          `mcp response to unknown request id ${clip(id, 40)}`,
          info,
        ),
      ];
    this.requests.delete(key);
    const error = asRecord(msg.error);
    if (request.toolCallId !== undefined) {
      const toolCallId = request.toolCallId;
      if (error !== undefined) {
        const payload = compact({
          error: readString(error, "message") ?? "error",
          category: `jsonrpc:${String(error.code ?? "")}`,
        });
        return [this.emit.event("tool.failed", { toolCallId, phase: "failed", payload }, info)];
      }
      return toolResultEvents(
        toolCallId,
        result ?? {},
        (type, fields) => this.emit.event(type, fields, info),
        (value) => this.safe(value),
      );
    }
    if (request.actionId !== undefined) return this.onElicitationResult(request, result, error, info);
    if (request.method === "initialize" && result !== undefined) {
      const server = asRecord(result.serverInfo);
      const payload = compact({
        title: readString(server, "name"),
        server: compact({ name: readString(server, "name"), version: readString(server, "version") }),
        protocolVersion: readString(result, "protocolVersion"),
      });
      return [this.emit.event("session.updated", { payload }, info)];
    }
    if (error !== undefined)
      return [
        this.emit.diagnostic(
          "runtime_error",
          "warning",
          `mcp ${request.method} failed: ${readString(error, "message") ?? "error"}`,
          info,
        ),
      ];
    return QUIET_METHODS.has(request.method)
      ? []
      : [this.emit.unsupported(msg, info, `response to ${request.method} is not mapped`)];
  }

  private onElicitationResult(
    request: PendingRequest,
    result: JsonObject | undefined,
    error: JsonObject | undefined,
    info: SourceInfo,
  ): AgentUiEvent[] {
    const actionId = request.actionId as string;
    if (error !== undefined)
      return this.resolveAction(
        actionId,
        { outcome: "cancelled", reason: readString(error, "message") ?? "error" },
        info,
      );
    // A sampling result says the client generated; it does not say a person approved (hosts may allow
    // sampling by policy), so no decision is recorded. A refusal comes back as a JSON-RPC error.
    if (request.method === "sampling/createMessage")
      return this.resolveAction(
        actionId,
        compact({
          outcome: "resolved",
          reason: "the client returned a sampled message",
          response: compact({
            model: readString(result, "model"),
            stopReason: readString(result, "stopReason"),
          }),
        }),
        info,
      );
    const action = readString(result, "action") ?? "unknown";
    const state = this.elicitations.get(actionId);
    // An accepted URL elicitation only means the user went to the link; the server says when it is done.
    if (request.mode === "url" && action === "accept" && state !== undefined) {
      state.accepted = true;
      return [];
    }
    const payload = compact({
      outcome: action === "cancel" ? "cancelled" : "resolved",
      decision: action,
      response: action === "accept" ? asRecord(this.safe(result?.content)) : undefined,
    });
    return this.resolveAction(actionId, payload, info);
  }
}

export function createMcpAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new McpAdapter(options);
}
