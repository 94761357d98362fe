// Validation of Lime AgentRuntime profile records (ENV-10/11/12, §E-1/E-4/E-10/E-11) against the official
// schemas: events, session snapshots and benchmark trial packs. snake_case id aliases are normalized to
// camelCase first and reported as info. Total: any JSON value in, diagnostics out.
import type { ErrorObject } from "ajv/dist/2020";
import { ajvErrorsToDiagnostics } from "./ajv";
import { type Diagnostic, type EventRef, clip, diagnostic } from "./diagnostics";
import { type HygieneOptions, findLargeInline, findSecretLeaks } from "./hygiene";
import { runtimeValidators } from "./runtime-schemas";
import { type ScopeRule, satisfiesScopeRule } from "./scope-ids";
import { eventRefOf } from "./sequence-tracker";
import { lookupTable } from "./lookup-table";

/** Top-level runtime envelope fields that have a snake_case spelling in the runtime spec prose (§E-4). */
export const RUNTIME_ALIASED_FIELDS = [
  "eventId",
  "schemaVersion",
  "runtimeId",
  "sessionId",
  "threadId",
  "turnId",
  "taskId",
  "runId",
  "attemptId",
  "parentTaskId",
  "rootTaskId",
  "stepId",
  "toolCallId",
  "actionId",
  "subagentId",
  "artifactId",
  "evidenceId",
  "traceId",
  "spanId",
  "requestId",
  "processId",
  "channelId",
  "jobId",
  "jobItemId",
  "outputRef",
  "modelRequestId",
  "queueId",
  "nativeStatus",
  "statusReason",
] as const;

const SNAKE_TO_CAMEL = new Map<string, string>(
  RUNTIME_ALIASED_FIELDS.map((camel) => [camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), camel]),
);

export interface NormalizedRuntimeEvent {
  /** A shallow copy with camelCase keys (the input itself when nothing was aliased). */
  event: unknown;
  /** `snake_key → camelKey` renames applied. */
  aliases: { from: string; to: string }[];
  /** snake_case keys dropped because the camelCase key was also present with a different value. */
  conflicts: string[];
}

/** Renames snake_case id aliases (`event_id`, `session_id`, …) to their camelCase form. */
export function normalizeRuntimeEvent(value: unknown): NormalizedRuntimeEvent {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { event: value, aliases: [], conflicts: [] };
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  const aliases: NormalizedRuntimeEvent["aliases"] = [];
  const conflicts: string[] = [];
  for (const key of Object.keys(record)) {
    const camel = SNAKE_TO_CAMEL.get(key);
    if (camel === undefined) continue;
    copy ??= { ...record };
    delete copy[key];
    if (record[camel] === undefined) {
      copy[camel] = record[key];
      aliases.push({ from: key, to: camel });
    } else if (record[camel] !== record[key]) conflicts.push(key);
  }
  return { event: copy ?? record, aliases, conflicts };
}

/** Ids the Lime profile requires per event family (its `if/then` blocks): reported as missing_scope_id. */
const PROFILE_SCOPE_IDS = new Set([
  "threadId",
  "turnId",
  "stepId",
  "toolCallId",
  "actionId",
  "taskId",
  "runId",
  "subagentId",
  "evidenceId",
]);

export interface RuntimeValidationOptions extends HygieneOptions {
  /** Validate against the Lime profile (default) or only the public Agent Runtime schema. */
  profile?: "lime" | "public";
  index?: number;
}

export function validateRuntimeEvent(event: unknown, options: RuntimeValidationOptions = {}): Diagnostic[] {
  const eventRef = eventRefOf(event, options.index);
  try {
    return validateRuntimeEventUnsafe(event, eventRef, options);
  } catch (error) {
    return [failure(error, eventRef)];
  }
}

function validateRuntimeEventUnsafe(event: unknown, eventRef: EventRef, options: RuntimeValidationOptions) {
  if (!isObject(event)) return [notAnObject(event, "a runtime event", eventRef)];
  const normalized = normalizeRuntimeEvent(event);
  const record = normalized.event as Record<string, unknown>;
  const out: Diagnostic[] = [];
  for (const { from, to } of normalized.aliases) {
    out.push(
      diagnostic("schema_mismatch", "info", `snake_case alias '${from}' accepted as '${to}' (§E-4)`, {
        path: `/${from}`,
        eventRef: eventRefOf(record, options.index),
      }),
    );
  }
  for (const key of normalized.conflicts) {
    out.push(
      diagnostic("schema_mismatch", "warning", `'${key}' disagrees with its camelCase field, which wins`, {
        path: `/${key}`,
        eventRef,
      }),
    );
  }
  const ref = eventRefOf(record, options.index);
  const validators = runtimeValidators();
  const validate = options.profile === "public" ? validators.event : validators.profileEvent;
  const schemaName = options.profile === "public" ? "agentruntime event" : "lime-profile event";
  if (!validate(record)) {
    out.push(
      ...ajvErrorsToDiagnostics(validate.errors, ref, schemaName, (e) =>
        classifyRuntimeError(e, record, ref),
      ),
    );
  }
  out.push(...checkSoftScope(record, ref));
  out.push(...findSecretLeaks(record, ref));
  out.push(...findLargeInline(record, ref, options));
  return out;
}

/** Seed 003 asks artifact facts for a stable id or refs; the profile schema does not (§E-11), so a record
 * without one is schema-valid but cannot be placed: a warning, not an error. */
const ARTIFACT_SCOPE: ScopeRule = { anyOf: ["artifactId", "artifactRefs"], refsSuffice: true };

function checkSoftScope(record: Record<string, unknown>, eventRef: EventRef): Diagnostic[] {
  if (typeof record.type !== "string" || !record.type.startsWith("artifact.")) return [];
  if (satisfiesScopeRule(record, ARTIFACT_SCOPE)) return [];
  return [
    diagnostic(
      "missing_scope_id",
      "warning",
      `${clip(record.type)} has no artifactId or refs: the artifact lane cannot place it (§E-11)`,
      { path: "/artifactId", eventRef },
    ),
  ];
}

function classifyRuntimeError(error: ErrorObject, record: Record<string, unknown>, eventRef: EventRef) {
  const params = error.params as { missingProperty?: string };
  if (
    error.keyword === "required" &&
    error.instancePath === "" &&
    PROFILE_SCOPE_IDS.has(params.missingProperty ?? "")
  ) {
    const type = typeof record.type === "string" ? record.type : "this event";
    return diagnostic(
      "missing_scope_id",
      "error",
      `${type} needs ${params.missingProperty} under the Lime profile; the fact cannot be placed without it`,
      { path: `/${params.missingProperty}`, eventRef },
    );
  }
  if (error.keyword === "enum" && error.instancePath === "/type") {
    return diagnostic(
      "unknown_event_class",
      "warning",
      `'${clip(String(record.type))}' is not a runtime event class of the profile (open extension, §E-10)`,
      { path: "/type", eventRef },
    );
  }
  return null;
}

export function validateRuntimeSnapshot(
  snapshot: unknown,
  options: RuntimeValidationOptions = {},
): Diagnostic[] {
  const eventRef: EventRef = options.index === undefined ? {} : { index: options.index };
  try {
    if (!isObject(snapshot)) return [notAnObject(snapshot, "a runtime snapshot", eventRef)];
    const validators = runtimeValidators();
    const validate = options.profile === "public" ? validators.snapshot : validators.profileSnapshot;
    const schemaName = options.profile === "public" ? "agentruntime snapshot" : "lime-profile snapshot";
    const out = validate(snapshot) ? [] : ajvErrorsToDiagnostics(validate.errors, eventRef, schemaName);
    out.push(...findSecretLeaks(snapshot, eventRef));
    return out;
  } catch (error) {
    return [failure(error, eventRef)];
  }
}

/** Fields a benchmark trial pack must carry to be joinable with runtime evidence (BENCH-01, EVID-11).
 * There is no official pack schema, so these are the runtime doc's joinability checks. */
const TRIAL_PACK_REQUIRED: Record<string, readonly string[]> = lookupTable({
  benchmark: ["datasetId", "taskId", "trialId", "harborJobRef"],
  runtimeCorrelation: ["sessionId", "threadId", "turnId", "runId"],
  refs: ["trajectoryRef", "rewardDetailsRef", "artifactManifestRef"],
});

export function validateBenchmarkTrialPack(
  pack: unknown,
  options: RuntimeValidationOptions = {},
): Diagnostic[] {
  const eventRef: EventRef = options.index === undefined ? {} : { index: options.index };
  if (!isObject(pack)) return [notAnObject(pack, "a benchmark trial pack", eventRef)];
  const out: Diagnostic[] = [
    diagnostic(
      "schema_mismatch",
      "info",
      "benchmark trial pack: no official schema; checked joinability fields",
      {
        eventRef,
      },
    ),
  ];
  for (const [block, fields] of Object.entries(TRIAL_PACK_REQUIRED)) {
    const value = pack[block];
    for (const field of fields) {
      const present =
        isObject(value) && typeof value[field] === "string" && (value[field] as string).length > 0;
      if (present) continue;
      const code = block === "runtimeCorrelation" ? "missing_scope_id" : "schema_mismatch";
      out.push(
        diagnostic(code, "error", `benchmark trial pack: /${block}/${field} is required to join the trial`, {
          path: `/${block}/${field}`,
          eventRef,
        }),
      );
    }
  }
  out.push(...findSecretLeaks(pack, eventRef));
  return out;
}

export type RuntimeRecordKind = "event" | "snapshot" | "trial-pack" | "unknown";

/** What a runtime record is, by shape: events have `type`; snapshots `threads`/`tasks`; trial packs
 * `benchmark` + `runtimeCorrelation`. */
export function runtimeRecordKind(value: unknown): RuntimeRecordKind {
  if (!isObject(value)) return "unknown";
  if (value.type !== undefined) return "event";
  if (value.threads !== undefined || value.tasks !== undefined) return "snapshot";
  if (value.benchmark !== undefined && value.runtimeCorrelation !== undefined) return "trial-pack";
  return "unknown";
}

/** Validates any runtime record, dispatching on its shape. */
export function validateRuntimeRecord(value: unknown, options: RuntimeValidationOptions = {}): Diagnostic[] {
  switch (runtimeRecordKind(value)) {
    case "snapshot":
      return validateRuntimeSnapshot(value, options);
    case "trial-pack":
      return validateBenchmarkTrialPack(value, options);
    default:
      return validateRuntimeEvent(value, options);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function notAnObject(value: unknown, what: string, eventRef: EventRef): Diagnostic {
  const kind = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
  return diagnostic("schema_mismatch", "error", `${what} must be a JSON object, got ${kind}`, {
    path: "",
    eventRef,
  });
}

function failure(error: unknown, eventRef: EventRef): Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return diagnostic("schema_mismatch", "error", `validator failed on this record: ${reason}`, { eventRef });
}
