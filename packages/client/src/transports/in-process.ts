// In-process transport: the log lives in the same process (the gateway core, an embedded runtime, a test
// double). Same contract as the network transports, so the subscription logic is tested once for all.
import type { LogEntry } from "@agent-ui/contracts";
import {
  type EventTransport,
  onceClosed,
  type TransportConnection,
  type TransportHandlers,
} from "./transport";

/** What an in-process log offers; the server's `Gateway.subscribe` has exactly this shape. */
export interface InProcessLog {
  subscribe(
    sessionId: string,
    after: number,
    listener: (entries: readonly LogEntry[]) => void,
  ): Promise<{ ready: Promise<{ head: number }>; unsubscribe(): void }>;
}

export class InProcessTransport implements EventTransport {
  readonly name = "in-process";
  constructor(private readonly log: InProcessLog) {}

  connect(sessionId: string, after: number, handlers: TransportHandlers): TransportConnection {
    const h = onceClosed(handlers);
    let unsubscribe: (() => void) | undefined;
    void this.log
      .subscribe(sessionId, after, (entries) => h.onEntries(entries))
      .then(async (subscription) => {
        unsubscribe = subscription.unsubscribe;
        if (h.closed) {
          unsubscribe();
          return;
        }
        h.onReady((await subscription.ready).head);
      })
      .catch((error: unknown) => h.onClose(error instanceof Error ? error.message : String(error)));
    return {
      close: () => {
        unsubscribe?.();
        h.onClose("closed by client");
      },
    };
  }
}
