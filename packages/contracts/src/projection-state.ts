// The public projection snapshot format: what `agent-ui project` prints, what the workbench renders and
// what tests assert on. Every fact records the event that set it (`source`), so timeline, evidence and
// review link to one source and time travel is a replay to a sequence. UI-only state (collapse, tab,
// focus, draft) is deliberately absent (ARCH-01, ARCH-05).
import type { Diagnostic } from "./diagnostics";
import type {
  ArtifactKind,
  ArtifactStatus,
  MessageRole,
  PartKind,
  QueuedTurnStatus,
  RuntimeEntity,
  RuntimeStatus,
  SteerStatus,
  TaskCapsuleState,
} from "./taxonomy";
import type { AgentRecord, TeamSlice } from "./projection-team";
import type { ActionRecord, ToolRecord } from "./projection-tools";
import type { SourceRef } from "./source-ref";

export * from "./projection-team";
export * from "./projection-tools";

export const PROJECTION_SCHEMA_VERSION = "agent-ui-projection/1";

/** The event that established a fact. */
export interface FactSource {
  eventId?: string;
  sequence?: number;
  type?: string;
}

export type Attention = "low" | "medium" | "high";

/** A value the runtime did not (or cannot) provide is named, never guessed (FALL-01). */
export type Honest<T> = T | "unknown" | "unavailable";

export interface ModelChip {
  selected: Honest<string>;
  provider?: string;
  decisionSource?: string;
  decisionReason?: string;
  candidateCount?: number;
  singleCandidate?: boolean;
  /** What the selected model cannot do that the task asked for, as the runtime stated it (ROUTE-04). */
  capabilityGap?: string;
  source?: FactSource;
}

export interface LimitState {
  status: Honest<"ok" | "low" | "blocked" | "rate_limited">;
  cost?: Record<string, unknown>;
  rateLimit?: Record<string, unknown>;
  quota?: Record<string, unknown>;
  reason?: string;
  source?: FactSource;
}

/** Status words the runtime states when it cannot or need not report a status (FALL-03). */
export type StatedHonesty = "unavailable" | "not_applicable";

export interface RuntimeSlice {
  status: RuntimeStatus;
  /** Set while `status` is `unknown` because the runtime said the status is `unavailable` (not supported)
   * or `not_applicable` (the signal does not apply), so the row shows that word, not "unknown" (FALL-03). */
  statedStatus?: StatedHonesty;
  attention: Attention;
  /** Short stable label from the runtime (never partial tokens, PROC-05). */
  label?: string;
  reason?: string;
  runtimeId?: string;
  sessionId?: string;
  threadId?: string;
  runId?: string;
  turnId?: string;
  traceId?: string;
  model: ModelChip;
  limits: LimitState;
  failure?: { category?: string; message?: string; retryable?: boolean };
  retry?: { count: number; reason?: string };
  runtimeEntity?: RuntimeEntity;
  queuedTurnCount?: number;
  startedAt?: string;
  updatedAt?: string;
  source?: FactSource;
}

export interface MessagePart {
  id: string;
  kind: PartKind;
  /** `streaming` while deltas arrive, `done` once final or the run ended. */
  status: "streaming" | "done";
  text?: string;
  /** Final text differed from the streamed text and replaced it (TEXT-05). */
  reconciled?: boolean;
  /** Running process is expanded, completed process collapses into the archive (PROC-02/03). */
  expanded?: boolean;
  title?: string;
  toolCallId?: string;
  actionId?: string;
  artifactId?: string;
  evidenceId?: string;
  taskId?: string;
  agentId?: string;
  workerNotificationId?: string;
  handoffId?: string;
  /** The sources the part cites (an `evidence_ref` part: its evidence's source refs, EVID-01). */
  citations?: SourceRef[];
  data?: Record<string, unknown>;
  source?: FactSource;
}

export interface Message {
  id: string;
  role: MessageRole;
  agentId?: string;
  turnId?: string;
  runId?: string;
  /** Set while a user message is shown before the runtime confirmed its id (TEXT-09, ENV-07). */
  optimistic?: boolean;
  /** When the message was said: the `timestamp` of its first event that carries one (ISO 8601). */
  createdAt?: string;
  /** Token and cost usage the runtime reported for this answer's turn (metric name → its last reported
   * value in the turn, e.g. `tokens.input`, `cost.recorded`); on the turn's latest assistant message. */
  usage?: Record<string, number>;
  parts: MessagePart[];
  source?: FactSource;
}

export interface TaskAttempt {
  attemptId?: string;
  runId?: string;
  status: string;
  reason?: string;
  source?: FactSource;
}

/** One item of an automation job: its own status, kept apart from the job's (TASK-12). */
export interface JobItem {
  itemId: string;
  status: string;
  /** The attempt count the runtime reported for this item. */
  attempts?: number;
  /** The last error the item failed with; kept while a retry of the item runs. */
  lastError?: string;
  retryable?: boolean;
  source?: FactSource;
}

/** An automation job's counts and items, as the runtime reported them (TASK-12). */
export interface JobState {
  total?: number;
  completed?: number;
  failed?: number;
  items: JobItem[];
}

export interface TaskRecord {
  taskId: string;
  title?: string;
  status: TaskCapsuleState;
  /** The runtime's normalized status before the capsule crosswalk (D.4). */
  runtimeStatus?: string;
  attention: Attention;
  reason?: string;
  attempts: TaskAttempt[];
  currentRunId?: string;
  progress?: { message?: string; ratio?: number };
  parentTaskId?: string;
  /** Tasks this one waits on, as the runtime stated them (TASK-11 dependency edges). */
  dependsOn?: string[];
  agentId?: string;
  runtimeEntity?: RuntimeEntity;
  queuePosition?: number;
  /** Set on a capsule that mirrors a runtime queued turn (made by `queue.changed`, QUEUE-06, TASK-01): it
   * lives while the queue lists the turn, and remove/promote go through the queue API with this id
   * (QUEUE-08). A task fact about the same id takes the capsule over and drops the field. */
  queuedTurnId?: string;
  /** Set on an automation job (TASK-12): per-item status apart from the job's own. */
  job?: JobState;
  artifactIds: string[];
  evidenceIds: string[];
  source?: FactSource;
}

export interface ArtifactVersion {
  versionId: string;
  sourceRefs: string[];
  source?: FactSource;
}

export interface ArtifactRecord {
  artifactId: string;
  kind: ArtifactKind;
  title?: string;
  status: ArtifactStatus;
  versions: ArtifactVersion[];
  currentVersionId?: string;
  preview?: string;
  /** Where the full preview is loaded from on demand (the runtime's `preview_ref`, ART-11). */
  previewRef?: string;
  readRef?: string;
  diffRef?: string;
  export: { status: "none" | "exporting" | "completed" | "failed"; exportId?: string; ref?: string };
  sourceRefs: string[];
  evidenceRefs: string[];
  /** The pages and documents the artifact is or cites (A2A url/file parts, MCP `resource_link`). */
  citations?: SourceRef[];
  toolCallId?: string;
  turnId?: string;
  taskId?: string;
  error?: string;
  source?: FactSource;
}

export interface EvidenceRecord {
  evidenceId: string;
  status: string;
  packRef: Honest<string>;
  replayRef: Honest<string>;
  reviewRef: Honest<string>;
  traceId?: string;
  correlation: Record<string, string>;
  /** Verdicts only from the evidence owner's outcomes (EVID-02, FALL-05). */
  verification: Honest<{ name: string; status: string }[]>;
  /** Only applicable, reported gaps; never fabricated (EVID-06). */
  knownGaps: Honest<unknown[]>;
  toolCallIds: string[];
  artifactIds: string[];
  /** The sources the evidence cites, as reported (EVID-01: never invented). */
  citations?: SourceRef[];
  /** Benchmark trial facts as the runtime reported them (BENCH-01, redacted): dataset/trial/configuration,
   * refs (trajectory, reward), decision inputs, comparison (baseline/candidate, deltas, evidence
   * completeness, P0 regression count). Shown as evidence, never as conversation. */
  benchmark?: Record<string, unknown>;
  source?: FactSource;
}

export interface QueueItem {
  id: string;
  preview?: string;
  position: number;
  status: QueuedTurnStatus;
  targetId?: string;
  createdAt?: string;
  source?: FactSource;
}

export interface SteerItem {
  id: string;
  preview?: string;
  status: SteerStatus;
  targetTurnId?: string;
  reason?: string;
  source?: FactSource;
}

export interface QueueSlice {
  items: QueueItem[];
  steers: SteerItem[];
}

export interface ContextSlice {
  refs: { id: string; label?: string; kind?: string }[];
  budget?: { used?: number; limit?: number; ratio?: number };
  missing: { id?: string; label?: string; reason?: string }[];
  compactions: {
    id: string;
    status: "started" | "completed" | "failed";
    summary?: string;
    tokensBefore?: number;
    tokensAfter?: number;
    source?: FactSource;
  }[];
  source?: FactSource;
}

export interface PermissionSlice {
  mode: Honest<string>;
  sandbox: Honest<Record<string, unknown>>;
  decisions: {
    id: string;
    decision: string;
    source?: string;
    reason?: string;
    actionId?: string;
    expiresAt?: string;
    fact?: FactSource;
  }[];
  riskLevel?: string;
  violations: { id: string; reason?: string; toolCallId?: string; source?: FactSource }[];
  source?: FactSource;
}

export type TimelineKind =
  | "status"
  | "message"
  | "reasoning"
  | "plan"
  | "tool"
  | "action"
  | "artifact"
  | "evidence"
  | "task"
  | "agent"
  | "team"
  | "context"
  | "permission"
  | "review"
  | "notification"
  | "error";

export interface TimelineEntry {
  id: string;
  kind: TimelineKind;
  title: string;
  status?: string;
  turnId?: string;
  /** Ids of the facts this entry concerns, so lanes can link to one source. */
  refs: Record<string, string>;
  source: FactSource;
}

export interface SequenceGap {
  streamId: string;
  /** First missing sequence. */
  from: number;
  /** Last missing sequence. */
  to: number;
}

export interface Cursor {
  lastSequence: number | null;
  streams: Record<string, number>;
  gaps: SequenceGap[];
  stale: boolean;
  /** Sections marked stale until repaired (HYD-10). */
  staleSections: string[];
  eventCount: number;
}

export interface SessionSlice {
  sessionId?: string;
  threadId?: string;
  title?: string;
  /** `repairing`: a hydrated snapshot had stale sections (`cursor.staleSections`) that the event tail is
   * rebuilding (HYD-10). `degraded`: recovery was partial — the runtime flagged it, the snapshot lacked a
   * section, or the source stopped with gaps unfilled — and `degradedSections` names what is affected
   * (HYD-12). */
  hydration: {
    status: "empty" | "live" | "hydrated" | "stale" | "repairing" | "degraded";
    source?: string;
    /** Sections a partial recovery could not restore; absent when recovery was complete (HYD-12). */
    degradedSections?: string[];
  };
  closed?: boolean;
  /** Health of the session's upstream source as the gateway reported it (`session.updated`), e.g.
   * `live`, `stale`, `stopped` (FALL-01). Absent when no gateway said anything. */
  sourceStatus?: string;
}

export interface ProjectionState {
  schemaVersion: typeof PROJECTION_SCHEMA_VERSION;
  session: SessionSlice;
  runtime: RuntimeSlice;
  messages: Message[];
  tools: Record<string, ToolRecord>;
  actions: Record<string, ActionRecord>;
  tasks: Record<string, TaskRecord>;
  agents: Record<string, AgentRecord>;
  team: TeamSlice;
  artifacts: Record<string, ArtifactRecord>;
  evidence: Record<string, EvidenceRecord>;
  queue: QueueSlice;
  context: ContextSlice;
  permissions: PermissionSlice;
  timeline: TimelineEntry[];
  diagnostics: Diagnostic[];
  metrics: Record<string, number>;
  /** External application state synced by `state.snapshot` / `state.delta`. */
  appState: Record<string, unknown>;
  cursor: Cursor;
}
