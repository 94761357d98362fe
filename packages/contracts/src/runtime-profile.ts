// Types of the Lime AgentRuntime profile side (Agent Runtime v0.4.0, profile `lime-profile-0.4.0`).
// Shapes follow the official schemas in ../shared/fixtures/agentruntime/schemas (Apache-2.0); unknown
// extra properties are allowed, as in the schemas.
import type { RuntimeTaskStatus } from "./taxonomy";

export const LIME_PROFILE_SCHEMA_VERSION = "lime-profile-0.4.0";

/** The runtime event envelope (AgentRuntimeExecutionEvent, seed 003). camelCase is canonical; adapters
 * also accept snake_case aliases (§E-4). */
export interface RuntimeEvent {
  type: string;
  eventId: string;
  timestamp: string;
  schemaVersion?: string;
  runtimeId?: string;
  sessionId?: string;
  sequence?: number;
  threadId?: string;
  turnId?: string;
  taskId?: string;
  runId?: string;
  attemptId?: string;
  parentTaskId?: string;
  rootTaskId?: string;
  stepId?: string;
  toolCallId?: string;
  actionId?: string;
  subagentId?: string;
  artifactId?: string;
  evidenceId?: string;
  traceId?: string;
  spanId?: string;
  requestId?: string;
  processId?: string;
  channelId?: string;
  jobId?: string;
  jobItemId?: string;
  outputRef?: string;
  modelRequestId?: string;
  queueId?: string;
  status?: string;
  phase?: string;
  nativeStatus?: string;
  statusReason?: string;
  payload?: Record<string, unknown>;
  refs?: Record<string, unknown>;
  [extra: string]: unknown;
}

export type RuntimeStatusValue =
  | "idle"
  | "queued"
  | "preparing"
  | "running"
  | "blocked"
  | "streaming"
  | "retrying"
  | "completed"
  | "failed"
  | "cancelled"
  | "stale"
  | "unknown"
  | "unavailable"
  | "not_applicable";

export type ThreadStatus =
  | "idle"
  | "queued"
  | "running"
  | "blocked"
  | "completed"
  | "failed"
  | "cancelled"
  | "stale"
  | "unknown"
  | "unavailable"
  | "not_applicable";

export interface TurnReadModel {
  turnId: string;
  status: string;
  taskId?: string;
  runId?: string;
  startedAt?: string;
  completedAt?: string;
  steps?: Record<string, unknown>[];
  [extra: string]: unknown;
}

export interface ThreadReadModel {
  threadId: string;
  status: ThreadStatus;
  activeTurnId?: string;
  turns?: TurnReadModel[];
  pendingRequests?: Record<string, unknown>[];
  queuedTurns?: Record<string, unknown>[];
  incidents?: Record<string, unknown>[];
  actions?: Record<string, unknown>[];
  toolCalls?: Record<string, unknown>[];
  evidenceSummary?: EvidenceSummary;
  /** Not in the runtime schema: some producers attach a recent message window (§E-8). */
  messages?: Record<string, unknown>[];
  [extra: string]: unknown;
}

export interface TaskAttemptSnapshot {
  runId: string;
  attemptId?: string;
  status: RuntimeStatusValue | string;
  startedAt?: string;
  endedAt?: string;
  attemptCount?: number;
  [extra: string]: unknown;
}

export interface TaskSnapshot {
  taskId: string;
  status: RuntimeTaskStatus | string;
  parentTaskId?: string;
  rootTaskId?: string;
  sessionId?: string;
  threadId?: string;
  turnId?: string;
  title?: string;
  objective?: string;
  currentRunId?: string;
  attempts?: TaskAttemptSnapshot[];
  relationships?: { kind: string; targetId: string; status?: string; reason?: string }[];
  evidenceRefs?: string[];
  artifactRefs?: unknown[];
  [extra: string]: unknown;
}

export interface VerificationOutcome {
  name: string;
  status: string;
  [extra: string]: unknown;
}

export interface EvidenceSummary {
  evidenceRefs?: string[];
  verificationOutcomes?: VerificationOutcome[];
  knownGaps?: unknown[];
  [extra: string]: unknown;
}

/** SessionSnapshot / thread read snapshot (`agentruntime-snapshot.schema.json`). */
export interface RuntimeSessionSnapshot {
  schemaVersion?: string;
  runtimeId?: string;
  sessionId: string;
  workspaceId?: string;
  updatedAt?: string;
  threads?: ThreadReadModel[];
  tasks?: TaskSnapshot[];
  taskSummary?: Record<string, unknown>;
  routingLimitSummary?: Record<string, unknown>;
  telemetrySummary?: Record<string, unknown>;
  permissionState?: Record<string, unknown>;
  sandboxState?: Record<string, unknown>;
  /** PermissionSandboxSummary (PROF-02): mode, sandbox, risk, decisions, violations — or `"not_applicable"`. */
  permissionSandboxSummary?: Record<string, unknown> | "not_applicable";
  evidenceRefs?: string[];
  [extra: string]: unknown;
}

/** Evidence pack (evidence export): refs and correlation spine, never the pack body in UI state. */
export interface EvidencePack {
  evidenceId?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  runtimeCorrelation?: Partial<
    Record<"runtimeId" | "sessionId" | "threadId" | "turnId" | "taskId" | "runId" | "traceId", string>
  >;
  verificationOutcomes?: VerificationOutcome[];
  knownGaps?: unknown[];
  [extra: string]: unknown;
}
