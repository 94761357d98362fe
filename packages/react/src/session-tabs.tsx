// SessionTabs: one tab per session with its run's state (or running / stale markers), unread, and what the
// tab keeps in memory (pinned, restoring, recent, suspended, archived — HYD-07). Selection is UI-only
// state; keyboard navigation follows the WAI-ARIA tabs pattern (arrows, Home/End, roving tabindex).
import { type KeyboardEvent, useRef } from "react";
import { rovingTarget } from "./roving-tabs";
import type { ResidencyState } from "./session-residency";

export interface SessionTab {
  id: string;
  title: string;
  /** The run's state in words, from the projection (e.g. "needs decision", "failed", "completed"); shown
   * instead of the running / stale markers. */
  state?: string;
  running?: boolean;
  stale?: boolean;
  unread?: boolean;
  /** What the tab keeps in memory (`session-residency`). */
  residency?: ResidencyState;
  pinned?: boolean;
}

/** The residency word a tab shows: pinned always; otherwise what differs from a fully shown session. */
function residencyMarks(tab: SessionTab): string[] {
  const marks = tab.pinned ? ["pinned"] : [];
  const state = tab.residency;
  if (state === "restoring" || state === "recent" || state === "suspended" || state === "archived")
    marks.push(state);
  return marks;
}

export function SessionTabs(props: {
  tabs: SessionTab[];
  activeId: string | null;
  onSelect: (id: string) => void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKey = (event: KeyboardEvent, index: number) => {
    const target = rovingTarget(event.key, index, props.tabs.length);
    if (target === null) return;
    event.preventDefault();
    const next = props.tabs[target];
    refs.current.get(next.id)?.focus();
    props.onSelect(next.id);
  };
  return (
    <div role="tablist" aria-label="Sessions" className="aui-tabs">
      {props.tabs.map((tab, index) => {
        const active = tab.id === props.activeId;
        const marks = [
          ...residencyMarks(tab),
          tab.state ?? null,
          tab.state === undefined && tab.running ? "running" : null,
          tab.state === undefined && tab.stale ? "stale" : null,
          tab.unread ? "unread" : null,
        ].filter(Boolean);
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active || (props.activeId === null && index === 0) ? 0 : -1}
            className="aui-tab"
            onClick={() => props.onSelect(tab.id)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {tab.title}
            {marks.map((m) => (
              <span key={m} className={`aui-tab-mark aui-mark-${m?.replaceAll(" ", "-")}`}>
                {m}
              </span>
            ))}
          </button>
        );
      })}
    </div>
  );
}
