// SessionTabs: one tab per session with running / stale / unread markers. Selection is UI-only state.
import { type KeyboardEvent, useRef } from "react";

export interface SessionTab {
  id: string;
  title: string;
  running?: boolean;
  stale?: boolean;
  unread?: boolean;
}

export function SessionTabs(props: {
  tabs: SessionTab[];
  activeId: string | null;
  onSelect: (id: string) => void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step || props.tabs.length === 0) return;
    const next = props.tabs[(index + step + props.tabs.length) % props.tabs.length];
    refs.current.get(next.id)?.focus();
    props.onSelect(next.id);
  };
  return (
    <div role="tablist" aria-label="Sessions" className="aui-tabs">
      {props.tabs.map((tab, index) => {
        const active = tab.id === props.activeId;
        const marks = [
          tab.running ? "running" : null,
          tab.stale ? "stale" : null,
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
              <span key={m} className={`aui-tab-mark aui-mark-${m}`}>
                {m}
              </span>
            ))}
          </button>
        );
      })}
    </div>
  );
}
