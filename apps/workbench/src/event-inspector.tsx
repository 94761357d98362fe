// Event inspector: the raw envelope of any logged event with its validation diagnostics. It lives in its
// own panel (a trusted developer view, SEC-04), loads the log only when opened, and never writes.
import { validateEvent } from "@agent-ui/contracts";
import { Badge, VirtualList } from "@agent-ui/react";
import { useEffect, useMemo, useState } from "react";
import type { LogEntry } from "@agent-ui/client";
import type { LogCache } from "./log-cache";

export function EventInspector({ log, head }: { log: LogCache; head: number }) {
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    log
      .upTo(head)
      .then((all) => !cancelled && setEntries(all.slice()))
      .catch((e: unknown) => !cancelled && setError(String(e)));
    return () => {
      cancelled = true;
    };
  }, [log, head]);

  const entry = useMemo(() => entries?.find((e) => e.seq === selected) ?? null, [entries, selected]);
  const diagnostics = useMemo(() => (entry ? validateEvent(entry.event) : []), [entry]);

  if (error) return <p className="aui-tool-error">event log: unavailable ({error})</p>;
  if (!entries) return <p className="aui-hint">loading event log…</p>;
  return (
    <section className="wb-inspector" aria-label="Event inspector">
      <VirtualList
        items={entries}
        rowHeight={28}
        height={260}
        label="Logged events"
        getKey={(e) => String(e.seq)}
        renderRow={(e) => (
          <button
            type="button"
            className={`aui-tl-row${e.seq === selected ? " aui-selected" : ""}`}
            onClick={() => setSelected(e.seq)}
          >
            <span className="aui-tl-seq">#{e.seq}</span>
            <span className="aui-tl-title">{String(e.event.type)}</span>
          </button>
        )}
      />
      {entry ? (
        <div className="wb-inspector-detail">
          <h4>Validation</h4>
          {diagnostics.length === 0 ? <Badge value="valid" tone="ok" /> : null}
          <ul>
            {diagnostics.map((d) => (
              <li key={`${d.code}${d.path ?? ""}${d.message}`}>
                <Badge value={d.severity} /> <code>{d.code}</code> {d.message}
              </li>
            ))}
          </ul>
          <h4>Envelope</h4>
          <pre className="aui-detail">{JSON.stringify(entry.event, null, 2)}</pre>
        </div>
      ) : (
        <p className="aui-hint">Select an event to see its envelope and diagnostics.</p>
      )}
    </section>
  );
}
