// Normalizes one Lime AgentRuntime profile record into the facts the mapping table reads: canonical
// class (after the §D.3 alias table), ids in camelCase whatever the source spelling (§E-4), the runtime
// status fields and the raw payload. Nothing here is made safe yet; builders do that per field.
import { type CorrelationIds, EXECUTION_SHAPE_FIELDS, type RuntimeExecutionShape } from "@agent-ui/contracts";
import {
  type JsonObject,
  asRecord,
  readCorrelationIds,
  readNumber,
  readRecord,
  readString,
} from "../shared/record";

/** Runtime ids the Agent UI envelope has no field for; kept as extra top-level properties (§D.5). */
export const RUNTIME_EXTRA_IDS = [
  "requestId",
  "processId",
  "channelId",
  "jobId",
  "jobItemId",
  "queueId",
  "modelRequestId",
  "parentTaskId",
  "rootTaskId",
  "outputRef",
] as const;
export type RuntimeExtraId = (typeof RUNTIME_EXTRA_IDS)[number];

export interface LimeFacts {
  /** Canonical runtime class (alias resolved). */
  type: string;
  /** The class as the record spelled it. */
  sourceType: string;
  eventId?: string;
  timestamp?: string;
  sequence?: number;
  schemaVersion?: string;
  ids: CorrelationIds;
  extraIds: Partial<Record<RuntimeExtraId, string>>;
  shape: RuntimeExecutionShape;
  status?: string;
  phase?: string;
  nativeStatus?: string;
  statusReason?: string;
  payload: JsonObject;
  refs?: JsonObject;
  record: JsonObject;
}

/**
 * Lime SDK / App Server names that are not in the runtime enum but mean a runtime class (§D.3, §E-10).
 * Names whose meaning has no runtime class (e.g. `turn.canceled`) have their own rows in the mapping table.
 */
export const RUNTIME_ALIASES: Readonly<Record<string, string>> = {
  "message.delta": "model.delta",
  "message.delta_batch": "model.delta",
  "message.batch": "model.delta",
  message: "model.completed",
  "message.completed": "model.completed",
  "item.completed": "model.completed",
  "thinking.delta": "reasoning.delta",
  "turn.done": "turn.completed",
  "turn.final_done": "turn.completed",
  "artifact.snapshot": "artifact.changed",
  "stream.repaired": "snapshot.repaired",
  "subagent.started": "subagent.spawned",
  "session.snapshot": "snapshot.updated",
};

export function toLimeFacts(record: JsonObject, rawType: string): LimeFacts {
  const ids = readCorrelationIds(record);
  const extraIds: LimeFacts["extraIds"] = {};
  for (const key of RUNTIME_EXTRA_IDS) {
    const value = readString(record, key, snake(key));
    if (value !== undefined) extraIds[key] = value;
  }
  const shape: RuntimeExecutionShape = {};
  for (const key of EXECUTION_SHAPE_FIELDS) {
    const value = record[key] ?? record[snake(key)];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      (shape as Record<string, unknown>)[key] = value;
  }
  return {
    type: RUNTIME_ALIASES[rawType] ?? rawType,
    sourceType: rawType,
    eventId: readString(record, "eventId", "event_id", "id"),
    timestamp: timestampOf(record),
    sequence: sequenceOf(record),
    schemaVersion: readString(record, "schemaVersion", "schema_version"),
    ids,
    extraIds,
    shape,
    status: readString(record, "status"),
    phase: readString(record, "phase"),
    nativeStatus: readString(record, "nativeStatus", "native_status"),
    statusReason: readString(record, "statusReason", "status_reason"),
    payload: asRecord(record.payload) ?? {},
    refs: readRecord(record, "refs"),
    record,
  };
}

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function timestampOf(record: JsonObject): string | undefined {
  const text = readString(record, "timestamp", "createdAt", "created_at");
  if (text !== undefined) return text;
  const ms = readNumber(record, "timestamp");
  return ms !== undefined ? new Date(ms).toISOString() : undefined;
}

function sequenceOf(record: JsonObject): number | undefined {
  const value = readNumber(record, "sequence", "seq");
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Ids the Lime profile schema requires per class (its `if/then` rules), checked to flag degraded facts
 * (`missing_scope_id`, ENV-12) — the event is still mapped, with the missing link left `unknown`. */
const SCOPE_RULES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^thread\./, ["threadId"]],
  [
    /^(turn|model|reasoning|tool|action|permission|sandbox|hook|context|routing|cost|rate_limit|quota)\./,
    ["threadId", "turnId"],
  ],
  [/^tool\./, ["stepId", "toolCallId"]],
  [/^action\./, ["actionId"]],
  [/^task\./, ["taskId"]],
  [/^task\.attempt\./, ["runId"]],
  [/^subagent\./, ["subagentId"]],
  [/^evidence\.changed$/, ["evidenceId"]],
];

export function missingScopeIds(facts: LimeFacts): string[] {
  const missing: string[] = [];
  for (const [pattern, required] of SCOPE_RULES) {
    if (!pattern.test(facts.type)) continue;
    for (const id of required)
      if ((facts.ids as Record<string, unknown>)[id] === undefined && !missing.includes(id)) missing.push(id);
  }
  return missing;
}
