// The MCP requests in flight, keyed by sender direction + JSON-RPC id (ids collide across directions),
// the local ids their rows and actions take (a sender may reuse an id once its request completed), and
// which tool call each progress token reports on. Every table has a cap (the ids are the peer's to
// choose); past one, one `source_limit_exceeded` warning names it (see `BoundedTable`).
import { BoundedTable, type LimitNotices } from "../shared/bounded";

export type Dir = "c2s" | "s2c";

export interface PendingRequest {
  method: string;
  toolCallId?: string;
  actionId?: string;
  mode?: "form" | "url";
  /** The progress token of a tool call, while the call runs. */
  progressToken?: string;
}

/** Requests awaiting their response; the oldest forgotten first. */
export const MAX_PENDING_REQUESTS = 4096;
/** Request ids remembered to number a reused id's rows; the oldest forgotten first. */
export const MAX_REQUEST_IDS = 16_384;
/** Progress tokens remembered; those of finished calls forgotten first, then the oldest. */
export const MAX_PROGRESS_TOKENS = 4096;

export class McpRequests {
  private readonly pending: BoundedTable<PendingRequest>;
  private readonly usedIds: BoundedTable<number>;
  private readonly progress: BoundedTable<string>;

  constructor(notices: LimitNotices) {
    const pending = {
      table: "pending request",
      cap: MAX_PENDING_REQUESTS,
      consequence:
        "the oldest unanswered are forgotten; a forgotten request's response is stated as uncorrelated",
    };
    this.pending = new BoundedTable(pending, notices, true);
    const ids = {
      table: "request id",
      cap: MAX_REQUEST_IDS,
      consequence: "the oldest are forgotten; a forgotten id used again names its row as its first use did",
    };
    this.usedIds = new BoundedTable(ids, notices, true);
    const tokens = {
      table: "progress token",
      cap: MAX_PROGRESS_TOKENS,
      consequence:
        "finished calls' tokens are forgotten first, then the oldest; progress on a forgotten token is stated as uncorrelated",
      warnOnlyForOpen: true,
    };
    this.progress = new BoundedTable(tokens, notices, true);
  }

  /** A request with an id was sent: it waits for its response (or cancellation). */
  open(key: string, method: string): PendingRequest {
    const request: PendingRequest = { method };
    this.pending.set(key, request);
    return request;
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }

  /** The pending request `key` names, no longer pending (its response or cancellation arrived). */
  take(key: string): PendingRequest | undefined {
    const request = this.pending.get(key);
    if (request === undefined) return undefined;
    this.pending.delete(key);
    const token = request.progressToken;
    if (token !== undefined && this.progress.get(token) === request.toolCallId) this.progress.close(token);
    return request;
  }

  /** A fresh local id for a request id the sender may reuse once the earlier request completed. */
  localId(prefix: string, key: string): string {
    const count = (this.usedIds.get(key) ?? 0) + 1;
    this.usedIds.set(key, count);
    return count === 1 ? `${prefix}${key.slice(4)}` : `${prefix}${key.slice(4)}#${count}`;
  }

  /** Progress notifications carrying `token` report on the request's tool call while it runs. */
  watchProgress(token: string, request: PendingRequest, toolCallId: string): void {
    request.progressToken = token;
    this.progress.reopen(token);
    this.progress.set(token, toolCallId);
  }

  progressOf(token: string): string | undefined {
    return this.progress.get(token);
  }
}
