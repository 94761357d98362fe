// Sequence verifier (ORD-06): checks a stream for *violations* of lifecycle pairing, never for
// incompleteness. A stream cut mid-run is legal; a turn terminal that leaves a tool, action or model call
// open is not, nor is a terminal for something that never started. Understands both Agent UI classes
// (run.finished / run.failed end a turn) and Lime runtime classes (turn.completed / failed / cancelled,
// model.requested → completed / failed, action.cancelled / expired). Linear: constant work per event.
//
// Reordered delivery is tolerated: a terminal that arrives before its start is held as an orphan and only
// reported if its start has not arrived by the turn's terminal or `finalize()`.
import { type Diagnostic, type EventRef, clip, diagnostic } from "./diagnostics";
import { streamKeyOf } from "./envelope";
import { SEQUENCE_RESET_CLASSES, createSequenceTracker, eventRefOf } from "./sequence-tracker";

/**
 * The severity of each lifecycle-pairing finding: one table for the verifier (`agent-ui validate`) and the
 * projection (`agent-ui project`), so a stream gets one verdict. A terminal whose start the stream does
 * not hold is a warning, not a violation: a stream read alone may continue one that held the start — an
 * approval's resume, an AI SDK continuation, an OpenAI Agents run resumed from its state — and a stream
 * cut at its beginning is partial, which ORD-06 does not report as a violation. Everything a stream does
 * against its own facts (a second start, a turn closed over open work, work after the turn ended) is an
 * error.
 */
export const PAIRING_SEVERITY = {
  tool_result_without_start: "warning",
  tool_failed_without_start: "warning",
  action_resolved_without_request: "warning",
  tool_started_already_active: "error",
  action_required_already_active: "error",
  tool_unclosed_at_turn_end: "error",
  action_unresolved_at_turn_end: "error",
  model_unclosed_at_turn_end: "error",
  execution_after_turn_terminal: "error",
  turn_terminal_repeated: "error",
} as const satisfies Record<string, Diagnostic["severity"]>;

export interface SequenceVerifierOptions {
  /** Also check per-stream sequence order and gaps (default true). Turn off when `validateEvent` with a
   * shared context already reports them, to avoid reporting a gap twice. */
  checkOrdering?: boolean;
}

export interface SequenceVerifier {
  push(event: unknown): Diagnostic[];
  /** Reports terminals whose start never arrived. Open work at the end of input is not a violation. */
  finalize(): Diagnostic[];
}

const TOOL_START = "tool.started";
const TOOL_TERMINALS = new Set(["tool.result", "tool.failed", "tool.cancelled"]);
const ACTION_START = "action.required";
const ACTION_TERMINALS = new Set([
  "action.resolved",
  "action.cancelled",
  "action.canceled",
  "action.expired",
]);
const MODEL_START = "model.requested";
const MODEL_TERMINALS = new Set(["model.completed", "model.failed"]);
const TURN_TERMINALS = new Set([
  "run.finished",
  "run.failed",
  "turn.completed",
  "turn.failed",
  "turn.cancelled",
]);
const TURN_STARTS = new Set(["run.started", "turn.submitted", "turn.started"]);
/** Classes that are execution inside a turn: none may follow that turn's terminal. */
const EXECUTION_CLASSES = new Set([
  TOOL_START,
  ...TOOL_TERMINALS,
  "tool.args",
  "tool.progress",
  "tool.output.delta",
  ACTION_START,
  MODEL_START,
  "model.delta",
  "text.delta",
  "reasoning.delta",
  "plan.delta",
]);

interface Scope {
  stream: string;
  turnId?: string;
  runId?: string;
  eventRef: EventRef;
}

interface Orphan {
  code: string;
  message: string;
  scope: Scope;
}

export function createSequenceVerifier(options: SequenceVerifierOptions = {}): SequenceVerifier {
  const checkOrdering = options.checkOrdering ?? true;
  const sequences = createSequenceTracker();
  const seenIds = new Set<string>();
  const openTools = new Map<string, Scope>();
  const openActions = new Map<string, Scope>();
  const openModels = new Map<string, Scope>();
  const orphans = new Map<string, Orphan>();
  const ended = new Set<string>();
  let index = 0;

  function push(event: unknown): Diagnostic[] {
    const eventRef = eventRefOf(event, index++);
    if (typeof event !== "object" || event === null || Array.isArray(event)) return [];
    const record = event as Record<string, unknown>;
    const type = typeof record.type === "string" ? record.type : undefined;
    if (type === undefined) return [];
    const out: Diagnostic[] = [];
    const eventId = str(record.eventId);
    if (eventId !== undefined) {
      if (seenIds.has(eventId)) {
        return [
          diagnostic(
            "duplicate_event_id",
            "warning",
            `eventId '${clip(eventId)}' delivered again; the replay is ignored`,
            {
              path: "/eventId",
              eventRef,
            },
          ),
        ];
      }
      seenIds.add(eventId);
    }
    const scope: Scope = {
      stream: streamKeyOf({ streamId: str(record.streamId), sessionId: str(record.sessionId) }),
      turnId: str(record.turnId),
      runId: str(record.runId),
      eventRef,
    };
    if (checkOrdering) {
      if (SEQUENCE_RESET_CLASSES.has(type)) sequences.reset(scope.stream);
      if (typeof record.sequence === "number" && Number.isInteger(record.sequence)) {
        out.push(...sequences.observe(scope.stream, record.sequence, eventRef));
      }
    }
    if (TURN_STARTS.has(type) && scope.turnId === undefined && scope.runId === undefined) {
      ended.delete(`${scope.stream}|*`);
    }
    if (EXECUTION_CLASSES.has(type) && turnHasEnded(scope)) {
      out.push(
        diagnostic("execution_after_turn_terminal", "error", `${type} arrived after its turn ended`, {
          eventRef,
        }),
      );
      return out;
    }
    if (type === TOOL_START || TOOL_TERMINALS.has(type)) {
      pair(out, type === TOOL_START, "tool", str(record.toolCallId), scope, openTools, type);
    } else if (type === ACTION_START || ACTION_TERMINALS.has(type)) {
      pair(out, type === ACTION_START, "action", str(record.actionId), scope, openActions, type);
    } else if (type === MODEL_START) {
      openModels.set(modelKey(record, scope), scope);
    } else if (MODEL_TERMINALS.has(type)) {
      openModels.delete(modelKey(record, scope));
    } else if (TURN_TERMINALS.has(type)) {
      closeTurn(out, type, scope, isInterruption(type, record));
    }
    return out;
  }

  function pair(
    out: Diagnostic[],
    isStart: boolean,
    kind: "tool" | "action",
    id: string | undefined,
    scope: Scope,
    open: Map<string, Scope>,
    type: string,
  ): void {
    if (id === undefined) return; // no key to pair on: validation reports missing_scope_id
    const orphanKey = `${kind}:${id}`;
    if (isStart) {
      if (orphans.delete(orphanKey)) return; // its terminal came first (reordered delivery): paired
      if (open.has(id)) {
        const code = kind === "tool" ? "tool_started_already_active" : "action_required_already_active";
        out.push(
          diagnostic(code, "error", `${clip(type)} for ${kind} '${clip(id)}' while it is still active`, {
            eventRef: scope.eventRef,
          }),
        );
        return;
      }
      open.set(id, scope);
      return;
    }
    if (open.delete(id)) return;
    const code =
      kind === "action"
        ? "action_resolved_without_request"
        : type === "tool.result"
          ? "tool_result_without_start"
          : "tool_failed_without_start";
    const what = kind === "action" ? "no action.required" : "no tool.started";
    orphans.set(orphanKey, {
      code,
      message: `${clip(type)} for ${kind} '${clip(id)}' with ${what} before it`,
      scope,
    });
  }

  /** `interrupted`: the turn stopped to wait for the user (an approval or question); its pending actions and
   * the tools they gate carry over to the run that resumes it, so they are not violations here. */
  function closeTurn(out: Diagnostic[], type: string, scope: Scope, interrupted: boolean): void {
    if (turnHasEnded(scope)) {
      out.push(
        diagnostic("turn_terminal_repeated", "error", `${type} for a turn that already ended`, {
          eventRef: scope.eventRef,
        }),
      );
      return;
    }
    const at = scope.eventRef;
    for (const [id, item] of interrupted ? [] : openTools) {
      if (!sameTurn(item, scope)) continue;
      openTools.delete(id);
      out.push(
        diagnostic("tool_unclosed_at_turn_end", "error", `${type} while tool '${clip(id)}' has no result`, {
          eventRef: at,
        }),
      );
    }
    for (const [id, item] of interrupted ? [] : openActions) {
      if (!sameTurn(item, scope)) continue;
      openActions.delete(id);
      out.push(
        diagnostic(
          "action_unresolved_at_turn_end",
          "error",
          `${type} while action '${clip(id)}' is unresolved`,
          {
            eventRef: at,
          },
        ),
      );
    }
    for (const [key, item] of openModels) {
      if (!sameTurn(item, scope)) continue;
      openModels.delete(key);
      out.push(
        diagnostic("model_unclosed_at_turn_end", "error", `${type} while a model call is still open`, {
          eventRef: at,
        }),
      );
    }
    for (const [key, orphan] of orphans) {
      if (!sameTurn(orphan.scope, scope)) continue;
      orphans.delete(key);
      out.push(orphanDiagnostic(orphan));
    }
    if (scope.turnId !== undefined) ended.add(`${scope.stream}|turn:${scope.turnId}`);
    if (scope.runId !== undefined) ended.add(`${scope.stream}|run:${scope.runId}`);
    if (scope.turnId === undefined && scope.runId === undefined) ended.add(`${scope.stream}|*`);
  }

  function turnHasEnded(scope: Scope): boolean {
    if (scope.turnId !== undefined && ended.has(`${scope.stream}|turn:${scope.turnId}`)) return true;
    if (scope.runId !== undefined && ended.has(`${scope.stream}|run:${scope.runId}`)) return true;
    return scope.turnId === undefined && scope.runId === undefined && ended.has(`${scope.stream}|*`);
  }

  function finalize(): Diagnostic[] {
    const out = [...orphans.values()].map(orphanDiagnostic);
    orphans.clear();
    return out;
  }

  return { push, finalize };
}

/** Batch mode: every event, then `finalize()`. */
export function verifySequence(
  events: readonly unknown[],
  options: SequenceVerifierOptions = {},
): Diagnostic[] {
  const verifier = createSequenceVerifier(options);
  const out: Diagnostic[] = [];
  for (const event of events) out.push(...verifier.push(event));
  out.push(...verifier.finalize());
  return out;
}

/** Two scopes are the same turn unless both name a turn (or both a run) and the names differ. */
function isInterruption(type: string, record: Record<string, unknown>): boolean {
  const payload = record.payload;
  const outcome =
    payload !== null && typeof payload === "object"
      ? (payload as Record<string, unknown>).outcome
      : undefined;
  return type === "run.finished" && outcome === "interrupted";
}

function sameTurn(a: Scope, b: Scope): boolean {
  if (a.stream !== b.stream) return false;
  if (a.turnId !== undefined && b.turnId !== undefined) return a.turnId === b.turnId;
  if (a.runId !== undefined && b.runId !== undefined) return a.runId === b.runId;
  return true;
}

function modelKey(record: Record<string, unknown>, scope: Scope): string {
  return str(record.modelRequestId) ?? `${scope.stream}|${scope.turnId ?? scope.runId ?? ""}`;
}

function orphanDiagnostic(orphan: Orphan): Diagnostic {
  const severity = PAIRING_SEVERITY[orphan.code as keyof typeof PAIRING_SEVERITY] ?? "error";
  return diagnostic(orphan.code, severity, orphan.message, { eventRef: orphan.scope.eventRef });
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
