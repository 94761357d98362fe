// The team part of the projection snapshot: teammates (with lineage), delegation edges, handoffs, worker
// notifications, reviews and the work board (seed 001 §Team, TEAM-*). A teammate keeps its own identity;
// it is never flattened into one assistant.
import type { FactSource, Honest } from "./projection-state";
import type { ReviewStatus, RuntimeEntity, TeammateStatus, Topology } from "./taxonomy";

export interface AgentRecord {
  agentId: string;
  name: Honest<string>;
  status: TeammateStatus;
  role?: string;
  model?: string;
  teamName?: string;
  sessionId?: string;
  threadId?: string;
  parentSessionId?: string;
  parentThreadId?: string;
  parentAgentId?: string;
  subagentId?: string;
  taskId?: string;
  runtimeEntity?: RuntimeEntity;
  /** `unknown` when the runtime gave no parent ids: no edge is fabricated (TEAM-18). */
  lineage: "known" | "unknown";
  /** A remote teammate's peer task (REM-01): its A2A `taskId` and `contextId` beside the local `taskId`. */
  remote?: { remoteTaskId?: string; contextId?: string; cardRef?: string; status?: string };
  background?: { wakeReason?: string; schedule?: string; lastRunRef?: string };
  /** The teammate's own policy as its runtime reported it (TEAM-17, PERM-02): shown where it differs from
   * the coordinator's. */
  policy?: TeammatePolicy;
  /** Bounded recent transcript message ids (TEAM-09). */
  transcript: string[];
  source?: FactSource;
}

/** Per-teammate permission, approval, sandbox, plan mode, budget and termination (TEAM-17). */
export interface TeammatePolicy {
  permissionMode?: string;
  approval?: string;
  sandbox?: Record<string, unknown>;
  planMode?: boolean;
  budget?: { limit?: number; used?: number; unit?: string };
  termination?: string;
}

export interface DelegationEdge {
  from: string;
  to: string;
  kind: "spawn" | "handoff" | "wait" | "review";
  taskId?: string;
  /** Wait edges only: `active` while `from` waits on `to`, `ended` once the runtime moved `from` on (or
   * stopped naming `to`). Absent on the other kinds, which stay true once stated (TEAM-03). */
  status?: "active" | "ended";
  source?: FactSource;
}

export interface Handoff {
  handoffId: string;
  from: Honest<string>;
  to: Honest<string>;
  reason?: string;
  resumeTarget?: string;
  status: string;
  source?: FactSource;
}

export interface WorkerNotification {
  id: string;
  agentId?: string;
  taskId?: string;
  status: string;
  summary?: string;
  resultRef?: string;
  usage?: Record<string, unknown>;
  source?: FactSource;
}

export interface Review {
  reviewId: string;
  reviewer?: string;
  target?: string;
  status: ReviewStatus | "unknown";
  verdict?: string;
  evidenceRefs: string[];
  requestedFixes?: string[];
  source?: FactSource;
}

export interface WorkItem {
  workItemId: string;
  title?: string;
  assignee?: string;
  status: string;
  blocker?: string;
  /** The runtime task behind the entry: its `task.changed` status facts move the entry (TEAM-15). */
  taskId?: string;
  source?: FactSource;
}

export interface TeamSlice {
  name?: string;
  topology: Topology;
  phase?: string;
  roster: string[];
  workBoard: WorkItem[];
  edges: DelegationEdge[];
  handoffs: Handoff[];
  notifications: WorkerNotification[];
  reviews: Review[];
  counts: {
    active?: number;
    queued?: number;
    parallelBudget?: number;
    providerConcurrencyGroup?: string;
    providerParallelBudget?: number;
    retryableOverload?: boolean;
  };
}
