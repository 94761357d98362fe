// JSON Schema (draft 2020-12) of the public `ProjectionState` snapshot (`agent-ui-projection/1`). Built
// from typed builders, so every interface key has exactly one schema entry (see schema-builders.ts).
// `schemas/agentui-projection.schema.json` is this object on disk; a test keeps them equal.
import type {
  ContextSlice,
  Cursor,
  LimitState,
  ModelChip,
  PermissionSlice,
  ProjectionState,
  QueueItem,
  QueueSlice,
  RuntimeSlice,
  SequenceGap,
  SessionSlice,
  SteerItem,
  TimelineEntry,
} from "./projection-state";
import { PROJECTION_SCHEMA_VERSION } from "./projection-state";
import {
  ACTION_RECORD,
  AGENT_RECORD,
  ATTENTION,
  DIAGNOSTIC,
  FACT_SOURCE,
  MESSAGE,
  TASK_RECORD,
  TEAM_SLICE,
  TOOL_RECORD,
} from "./projection-schema-records";
import { ARTIFACT_RECORD, EVIDENCE_RECORD } from "./projection-schema-artifacts";
import {
  ANY_OBJECT,
  BOOLEAN,
  COUNT,
  ID,
  type JsonSchema,
  NUMBER,
  STRING,
  STRINGS,
  arrayOf,
  enumOf,
  honest,
  objectSchema,
  recordOf,
} from "./schema-builders";
import { QUEUED_TURN_STATUSES, RUNTIME_ENTITIES, RUNTIME_STATUSES, STEER_STATUSES } from "./taxonomy";

export const PROJECTION_STATE_SCHEMA_ID = "https://agent-ui.dev/schemas/agentui-projection.schema.json";

const MODEL_CHIP = objectSchema<ModelChip>(
  {
    selected: honest(STRING),
    provider: STRING,
    decisionSource: STRING,
    decisionReason: STRING,
    candidateCount: NUMBER,
    singleCandidate: BOOLEAN,
    capabilityGap: STRING,
    source: FACT_SOURCE,
  },
  { selected: true },
);

const LIMIT_STATE = objectSchema<LimitState>(
  {
    status: honest(enumOf(["ok", "low", "blocked", "rate_limited"])),
    cost: ANY_OBJECT,
    rateLimit: ANY_OBJECT,
    quota: ANY_OBJECT,
    reason: STRING,
    source: FACT_SOURCE,
  },
  { status: true },
);

const RUNTIME_SLICE = objectSchema<RuntimeSlice>(
  {
    status: enumOf(RUNTIME_STATUSES),
    statedStatus: enumOf(["unavailable", "not_applicable"]),
    attention: ATTENTION,
    label: STRING,
    reason: STRING,
    runtimeId: STRING,
    sessionId: STRING,
    threadId: STRING,
    runId: STRING,
    turnId: STRING,
    traceId: STRING,
    model: MODEL_CHIP,
    limits: LIMIT_STATE,
    failure: objectSchema<NonNullable<RuntimeSlice["failure"]>>(
      { category: STRING, message: STRING, retryable: BOOLEAN },
      {},
    ),
    retry: objectSchema<NonNullable<RuntimeSlice["retry"]>>(
      { count: COUNT, reason: STRING },
      { count: true },
    ),
    runtimeEntity: enumOf(RUNTIME_ENTITIES),
    queuedTurnCount: COUNT,
    startedAt: STRING,
    updatedAt: STRING,
    source: FACT_SOURCE,
  },
  { status: true, attention: true, model: true, limits: true },
);

const QUEUE_SLICE = objectSchema<QueueSlice>(
  {
    items: arrayOf(
      objectSchema<QueueItem>(
        {
          id: ID,
          preview: STRING,
          position: NUMBER,
          status: enumOf(QUEUED_TURN_STATUSES),
          targetId: STRING,
          createdAt: STRING,
          source: FACT_SOURCE,
        },
        { id: true, position: true, status: true },
      ),
    ),
    steers: arrayOf(
      objectSchema<SteerItem>(
        {
          id: ID,
          preview: STRING,
          status: enumOf(STEER_STATUSES),
          targetTurnId: STRING,
          reason: STRING,
          source: FACT_SOURCE,
        },
        { id: true, status: true },
      ),
    ),
  },
  { items: true, steers: true },
);

type Compaction = ContextSlice["compactions"][number];
const CONTEXT_SLICE = objectSchema<ContextSlice>(
  {
    refs: arrayOf(
      objectSchema<ContextSlice["refs"][number]>({ id: STRING, label: STRING, kind: STRING }, { id: true }),
    ),
    budget: objectSchema<NonNullable<ContextSlice["budget"]>>(
      { used: NUMBER, limit: NUMBER, ratio: NUMBER },
      {},
    ),
    missing: arrayOf(
      objectSchema<ContextSlice["missing"][number]>({ id: STRING, label: STRING, reason: STRING }, {}),
    ),
    compactions: arrayOf(
      objectSchema<Compaction>(
        {
          id: ID,
          status: enumOf(["started", "completed", "failed"]),
          summary: STRING,
          tokensBefore: NUMBER,
          tokensAfter: NUMBER,
          source: FACT_SOURCE,
        },
        { id: true, status: true },
      ),
    ),
    source: FACT_SOURCE,
  },
  { refs: true, missing: true, compactions: true },
);

type PermissionDecision = PermissionSlice["decisions"][number];
type PermissionViolation = PermissionSlice["violations"][number];
const PERMISSION_SLICE = objectSchema<PermissionSlice>(
  {
    mode: honest(STRING),
    sandbox: honest(ANY_OBJECT),
    decisions: arrayOf(
      objectSchema<PermissionDecision>(
        {
          id: STRING,
          decision: STRING,
          source: STRING,
          reason: STRING,
          actionId: STRING,
          expiresAt: STRING,
          fact: FACT_SOURCE,
        },
        { id: true, decision: true },
      ),
    ),
    riskLevel: STRING,
    violations: arrayOf(
      objectSchema<PermissionViolation>(
        { id: STRING, reason: STRING, toolCallId: STRING, source: FACT_SOURCE },
        { id: true },
      ),
    ),
    source: FACT_SOURCE,
  },
  { mode: true, sandbox: true, decisions: true, violations: true },
);

const TIMELINE_KINDS = [
  "status",
  "message",
  "reasoning",
  "plan",
  "tool",
  "action",
  "artifact",
  "evidence",
  "task",
  "agent",
  "team",
  "context",
  "permission",
  "review",
  "notification",
  "error",
] as const satisfies readonly TimelineEntry["kind"][];

const TIMELINE_ENTRY = objectSchema<TimelineEntry>(
  {
    id: ID,
    kind: enumOf(TIMELINE_KINDS),
    title: STRING,
    status: STRING,
    turnId: STRING,
    refs: { type: "object", additionalProperties: STRING },
    source: FACT_SOURCE,
  },
  { id: true, kind: true, title: true, refs: true, source: true },
);

const CURSOR = objectSchema<Cursor>(
  {
    lastSequence: { type: ["number", "null"] },
    streams: recordOf(NUMBER),
    gaps: arrayOf(
      objectSchema<SequenceGap>(
        { streamId: STRING, from: NUMBER, to: NUMBER },
        { streamId: true, from: true, to: true },
      ),
    ),
    stale: BOOLEAN,
    staleSections: STRINGS,
    eventCount: COUNT,
  },
  { lastSequence: true, streams: true, gaps: true, stale: true, staleSections: true, eventCount: true },
);

const SESSION_SLICE = objectSchema<SessionSlice>(
  {
    sessionId: STRING,
    threadId: STRING,
    title: STRING,
    hydration: objectSchema<SessionSlice["hydration"]>(
      {
        status: enumOf(["empty", "live", "hydrated", "stale", "repairing", "degraded"]),
        source: STRING,
        degradedSections: STRINGS,
      },
      { status: true },
    ),
    closed: BOOLEAN,
    sourceStatus: STRING,
  },
  { hydration: true },
);

/** One schema entry per top-level key of `ProjectionState` (all of them are required). */
export const PROJECTION_PROPERTY_SCHEMAS = {
  schemaVersion: { const: PROJECTION_SCHEMA_VERSION },
  session: SESSION_SLICE,
  runtime: RUNTIME_SLICE,
  messages: arrayOf(MESSAGE),
  tools: recordOf(TOOL_RECORD),
  actions: recordOf(ACTION_RECORD),
  tasks: recordOf(TASK_RECORD),
  agents: recordOf(AGENT_RECORD),
  team: TEAM_SLICE,
  artifacts: recordOf(ARTIFACT_RECORD),
  evidence: recordOf(EVIDENCE_RECORD),
  queue: QUEUE_SLICE,
  context: CONTEXT_SLICE,
  permissions: PERMISSION_SLICE,
  timeline: arrayOf(TIMELINE_ENTRY),
  diagnostics: arrayOf(DIAGNOSTIC),
  metrics: recordOf(NUMBER),
  appState: ANY_OBJECT,
  cursor: CURSOR,
} satisfies { [K in keyof ProjectionState]-?: JsonSchema };

export const projectionStateSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: PROJECTION_STATE_SCHEMA_ID,
  title: "Agent UI projection state",
  description: `The public projection snapshot (${PROJECTION_SCHEMA_VERSION}) produced by @agent-ui/projection.`,
  ...objectSchema<ProjectionState>(PROJECTION_PROPERTY_SCHEMAS, {
    schemaVersion: true,
    session: true,
    runtime: true,
    messages: true,
    tools: true,
    actions: true,
    tasks: true,
    agents: true,
    team: true,
    artifacts: true,
    evidence: true,
    queue: true,
    context: true,
    permissions: true,
    timeline: true,
    diagnostics: true,
    metrics: true,
    appState: true,
    cursor: true,
  }),
};
