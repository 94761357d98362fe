// MCP requests a user answers (elicitations, sampling) as actions: each one's state from
// `action.required` to `action.resolved`. A URL elicitation the user accepted stays open until the
// server says it completed; a duplicate answer resolves nothing twice. At most MAX_INTERACTIONS are
// remembered: resolved ones are forgotten first, then the oldest (one `source_limit_exceeded` warning).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import type { Emitter, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readString } from "../shared/record";
import { elicitationPayload, samplingPayload } from "./actions";
import type { PendingRequest } from "./requests";

interface ElicitationState {
  mode: "form" | "url";
  accepted: boolean;
  resolved: boolean;
}

/** Elicitations and sampling requests remembered; resolved ones forgotten first, then the oldest. */
export const MAX_INTERACTIONS = 1024;

export class McpInteractions {
  private readonly elicitations: BoundedTable<ElicitationState>;

  constructor(
    private readonly emit: Emitter,
    private readonly safe: (value: unknown) => unknown,
    notices: LimitNotices,
  ) {
    const limit = {
      table: "elicitation",
      cap: MAX_INTERACTIONS,
      consequence:
        "resolved ones are forgotten first, then the oldest; a forgotten one's completion is stated as uncorrelated",
    };
    this.elicitations = new BoundedTable(limit, notices, true);
  }

  /** An elicitation request (`actionId` chosen by the caller) as a waiting action. */
  elicit(params: JsonObject, request: PendingRequest, actionId: string, info: SourceInfo): AgentUiEvent[] {
    const url = readString(params, "url");
    const mode: "form" | "url" = readString(params, "mode") === "url" || url !== undefined ? "url" : "form";
    request.actionId = actionId;
    request.mode = mode;
    this.track(actionId, mode);
    const payload = elicitationPayload(params, mode, this.safe);
    return [this.emit.event("action.required", { actionId, phase: "waiting", payload }, info)];
  }

  /** The server asks the client's model to generate: hosts gate this on the user (MCP sampling). */
  sample(params: JsonObject, request: PendingRequest, actionId: string, info: SourceInfo): AgentUiEvent[] {
    request.actionId = actionId;
    this.track(actionId, "form");
    const payload = samplingPayload(params);
    return [this.emit.event("action.required", { actionId, phase: "waiting", payload }, info)];
  }

  /** A new action waits for its answer (an id used again starts open). */
  private track(actionId: string, mode: "form" | "url"): void {
    this.elicitations.reopen(actionId);
    this.elicitations.set(actionId, { mode, accepted: false, resolved: false });
  }

  /** `notifications/elicitation/complete`: the server says a URL interaction finished. */
  complete(params: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const actionId = readString(params, "elicitationId");
    const state = actionId !== undefined ? this.elicitations.get(actionId) : undefined;
    if (actionId === undefined || state === undefined)
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          "elicitation complete for an unknown elicitationId",
          info,
        ),
      ];
    return this.resolve(
      actionId,
      compact({
        outcome: "resolved",
        decision: state.accepted ? "accept" : undefined,
        reason: "server reported the interaction complete",
      }),
      info,
    );
  }

  /** The action is resolved, once: a later answer to it states nothing. */
  resolve(actionId: string, payload: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const state = this.elicitations.get(actionId);
    if (state?.resolved === true) return [];
    if (state !== undefined) {
      state.resolved = true;
      this.elicitations.close(actionId);
    }
    return [this.emit.event("action.resolved", { actionId, payload }, info)];
  }

  /** The client's answer to an elicitation or sampling request. */
  answer(
    request: PendingRequest,
    result: JsonObject | undefined,
    error: JsonObject | undefined,
    info: SourceInfo,
  ): AgentUiEvent[] {
    const actionId = request.actionId as string;
    if (error !== undefined)
      return this.resolve(
        actionId,
        { outcome: "cancelled", reason: readString(error, "message") ?? "error" },
        info,
      );
    // A sampling result says the client generated; it does not say a person approved (hosts may allow
    // sampling by policy), so no decision is recorded. A refusal comes back as a JSON-RPC error.
    if (request.method === "sampling/createMessage")
      return this.resolve(
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
    return this.resolve(actionId, payload, info);
  }

  /** Accepted URL elicitations the server never reported complete, as info diagnostics. */
  finish(): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const [actionId, state] of this.elicitations.entriesInOrder())
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
}
