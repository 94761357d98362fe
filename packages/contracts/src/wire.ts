// The wire format between the gateway (`agent-ui serve`) and its clients. One definition, imported by both
// sides (`@agent-ui/server` and `@agent-ui/client`, which re-exports it). A session's log is a sequence of
// entries with a contiguous per-session `seq` (1-based); every transport resumes from the last `seq` a client
// applied.
import type { AgentUiEvent } from "./envelope";
import type { Message, ProjectionState, TimelineEntry } from "./projection-state";
import type { AgentRecord, TeamSlice } from "./projection-team";

export interface LogEntry {
  seq: number;
  event: AgentUiEvent;
}

/** First frame of every subscription: the listener is bound; `head` is the newest seq at bind time. */
export interface ReadyFrame {
  type: "ready";
  after: number;
  head: number;
}

/** WebSocket frames from the gateway. SSE uses `event: ready` / `event: entry` (id = the entry's cursor)
 * instead. An `entries` frame's `cursor` is the resume cursor of its last entry. */
export type ServerFrame =
  | ReadyFrame
  | { type: "entries"; entries: LogEntry[]; cursor?: string }
  | { type: "error"; code: string; message: string };

/** A resume cursor: `<seq>` or `<seq>.<tag>`, where the tag (8 lowercase hex digits) names the stored
 * entry at that seq. The SSE `id:` of every entry, the WebSocket `entries` frame's `cursor`, and what a
 * client sends back as `?after=` or `Last-Event-ID`: the gateway answers `log_rewound` when the entry
 * stored at that seq is no longer the one the tag names, `cursor_ahead` when the seq is beyond its head. */
export interface ResumeCursor {
  seq: number;
  tag?: string;
}

/** Longest cursor text a gateway reads (`Last-Event-ID`, `?after=`). */
export const MAX_CURSOR_LENGTH = 64;
const CURSOR = /^(\d{1,16})(?:\.([0-9a-f]{8}))?$/;

export function formatCursor(cursor: ResumeCursor): string {
  return cursor.tag === undefined ? String(cursor.seq) : `${cursor.seq}.${cursor.tag}`;
}

/** The cursor `text` names, or undefined when it is not one (too long, other characters, unsafe seq). */
export function parseCursor(text: string): ResumeCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH) return undefined;
  const match = CURSOR.exec(text);
  if (match === null) return undefined;
  const seq = Number(match[1]);
  if (!Number.isSafeInteger(seq)) return undefined;
  return match[2] === undefined ? { seq } : { seq, tag: match[2] };
}

/** The JSON error body of every 4xx/5xx answer. */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** The gateway's WebSocket subprotocol, and the prefix of the one that carries the access token. */
export const WS_PROTOCOL = "agent-ui";
export const WS_TOKEN_PROTOCOL_PREFIX = "agent-ui.token.";

export const SSE_READY_EVENT = "ready";
export const SSE_ENTRY_EVENT = "entry";
/** The last SSE event of a stream the gateway ends (e.g. a viewer cut as too slow): `{ type, reason }`. */
export const SSE_CLOSE_EVENT = "close";

/** A runtime source kind the gateway offers (`GET /api/sources`). */
export interface SourceInfo {
  kind: string;
  description: string;
  scenarios: readonly string[];
  /** Per-message writes this kind's runtime carries out: `regenerate` (a `retry` naming a finished
   * turn runs it again as a new turn) and `editAndResend` (a `send` of an edited user message). Absent:
   * not supported, and a UI hides the control. */
  messageControls?: MessageControlSupport;
}

export interface MessageControlSupport {
  regenerate?: boolean;
  editAndResend?: boolean;
}

/** `POST /api/connect/test`: an upstream agent tried before a session is created on it. */
export interface ConnectionTestRequest {
  /** `a2a`, `ag-ui`, `ai-sdk` (the connectors the gateway offers and can test). */
  source: string;
  /** The session config the test is for: `url`, `headers?`. */
  config: Record<string, unknown>;
  /** Deadline of the whole test, 100 … 30 000 ms (default 8 000). */
  timeoutMs?: number;
}

/** Why a connection test failed, or `ok`. */
export type ConnectionTestCode =
  | "ok"
  | "dns_not_found"
  | "refused_by_policy"
  | "connection_refused"
  | "connection_reset"
  | "timeout"
  | "tls_error"
  | "unreachable"
  | "redirected"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "http_error"
  | "upstream_error"
  | "wrong_protocol";

/** What a URL that answered as its protocol should showed. */
export interface ConnectionFound {
  protocol: string;
  /** A2A: the card's name, description, protocol generation, skills and capabilities. */
  name?: string;
  description?: string;
  protocolVersion?: string;
  skills?: { id?: string; name: string }[];
  streaming?: boolean;
  pushNotifications?: boolean;
  /** AG-UI / AI SDK: the format the first event was recognised as. */
  detected?: string;
  /** What the user should know although the test passed. */
  note?: string;
}

/** The test's answer: a code and a sentence that says what failed (or what was found). */
export interface ConnectionTestResult {
  ok: boolean;
  source: string;
  code: ConnectionTestCode;
  message: string;
  found?: ConnectionFound;
}

/** The run as the session's projection states it (not the source's health): its runtime status, what it
 * needs from the user, and how many decisions are pending. */
export interface SessionRunSummary {
  status: string;
  attention: string;
  pendingActions: number;
}

/** A session as the gateway lists it. `status` is the runtime source's health (`starting | live |
 * completed | stale | failed | stopped`); `attached` says whether writes can reach a runtime; `run` is the
 * run's own state from the projection, when the gateway holds it. */
export interface SessionInfo {
  id: string;
  title?: string;
  sourceKind: string;
  scenario?: string;
  config: Record<string, unknown>;
  status: string;
  statusReason?: string;
  createdAt: string;
  updatedAt: string;
  lastSeq: number;
  attached?: boolean;
  run?: SessionRunSummary;
}

/** `GET /api/feed/sessions` (SSE): the session list, sent whole on connect and after every change. */
export const SSE_SESSIONS_EVENT = "sessions";

export interface WindowInfo {
  total: number;
  included: number;
  truncated: boolean;
  /** Cursor for the next older page (`?before=`), null when the window starts at the beginning. */
  before: string | null;
}

/** The record tables of the projection that the hydration window cuts and pages (HYD-02). */
export const WINDOW_TABLES = ["tools", "actions", "tasks", "agents", "artifacts", "evidence"] as const;
export type WindowTable = (typeof WINDOW_TABLES)[number];

/** `GET /api/sessions/:id/snapshot`: a bounded hydration window (HYD-01/02/13). Messages and timeline
 * hold the newest rows; each record table holds its live rows (running tools, pending actions, open
 * tasks, active teammates), the rows the window's messages point at and its newest rows — the rest load
 * by cursor (`tables.<name>.before`) through `GET /api/sessions/:id/tables/:table`. */
export interface HydrationWindow {
  session: SessionInfo;
  attached: boolean;
  /** Log seq the state reflects: subscribe with `after=seq`. */
  seq: number;
  state: ProjectionState;
  window: {
    messages: WindowInfo;
    timeline: WindowInfo & { deferred: boolean };
    tables: Record<WindowTable, WindowInfo>;
    /** The team's lists (roster, edges, work board, handoffs, notifications, reviews): their newest
     * entries and the older live ones (the window's teammates, open work), with a cursor (`before`) for
     * older pages through `GET /api/sessions/:id/team/:list` (TeamPage). */
    team?: Partial<Record<TeamList, WindowInfo>>;
    /** Set when the newest message alone weighs more than the window's byte budget: the window holds its
     * newest parts (the oldest of them possibly cut to the tail of its text); the whole message is
     * `GET /api/sessions/:id/messages/:messageId`. */
    cut?: MessageCut;
    /** Per table, the fields its rows leave out in the window (e.g. tools: `outputText`); the whole row
     * is `GET /api/sessions/:id/tables/:table/:rowId`. */
    previews?: Partial<Record<WindowTable, string[]>>;
  };
}

/** `GET /api/sessions/:id/tables/:table/:rowId`: one whole row of a record table. */
export interface TableRow {
  sessionId: string;
  seq: number;
  table: WindowTable;
  id: string;
  record: unknown;
}

/** `GET /api/sessions/:id/tables/:table?before=&limit=`: older rows of one record table. */
export interface TablePage {
  sessionId: string;
  seq: number;
  table: WindowTable;
  records: Record<string, unknown>;
  window: WindowInfo;
}

/** A message the hydration window sends cut to its byte budget (HYD-13): how much of it is there. */
export interface MessageCut {
  messageId: string;
  /** JSON size of the whole message, in bytes. */
  bytes: number;
  /** Parts of the whole message, and how many (the newest) the window holds. */
  parts: { total: number; included: number };
  /** The oldest part held keeps only the tail of its text: its whole length and the length held. */
  text?: { partId: string; total: number; included: number };
}

/** `GET /api/sessions/:id/messages/:messageId`: one whole message (the window may send it cut). */
export interface MessageRow {
  sessionId: string;
  seq: number;
  message: Message;
}

/** The team's lists that page by cursor besides the record tables. */
export const TEAM_LISTS = ["roster", "edges", "workBoard", "handoffs", "notifications", "reviews"] as const;
export type TeamList = (typeof TEAM_LISTS)[number];
/** One entry of a team list: an agent id, a delegation edge, a work item, a handoff… */
export type TeamEntry<L extends TeamList = TeamList> = TeamSlice[L][number];

/** `GET /api/sessions/:id/team/:list?before=&limit=`: older entries of one of the team's lists (roster
 * agent ids, delegation edges, work items, handoffs, worker notifications, reviews), in the team's own
 * order, with the agent rows they name. */
export type TeamPage = {
  [L in TeamList]: {
    sessionId: string;
    seq: number;
    list: L;
    entries: TeamEntry<L>[];
    agents: Record<string, AgentRecord>;
    window: WindowInfo;
  };
}[TeamList];

/** `GET /api/sessions/:id/timeline?before=&limit=`: older timeline rows (the window holds the newest). */
export interface TimelinePage {
  sessionId: string;
  seq: number;
  entries: TimelineEntry[];
  window: WindowInfo;
}

/** `GET /api/sessions/:id/snapshot?before=&limit=`: older messages. */
export interface HistoryPage {
  sessionId: string;
  seq: number;
  messages: Message[];
  window: WindowInfo;
  /** Set when the page's newest message alone weighs more than the page's byte budget: as the window's
   * `cut`, the page holds its newest parts and the whole message is
   * `GET /api/sessions/:id/messages/:messageId`. */
  cut?: MessageCut;
}

/** A detail body kept by the gateway (`GET /api/sessions/:id/details/:ref`): full tool output, an
 * artifact version's text, a diff, a worker's result notes. Redacted before it was stored. */
export interface DetailContent {
  sessionId: string;
  ref: string;
  /** e.g. `text/plain`, `text/markdown`, `text/x-diff`, `application/json`. */
  mediaType: string;
  bytes: number;
  body: string;
}

/** `GET /api/sessions/:id/events.json`: a page of the raw log. `next` is the `after` of the next page. */
export interface EventsPage {
  sessionId: string;
  entries: LogEntry[];
  head: number;
  next: number | null;
}
