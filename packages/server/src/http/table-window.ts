// Windows of the hydration snapshot's record tables (HYD-02, AS-10): the first paint needs what is live
// (running tools, pending actions, open tasks, active teammates), what the window's messages point at,
// and the newest rows; every older row loads by cursor on demand. A table's size in the window is bounded
// whatever the session's length.
import type { Message, ProjectionState } from "@agent-ui/contracts";
import { OPEN_TASK_CAPSULE_STATES, TOOL_TERMINAL_STATES } from "@agent-ui/contracts";
import {
  type TablePage,
  type TableRow,
  WINDOW_TABLES,
  type WindowInfo,
  type WindowTable,
} from "@agent-ui/contracts";
import { pageBefore } from "./page-before";
import { teamTailAgents } from "./team-window";

export { pageBefore };

/** The newest rows of each record table in a window: a panel's first screen and more (older rows page
 * in as the panel scrolls). */
export const WINDOW_TABLE_ROWS = 25;
/** Rows of an older table page when the request names no `limit`. */
export const TABLE_PAGE_ROWS = 100;
/** Older rows sent because they are live or the window's messages point at them: never more than this per
 * table, so a runaway runtime with 100k open tool calls still gets a bounded window (the rest page in). */
export const MAX_EXTRA_ROWS = 500;

const TERMINAL_TOOLS = new Set<string>(TOOL_TERMINAL_STATES);
const ENDED_AGENTS = new Set(["failed", "completed", "killed", "closed", "unknown"]);

/** Whether a row is live: the first paint must show it whatever its age. */
const LIVE: Record<WindowTable, (row: { status?: unknown }) => boolean> = {
  tools: (row) => !TERMINAL_TOOLS.has(String(row.status)),
  actions: (row) => row.status === "pending" || row.status === "stale",
  tasks: (row) => OPEN_TASK_CAPSULE_STATES.has(String(row.status)),
  agents: (row) => !ENDED_AGENTS.has(String(row.status)),
  artifacts: () => false,
  evidence: () => false,
};

/** The id fields a message part uses to point at each table. */
const REFS: Record<WindowTable, string> = {
  tools: "toolCallId",
  actions: "actionId",
  tasks: "taskId",
  agents: "agentId",
  artifacts: "artifactId",
  evidence: "evidenceId",
};

/** Ids the window's messages point at, per table. */
function referenced(messages: readonly Message[]): Record<WindowTable, Set<string>> {
  const refs = Object.fromEntries(WINDOW_TABLES.map((t) => [t, new Set<string>()])) as Record<
    WindowTable,
    Set<string>
  >;
  for (const message of messages) {
    if (message.agentId !== undefined) refs.agents.add(message.agentId);
    for (const part of message.parts as unknown as Record<string, unknown>[])
      for (const table of WINDOW_TABLES) {
        const id = part[REFS[table]];
        if (typeof id === "string") refs[table].add(id);
      }
  }
  return refs;
}

/** One table cut to its live rows, the rows the window's messages point at and the newest `limit`. The
 * cursor is the position (in the table's insertion order) where the newest rows start. */
function windowTable<T extends { status?: unknown }>(
  table: WindowTable,
  record: Record<string, T>,
  wanted: Set<string>,
  limit: number,
): { rows: Record<string, T>; info: WindowInfo } {
  const ids = Object.keys(record);
  const start = Math.max(0, ids.length - limit);
  // Newest first, so the budget goes to the most recent live and pointed-at rows; sent in table order.
  const extra: string[] = [];
  for (let i = start - 1; i >= 0 && extra.length < MAX_EXTRA_ROWS; i--) {
    const id = ids[i];
    if (wanted.has(id) || LIVE[table](record[id])) extra.push(id);
  }
  const rows: Record<string, T> = {};
  for (let i = extra.length - 1; i >= 0; i--) rows[extra[i]] = record[extra[i]];
  for (let i = start; i < ids.length; i++) rows[ids[i]] = record[ids[i]];
  const included = Object.keys(rows).length;
  return {
    rows,
    info: {
      total: ids.length,
      included,
      truncated: included < ids.length,
      before: start > 0 ? String(start) : null,
    },
  };
}

/** Every record table of `state` windowed for a first paint next to `messages`. */
export function windowTables(
  state: ProjectionState,
  messages: readonly Message[],
  limit = WINDOW_TABLE_ROWS,
): { tables: Partial<ProjectionState>; info: Record<WindowTable, WindowInfo> } {
  const refs = referenced(messages);
  // The teammates the window's newest roster entries and edges name (team-window.ts).
  for (const id of teamTailAgents(state.team)) refs.agents.add(id);
  const tables: Record<string, unknown> = {};
  const info = {} as Record<WindowTable, WindowInfo>;
  for (const table of WINDOW_TABLES) {
    const cut = windowTable(table, state[table] as Record<string, { status?: unknown }>, refs[table], limit);
    tables[table] = cut.rows;
    info[table] = cut.info;
  }
  return { tables: tables as Partial<ProjectionState>, info };
}

/** Older rows of one table strictly before `before` (a cursor from the window or a previous page). */
export function tablePage(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  table: WindowTable,
  before: number,
  limit: number,
): TablePage {
  const record = state[table] as Record<string, unknown>;
  const ids = Object.keys(record);
  const page = pageBefore(ids.length, before, limit);
  const records: Record<string, unknown> = {};
  for (let i = page.start; i < page.end; i++) records[ids[i]] = record[ids[i]];
  return { sessionId, seq, table, records, window: page.info };
}

/** One whole row of a table (the window sends some rows as previews), or undefined when absent. */
export function tableRow(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  table: WindowTable,
  id: string,
): TableRow | undefined {
  const record = state[table] as Record<string, unknown>;
  if (!Object.hasOwn(record, id)) return undefined;
  return { sessionId, seq, table, id, record: record[id] };
}
