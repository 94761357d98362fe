// The sink an attached runtime source writes through: what it produces is adapted, redacted and appended
// to its session's log, and its status reports become facts on the stream and then the session row.
import { type AgentUiEvent, redact, type RuntimeSource, type SourceStatus } from "@agent-ui/contracts";
import type { AppendingSink } from "../sources/push-source";
import type { IdempotencyCompletion, LogEntry, SessionStore } from "../store/session-store";
import type { SessionIngest } from "./ingest";
import { sourceStatusEvents } from "./status-events";

export interface AttachedRuntime {
  source: RuntimeSource;
  abort: AbortController;
  ingest: SessionIngest;
  reportedStatus: boolean;
  /** The last session-row status write. The next one waits for it: two writes issued on a connection
   * pool may otherwise land in either order and leave an earlier status (`live` after `completed`). */
  rowWrite: Promise<unknown>;
}

export interface RuntimeSinkParts {
  sink: AppendingSink;
  /** Stores the status facts, then sets the session row (in report order). */
  setStatus(status: SourceStatus, reason?: string): Promise<void>;
  /** A terminal status closes what the stream left open first (`SessionIngest.finish`). */
  finishIfTerminal(status: SourceStatus): Promise<void>;
}

export function runtimeSink(
  store: SessionStore,
  sessionId: string,
  runtime: AttachedRuntime,
  rowChanged: () => void,
): RuntimeSinkParts {
  // Adapting is synchronous and appends are issued in call order (the store commits them FIFO), so the
  // log keeps the order the source produced without waiting for one commit before adapting the next:
  // a source that streams without awaiting gets group commit. The detail bodies taken out while adapting
  // `events` go in the same append (one transaction), so a viewer never receives a ref it cannot open.
  const append = (events: AgentUiEvent[], completes?: IdempotencyCompletion): Promise<LogEntry[]> =>
    store.append(sessionId, events, runtime.ingest.takeDetails(), completes);
  const setStatus = (status: SourceStatus, reason?: string): Promise<void> => {
    runtime.reportedStatus = true;
    // The session row changes only after the facts are stored, so a reader that sees the status also
    // finds the events that led to it.
    // A source's reason is its own prose (an upstream error can quote a key): redacted like its events.
    const previous = runtime.rowWrite;
    const written = append(sourceStatusEvents(runtime.ingest, status, reason))
      .then(() => previous)
      .then(() => store.setStatus(sessionId, status, reason === undefined ? undefined : redact(reason).value))
      .then(rowChanged);
    runtime.rowWrite = written.catch(() => {});
    return written;
  };
  const finishIfTerminal = (status: SourceStatus): Promise<void> =>
    status === "completed" || status === "failed" || status === "stopped"
      ? append(runtime.ingest.finish()).then(() => undefined)
      : Promise.resolve();
  const sink: AppendingSink = {
    records: async (records, format, meta) => {
      await append(runtime.ingest.records(records, format, meta));
    },
    events: async (events) => {
      await append(runtime.ingest.events(events));
    },
    // Push ingest: the batch's idempotency claim completes in the append's transaction.
    push: (records, format, completes) =>
      append(
        format === "agent-ui"
          ? runtime.ingest.events(records as Partial<AgentUiEvent>[])
          : runtime.ingest.records(records, format),
        completes,
      ),
    diagnostic: async (diagnostic) => {
      await append([runtime.ingest.diagnostic(diagnostic)]);
    },
    status: async (status, reason) => {
      const finished = finishIfTerminal(status);
      await Promise.all([finished, setStatus(status, reason)]);
    },
  };
  return { sink, setStatus, finishIfTerminal };
}
