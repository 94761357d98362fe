// `interrupt()` bookkeeping: which interrupts were raised (by id, so the `values` echo and a thread
// state restating them add nothing) and which still wait. The next run on the thread is the resume
// (`Command({resume})`): it went past every pending interrupt.
//
// Approval decision (HITL-04, "never invent facts"): the resume value (`{approved: true}` or anything
// else) is sent by the caller and never appears on the output stream, and what the graph does with it
// is the graph's own code (a denial may still run a node that returns a ToolMessage). So a resolved
// interrupt carries no `decision`; the tool's own result shows what happened.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readArray, readString } from "../shared/record";
import type { Chunk } from "./normalize";
import { interruptAction } from "./payloads";

export const INTERRUPT_KEY = "__interrupt__";

export interface RaisedInterrupt {
  actionId: string;
  toolCallId?: string;
  payload: JsonObject;
}

/** Where an interrupt was raised: the namespace of the (sub)graph that asked ("" for the root, keys
 * joined by `|`), and the tool call it gates when its value names one. */
export interface InterruptGate {
  namespace: string;
  toolCallId?: string;
}

/** What a resumed run went past: everything (the run's end), the step of a namespace (the interrupts it
 * or a graph inside it raised), or the tool call an interrupt gates. */
export type SettleScope = { namespace: string } | { toolCallId: string } | undefined;

/** Interrupts tracked at once (pending, resumed or resolved); resolved ones are forgotten first. */
export const MAX_INTERRUPTS = 1024;

export class InterruptBook {
  /** Every interrupt raised; closed once resolved (the first forgotten when the table is full). */
  private readonly raised: BoundedTable<true>;
  /** actionId → where it was raised. */
  private readonly pending = new Map<string, InterruptGate>();
  /** Interrupts a resumed run may have answered: resolved once the run leaves the step they paused
   * (`settle`), or pending again when that step raises them again (a `Command({resume})` that answered
   * only some, or a task that reports before the paused one asks again). */
  private readonly resuming = new Map<string, InterruptGate>();
  /** The resumed run went on past its opening state: when the input ends, the step it resumed ended. */
  private progressed = false;

  constructor(notices: LimitNotices) {
    const consequence =
      "a new interrupt while all are open is still shown as an action, but its resolution is not followed; resolved interrupts are forgotten first";
    this.raised = new BoundedTable({ table: "interrupt", cap: MAX_INTERRUPTS, consequence }, notices);
  }

  get waiting(): boolean {
    return this.pending.size > 0;
  }

  waitingOn(): string {
    return [...this.pending.keys()].join(", ");
  }

  /** The `values` chunk that repeats interrupts already raised by `updates`. */
  isEcho(chunk: Chunk): boolean {
    const list = interruptsOnly(chunk);
    return (
      list?.every((entry, i) => {
        const id = interruptId(entry, chunk, i);
        return this.raised.has(id) && !this.resuming.has(id);
      }) === true
    );
  }

  /** The interrupts of `list` not seen before, now pending (`raised`); `repended`: the resumed run
   * raised again some it had not been given an answer for: they stay pending (their action is open). */
  raise(
    chunk: Chunk,
    list: unknown,
    safe: (value: unknown) => unknown,
    restated = false,
  ): { raised: RaisedInterrupt[]; repended: boolean } {
    const out: RaisedInterrupt[] = [];
    let repended = false;
    (readArray({ list }, "list") ?? []).forEach((entry, index) => {
      const actionId = interruptId(entry, chunk, index);
      const resumed = this.resuming.get(actionId);
      if (resumed !== undefined) {
        if (restated) return;
        this.pending.set(actionId, resumed);
        this.resuming.delete(actionId);
        repended = true;
        return;
      }
      if (this.raised.has(actionId)) return;
      const { toolCallId, payload } = interruptAction(asRecord(entry)?.value, chunk.namespace, safe);
      // Beyond the cap of open interrupts, a new one is still stated (the user sees the question).
      if (this.raised.add(actionId))
        this.pending.set(actionId, { namespace: chunk.namespace.join("|"), toolCallId });
      out.push({ actionId, toolCallId, payload });
    });
    return { raised: out, repended };
  }

  /** A new run started on the paused thread: every pending interrupt may have been answered. */
  resume(): void {
    for (const [actionId, gate] of this.pending) this.resuming.set(actionId, gate);
    this.pending.clear();
    this.progressed = false;
  }

  /** The resumed run executed something (a task's report, a token, a step's state). */
  progress(): void {
    if (this.resuming.size > 0) this.progressed = true;
  }

  get hasProgressed(): boolean {
    return this.progressed;
  }

  /** Whether a resumed run may still resolve an interrupt (one it resumed is not settled yet). */
  get isResuming(): boolean {
    return this.resuming.size > 0;
  }

  /** The resumed run left the step it resumed — the whole run's (no scope), or the step of a subgraph
   * namespace, which settles the interrupts that subgraph or one inside it raised — or, with
   * `toolCallId`, the tool call an interrupt gates reported its result: the interrupts it did not raise
   * again were answered. */
  settle(scope?: SettleScope): [actionId: string, gate: InterruptGate][] {
    const resolved =
      scope === undefined
        ? [...this.resuming]
        : [...this.resuming].filter(([, gate]) =>
            "toolCallId" in scope
              ? gate.toolCallId === scope.toolCallId
              : gate.namespace === scope.namespace || gate.namespace.startsWith(`${scope.namespace}|`),
          );
    for (const [actionId] of resolved) {
      this.resuming.delete(actionId);
      this.raised.close(actionId);
    }
    return resolved;
  }
}

/** The list of an `{__interrupt__: [...]}` update or value that says nothing else: LangGraph streams one
 * per interrupting task (`updates`, then the same as `values`). */
export function interruptsOnly(chunk: Chunk): unknown[] | undefined {
  if (chunk.mode !== "values" && chunk.mode !== "updates") return undefined;
  const body = asRecord(chunk.payload);
  if (body === undefined || Object.keys(body).length !== 1) return undefined;
  const list = body[INTERRUPT_KEY];
  return Array.isArray(list) ? list : undefined;
}

function interruptId(entry: unknown, chunk: Chunk, index: number): string {
  return (
    readString(entry, "id", "interrupt_id") ?? `${chunk.namespace.join("|") || "root"}:interrupt:${index}`
  );
}

export interface InterruptScope {
  /** Emits a fact of the chunk (restated when the chunk restates state). */
  fact(type: string, fields: EventFields, ids: SourceInfo): AgentUiEvent;
  /** The chunk's namespace fields (the subgraph that raised it). */
  nsFields: EventFields;
  baseFields: EventFields;
  /** Tool calls still open when the interrupts were raised. */
  openTools: string[];
  info: SourceInfo;
}

/** The raised interrupts as actions (and, for a gated tool, its wait on the action). The graph pauses
 * whole: tool calls still open beside the interrupting one are held in their pending task (`next` names
 * it) and run on resume, so they wait on the interrupt, never cancelled. */
export function interruptEvents(raised: RaisedInterrupt[], scope: InterruptScope): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  const { fact, nsFields, info } = scope;
  for (const { actionId, toolCallId, payload } of raised) {
    const fields = { ...nsFields, actionId, toolCallId, phase: "waiting" as const };
    const ids = { ...info, sourceEventId: `interrupt:${actionId}` };
    if (toolCallId !== undefined)
      out.push(fact("tool.progress", { ...fields, payload: { awaitingActionId: actionId } }, ids));
    out.push(fact("action.required", compact<EventFields>({ ...fields, payload }), ids));
  }
  if (raised.length === 0) return out;
  const gated = new Set(raised.map((r) => r.toolCallId));
  const heldByActionId = raised[0].actionId;
  for (const toolCallId of scope.openTools)
    if (!gated.has(toolCallId))
      out.push(
        fact(
          "tool.progress",
          { ...scope.baseFields, toolCallId, payload: { heldByActionId } },
          { ...info, sourceEventId: `held:${toolCallId}:${heldByActionId}` },
        ),
      );
  return out;
}

/** The interrupts a resumed run (`Command({resume})`) went past without raising them again are
 * resolved. The resume value is not on the stream, so no decision is recorded (see above). */
export function resumeEvents(
  interrupts: InterruptBook,
  baseFields: EventFields,
  emit: Emitter,
  info: SourceInfo,
  scope?: SettleScope,
): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  for (const [actionId, { toolCallId }] of interrupts.settle(scope)) {
    const resolved = compact<EventFields>({
      ...baseFields,
      actionId,
      toolCallId,
      payload: { outcome: "resolved", reason: "graph resumed past the interrupt" },
    });
    out.push(emit.event("action.resolved", resolved, { ...info, sourceEventId: `interrupt:${actionId}` }));
  }
  return out;
}
