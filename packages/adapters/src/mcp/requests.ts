// The MCP requests in flight, keyed by sender direction + JSON-RPC id (ids collide across directions),
// the local ids their rows and actions take (a sender may reuse an id once its request completed), and
// which tool call each progress token reports on.

export type Dir = "c2s" | "s2c";

export interface PendingRequest {
  method: string;
  toolCallId?: string;
  actionId?: string;
  mode?: "form" | "url";
}

export class McpRequests {
  private readonly pending = new Map<string, PendingRequest>();
  private readonly usedIds = new Map<string, number>();
  private readonly progress = new Map<string, string>();

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
    if (request !== undefined) this.pending.delete(key);
    return request;
  }

  /** A fresh local id for a request id the sender may reuse once the earlier request completed. */
  localId(prefix: string, key: string): string {
    const count = (this.usedIds.get(key) ?? 0) + 1;
    this.usedIds.set(key, count);
    return count === 1 ? `${prefix}${key.slice(4)}` : `${prefix}${key.slice(4)}#${count}`;
  }

  /** Progress notifications carrying `token` report on `toolCallId`. */
  watchProgress(token: string, toolCallId: string): void {
    this.progress.set(token, toolCallId);
  }

  progressOf(token: string): string | undefined {
    return this.progress.get(token);
  }
}
