// Schemas of the per-fact records of `ProjectionState` (messages, tools, actions, tasks, agents, team).
// Each `objectSchema<X>` call must list every key of X, so a field added to projection-state.ts without a
// schema entry fails to compile.
import { DIAGNOSTIC_CODES } from "./diagnostics";
import { SOURCE_REF } from "./source-ref";
import type { Diagnostic, EventRef } from "./diagnostics";
import type {
  ActionRecord,
  AgentRecord,
  DelegationEdge,
  FactSource,
  Handoff,
  Message,
  MessagePart,
  Review,
  TaskAttempt,
  TaskRecord,
  JobItem,
  JobState,
  TeamSlice,
  TeammatePolicy,
  ToolAttempt,
  ToolError,
  ToolRecord,
  WorkItem,
  WorkerNotification,
} from "./projection-state";
import {
  ANY_OBJECT,
  BOOLEAN,
  COUNT,
  ID,
  NUMBER,
  STRING,
  STRINGS,
  anyOf,
  arrayOf,
  enumOf,
  honest,
  objectSchema,
  recordOf,
} from "./schema-builders";
import {
  ACTION_STATUSES,
  ACTION_TYPES,
  MESSAGE_ROLES,
  PART_KINDS,
  REVIEW_STATUSES,
  RUNTIME_ENTITIES,
  SEVERITIES,
  TASK_CAPSULE_STATES,
  TEAMMATE_STATUSES,
  TOOL_STATES,
  TOPOLOGIES,
} from "./taxonomy";

export const FACT_SOURCE = objectSchema<FactSource>({ eventId: STRING, sequence: NUMBER, type: STRING }, {});
export const ATTENTION = enumOf(["low", "medium", "high"]);
const PROGRESS = objectSchema<{ message?: string; ratio?: number }>({ message: STRING, ratio: NUMBER }, {});

const EVENT_REF = objectSchema<EventRef>(
  { index: NUMBER, line: NUMBER, sequence: NUMBER, eventId: STRING, type: STRING, streamId: STRING },
  {},
);
export const DIAGNOSTIC = objectSchema<Diagnostic>(
  {
    // Codes are an open vocabulary (adapters add their own); known ones are listed for documentation.
    code: { type: "string", minLength: 1, examples: [...DIAGNOSTIC_CODES] },
    severity: enumOf(SEVERITIES),
    message: STRING,
    path: STRING,
    eventRef: EVENT_REF,
  },
  { code: true, severity: true, message: true },
);

const MESSAGE_PART = objectSchema<MessagePart>(
  {
    id: ID,
    kind: enumOf(PART_KINDS),
    status: enumOf(["streaming", "done"]),
    text: STRING,
    reconciled: BOOLEAN,
    expanded: BOOLEAN,
    title: STRING,
    toolCallId: STRING,
    actionId: STRING,
    artifactId: STRING,
    evidenceId: STRING,
    taskId: STRING,
    agentId: STRING,
    workerNotificationId: STRING,
    handoffId: STRING,
    citations: arrayOf(SOURCE_REF),
    data: ANY_OBJECT,
    source: FACT_SOURCE,
  },
  { id: true, kind: true, status: true },
);

export const MESSAGE = objectSchema<Message>(
  {
    id: ID,
    role: enumOf(MESSAGE_ROLES),
    agentId: STRING,
    turnId: STRING,
    runId: STRING,
    optimistic: BOOLEAN,
    createdAt: STRING,
    usage: recordOf(NUMBER),
    parts: arrayOf(MESSAGE_PART),
    source: FACT_SOURCE,
  },
  { id: true, role: true, parts: true },
);

const TOOL_ERROR = objectSchema<ToolError>(
  { message: STRING, category: STRING, retryable: BOOLEAN },
  { message: true },
);

const TOOL_ATTEMPT = objectSchema<ToolAttempt>(
  {
    attempt: COUNT,
    status: enumOf(TOOL_STATES),
    outputPreview: STRING,
    outputRef: STRING,
    error: TOOL_ERROR,
    source: FACT_SOURCE,
  },
  { attempt: true, status: true },
);

export const TOOL_RECORD = objectSchema<ToolRecord>(
  {
    toolCallId: ID,
    name: honest(STRING),
    status: enumOf(TOOL_STATES),
    kind: STRING,
    inputSummary: STRING,
    redactedFields: COUNT,
    outputPreview: STRING,
    outputText: STRING,
    outputRef: STRING,
    outputBytes: COUNT,
    resultMessageId: STRING,
    error: TOOL_ERROR,
    progress: PROGRESS,
    attempts: arrayOf(TOOL_ATTEMPT),
    actionId: STRING,
    messageId: STRING,
    agentId: STRING,
    turnId: STRING,
    runId: STRING,
    artifactIds: STRINGS,
    evidenceIds: STRINGS,
    hook: objectSchema<NonNullable<ToolRecord["hook"]>>(
      { status: STRING, decision: STRING, reason: STRING },
      { status: true },
    ),
    sandboxViolation: STRING,
    startedAt: STRING,
    endedAt: STRING,
    source: FACT_SOURCE,
  },
  { toolCallId: true, name: true, status: true, attempts: true, artifactIds: true, evidenceIds: true },
);

export const ACTION_RECORD = objectSchema<ActionRecord>(
  {
    actionId: ID,
    status: enumOf(ACTION_STATUSES),
    type: enumOf(ACTION_TYPES),
    sourceType: STRING,
    title: STRING,
    prompt: STRING,
    schema: ANY_OBJECT,
    availableDecisions: honest(STRINGS),
    decision: STRING,
    response: ANY_OBJECT,
    requestedBy: objectSchema<NonNullable<ActionRecord["requestedBy"]>>(
      { agentId: STRING, subagentId: STRING, name: STRING },
      {},
    ),
    toolCallId: honest(STRING),
    toolName: STRING,
    scope: ANY_OBJECT,
    severity: STRING,
    expiresAt: STRING,
    turnId: STRING,
    taskId: STRING,
    auditSummary: STRING,
    source: FACT_SOURCE,
    resolvedBy: FACT_SOURCE,
  },
  { actionId: true, status: true, type: true, availableDecisions: true, toolCallId: true },
);

const TASK_ATTEMPT = objectSchema<TaskAttempt>(
  { attemptId: STRING, runId: STRING, status: STRING, reason: STRING, source: FACT_SOURCE },
  { status: true },
);

const JOB_ITEM = objectSchema<JobItem>(
  {
    itemId: ID,
    status: STRING,
    attempts: NUMBER,
    lastError: STRING,
    retryable: BOOLEAN,
    source: FACT_SOURCE,
  },
  { itemId: true, status: true },
);

const JOB_STATE = objectSchema<JobState>(
  { total: NUMBER, completed: NUMBER, failed: NUMBER, items: arrayOf(JOB_ITEM) },
  { items: true },
);

export const TASK_RECORD = objectSchema<TaskRecord>(
  {
    taskId: ID,
    title: STRING,
    status: enumOf(TASK_CAPSULE_STATES),
    runtimeStatus: STRING,
    attention: ATTENTION,
    reason: STRING,
    attempts: arrayOf(TASK_ATTEMPT),
    currentRunId: STRING,
    progress: PROGRESS,
    parentTaskId: STRING,
    dependsOn: STRINGS,
    agentId: STRING,
    runtimeEntity: enumOf(RUNTIME_ENTITIES),
    queuePosition: NUMBER,
    queuedTurnId: STRING,
    job: JOB_STATE,
    artifactIds: STRINGS,
    evidenceIds: STRINGS,
    source: FACT_SOURCE,
  },
  { taskId: true, status: true, attention: true, attempts: true, artifactIds: true, evidenceIds: true },
);

export const AGENT_RECORD = objectSchema<AgentRecord>(
  {
    agentId: ID,
    name: honest(STRING),
    status: enumOf(TEAMMATE_STATUSES),
    role: STRING,
    model: STRING,
    teamName: STRING,
    sessionId: STRING,
    threadId: STRING,
    parentSessionId: STRING,
    parentThreadId: STRING,
    parentAgentId: STRING,
    subagentId: STRING,
    taskId: STRING,
    runtimeEntity: enumOf(RUNTIME_ENTITIES),
    lineage: enumOf(["known", "unknown"]),
    remote: objectSchema<NonNullable<AgentRecord["remote"]>>(
      { remoteTaskId: STRING, contextId: STRING, cardRef: STRING, status: STRING },
      {},
    ),
    background: objectSchema<NonNullable<AgentRecord["background"]>>(
      { wakeReason: STRING, schedule: STRING, lastRunRef: STRING },
      {},
    ),
    policy: objectSchema<TeammatePolicy>(
      {
        permissionMode: STRING,
        approval: STRING,
        sandbox: ANY_OBJECT,
        planMode: BOOLEAN,
        budget: objectSchema<NonNullable<TeammatePolicy["budget"]>>(
          { limit: NUMBER, used: NUMBER, unit: STRING },
          {},
        ),
        termination: STRING,
      },
      {},
    ),
    transcript: STRINGS,
    source: FACT_SOURCE,
  },
  { agentId: true, name: true, status: true, lineage: true, transcript: true },
);

const WORK_ITEM = objectSchema<WorkItem>(
  {
    workItemId: ID,
    title: STRING,
    assignee: STRING,
    status: STRING,
    blocker: STRING,
    taskId: STRING,
    source: FACT_SOURCE,
  },
  { workItemId: true, status: true },
);
const DELEGATION_EDGE = objectSchema<DelegationEdge>(
  {
    from: STRING,
    to: STRING,
    kind: enumOf(["spawn", "handoff", "wait", "review"]),
    taskId: STRING,
    status: enumOf(["active", "ended"]),
    source: FACT_SOURCE,
  },
  { from: true, to: true, kind: true },
);
const HANDOFF = objectSchema<Handoff>(
  {
    handoffId: ID,
    from: honest(STRING),
    to: honest(STRING),
    reason: STRING,
    resumeTarget: STRING,
    status: STRING,
    source: FACT_SOURCE,
  },
  { handoffId: true, from: true, to: true, status: true },
);
const NOTIFICATION = objectSchema<WorkerNotification>(
  {
    id: ID,
    agentId: STRING,
    taskId: STRING,
    status: STRING,
    summary: STRING,
    resultRef: STRING,
    usage: ANY_OBJECT,
    source: FACT_SOURCE,
  },
  { id: true, status: true },
);
const REVIEW = objectSchema<Review>(
  {
    reviewId: ID,
    reviewer: STRING,
    target: STRING,
    status: anyOf(enumOf(REVIEW_STATUSES), enumOf(["unknown"])),
    verdict: STRING,
    evidenceRefs: STRINGS,
    requestedFixes: STRINGS,
    source: FACT_SOURCE,
  },
  { reviewId: true, status: true, evidenceRefs: true },
);

export const TEAM_SLICE = objectSchema<TeamSlice>(
  {
    name: STRING,
    topology: enumOf(TOPOLOGIES),
    phase: STRING,
    roster: STRINGS,
    workBoard: arrayOf(WORK_ITEM),
    edges: arrayOf(DELEGATION_EDGE),
    handoffs: arrayOf(HANDOFF),
    notifications: arrayOf(NOTIFICATION),
    reviews: arrayOf(REVIEW),
    counts: objectSchema<TeamSlice["counts"]>(
      {
        active: NUMBER,
        queued: NUMBER,
        parallelBudget: NUMBER,
        providerConcurrencyGroup: STRING,
        providerParallelBudget: NUMBER,
        retryableOverload: BOOLEAN,
      },
      {},
    ),
  },
  {
    topology: true,
    roster: true,
    workBoard: true,
    edges: true,
    handoffs: true,
    notifications: true,
    reviews: true,
    counts: true,
  },
);
