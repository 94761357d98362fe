import type {
  ArtifactKind,
  ArtifactStatus,
  Control,
  EnvelopeRuntimeStatus,
  Owner,
  Persistence,
  Phase,
  RuntimeEntity,
  Scope,
  Surface,
  TeamPhase,
  Topology,
} from "./taxonomy";

/** Correlation ids an envelope may carry (seed 000 §Identity requirements + v0.6.1 additions, ENV-02). */
export const ID_FIELDS = [
  "runtimeId",
  "sessionId",
  "threadId",
  "runId",
  "turnId",
  "attemptId",
  "stepId",
  "messageId",
  "partId",
  "taskId",
  "agentId",
  "subagentId",
  "parentSessionId",
  "parentThreadId",
  "toolCallId",
  "actionId",
  "artifactId",
  "evidenceId",
  "traceId",
  "spanId",
  "evidencePackRef",
  "replayRef",
  "reviewRef",
  "handoffId",
  "reviewId",
  "workItemId",
  "remoteTaskId",
  "workerNotificationId",
  "diagnosticId",
  "teamId",
] as const;
export type IdField = (typeof ID_FIELDS)[number];

export type CorrelationIds = { [K in IdField]?: string };

/** Runtime execution shape facts an adapter preserves when the source has them (ENV-06). */
export interface RuntimeExecutionShape {
  runtimeEntity?: RuntimeEntity;
  runtimeStatus?: EnvelopeRuntimeStatus | string;
  latestTurnStatus?: EnvelopeRuntimeStatus | string;
  teamPhase?: TeamPhase | string;
  teamName?: string;
  queuedTurnCount?: number;
  teamParallelBudget?: number;
  teamActiveCount?: number;
  teamQueuedCount?: number;
  queueReason?: string;
  providerConcurrencyGroup?: string;
  providerParallelBudget?: number;
  retryableOverload?: boolean;
}
export const EXECUTION_SHAPE_FIELDS = [
  "runtimeEntity",
  "runtimeStatus",
  "latestTurnStatus",
  "teamPhase",
  "teamName",
  "queuedTurnCount",
  "teamParallelBudget",
  "teamActiveCount",
  "teamQueuedCount",
  "queueReason",
  "providerConcurrencyGroup",
  "providerParallelBudget",
  "retryableOverload",
] as const satisfies readonly (keyof RuntimeExecutionShape)[];

/** Artifact fields of the Agent UI schema (ART-01). */
export interface ArtifactFields {
  artifactKind?: ArtifactKind | string;
  artifactStatus?: ArtifactStatus;
  artifactVersionId?: string;
  artifactExportId?: string;
  artifactReadRef?: string;
  artifactDiffRef?: string;
  /** Where the preview body is read from (the runtime's `preview_ref`, ART-11): loaded on demand, never
   * inlined into the stream. */
  artifactPreviewRef?: string;
  artifactPreview?: string | Record<string, unknown> | unknown[] | null;
  sourceRefs?: string[];
  evidenceRefs?: string[];
}

/** Team fields of the Agent UI schema carried on the envelope (TEAM-*). */
export interface TeamEnvelopeFields {
  agentName?: string;
  agentRole?: string;
  agentSource?: string;
  transcriptRef?: string;
  workerUsage?: Record<string, unknown> | null;
  teamPolicy?: Record<string, unknown> | null;
}

/** Where an envelope came from: which adapter and which source record (a safe reference, never the raw
 * secret-bearing payload; SEC-04). */
export interface EventSource {
  format: string;
  /** Index of the source record in its input (0-based), when known. */
  index?: number;
  /** The source's own event type, e.g. `TEXT_MESSAGE_CONTENT` or `turn.submitted`. */
  sourceType?: string;
  /** The source's own event id, e.g. the Lime `eventId`. */
  sourceEventId?: string;
  /** The source's schema version, e.g. `lime-profile-0.4.0` (kept for diagnostics, §D.5). */
  schemaVersion?: string;
  /** The source record's own sequence, on the extra events an adapter derives from one record: those
   * carry no envelope `sequence` (one stream position belongs to one event) but keep where they came from. */
  sequence?: number;
}

/**
 * The Agent UI event envelope (seed 001 §Event envelope). `type` is the reducer discriminant and the
 * only required field; everything else is recommended or conditional. `eventId` is this toolkit's
 * idempotency key (the agentui schema allows extra properties); adapters derive it from the source id.
 */
export interface AgentUiEvent
  extends CorrelationIds,
    RuntimeExecutionShape,
    ArtifactFields,
    TeamEnvelopeFields {
  type: string;
  eventId?: string;
  /** Monotonic within one stream (run, thread, task or child-agent stream). */
  sequence?: number;
  /** Stream that `sequence` counts in; defaults to `sessionId` (then `"default"`). */
  streamId?: string;
  timestamp?: string;
  owner?: Owner;
  scope?: Scope;
  phase?: Phase;
  surface?: Surface;
  persistence?: Persistence;
  control?: Control;
  topology?: Topology;
  metricName?: string;
  payload?: Record<string, unknown>;
  refs?: Record<string, unknown> | unknown[] | null;
  rawEventRef?: string;
  source?: EventSource;
  [extra: string]: unknown;
}

/** The stream key that `sequence` is ordered in. One helper so reducer, verifier and server agree. */
export function streamKeyOf(event: Pick<AgentUiEvent, "streamId" | "sessionId">): string {
  return event.streamId ?? event.sessionId ?? "default";
}

/** The family an event class belongs to: the segment before the first dot. */
export function familyOf(type: string): string {
  const dot = type.indexOf(".");
  return dot === -1 ? type : type.slice(0, dot);
}
