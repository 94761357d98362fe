// ProcessTimeline: the archive of process facts ordered by sequence (PROC-07/09), virtualized. Rows are one
// line; a fact currently expanded in the inline process shows only a placeholder here, so the same fact is
// never expanded twice on one screen (PROC-04). A selected row names the facts it links; each one the host
// can open is a button that opens its surface at that fact (AS-TL-02, AS-TU-05). Writes: none — rows only
// select/focus (seed 004).
import type { TimelineEntry, TimelineKind } from "@agent-ui/contracts";
import { Fragment, useMemo, useState } from "react";
import { type FactLinks, LINKED_REFS, isLinkedRef } from "./fact-navigation";
import { FactLink } from "./fact-link";
import { Badge } from "./honest";
import { useIdleRows } from "./idle-rows";
import type { OlderPages } from "./older-pages";
import { useSessionMetrics } from "./session-metrics";
import { VirtualList } from "./virtual-list";

export interface ProcessTimelineProps {
  entries: TimelineEntry[];
  /** Ids of facts expanded inline right now (tool call ids, action ids…). */
  inlineFactIds?: ReadonlySet<string>;
  onSelect?: (entry: TimelineEntry) => void;
  selectedId?: string;
  height?: number;
  rowHeight?: number;
  /** Older timeline rows still on the gateway, paged in as the user scrolls to the start (HYD-02). */
  older?: OlderPages;
  /** Openers of the facts a row links (tool, action, artifact, evidence, task, agent, message). */
  links?: FactLinks;
}

const FILTERS: (TimelineKind | "all")[] = [
  "all",
  "tool",
  "action",
  "task",
  "agent",
  "artifact",
  "evidence",
  "review",
  "error",
];

export function isShownInline(entry: TimelineEntry, inline: ReadonlySet<string> | undefined): boolean {
  if (!inline || inline.size === 0) return false;
  for (const id of Object.values(entry.refs)) if (inline.has(id)) return true;
  return false;
}

export function ProcessTimeline({
  entries,
  inlineFactIds,
  onSelect,
  selectedId,
  height = 320,
  rowHeight = 32,
  older,
  links,
}: ProcessTimelineProps) {
  const [filter, setFilter] = useState<TimelineKind | "all">("all");
  // A restored session's rows beyond the newest are laid out while the browser is idle (./idle-rows).
  const loaded = useIdleRows(entries, { metrics: useSessionMetrics() });
  // An entry is updated in place as its fact changes, so the projection's order (first seen) and the
  // sequence a row shows (its latest event) disagree; rows are ordered by that sequence (PROC-09) so the
  // numbers read in order. Entries without a sequence keep their place at the end.
  const shown = useMemo(() => {
    const rows = loaded.rows;
    const kept = filter === "all" ? rows : rows.filter((e) => e.kind === filter);
    const seq = (e: TimelineEntry) => e.source.sequence ?? Number.POSITIVE_INFINITY;
    // Usually already in order (a linear check); sorted only when an update moved an entry.
    const ordered = kept.every((e, i) => i === 0 || seq(kept[i - 1]) <= seq(e));
    return ordered ? kept : [...kept].sort((a, b) => seq(a) - seq(b));
  }, [loaded.rows, filter]);
  return (
    <section className="aui-timeline" aria-label="Process timeline">
      <header className="aui-row-head">
        <strong>Timeline</strong>
        <span className="aui-hint">{entries.length} entries</span>
        {loaded.pending > 0 ? <span className="aui-hint">({loaded.pending} loading)</span> : null}
        <label className="aui-inline-label">
          Filter
          <select value={filter} onChange={(e) => setFilter(e.target.value as TimelineKind | "all")}>
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      </header>
      {shown.length === 0 ? (
        <p className="aui-hint">Nothing here yet.</p>
      ) : (
        <VirtualList
          items={shown}
          rowHeight={rowHeight}
          height={height}
          label="Timeline entries"
          getKey={(e) => e.id}
          hasOlder={older?.has("timeline")}
          onLoadOlder={older ? () => older.load("timeline") : undefined}
          renderRow={(entry) => {
            const inline = isShownInline(entry, inlineFactIds);
            return (
              <button
                type="button"
                className={`aui-tl-row${entry.id === selectedId ? " aui-selected" : ""}`}
                data-kind={entry.kind}
                onClick={() => onSelect?.(entry)}
                aria-pressed={entry.id === selectedId}
              >
                <span className="aui-tl-seq">#{entry.source.sequence ?? "?"}</span>
                <span className="aui-tl-kind">{entry.kind}</span>
                <span className="aui-tl-title">
                  {inline ? `${entry.title} — shown in the live process` : entry.title}
                </span>
                {entry.status ? <Badge value={entry.status} /> : null}
              </button>
            );
          }}
        />
      )}
      <EntryDetail
        entry={entries.find((e) => e.id === selectedId)}
        inlineFactIds={inlineFactIds}
        links={links}
      />
    </section>
  );
}

/** The selected entry's links (the ids its lanes share) and the event that set it — one line each. */
function EntryDetail({
  entry,
  inlineFactIds,
  links,
}: {
  entry?: TimelineEntry;
  inlineFactIds?: ReadonlySet<string>;
  links?: FactLinks;
}) {
  if (!entry) return null;
  if (isShownInline(entry, inlineFactIds)) {
    return <p className="aui-hint">Shown expanded in the live process above.</p>;
  }
  return (
    <dl className="aui-kv" aria-label="Timeline entry detail">
      <dt>kind</dt>
      <dd>{entry.kind}</dd>
      {Object.entries(entry.refs).map(([key, value]) => {
        const open = isLinkedRef(key) ? links?.[key] : undefined;
        return (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>
              {open && isLinkedRef(key) ? (
                <FactLink kind={LINKED_REFS[key]} label={value} onOpen={() => open(value)} />
              ) : (
                <code>{value}</code>
              )}
            </dd>
          </Fragment>
        );
      })}
      <dt>source</dt>
      <dd>
        <code>
          {entry.source.type ?? "event"} #{entry.source.sequence ?? "?"} {entry.source.eventId ?? ""}
        </code>
      </dd>
    </dl>
  );
}
