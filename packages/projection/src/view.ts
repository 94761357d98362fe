// Builds the public immutable `ProjectionState` from the store. Each slice view is memoized by the store
// (entity-table.ts), so an unchanged slice or entity keeps its identity (===) between calls.
//
// `getState()` costs O(slices + changed entities), not O(history). A changed table, list or the
// diagnostics come from the store as a lazy container: a small one (≤ EAGER_ENTRIES) is built at once,
// a large one becomes an own, enumerable accessor of the snapshot that builds it on first read — showing
// the state as of this `getState()`, whatever was applied since — and then turns into a plain data
// property. JSON.stringify, spreading, structuredClone and deep equality all see ordinary data; a surface
// that reads only `messages` never pays for copying `tools`.
import type { ProjectionState, SessionSlice } from "@agent-ui/contracts";
import { PROJECTION_SCHEMA_VERSION } from "@agent-ui/contracts";
import { EAGER_ENTRIES, type Lazy, deferProperty } from "./internal/lazy";
import type { Store } from "./store";

type LazyKey =
  | "messages"
  | "tools"
  | "actions"
  | "tasks"
  | "agents"
  | "artifacts"
  | "evidence"
  | "timeline"
  | "diagnostics";

/** What one snapshot is made of; two snapshots with identical parts are the same snapshot. */
type Parts = {
  [K in keyof ProjectionState]: K extends LazyKey ? Lazy<ProjectionState[K]> : ProjectionState[K];
};

const PART_KEYS: readonly (keyof ProjectionState)[] = [
  "schemaVersion",
  "session",
  "runtime",
  "messages",
  "tools",
  "actions",
  "tasks",
  "agents",
  "team",
  "artifacts",
  "evidence",
  "queue",
  "context",
  "permissions",
  "timeline",
  "diagnostics",
  "metrics",
  "appState",
  "cursor",
];

const LAZY_KEYS: readonly LazyKey[] = [
  "messages",
  "tools",
  "actions",
  "tasks",
  "agents",
  "artifacts",
  "evidence",
  "timeline",
  "diagnostics",
];

/** The value now when it exists or is cheap; `undefined` when it is left to an accessor. */
function eager<T>(lazy: Lazy<T>): T | undefined {
  return lazy.settled || lazy.entries <= EAGER_ENTRIES ? lazy.read() : undefined;
}

function defer<K extends LazyKey>(state: ProjectionState, key: K, lazy: Lazy<ProjectionState[K]>): void {
  deferProperty(state, key, lazy);
}

function snapshot(parts: Parts): ProjectionState {
  // One literal in the contract's key order (JSON output keeps it); deferred keys are filled in below.
  const state: ProjectionState = {
    schemaVersion: parts.schemaVersion,
    session: parts.session,
    runtime: parts.runtime,
    messages: eager(parts.messages) as ProjectionState["messages"],
    tools: eager(parts.tools) as ProjectionState["tools"],
    actions: eager(parts.actions) as ProjectionState["actions"],
    tasks: eager(parts.tasks) as ProjectionState["tasks"],
    agents: eager(parts.agents) as ProjectionState["agents"],
    team: parts.team,
    artifacts: eager(parts.artifacts) as ProjectionState["artifacts"],
    evidence: eager(parts.evidence) as ProjectionState["evidence"],
    queue: parts.queue,
    context: parts.context,
    permissions: parts.permissions,
    timeline: eager(parts.timeline) as ProjectionState["timeline"],
    diagnostics: eager(parts.diagnostics) as ProjectionState["diagnostics"],
    metrics: parts.metrics,
    appState: parts.appState,
    cursor: parts.cursor,
  };
  for (const key of LAZY_KEYS)
    if (state[key] === undefined) defer(state, key, parts[key] as Lazy<ProjectionState[typeof key]>);
  return state;
}

/** Builds every deferred slice of a snapshot now: it is then plain data properties only and keeps
 * nothing of the projector alive (for one-shot projections whose projector is dropped). */
export function settleAll(state: ProjectionState): ProjectionState {
  for (const key of LAZY_KEYS) void state[key];
  const team = state.team as unknown as Record<string, unknown>;
  for (const key in team) void team[key];
  return state;
}

export class StateView {
  private last: ProjectionState | null = null;
  private lastParts: Parts | null = null;
  private sessionBase: SessionSlice | null = null;
  private sessionView: SessionSlice | null = null;

  /** The session slice shows `stale` while a sequence gap is open (ORD-05) — unless repair already gave
   * up: `degraded` (with its sections) says more than `stale` and is kept. */
  private session(store: Store, gapOpen: boolean): SessionSlice {
    const base = store.session.read();
    if (!gapOpen || base.hydration.status === "degraded") return base;
    if (this.sessionBase === base && this.sessionView !== null) return this.sessionView;
    this.sessionBase = base;
    this.sessionView = { ...base, hydration: { ...base.hydration, status: "stale" } };
    return this.sessionView;
  }

  build(store: Store): ProjectionState {
    const cursor = store.gate.cursor();
    const parts: Parts = {
      schemaVersion: PROJECTION_SCHEMA_VERSION,
      session: this.session(store, cursor.gaps.length > 0),
      runtime: store.runtime.read(),
      messages: store.messages.list(),
      tools: store.tools.record(),
      actions: store.actions.record(),
      tasks: store.tasks.record(),
      agents: store.agents.record(),
      team: store.team.read(),
      artifacts: store.artifacts.record(),
      evidence: store.evidence.record(),
      queue: store.queue.read(),
      context: store.context.read(),
      permissions: store.permissions.read(),
      timeline: store.timeline.list(),
      diagnostics: store.diagnosticsList(),
      metrics: store.metrics.read(),
      appState: store.appState,
      cursor,
    };
    if (this.last !== null && this.lastParts !== null && samePart(parts, this.lastParts)) return this.last;
    this.lastParts = parts;
    this.last = snapshot(parts);
    return this.last;
  }
}

function samePart(a: Parts, b: Parts): boolean {
  for (const key of PART_KEYS) if (a[key] !== b[key]) return false;
  return true;
}
