// Payload conventions per event class: the contract between adapters (which write payloads) and the
// projection (which reads them). Envelope ids (toolCallId, actionId, messageId, …) stay top-level; the
// payload carries the fact body. All fields are optional unless noted, because sources differ: a reducer
// renders a missing field as `unknown`, never a guess. Payloads hold safe summaries and refs, never raw
// secret-bearing bodies (SEC-01).
import type { ProjectionState } from "./projection-state";
import type { SourceRef } from "./source-ref";
import type { EvidencePack, RuntimeSessionSnapshot, TaskSnapshot, ThreadReadModel } from "./runtime-profile";
import type { ActionType, ArtifactKind, RuntimeStatus, TeammateStatus } from "./taxonomy";

// run.*
export interface RunStartedPayload {
  /** The user's input when the source includes it (a `user_text` part is projected from it). */
  input?: string;
  userMessageId?: string;
  /** Client id of an optimistic user message this run confirms (ENV-07). */
  clientMessageId?: string;
}
export interface RunStatusPayload {
  status: RuntimeStatus;
  label?: string;
  reason?: string;
  retryCount?: number;
  model?: string;
  /** The runtime's routing decision (ROUTE-01): the model chip comes from here, never from prose. */
  routing?: RunRouting;
  /** Cost / rate-limit / quota state (ROUTE-02). */
  limits?: RunLimits;
}
export interface RunRouting {
  selectedModel?: string;
  provider?: string;
  decisionSource?: string;
  decisionReason?: string;
  candidateCount?: number;
  singleCandidate?: boolean;
  capabilityGap?: string;
}
export interface RunLimits {
  status?: "ok" | "low" | "blocked" | "rate_limited" | string;
  kind?: "cost" | "rate_limit" | "quota" | string;
  reason?: string;
  /** Scalar details of the bucket (amounts, currency, resetAt, …). */
  [key: string]: unknown;
}
export interface RunFinishedPayload {
  /** `unknown`: the run ended but the source stated its outcome in a shape the adapter does not know
   * (never read as success). */
  outcome: "success" | "cancelled" | "interrupted" | "unknown";
  reason?: string;
}
export interface RunFailedPayload {
  category?: string;
  message?: string;
  retryable?: boolean;
}

// text.*, reasoning.*, plan.*  (messageId / partId top-level)
export interface TextDeltaPayload {
  delta: string;
  role?: "assistant" | "user" | "system";
}
export interface TextFinalPayload {
  /** The final text of the part or message; replaces streamed deltas, never appended (TEXT-04). */
  text: string;
}
export interface ReasoningDeltaPayload {
  delta: string;
  /** `detail` is raw thinking, shown only when policy allows (TEXT-07); default `summary`. */
  visibility?: "summary" | "detail";
}
export interface ReasoningSummaryPayload {
  text: string;
}
export interface PlanPayload {
  delta?: string;
  text?: string;
  steps?: { id?: string; title: string; status?: string }[];
}

// tool.*  (toolCallId top-level)
export interface ToolStartedPayload {
  name?: string;
  kind?: string;
  /** Safe input summary when the call starts with complete input. */
  inputSummary?: string;
  input?: unknown;
}
export interface ToolArgsPayload {
  /** Streaming input text (partial JSON); appended per delta. */
  argsDelta?: string;
  /** Complete (redacted) input. */
  input?: unknown;
  complete?: boolean;
}
export interface ToolProgressPayload {
  message?: string;
  ratio?: number;
  /** Set when the tool is blocked on a decision (approval-requested). */
  awaitingActionId?: string;
  /** Set when the tool is not gated itself but the paused run holds it until this action is answered
   * (a sibling of the call that paused the run, run on resume): it stays pending, never cancelled. */
  heldByActionId?: string;
}
export interface ToolOutputDeltaPayload {
  delta: string;
  channel?: "stdout" | "stderr" | string;
}
export interface ToolResultPayload {
  output?: unknown;
  outputPreview?: string;
  outputRef?: string;
  outputBytes?: number;
  artifactIds?: string[];
  evidenceIds?: string[];
  /** A result the tool itself marked as failed (TOOL-13): rendered as a failure, never a success row. */
  isError?: boolean;
  success?: boolean;
  status?: "success" | "error" | "failed" | string;
  error?: unknown;
  /** Process exit code for shell-like tools. */
  exitCode?: number;
}
export interface ToolFailedPayload {
  error?: string;
  category?: string;
  retryable?: boolean;
  /** Cancellation travels as tool.failed with cancelled:true (seed 001 §Tool lifecycle). */
  cancelled?: boolean;
  denied?: boolean;
  outputPreview?: string;
}

// action.*  (actionId top-level; toolCallId top-level only when the source names it)
export interface ActionRequiredPayload {
  actionType: ActionType;
  sourceType?: string;
  title?: string;
  prompt?: string;
  schema?: Record<string, unknown>;
  availableDecisions?: string[];
  toolName?: string;
  scope?: Record<string, unknown>;
  severity?: "low" | "medium" | "high" | "critical" | string;
  expiresAt?: string;
  requestedBy?: { agentId?: string; subagentId?: string; name?: string };
  /** Shorthand for the decision set: `allow_or_deny` → allow/deny, `approve_or_reject` → approve/reject. */
  decisionKind?: "allow_or_deny" | "approve_or_reject" | string;
  /** Where the user completes the request (e.g. an OAuth or MCP URL elicitation). */
  url?: string;
}
export interface ActionResolvedPayload {
  outcome: "resolved" | "expired" | "cancelled";
  decision?: "approve" | "reject" | "answer" | string;
  response?: Record<string, unknown>;
  decidedBy?: string;
  reason?: string;
}

// queue.changed — the runtime's full queue (a snapshot, not a diff)
export interface QueueChangedPayload {
  items?: {
    id: string;
    preview?: string;
    status?: string;
    position?: number;
    targetId?: string;
    createdAt?: string;
  }[];
  steers?: { id: string; preview?: string; status?: string; targetTurnId?: string; reason?: string }[];
}

// task.changed  (taskId top-level)
export interface TaskChangedPayload {
  /** Runtime task status (RUNTIME_TASK_STATUSES) or a capsule state. */
  status?: string;
  title?: string;
  reason?: string;
  attempt?: { attemptId?: string; runId?: string; status: string; reason?: string };
  progress?: { message?: string; ratio?: number };
  parentTaskId?: string;
  queuePosition?: number;
  artifactIds?: string[];
  evidenceIds?: string[];
  workItem?: { title?: string; assignee?: string; status?: string; blocker?: string };
}

// agent.*  (agentId top-level; parentSessionId / parentThreadId top-level)
export interface AgentPayload {
  agentName?: string;
  role?: string;
  status?: TeammateStatus | string;
  model?: string;
  teamName?: string;
  parentAgentId?: string;
  spawnReason?: string;
  summary?: string;
  remote?: { remoteTaskId?: string; contextId?: string; cardRef?: string; status?: string };
  background?: { wakeReason?: string; schedule?: string; lastRunRef?: string };
}
export interface AgentHandoffPayload {
  from?: string;
  to?: string;
  reason?: string;
  resumeTarget?: string;
  status?: string;
}
export interface WorkerNotificationPayload {
  status?: string;
  summary?: string;
  resultRef?: string;
  usage?: Record<string, unknown>;
}
export interface TeamChangedPayload {
  teamName?: string;
  roster?: { agentId: string; agentName?: string; role?: string; status?: string }[];
  workBoard?: { workItemId: string; title?: string; assignee?: string; status?: string; blocker?: string }[];
  policy?: Record<string, unknown>;
}
export interface ReviewPayload {
  reviewer?: string;
  target?: string;
  /** The version of the target the reviewer checked (e.g. an artifact version id). */
  targetVersionId?: string;
  status?: string;
  verdict?: string;
  evidenceRefs?: string[];
  requestedFixes?: string[];
}

// context.*, permission.changed
export interface ContextChangedPayload {
  refs?: { id: string; label?: string; kind?: string }[];
  budget?: { used?: number; limit?: number };
  missing?: { id?: string; label?: string; reason?: string }[];
}
export interface CompactionPayload {
  compactionId?: string;
  summary?: string;
  tokensBefore?: number;
  tokensAfter?: number;
  failed?: boolean;
}
export interface PermissionChangedPayload {
  mode?: string;
  sandbox?: Record<string, unknown>;
  decision?: { id?: string; decision: string; source?: string; reason?: string; expiresAt?: string };
  riskLevel?: string;
  violation?: { id?: string; reason?: string };
  hook?: { status: string; decision?: string; reason?: string };
}

// artifact.*  (artifactId and ArtifactFields top-level: artifactKind, artifactVersionId, …)
export interface ArtifactPayload {
  title?: string;
  kind?: ArtifactKind;
  preview?: string;
  exportRef?: string;
  error?: string;
  /** Pages and documents the artifact is or cites. */
  citations?: SourceRef[];
}

// evidence.changed  (evidenceId, evidencePackRef, replayRef, reviewRef, traceId top-level)
export interface EvidenceChangedPayload {
  status?: string;
  verificationOutcomes?: { name: string; status: string }[];
  knownGaps?: unknown[];
  correlation?: Record<string, string>;
  toolCallIds?: string[];
  artifactIds?: string[];
  citations?: SourceRef[];
}

// state.snapshot — one of these keys says what kind of snapshot it carries.
export interface StateSnapshotPayload {
  /** Lime SessionSnapshot / thread read snapshot (AUI-AR-HYDRATE-001). */
  runtimeSession?: RuntimeSessionSnapshot;
  thread?: ThreadReadModel;
  task?: TaskSnapshot;
  evidencePack?: EvidencePack;
  /** A stored projection (server compaction). */
  projection?: ProjectionState;
  /** External application state (AG-UI STATE_SNAPSHOT etc.). */
  appState?: Record<string, unknown>;
  /** The snapshot repairs a gap: stale sections clear once applied (HYD-10). */
  repair?: boolean;
}
export interface StateDeltaPayload {
  /** RFC 6902 operations against appState. */
  patch: { op: string; path: string; value?: unknown; from?: string }[];
}
export interface MessagesSnapshotPayload {
  messages: {
    id: string;
    role: "user" | "assistant" | "system" | "notification";
    agentId?: string;
    text?: string;
    parts?: { kind: string; text?: string; toolCallId?: string }[];
  }[];
  /** An authoritative list (AG-UI MESSAGES_SNAPSHOT) removes these earlier messages from the transcript. */
  removedMessageIds?: string[];
}

// diagnostic.changed / metric.changed
export interface DiagnosticChangedPayload {
  code: string;
  severity?: "error" | "warning" | "info";
  message: string;
  summary?: Record<string, unknown>;
}
export interface MetricChangedPayload {
  value: number;
  unit?: string;
}

// session.updated — written by the gateway when its runtime source's health changes (upstream connector
// lost, replay finished), so every client shows the same fact (FALL-01, CTRL-07).
export interface SessionUpdatedPayload {
  title?: string;
  /** Health of the session's runtime source at the gateway. */
  sourceStatus?: "starting" | "live" | "completed" | "stale" | "failed" | "stopped";
  /** True while the session's facts may be outdated (upstream stream interrupted): render `stale`. */
  stale?: boolean;
  reason?: string;
}
