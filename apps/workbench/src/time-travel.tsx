// Time travel: the projection at any point of the event log is a replay of the log up to that point
// (`LogCache.replay`), never a stored guess. The log is fetched page by page and cached; a newer scrub
// supersedes an older in-flight one so a slow answer never overwrites a newer view (HYD-03). The control
// is a chunk of its own, loaded as the session opens: the first paint never waits for it.
import type { ProjectionState } from "@agent-ui/contracts";
import type { ProjectionStore } from "@agent-ui/react";
import { useEffect, useRef, useState } from "react";
import type { LogCache } from "./log-cache";

export interface TimeTravelProps {
  /** Latest log position known live. */
  head: number;
  /** Called with the past state, or null when back to live. */
  onTravel: (past: { seq: number; store: ProjectionStore<ProjectionState> } | null) => void;
  log: LogCache;
}

export function TimeTravel({ head, onTravel, log }: TimeTravelProps) {
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
        const { replayed, store } = log.replay(entries, position);
        onTravel({ seq: position, store });
        setStatus(`${replayed} events replayed`);
      })
      .catch((error: unknown) => {
        if (mine === token.current && !controller.signal.aborted) setStatus(`unavailable: ${String(error)}`);
      });
    return () => controller.abort();
  }, [position, log, onTravel]);

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
