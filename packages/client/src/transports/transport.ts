// A transport delivers one session's log from a given seq: a `ready` signal once the gateway bound the
// listener, then entries in seq order, then exactly one `onClose`. Reconnection, dedupe and gap repair live
// above it (../log-subscription), so every transport stays small.
import type { LogEntry, ResumeCursor } from "@agent-ui/contracts";

export interface TransportHandlers {
  onReady(head: number): void;
  /** `cursor`: the resume cursor of the batch's last entry, when the gateway sent one. */
  onEntries(entries: readonly LogEntry[], cursor?: ResumeCursor): void;
  /** The connection ended (server closed, network lost or `close()` called). Called once. `refused`: the
   * gateway answered that it will not serve this subscription (401, 403, 404), so retrying cannot help. */
  onClose(reason?: string, refused?: boolean): void;
}

export interface TransportConnection {
  close(): void;
}

export interface EventTransport {
  readonly name: string;
  /** Entries after `after`; `tag` (from the cursor of entry `after`) lets the gateway check that its entry
   * at `after` is still the one this client applied (`log_rewound` otherwise). */
  connect(sessionId: string, after: number, handlers: TransportHandlers, tag?: string): TransportConnection;
}

/** Wraps handlers so `onClose` fires once and nothing is delivered after it. */
export function onceClosed(handlers: TransportHandlers): TransportHandlers & { readonly closed: boolean } {
  let closed = false;
  return {
    get closed() {
      return closed;
    },
    onReady: (head) => {
      if (!closed) handlers.onReady(head);
    },
    onEntries: (entries, cursor) => {
      if (!closed) handlers.onEntries(entries, cursor);
    },
    onClose: (reason, refused) => {
      if (closed) return;
      closed = true;
      handlers.onClose(reason, refused);
    },
  };
}
