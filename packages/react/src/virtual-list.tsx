// Fixed-row-height windowing: only the rows in view (plus a small overscan) are mounted, so a 10,000-entry
// timeline costs the same to render as a 30-entry one (PERF-04 `timeline.items_mounted_count`). A list
// whose older rows are still on the gateway (`hasOlder`) asks for the next page (`onLoadOlder`) when the
// user scrolls near its start; rows that arrive before the first keep the view where it was (HYD-02).
import { type ReactNode, type UIEvent, useLayoutEffect, useRef, useState } from "react";
import { type LoadOlder, useOlderRequest } from "./older-request";

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** Viewport height in px. */
  height: number;
  overscan?: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  label: string;
  /** Start scrolled to the end (live logs). */
  startAtEnd?: boolean;
  /** Older rows exist that the list does not hold yet, and the call that pages them in (once per list
   * length, when the user scrolls within `overscan` rows of the start). */
  hasOlder?: boolean;
  onLoadOlder?: LoadOlder;
}

export function visibleRange(
  count: number,
  rowHeight: number,
  height: number,
  scrollTop: number,
  overscan: number,
) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { first, last };
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, height, overscan = 6 } = props;
  const total = items.length * rowHeight;
  const [scrollTop, setScrollTop] = useState(() => (props.startAtEnd ? Math.max(0, total - height) : 0));
  const { first, last } = visibleRange(items.length, rowHeight, height, scrollTop, overscan);
  const scroller = useRef<HTMLElement | null>(null);
  const older = useOlderRequest(props.hasOlder, props.onLoadOlder, items.length);
  const firstKey = items.length > 0 ? props.getKey(items[0], 0) : undefined;
  const previousFirst = useRef(firstKey);
  const { getKey } = props;
  useLayoutEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = firstKey;
    if (before === undefined || before === firstKey || scroller.current === null) return;
    const moved = items.findIndex((item, i) => getKey(item, i) === before);
    if (moved <= 0) return;
    const top = scroller.current.scrollTop + moved * rowHeight;
    scroller.current.scrollTop = top;
    setScrollTop(top);
  }, [firstKey, items, getKey, rowHeight]);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const top = event.currentTarget.scrollTop;
    setScrollTop(top);
    if (top <= overscan * rowHeight) older.request();
  };
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <li
        key={props.getKey(items[i], i)}
        className="aui-vrow"
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {props.renderRow(items[i], i)}
      </li>,
    );
  }
  return (
    <section
      className="aui-vlist"
      style={{ height, overflowY: "auto", position: "relative" }}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll region must be keyboard scrollable
      tabIndex={0}
      aria-label={props.label}
      data-total={items.length}
      ref={(el) => {
        scroller.current = el;
        if (el && props.startAtEnd && el.dataset.init !== "1") {
          el.dataset.init = "1";
          el.scrollTop = total;
        }
      }}
    >
      {older.status}
      <ul style={{ height: total, position: "relative" }}>{rows}</ul>
    </section>
  );
}
