// Shared vocabulary of the Lime builders: the builder signature, status crosswalks (§D.4) and the
// small helpers that read payload fields safely.
import {
  type Phase,
  RUNTIME_STATUSES,
  RUNTIME_TASK_STATUSES,
  type RuntimeStatus,
  isMember,
} from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import { camelToSnake, readNumber, readString } from "../shared/record";
import { type SafeOptions, previewOf, safeValue } from "../shared/safe-payload";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

export interface BuildContext {
  safe: SafeOptions;
}

/** Builds the class-specific fields of one output event; `null` when the record lacks what it needs. */
export type Builder = (facts: LimeFacts, ctx: BuildContext) => EventFields | null;

/** One output of a runtime class: the Agent UI class and how its fields are built. */
export interface Output {
  type: string;
  build: Builder;
}

export const out = (type: string, build: Builder): Output => ({ type, build });

/** A safe copy of a payload value (redacted, size-bounded). */
export function safe(ctx: BuildContext, value: unknown): unknown {
  return safeValue(value, ctx.safe);
}

/** A safe, short message text from the payload (for diagnostics and reasons; never answer text). */
export function messageOf(facts: LimeFacts): string | undefined {
  const text =
    readString(facts.payload, "message", "error", "reason", "detail", "summary") ?? facts.statusReason;
  return text !== undefined ? previewOf(text, 500) : undefined;
}

export function reasonOf(facts: LimeFacts): string | undefined {
  const text =
    readString(facts.payload, "reason", "statusReason", "failureCategory", "blockedReason", "message") ??
    facts.statusReason;
  return text !== undefined ? previewOf(text, 300) : undefined;
}

const RUNTIME_STATUS_ALIASES: Readonly<Record<string, RuntimeStatus>> = lookupTable({
  running: "preparing",
  started: "preparing",
  pending: "submitted",
  needs_input: "action_required",
  waiting_input: "action_required",
  waiting_permission: "action_required",
  waiting_resource: "blocked",
  stale: "unknown",
  canceled: "cancelled",
  aborted: "cancelled",
  timed_out: "failed",
  error: "failed",
  success: "completed",
  succeeded: "completed",
});

/**
 * Runtime status-row value (§D.4). `running` becomes `preparing`: the runtime says work is under way but
 * not what kind, and the projection refines it to streaming / tool_running from the active part.
 */
export function toRuntimeStatus(value: string | undefined): RuntimeStatus | undefined {
  if (value === undefined) return undefined;
  if (isMember(RUNTIME_STATUSES, value)) return value;
  return RUNTIME_STATUS_ALIASES[value];
}

export function toTaskStatus(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (isMember(RUNTIME_TASK_STATUSES, value)) return value;
  if (value === "created" || value === "submitted") return "queued";
  if (value === "started" || value === "in_progress" || value === "working") return "running";
  if (value === "canceled") return "cancelled";
  return undefined;
}

const PHASE_BY_STATUS: Readonly<Record<string, Phase>> = lookupTable({
  submitted: "submitted",
  accepted: "accepted",
  queued: "queued",
  routing: "routing",
  preparing: "preparing",
  waiting_provider: "preparing",
  streaming: "producing",
  running: "acting",
  tool_running: "acting",
  retrying: "acting",
  cancelling: "acting",
  waiting: "waiting",
  action_required: "waiting",
  waiting_input: "waiting",
  waiting_permission: "waiting",
  waiting_resource: "waiting",
  blocked: "waiting",
  paused: "waiting",
  completed: "completed",
  failed: "failed",
  timed_out: "failed",
  cancelled: "cancelled",
  interrupted: "interrupted",
  archived: "archived",
  draft: "draft",
});

export function phaseOf(status: string | undefined): Phase | undefined {
  return status !== undefined ? PHASE_BY_STATUS[status] : undefined;
}

const SNAKE_TWINS = new Map<string, string>();

/** `key` in snake_case, memoized: payload fields are read on every record. */
function snakeTwin(key: string): string {
  let twin = SNAKE_TWINS.get(key);
  if (twin === undefined) {
    twin = camelToSnake(key);
    SNAKE_TWINS.set(key, twin);
  }
  return twin;
}

/** The first of `keys` `read` finds in the payload; every camelCase key also matches its snake_case twin,
 * camelCase first (§E-4: runtimes write either spelling). */
function payloadField<T>(
  facts: LimeFacts,
  keys: readonly string[],
  read: (source: unknown, ...keys: string[]) => T | undefined,
): T | undefined {
  const direct = read(facts.payload, ...keys);
  if (direct !== undefined) return direct;
  for (const key of keys) {
    const twin = snakeTwin(key);
    if (twin === key) continue;
    const value = read(facts.payload, twin);
    if (value !== undefined) return value;
  }
  return undefined;
}

export function numberField(facts: LimeFacts, ...keys: string[]): number | undefined {
  return payloadField(facts, keys, readNumber);
}

export function stringField(facts: LimeFacts, ...keys: string[]): string | undefined {
  return payloadField(facts, keys, readString);
}

/** The payload's own status word, then the envelope's. */
export function statusWord(facts: LimeFacts): string | undefined {
  return readString(facts.payload, "status", "state") ?? facts.status;
}

/** Strings of an array field (refs, ids); other entries are ignored. */
export function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.filter((v): v is string => typeof v === "string");
  return list.length > 0 ? list : undefined;
}
