// Windowing for lists whose rows vary in height (roster, evidence): past `threshold` items only the rows
// near the scroll position are mounted, between two spacers sized from an estimated row height, so a
// team of thousands costs the same DOM as a team of fifty (PERF-04). Scrolling to the end always mounts
// the last rows. Short lists render whole, unchanged.
import { type ReactNode, type UIEvent, useEffect, useRef, useState } from "react";

export interface WindowedListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Typical row height in px; spacers use it for the rows not mounted. */
  estimateHeight: number;
  /** Height of the scroll viewport in px once the list is windowed. */
  viewportHeight?: number;
  /** Lists up to this length render whole. */
  threshold?: number;
  overscan?: number;
  className?: string;
  label?: string;
  /** Scrolls this row into the window (a link opened the list at one item). */
  scrollToIndex?: number;
}

/** The indexes to mount for a scroll position: the rows in view plus `overscan` on each side. */
export function windowRange(
  count: number,
  estimate: number,
  viewport: number,
  scrollTop: number,
  overscan: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.min(count, Math.floor(scrollTop / estimate)) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / estimate) + overscan);
  return { first, last: Math.max(last, Math.min(count, first + 1)) };
}

export function WindowedList<T>(props: WindowedListProps<T>) {
  const { items, estimateHeight, viewportHeight = 480, threshold = 60, overscan = 8 } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const target = props.scrollToIndex;
  useEffect(() => {
    if (target === undefined || target < 0 || scroller.current === null) return;
    const top = target * estimateHeight;
    scroller.current.scrollTop = top;
    setScrollTop(top);
  }, [target, estimateHeight]);
  if (items.length <= threshold)
    return (
      <ul className={props.className} aria-label={props.label}>
        {items.map((item, i) => (
          <li key={props.getKey(item)} data-windowed-row="">
            {props.renderItem(item, i)}
          </li>
        ))}
      </ul>
    );
  const { first, last } = windowRange(items.length, estimateHeight, viewportHeight, scrollTop, overscan);
  const onScroll = (event: UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      <li key={props.getKey(items[i])} data-windowed-row="">
        {props.renderItem(items[i], i)}
      </li>,
    );
  return (
    <div
      ref={scroller}
      className="aui-windowed"
      style={{ maxHeight: viewportHeight, overflowY: "auto" }}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll region must be keyboard scrollable
      tabIndex={0}
      data-total={items.length}
    >
      <div style={{ height: first * estimateHeight }} aria-hidden="true" />
      <ul className={props.className} aria-label={props.label}>
        {rows}
      </ul>
      <div style={{ height: (items.length - last) * estimateHeight }} aria-hidden="true" />
    </div>
  );
}
