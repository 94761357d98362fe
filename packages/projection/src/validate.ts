// A minimal shape gate: garbage never throws and never enters state; it becomes a diagnostic with a code
// (ENV-09, DIAG). Deliberately cheap (no schema engine per event); the contracts package's full schema
// validation belongs at the ingest boundary (CLI, server).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { ID_FIELDS } from "@agent-ui/contracts";

const ID_FIELD_SET: ReadonlySet<string> = new Set<string>(ID_FIELDS);

export type ShapeProblem = { code: "unparseable_input" | "schema_mismatch"; message: string; path?: string };

/** Problems that prevent ordering the event at all (checked before the ordering gate). */
export function envelopeProblem(value: unknown): ShapeProblem | null {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return {
      code: "unparseable_input",
      message: `event is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object`,
    };
  const event = value as Record<string, unknown>;
  const sequence = event.sequence;
  if (sequence !== undefined && (typeof sequence !== "number" || !Number.isInteger(sequence) || sequence < 0))
    return { code: "schema_mismatch", message: "sequence must be a non-negative integer", path: "/sequence" };
  for (const key of ["streamId", "sessionId", "eventId"] as const) {
    const field = event[key];
    if (field !== undefined && typeof field !== "string")
      return { code: "schema_mismatch", message: `${key} must be a string`, path: `/${key}` };
  }
  return null;
}

/** Problems that prevent applying an ordered event (its sequence slot is still consumed). */
export function bodyProblem(event: AgentUiEvent): ShapeProblem | null {
  if (typeof event.type !== "string" || event.type.length === 0)
    return { code: "schema_mismatch", message: "type must be a non-empty string", path: "/type" };
  const payload = event.payload;
  if (payload !== undefined && (payload === null || typeof payload !== "object" || Array.isArray(payload)))
    return { code: "schema_mismatch", message: "payload must be an object", path: "/payload" };
  // Walk the event's own keys (a handful) rather than probing all id fields on every event.
  for (const key in event) {
    if (!ID_FIELD_SET.has(key)) continue;
    const value = event[key];
    if (value !== undefined && typeof value !== "string")
      return { code: "schema_mismatch", message: `${key} must be a string`, path: `/${key}` };
  }
  return null;
}
