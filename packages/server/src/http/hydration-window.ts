// The snapshot endpoint's answer: a bounded hydration window, never the whole history (HYD-01/02/13,
// AUI-AR-HYDRATE-001). The shell, runtime status, queue and context come whole; messages are the newest
// that fit a byte budget (at most N), the timeline its newest rows, every record table what the first
// paint needs (table-window.ts) and rows as previews (window-rows.ts), each with a cursor for older pages
// that load only on request (HYD-05). The route serializes a window's content once per session state
// and shares the bytes between joiners (./window-cache); the session record and the attached flag are
// added to them per answer, so a rename or a re-attach needs no rebuild.
import type { HistoryPage, HydrationWindow, Message, MessageCut, WindowInfo } from "@agent-ui/contracts";
import type { ProjectionState, TimelineEntry, ToolRecord } from "@agent-ui/contracts";
import { Slicer } from "../slices/turns";
import type { SessionRecord } from "../store/session-store";
import { pageBefore, windowTables } from "./table-window";
import { cutMessage } from "./message-cut";
import { windowTeam } from "./team-window";
import { jsonSize, TOOL_PREVIEW_OMITS, toolPreviews, withoutMirroredToolData } from "./window-rows";

export const DEFAULT_MESSAGE_WINDOW = 40;
/** Messages in a window stop at this many bytes of JSON (the newest message always comes, cut to this
 * many bytes when it alone weighs more). */
export const MESSAGE_WINDOW_BYTES = 128 * 1024;
/** Timeline rows in a window: the timeline panel's first screen and more (older rows page in). */
export const WINDOW_TIMELINE_ROWS = 50;
/** Rows of an older timeline page when the request names no `limit`. */
export const TIMELINE_PAGE_ROWS = 200;
export const MAX_PAGE = 500;

export function hydrationWindow(
  session: SessionRecord,
  attached: boolean,
  seq: number,
  state: ProjectionState,
  messageLimit = DEFAULT_MESSAGE_WINDOW,
): HydrationWindow {
  return { session, attached, seq, ...windowContent(state, messageLimit) };
}

/** What a window cuts from the state at its seq: everything but the session record and the attached
 * flag, which the gateway adds when it answers (`composeWindowBody`). */
function windowContent(
  state: ProjectionState,
  messageLimit: number,
): Pick<HydrationWindow, "state" | "window"> {
  const messages = newestWithin(state.messages, messageLimit, MESSAGE_WINDOW_BYTES);
  const timeline = tail<TimelineEntry>(state.timeline, WINDOW_TIMELINE_ROWS);
  const tables = windowTables(state, messages.items);
  const tools = toolPreviews(tables.tables.tools as Record<string, ToolRecord>);
  const team = windowTeam(state.team, tables.tables.agents ?? {});
  return {
    state: {
      ...state,
      ...tables.tables,
      tools,
      team: team.team,
      messages: withoutMirroredToolData(messages.items, tools),
      timeline: timeline.items,
    },
    window: {
      messages: messages.info,
      timeline: { ...timeline.info, deferred: timeline.info.truncated },
      tables: tables.info,
      team: team.info,
      previews: { tools: [...TOOL_PREVIEW_OMITS] },
      ...(messages.cut === undefined ? {} : { cut: messages.cut }),
    },
  };
}

/** What a window's content depends on besides the state at `seq`: two requests with the same key get the
 * same `{ state, window }` bytes. */
export function windowKey(seq: number, messageLimit: number): string {
  return `${seq}:${messageLimit}`;
}

/** The seq and message limit a `windowKey` names. */
export function keyOfWindow(key: string): { seq: number; messageLimit: number } {
  const [seq, messageLimit] = key.split(":").map(Number);
  return { seq, messageLimit };
}

/** The window's `{ state, window }` as JSON bytes, built in slices: each of the state's slices (the
 * projector builds some only when first read, O(table)) is read in a turn of its own, so a long
 * session's first window never holds the event loop for the whole build. */
export async function windowContentBytes(
  state: ProjectionState,
  messageLimit = DEFAULT_MESSAGE_WINDOW,
  slicer = new Slicer(),
): Promise<Buffer> {
  for (const key of Object.keys(state)) {
    void state[key as keyof ProjectionState];
    await slicer.step();
  }
  const content = windowContent(state, messageLimit);
  await slicer.step();
  return Buffer.from(JSON.stringify(content));
}

/** The body a joiner is sent: the session record, the attached flag and the seq, then the content
 * (`windowContentBytes`) — the same bytes as `JSON.stringify(hydrationWindow(…))`. */
export function composeWindowBody(
  session: SessionRecord,
  attached: boolean,
  seq: number,
  content: Buffer,
): Buffer {
  const head = `{"session":${JSON.stringify(session)},"attached":${attached},"seq":${seq},`;
  return Buffer.concat([Buffer.from(head), content.subarray(1)]);
}

/** The whole window as the JSON bytes sent to a joiner, built in slices (`windowContentBytes`). */
export async function hydrationWindowBody(
  session: SessionRecord,
  attached: boolean,
  seq: number,
  state: ProjectionState,
  messageLimit = DEFAULT_MESSAGE_WINDOW,
  slicer = new Slicer(),
): Promise<Buffer> {
  return composeWindowBody(session, attached, seq, await windowContentBytes(state, messageLimit, slicer));
}

/** Older messages strictly before `before` (a cursor from a previous window or page): at most `limit`,
 * within the same byte budget as the window's, the newest of them cut to it when it alone weighs more
 * (`cut`, as in the window): a page never carries a multi-megabyte message whole. */
export function historyPage(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  before: number,
  limit: number,
): HistoryPage {
  const end = Math.max(0, Math.min(before, state.messages.length));
  const page = newestWithin(state.messages, limit, MESSAGE_WINDOW_BYTES, end);
  return {
    sessionId,
    seq,
    messages: page.items,
    window: page.info,
    ...(page.cut === undefined ? {} : { cut: page.cut }),
  };
}

/** The newest messages before `end` (at most `limit`) whose JSON fits `budget` bytes; the newest one
 * always, cut to the budget when it alone weighs more (message-cut.ts). */
function newestWithin(
  messages: readonly Message[],
  limit: number,
  budget: number,
  end = messages.length,
): { items: Message[]; info: WindowInfo; cut?: MessageCut } {
  let start = end;
  let bytes = 0;
  while (start > 0 && end - start < limit) {
    const size = jsonSize(messages[start - 1]);
    if (start === end && size > budget) {
      const newest = cutMessage(messages[start - 1], size, budget);
      return { items: [newest.message], info: pageBefore(messages.length, end, 1).info, cut: newest.cut };
    }
    if (bytes + size > budget) break;
    bytes += size;
    start--;
  }
  const page = pageBefore(messages.length, end, end - start);
  return { items: messages.slice(page.start, page.end), info: page.info };
}

function tail<T>(items: readonly T[], limit: number): { items: T[]; info: WindowInfo } {
  const page = pageBefore(items.length, items.length, limit);
  return { items: items.slice(page.start), info: page.info };
}
