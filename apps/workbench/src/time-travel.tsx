// Time travel: the projection at any point of the event log is a replay of the log up to that point
// (`projectEvents`), never a stored guess. The log is fetched page by page and cached; a newer scrub
// supersedes an older in-flight one so a slow answer never overwrites a newer view (HYD-03).
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection/core";
import type { ProjectionStore } from "@agent-ui/react";
import { useEffect, useRef, useState } from "react";
import type { GatewayHttpClient, LogEntry } from "@agent-ui/client";

export function staticStore(state: ProjectionState): ProjectionStore<ProjectionState> {
  return { getState: () => state, subscribe: () => () => {} };
}

export interface TimeTravelProps {
  sessionId: string;
  /** Latest log position known live. */
  head: number;
  /** Called with the past state, or null when back to live. */
  onTravel: (past: { seq: number; store: ProjectionStore<ProjectionState> } | null) => void;
  log: LogCache;
}

/** Fetched log entries per session, read page by page through the gateway client; only the missing tail
 * is fetched again. */
export class LogCache {
  private entries: LogEntry[] = [];
  constructor(
    private readonly http: Pick<GatewayHttpClient, "events">,
    readonly sessionId: string,
  ) {}

  async upTo(seq: number, signal?: AbortSignal): Promise<LogEntry[]> {
    let after = this.entries.length ? this.entries[this.entries.length - 1].seq : 0;
    while (after < seq) {
      if (signal?.aborted) throw new DOMException("aborted", "AbortError");
      const page = await this.http.events(this.sessionId, after, Math.min(5000, seq - after));
      const fresh = (Array.isArray(page.entries) ? page.entries : []).filter((e) => e.seq > after);
      if (fresh.length === 0) break;
      this.entries.push(...fresh);
      after = fresh[fresh.length - 1].seq;
      if (page.next === null) break;
    }
    return this.entries;
  }
}

export function TimeTravel({ sessionId, head, onTravel, log }: TimeTravelProps) {
  const [position, setPosition] = useState<number | null>(null);
  const [status, setStatus] = useState<string>("");
  const token = useRef(0);

  useEffect(() => {
    if (position === null) {
      onTravel(null);
      return;
    }
    const mine = ++token.current;
    const controller = new AbortController();
    setStatus("loading…");
    log
      .upTo(position, controller.signal)
      .then((entries) => {
        if (mine !== token.current) return;
        const events = [];
        for (const entry of entries) {
          if (entry.seq > position) break;
          events.push(entry.event);
        }
        onTravel({ seq: position, store: staticStore(projectEvents(events, { sessionId })) });
        setStatus(`${events.length} events replayed`);
      })
      .catch((error: unknown) => {
        if (mine === token.current && !controller.signal.aborted) setStatus(`unavailable: ${String(error)}`);
      });
    return () => controller.abort();
  }, [position, sessionId, log, onTravel]);

  const live = position === null;
  return (
    <section className="wb-time-travel" aria-label="Time travel">
      <label className="aui-inline-label">
        Event log position
        <input
          type="range"
          min={0}
          max={Math.max(head, 1)}
          value={live ? head : position}
          onChange={(e) => {
            const value = Number(e.target.value);
            setPosition(value >= head ? null : value);
          }}
          aria-valuetext={live ? `live (${head})` : `${position} of ${head}`}
        />
      </label>
      <span className="aui-hint">
        {live ? `live · ${head} events` : `at #${position} of ${head} · ${status}`}
      </span>
      {!live ? (
        <button type="button" className="aui-button" onClick={() => setPosition(null)}>
          Back to live
        </button>
      ) : null}
    </section>
  );
}
