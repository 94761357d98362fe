// The snapshot endpoint's answer: a bounded hydration window, never the whole history (HYD-01/02/13,
// AUI-AR-HYDRATE-001). The shell, runtime status, pending actions, queue, tools, tasks, team and artifact
// summaries come whole; messages and timeline are cut to the most recent N, with a cursor for older pages
// that load only on an explicit request (HYD-05).
import type { HistoryPage, HydrationWindow, WindowInfo } from "@agent-ui/client";
import type { ProjectionState, TimelineEntry } from "@agent-ui/contracts";
import type { SessionRecord } from "../store/session-store";

export const DEFAULT_MESSAGE_WINDOW = 40;
export const DEFAULT_TIMELINE_WINDOW = 200;
export const MAX_PAGE = 500;

export function hydrationWindow(
  session: SessionRecord,
  attached: boolean,
  seq: number,
  state: ProjectionState,
  messageLimit = DEFAULT_MESSAGE_WINDOW,
): HydrationWindow {
  const messages = tail(state.messages, messageLimit);
  const timeline = tail<TimelineEntry>(state.timeline, DEFAULT_TIMELINE_WINDOW);
  return {
    session,
    attached,
    seq,
    state: { ...state, messages: messages.items, timeline: timeline.items },
    window: { messages: messages.info, timeline: { ...timeline.info, deferred: timeline.info.truncated } },
  };
}

/** Older messages strictly before `before` (a cursor from a previous window or page). */
export function historyPage(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  before: number,
  limit: number,
): HistoryPage {
  const end = Math.max(0, Math.min(before, state.messages.length));
  const start = Math.max(0, end - limit);
  const messages = state.messages.slice(start, end);
  return {
    sessionId,
    seq,
    messages,
    window: {
      total: state.messages.length,
      included: messages.length,
      truncated: start > 0,
      before: start > 0 ? String(start) : null,
    },
  };
}

function tail<T>(items: readonly T[], limit: number): { items: T[]; info: WindowInfo } {
  const start = Math.max(0, items.length - limit);
  return {
    items: items.slice(start),
    info: {
      total: items.length,
      included: items.length - start,
      truncated: start > 0,
      before: start > 0 ? String(start) : null,
    },
  };
}
