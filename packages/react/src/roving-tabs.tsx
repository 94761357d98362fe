// WAI-ARIA tabs pattern with a roving tabindex: only the selected tab is in the Tab order; Arrow keys move
// between tabs (wrapping), Home/End jump to the first/last, and focus follows selection (automatic
// activation — panels here render from local state, so switching is cheap).
import { type KeyboardEvent, type ReactNode, useRef } from "react";

/** The tab index a key moves to, or null when the key is not a tab navigation key. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return (index + 1) % count;
    case "ArrowLeft":
    case "ArrowUp":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

export interface RovingTab {
  id: string;
  label: ReactNode;
}

export interface RovingTablistProps {
  tabs: RovingTab[];
  activeId: string | null;
  onSelect: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for tab / panel element ids: tab `${idPrefix}-tab-${id}` controls `${idPrefix}-panel-${id}`. */
  idPrefix: string;
}

export function tabPanelId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`;
}

export function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

export function RovingTablist({ tabs, activeId, onSelect, label, idPrefix }: RovingTablistProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t.id === activeId),
  );
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = rovingTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target];
    refs.current.get(next.id)?.focus();
    onSelect(next.id);
  };
  return (
    <div role="tablist" aria-label={label} className="aui-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            if (el) refs.current.set(tab.id, el);
            else refs.current.delete(tab.id);
          }}
          id={tabId(idPrefix, tab.id)}
          type="button"
          role="tab"
          aria-selected={tab.id === activeId}
          aria-controls={tabPanelId(idPrefix, tab.id)}
          tabIndex={index === activeIndex ? 0 : -1}
          className="aui-tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
