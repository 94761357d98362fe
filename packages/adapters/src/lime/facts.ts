// Normalizes one Lime AgentRuntime profile record into the facts the mapping table reads: canonical
// class (after the §D.3 alias table), ids in camelCase whatever the source spelling (§E-4), the runtime
// status fields and the raw payload. Nothing here is made safe yet; builders do that per field.
import {
  type CorrelationIds,
  EXECUTION_SHAPE_FIELDS,
  ID_FIELDS,
  type RuntimeExecutionShape,
} from "@agent-ui/contracts";
import {
  type JsonObject,
  asRecord,
  camelToSnake,
  readNumber,
  readRecord,
  readString,
} from "../shared/record";
import { lookupTable } from "@agent-ui/contracts";

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
export const RUNTIME_ALIASES: Readonly<Record<string, string>> = lookupTable({
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
});

type FieldKind = "id" | "extra" | "shape";

/**
 * Every top-level key the facts read, in both spellings, mapped to where its value goes. Built once, so
 * a record is read in one pass over its own keys (a dozen) instead of probing ~110 absent names per event.
 */
const KNOWN_FIELDS: ReadonlyMap<string, { kind: FieldKind; name: string; snake: boolean }> = (() => {
  const map = new Map<string, { kind: FieldKind; name: string; snake: boolean }>();
  const add = (kind: FieldKind, names: readonly string[]) => {
    for (const name of names) {
      map.set(name, { kind, name, snake: false });
      const snake = camelToSnake(name);
      if (!map.has(snake)) map.set(snake, { kind, name, snake: true });
    }
  };
  add("id", ID_FIELDS);
  add("extra", RUNTIME_EXTRA_IDS);
  add("shape", EXECUTION_SHAPE_FIELDS);
  return map;
})();

/**
 * Ids, extra ids and execution shape of a record. camelCase wins over snake_case (§E-4): a snake value
 * is taken only while its camel twin is absent (ids: not a non-empty string; shape: null or absent).
 * Ids and extra ids count only as non-empty strings; shape values only as primitives. Never coerced.
 */
function readKnownFields(record: JsonObject): Pick<LimeFacts, "ids" | "extraIds" | "shape"> {
  const ids: Record<string, string> = {};
  const extraIds: Record<string, string> = {};
  const shape: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const field = KNOWN_FIELDS.get(key);
    if (field === undefined) continue;
    const value = record[key];
    if (field.kind === "shape") {
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
      if (field.snake && record[field.name] != null) continue;
      shape[field.name] = value;
      continue;
    }
    if (typeof value !== "string" || value === "") continue;
    const target = field.kind === "id" ? ids : extraIds;
    if (field.snake && nonEmptyString(record[field.name]) !== undefined) continue;
    target[field.name] = value;
  }
  return { ids: ids as CorrelationIds, extraIds, shape: shape as RuntimeExecutionShape };
}

export function toLimeFacts(record: JsonObject, rawType: string): LimeFacts {
  const { ids, extraIds, shape } = readKnownFields(record);
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

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
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

/** Required ids per class, resolved from SCOPE_RULES once per class. The adapter asks only for mapped
 * classes; the size cap keeps any other caller from growing the cache without bound. */
const REQUIRED_IDS = new Map<string, readonly string[]>();

function requiredIds(type: string): readonly string[] {
  let required = REQUIRED_IDS.get(type);
  if (required === undefined) {
    const ids = new Set<string>();
    for (const [pattern, names] of SCOPE_RULES) if (pattern.test(type)) for (const id of names) ids.add(id);
    required = [...ids];
    if (REQUIRED_IDS.size < 512) REQUIRED_IDS.set(type, required);
  }
  return required;
}

export function missingScopeIds(facts: LimeFacts): string[] {
  const missing: string[] = [];
  for (const id of requiredIds(facts.type))
    if ((facts.ids as Record<string, unknown>)[id] === undefined) missing.push(id);
  return missing;
}
