// Durable session storage. The event log is the source of truth: append is atomic and ordered, each session
// has its own contiguous log sequence (`seq`, 1-based) that clients resume from. Snapshots are projection
// states at a `seq`, written periodically so hydration reads the latest snapshot plus its tail instead of
// replaying the whole log (AUI-AR-HYDRATE-001, HYD-09). Idempotency results make a repeated write return the
// first result (AUI-AR-ACTION-004, ORD-07).
import { createHash } from "node:crypto";
import type { AgentUiEvent, LogEntry, ProjectionState, WriteResult } from "@agent-ui/contracts";
import type { SourceStatus } from "@agent-ui/contracts";

/** One stored event and its position in the session log: the wire format's entry. */
export type { LogEntry };

export interface SessionRecord {
  id: string;
  title?: string;
  sourceKind: string;
  scenario?: string;
  /** The source config with secret-looking values redacted. */
  config: Record<string, unknown>;
  status: SourceStatus;
  statusReason?: string;
  createdAt: string;
  updatedAt: string;
  /** Highest appended `seq` (0 when empty). */
  lastSeq: number;
  /** The store found this session's rows unreadable at start: reads answer `session_damaged`. */
  damage?: string;
  /** The store found this session's log shorter than the seqs it had handed out (a lost WAL): the range
   * lost; new events continue after it, so no seq is reused. */
  logRewound?: string;
}

export type NewSession = Pick<SessionRecord, "id" | "title" | "sourceKind" | "scenario" | "config">;

export interface SnapshotRecord {
  seq: number;
  state: ProjectionState;
  createdAt: string;
  /** Size of the stored state's JSON text, when the store knows it. */
  bytes?: number;
}

/** The hydration window a gateway last served for a session, kept so the first joiner after a restart is
 * answered before the session's projection is loaded (AS-10). Only its parts that do not change without
 * an event are kept: the `{ state, window }` JSON at `seq` (the session record and the attached flag are
 * the serving gateway's own when it answers). Written only by the gateway, from its projection of events
 * it already redacted. */
export interface StoredWindow {
  /** Log seq the window reflects. */
  seq: number;
  /** Messages it was cut to (the request's `limit`). */
  messageLimit: number;
  /** What its bytes depend on besides the state (projection schema, window format): a gateway serves a
   * stored window only when the stamp is its own. */
  stamp: string;
  /** The `{ state, window }` JSON text. */
  body: string;
}

/** A detail body the gateway kept for a ref (TOOL-03, ARCH-03): a large payload offloaded from an event, or
 * a body a runtime sent beside its own ref (`output` + `outputRef`, `diff` + `diffRef`). Stored already
 * redacted; served read-only by `GET /api/sessions/:id/details/:ref` (open_detail). */
export interface DetailRecord {
  ref: string;
  /** e.g. `text/plain`, `text/markdown`, `text/x-diff`, `application/json`. */
  mediaType: string;
  /** UTF-8 size of `body`. */
  bytes: number;
  body: string;
}

/** Completes an idempotency claim in the transaction of an append: either the events and the key's answer
 * are both durable, or neither is (a crash between them cannot leave a key that never completes). */
export interface IdempotencyCompletion {
  key: string;
  /** Stored as the key's result, with `seq` set to the seq of the append's last event (the session's log
   * head when it appends none). */
  result: Record<string, unknown>;
}

/** An append that was to complete an idempotency claim no longer holds it: the claim was taken over by
 * another request after this store was presumed gone. Nothing of the append was stored. */
export class IdempotencyClaimLostError extends Error {
  constructor(
    readonly sessionId: string,
    readonly key: string,
  ) {
    super(`the idempotency claim ${key} of session ${sessionId} is no longer held by this gateway`);
    this.name = "IdempotencyClaimLostError";
  }
}

/** Outcome of claiming an idempotency key before running a write. */
export type IdempotencyClaim =
  | { kind: "claimed" }
  /** The key already has a stored result: return it, marked `duplicate`. */
  | { kind: "done"; result: WriteResult; fingerprint: string }
  /** Another request with this key is still running. */
  | { kind: "pending"; fingerprint: string };

export interface ReadOptions {
  /** Entries with `seq > after` (default 0). */
  after?: number;
  /** At most this many entries. */
  limit?: number;
}

/** Called after entries are durably appended, in this or (Postgres) another gateway process. `entries` is
 * given for appends made by this process, so live delivery needs no read back. */
export type AppendListener = (sessionId: string, lastSeq: number, entries?: readonly LogEntry[]) => void;

export interface SessionStore {
  readonly kind: "sqlite" | "postgres";
  createSession(session: NewSession): Promise<SessionRecord>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  listSessions(): Promise<SessionRecord[]>;
  setStatus(id: string, status: SourceStatus, reason?: string): Promise<void>;
  /** Sets a session's title; false for an unknown id. */
  renameSession(id: string, title: string): Promise<boolean>;
  /** Removes a session with its log, snapshots, stored window, details and idempotency records; false for
   * an unknown id. */
  deleteSession(id: string): Promise<boolean>;
  /** Atomically appends `events` in order and returns them with their assigned `seq`. `details` are the
   * bodies those events reference (TOOL-03): they are kept in the same transaction, so either both are
   * durable or neither is, and an append listener — in this or (Postgres) another process — that sees an
   * event can already read its body. A failed append keeps none of its bodies. With no events, the
   * bodies alone are kept, in queue order with the appends around them. With `completes`, the claim this
   * store holds on that key is completed in the same transaction; when the claim is no longer this
   * store's, nothing is stored and it rejects with `IdempotencyClaimLostError`. */
  append(
    sessionId: string,
    events: readonly AgentUiEvent[],
    details?: readonly DetailRecord[],
    completes?: IdempotencyCompletion,
  ): Promise<LogEntry[]>;
  readEvents(sessionId: string, options?: ReadOptions): Promise<LogEntry[]>;
  /** Resolves with the size of the state's JSON text when the store serialized it. */
  saveSnapshot(sessionId: string, seq: number, state: ProjectionState): Promise<number | undefined>;
  latestSnapshot(sessionId: string): Promise<SnapshotRecord | undefined>;
  /** Keeps `window` as the session's stored hydration window, replacing the one kept before (one per
   * session); nothing for an unknown session. */
  saveWindow(sessionId: string, window: StoredWindow): Promise<void>;
  /** The session's stored hydration window, if one is kept. */
  readWindow(sessionId: string): Promise<StoredWindow | undefined>;
  /** A store whose session methods wait for a check at open (the SQLite store's, ./gate) keeps these two
   * reads unwaited here, for the stored window's answer to a session's first joiner (../http/stored-window):
   * each reads one row, and damage in it shows as a read error or a window that does not parse. */
  readonly beforeCheck?: Pick<SessionStore, "getSession" | "readWindow">;
  /** Reserves `key` for one request. `fingerprint` identifies the command, so a key reused for a different
   * command is detected. A claim is held by this store instance (this gateway process): one still pending
   * from a process that is gone (killed between claim and completion) never completed, so it counts as
   * not applied and is taken over (`claimed`); one pending in a live process answers `pending`. */
  claimIdempotency(sessionId: string, key: string, fingerprint: string): Promise<IdempotencyClaim>;
  /** Stores the result of a key this store claimed (nothing when the claim was taken over). */
  completeIdempotency(sessionId: string, key: string, result: WriteResult): Promise<void>;
  /** Releases a key this store claimed whose write failed before producing a result, so it can be retried. */
  releaseIdempotency(sessionId: string, key: string): Promise<void>;
  /** Keeps detail bodies by ref; a ref stored again is replaced by its newer body (the last one wins within
   * a call too). Same as `append(sessionId, [], details)`: queued behind earlier appends, and rejected
   * for an unknown session. Bodies referenced by events should travel with them in `append` instead. */
  putDetails(sessionId: string, details: readonly DetailRecord[]): Promise<void>;
  readDetail(sessionId: string, ref: string): Promise<DetailRecord | undefined>;
  onAppended(listener: AppendListener): () => void;
  /** Takes over, for this store instance (this gateway process), the runtimes of those of `sessionIds`
   * whose holder is gone, and returns them: a gateway re-attaches only what it took, so two gateways
   * starting at once never both re-attach a session, and none takes one a live gateway still feeds.
   * SQLite: every id (one process per data dir). PostgreSQL: a session is held by the store instance that
   * created or last took it, for as long as that instance holds its advisory lock. */
  claimRuntimes(sessionIds: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** Stable fingerprint of a command for idempotency-key reuse detection (key order independent). A SHA-256
 * of the command, so the store never keeps a user's text (or a key pasted into it) just to compare. */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(sortKeys(value)))
    .digest("hex");
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as object).sort())
    out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** An append or read addressed a session the store does not have. */
export class UnknownSessionError extends Error {
  constructor(readonly sessionId: string) {
    super(`unknown session ${sessionId}`);
    this.name = "UnknownSessionError";
  }
}

/** A read of a session's rows hit damaged storage (SQLite `SQLITE_CORRUPT` / `SQLITE_NOTADB`): the gateway
 * answers `session_damaged`, and the store marks the session damaged from then on. */
export class SessionDamagedError extends Error {
  constructor(
    readonly sessionId: string,
    readonly damage: string,
  ) {
    super(`session ${sessionId} is damaged: ${damage}`);
    this.name = "SessionDamagedError";
  }
}
