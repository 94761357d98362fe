// Windowing for lists whose rows vary in height (roster, evidence): past `threshold` items only the rows
// near the scroll position are mounted, between two spacers sized from an estimated row height, so a
// team of thousands costs the same DOM as a team of fifty (PERF-04). Scrolling to the end always mounts
// the last rows. Short lists render whole, unchanged. A list whose older rows are still on the gateway
// (`hasOlder`) asks for the next page (`onLoadOlder`) when the user scrolls near its start, or through its
// "Load older" button; rows that arrive before the ones in view keep the view where it was (HYD-02).
import {
  type ReactNode,
  type RefObject,
  type UIEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type LoadOlder, useOlderRequest } from "./older-request";

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
  /** Older rows exist that the list does not hold yet (the gateway pages them by cursor). */
  hasOlder?: boolean;
  /** Asks for the next older page; called once per list length, when the user scrolls within
   * `overscan` rows of the start or presses "Load older". */
  onLoadOlder?: LoadOlder;
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
  const older = useOlderRows(props, scroller, estimateHeight, setScrollTop);
  const more =
    props.hasOlder && props.onLoadOlder ? (
      <>
        <button type="button" className="aui-button aui-button-quiet aui-load-older" onClick={older.request}>
          Load older
        </button>
        {older.status}
      </>
    ) : null;
  if (items.length <= threshold)
    return (
      <>
        {more}
        <ul className={props.className} aria-label={props.label}>
          {items.map((item, i) => (
            <li key={props.getKey(item)} data-windowed-row="">
              {props.renderItem(item, i)}
            </li>
          ))}
        </ul>
      </>
    );
  const { first, last } = windowRange(items.length, estimateHeight, viewportHeight, scrollTop, overscan);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const top = event.currentTarget.scrollTop;
    setScrollTop(top);
    // A user's scroll near the start asks for the next older page.
    if (top <= overscan * estimateHeight) older.request();
  };
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
      {more}
      <div style={{ height: first * estimateHeight }} aria-hidden="true" />
      <ul className={props.className} aria-label={props.label}>
        {rows}
      </ul>
      <div style={{ height: (items.length - last) * estimateHeight }} aria-hidden="true" />
    </div>
  );
}

/** The "older rows" side of a list: one request per list length (a failure offers Retry), and rows added before the first one
 * keep the view on the rows it showed (the scroll position moves by their estimated height). */
function useOlderRows<T>(
  props: WindowedListProps<T>,
  scroller: RefObject<HTMLDivElement | null>,
  estimateHeight: number,
  setScrollTop: (top: number) => void,
): { request: () => void; status: ReactNode } {
  const { items, hasOlder, onLoadOlder, getKey } = props;
  const older = useOlderRequest(hasOlder, onLoadOlder, items.length);
  const firstKey = items.length > 0 ? getKey(items[0]) : undefined;
  const previous = useRef<{ key: string | undefined; length: number }>({
    key: firstKey,
    length: items.length,
  });
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { key: firstKey, length: items.length };
    if (before.key === undefined || before.key === firstKey || scroller.current === null) return;
    const moved = items.findIndex((item) => getKey(item) === before.key);
    if (moved <= 0) return;
    const top = scroller.current.scrollTop + moved * estimateHeight;
    scroller.current.scrollTop = top;
    setScrollTop(top);
  }, [firstKey, items, getKey, estimateHeight, scroller, setScrollTop]);
  return older;
}
