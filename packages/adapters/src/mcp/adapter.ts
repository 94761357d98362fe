// MCP JSON-RPC traffic (`{dir, msg}` records or bare messages) → Agent UI. `tools/call` is a tool row,
// progress notifications update it, elicitations are actions (form → structured input with the requested
// schema; URL → a link the user opens, resolved when the server says it completed), and results close
// the row with artifact refs. JSON-RPC ids collide across directions, so requests are keyed by
// sender direction + id.
import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { LimitNotices, limitDiagnostics } from "../shared/bounded";
import { Emitter, type SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import { safePreview } from "../shared/safe-preview";
import type { AdapterOptions, SourceAdapter } from "../types";
import { QUIET_METHODS } from "./actions";
import { McpInteractions } from "./interactions";
import { type Dir, McpRequests, type PendingRequest } from "./requests";
import { toolResultEvents } from "./results";

export const MCP_FORMAT = "mcp";

const SERVER_METHODS = new Set(["elicitation/create", "sampling/createMessage", "roots/list"]);

class McpAdapter implements SourceAdapter {
  readonly format = MCP_FORMAT;
  private readonly emit: Emitter;
  /** Tables that reached their cap, each reported once. */
  private readonly limits = new LimitNotices();
  private readonly requests = new McpRequests(this.limits);
  private readonly interactions: McpInteractions;

  private readonly safeOptions: SafeOptions;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(MCP_FORMAT, options);
    this.safeOptions = safeOptionsOf(options);
    this.interactions = new McpInteractions(this.emit, (v) => this.safe(v), this.limits);
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
    const out = this.emit.guard(record, info, () => {
      if (msg === undefined || (method === undefined && !("result" in msg) && !("error" in msg)))
        return [this.emit.unsupported(record, info)];
      if (method !== undefined)
        return this.onMessage(msg, method, dir ?? (SERVER_METHODS.has(method) ? "s2c" : "c2s"), info);
      return this.onResponse(msg, dir, info);
    });
    for (const notice of limitDiagnostics(this.emit, this.limits, info)) out.push(notice);
    return out;
  }

  finish(): AgentUiEvent[] {
    return this.interactions.finish();
  }

  private onMessage(msg: JsonObject, method: string, dir: Dir, info: SourceInfo): AgentUiEvent[] {
    const params = asRecord(msg.params) ?? {};
    const id = msg.id;
    const key = id !== undefined && id !== null ? `${dir}:${String(id)}` : undefined;
    const request = key !== undefined ? this.requests.open(key, method) : undefined;
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
        return key === undefined || request === undefined
          ? [this.emit.unsupported(msg, info, "tools/call without an id")]
          : this.onToolCall(params, key, request, info);
      case "sampling/createMessage":
        return key === undefined || request === undefined
          ? [this.emit.unsupported(msg, info, "sampling without an id")]
          : this.interactions.sample(params, request, this.requests.localId("mcp-sampling:", key), info);
      case "elicitation/create":
        return key === undefined || request === undefined
          ? [this.emit.unsupported(msg, info, "elicitation/create without an id")]
          : this.interactions.elicit(
              params,
              request,
              readString(params, "elicitationId") ?? this.requests.localId("mcp-elicitation:", key),
              info,
            );
      case "notifications/progress":
        return this.onProgress(params, info);
      case "notifications/cancelled":
        return this.onCancelled(params, dir, info);
      case "notifications/elicitation/complete":
        return this.interactions.complete(params, info);
      case "notifications/message":
        return [this.logDiagnostic(params, info)];
      default:
        return QUIET_METHODS.has(method)
          ? []
          : [this.emit.unsupported(msg, info, `method ${method} is not mapped`)];
    }
  }

  private onToolCall(
    params: JsonObject,
    key: string,
    request: PendingRequest,
    info: SourceInfo,
  ): AgentUiEvent[] {
    const toolCallId = this.requests.localId("mcp:", key);
    request.toolCallId = toolCallId;
    const token = params._meta !== undefined ? asRecord(params._meta)?.progressToken : undefined;
    if (typeof token === "string" || typeof token === "number")
      this.requests.watchProgress(String(token), request, toolCallId);
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

  private onProgress(params: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const token = params.progressToken;
    const toolCallId =
      typeof token === "string" || typeof token === "number"
        ? this.requests.progressOf(String(token))
        : undefined;
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
    const request = this.requests.take(key);
    if (request === undefined)
      return [
        this.emit.diagnostic("missing_correlation", "info", "mcp cancellation of an unknown request", info),
      ];
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
      return this.interactions.resolve(request.actionId, { outcome: "cancelled", reason }, info);
    return [];
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
    const request = key !== undefined ? this.requests.take(key) : undefined;
    if (request === undefined)
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          `mcp response to unknown request id ${clip(id, 40)}`,
          info,
        ),
      ];
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
    if (request.actionId !== undefined) return this.interactions.answer(request, result, error, info);
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
}

export function createMcpAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new McpAdapter(options);
}
