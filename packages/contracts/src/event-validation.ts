// Validation of Agent UI envelopes (ENV-01/04/05/09, ORD-01/02, SEC-08): schema, conditional scope ids,
// taxonomy values, secrets and inline size, plus stream checks (duplicates, gaps, late events) when a
// `ValidationContext` is shared across calls. Total: any JSON value in, diagnostics out, never a throw.
import type { ErrorObject } from "ajv/dist/2020";
import { ajvErrorsToDiagnostics, createAjv, lazy } from "./ajv";
import { type Diagnostic, type EventRef, clip, diagnostic } from "./diagnostics";
import { streamKeyOf } from "./envelope";
import { TAXONOMY_FIELDS, agentUiEventSchema } from "./event-schema";
import { type HygieneOptions, findLargeInline, findSecretLeaks } from "./hygiene";
import { scopeRuleFor, satisfiesScopeRule } from "./scope-ids";
import {
  SEQUENCE_RESET_CLASSES,
  type SequenceTracker,
  createSequenceTracker,
  eventRefOf,
} from "./sequence-tracker";
import { EVENT_CLASSES, isMember } from "./taxonomy";

export interface ValidationOptions extends HygieneOptions {}

/** Stream memory shared across `validateEvent` calls: seen event ids and the last sequence per stream. */
export interface ValidationContext {
  readonly options: ValidationOptions;
  readonly seenEventIds: Set<string>;
  readonly sequences: SequenceTracker;
  /** Index the next validated event gets in diagnostics' `eventRef`. */
  nextIndex: number;
}

export function createValidationContext(options: ValidationOptions = {}): ValidationContext {
  return { options, seenEventIds: new Set(), sequences: createSequenceTracker(), nextIndex: 0 };
}

const validator = lazy(() => createAjv().compile(agentUiEventSchema));

const TAXONOMY_PATHS = new Map<string, string>(
  Object.keys(TAXONOMY_FIELDS).map((field) => [`/${field}`, field]),
);

export function validateEvent(event: unknown, context?: ValidationContext): Diagnostic[] {
  const index = context ? context.nextIndex++ : undefined;
  const eventRef = eventRefOf(event, index);
  try {
    return validateUnsafe(event, eventRef, context);
  } catch (error) {
    // Defensive: no input may crash a consumer. Reaching here is a bug in this module, reported as such.
    const reason = error instanceof Error ? error.message : String(error);
    return [
      diagnostic("schema_mismatch", "error", `validator failed on this record: ${reason}`, { eventRef }),
    ];
  }
}

function validateUnsafe(event: unknown, eventRef: EventRef, context?: ValidationContext): Diagnostic[] {
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    const kind = event === null ? "null" : Array.isArray(event) ? "an array" : typeof event;
    return [
      diagnostic("schema_mismatch", "error", `an event must be a JSON object, got ${kind}`, {
        path: "",
        eventRef,
      }),
    ];
  }
  const record = event as Record<string, unknown>;
  const validate = validator();
  const out: Diagnostic[] = [];
  if (!validate(record)) {
    out.push(
      ...ajvErrorsToDiagnostics(validate.errors, eventRef, "agent-ui event", (e) =>
        taxonomyWarning(e, eventRef),
      ),
    );
  }
  const type = typeof record.type === "string" && record.type.length > 0 ? record.type : undefined;
  if (type !== undefined) {
    if (!isMember(EVENT_CLASSES, type)) {
      out.push(
        diagnostic(
          "unknown_event_class",
          "warning",
          `'${clip(type)}' is not one of the 52 Agent UI event classes; it is kept and rendered as unknown`,
          { path: "/type", eventRef },
        ),
      );
    }
    const rule = scopeRuleFor(type);
    if (rule && !satisfiesScopeRule(record, rule)) {
      const needs = rule.anyOf.join(" or ") + (rule.refsSuffice ? " or refs" : "");
      out.push(
        diagnostic("missing_scope_id", "error", `${type} needs ${needs} to be placed; none is present`, {
          path: `/${rule.anyOf[0]}`,
          eventRef,
        }),
      );
    }
  }
  out.push(...findSecretLeaks(record, eventRef));
  out.push(...findLargeInline(record, eventRef, context?.options));
  if (context) out.push(...checkStream(record, type, eventRef, context));
  return out;
}

function checkStream(
  record: Record<string, unknown>,
  type: string | undefined,
  eventRef: EventRef,
  context: ValidationContext,
): Diagnostic[] {
  if (typeof record.eventId === "string") {
    if (context.seenEventIds.has(record.eventId)) {
      return [
        diagnostic(
          "duplicate_event",
          "warning",
          `eventId '${clip(record.eventId)}' was already seen; ignored on replay`,
          {
            path: "/eventId",
            eventRef,
          },
        ),
      ];
    }
    context.seenEventIds.add(record.eventId);
  }
  const streamKey = streamKeyOf({
    streamId: typeof record.streamId === "string" ? record.streamId : undefined,
    sessionId: typeof record.sessionId === "string" ? record.sessionId : undefined,
  });
  if (type !== undefined && SEQUENCE_RESET_CLASSES.has(type)) context.sequences.reset(streamKey);
  if (typeof record.sequence !== "number" || !Number.isInteger(record.sequence)) return [];
  return context.sequences.observe(streamKey, record.sequence, eventRef);
}

function taxonomyWarning(error: ErrorObject, eventRef: EventRef): Diagnostic | null {
  const field = error.keyword === "enum" ? TAXONOMY_PATHS.get(error.instancePath) : undefined;
  if (field === undefined) return null;
  return diagnostic(
    "unknown_taxonomy_value",
    "warning",
    `${field} is not a value of the ${field} taxonomy; treated as unclassified`,
    { path: error.instancePath, eventRef },
  );
}
