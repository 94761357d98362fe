// Per-turn latency marks (PERF-01, perf-and-ops §1.3): where the time between a send click and the first
// visible text went — client, listener binding, runtime acceptance, provider, first event, first status,
// first text, first paint. Marks come from the user's own actions, the owner's write result and the
// runtime's facts; a mark that was not reached stays absent and its intervals are absent too (FALL-01).
import {
  type AgentUiEvent,
  LATENCY_ALIASES,
  type LatencyClockPoint,
  type LatencyMarks,
  type WriteResult,
  latencyInterval,
} from "@agent-ui/contracts";
import type { SessionClient } from "./session-client";

export interface TurnLatency {
  /** Clock points of the tracked turn, in the recorder's clock (ms). */
  marks: LatencyMarks;
  /** Every alias of the standard whose two clock points were reached (§E-3). */
  intervals: Record<string, number>;
  /** The turn's signals that are not between two clock points, by canonical name (PERF-07):
   * `turn.submit_to_shell_ms`, from the send to the first frame painted after the turn's first fact (its
   * status row and message shell). Absent until reached. */
  metrics: Partial<Record<"turn.submit_to_shell_ms", number>>;
  /** The turn the runtime assigned to the tracked write, when it said. */
  turnId?: string;
  /** True when the runtime queued the write behind a running turn: its facts are not joined by guess. */
  queued: boolean;
}

/** Statuses that say the runtime began executing the turn (`turn.started` / `task.started`). */
const STARTED_STATUSES = new Set(["preparing", "streaming", "running"]);
/** Facts kept while the write's answer is on its way (they cannot be joined to a turn before it names one). */
const MAX_EARLY_FACTS = 512;

export class TurnLatencyRecorder {
  private marks: LatencyMarks = {};
  private boundAt: number | undefined;
  private tracking = false;
  private turnId: string | undefined;
  private queued = false;
  private statusPainted = false;
  private shellPaintedAt: number | undefined;
  /** Facts (with their arrival time) that came between submit and the owner's answer: the runtime's first
   * facts often overtake the HTTP response that names their turn. */
  private early: { event: AgentUiEvent; at: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The live subscription is bound (COMP-05); kept across turns, since it precedes every submit. */
  listenerBound(): void {
    this.boundAt ??= this.now();
    if (this.tracking) this.marks["listener.bound_ms"] ??= this.boundAt;
  }

  /** The user pressed send: a new turn is tracked from here. */
  submitted(): void {
    this.marks = { "composer.submit_ms": this.now() };
    if (this.boundAt !== undefined) this.marks["listener.bound_ms"] = this.boundAt;
    this.tracking = true;
    this.turnId = undefined;
    this.queued = false;
    this.statusPainted = false;
    this.shellPaintedAt = undefined;
    this.early = [];
  }

  /** The owner's answer to the tracked write. Anything but `accepted` ends tracking: no turn will follow. */
  acknowledged(result: WriteResult): void {
    if (!this.tracking) return;
    const early = this.early;
    this.early = [];
    if (result.status !== "accepted") {
      this.tracking = false;
      return;
    }
    this.stamp("submit.accepted_ms");
    this.turnId = result.assigned?.turnId;
    this.queued = result.assigned?.mode === "queue";
    // Facts of this turn that arrived before the answer count at the time they arrived.
    for (const { event, at } of early) this.observeAt(event, at);
  }

  /** Runtime facts as they arrive. Only facts of the assigned turn count; without one, none do. */
  observe(events: readonly AgentUiEvent[]): void {
    if (!this.tracking) return;
    const at = this.now();
    if (this.marks["submit.accepted_ms"] === undefined) {
      for (const event of events)
        if (event.turnId !== undefined && this.early.length < MAX_EARLY_FACTS) this.early.push({ event, at });
      return;
    }
    if (this.turnId === undefined) return;
    for (const event of events) this.observeAt(event, at);
  }

  private observeAt(event: AgentUiEvent, at: number): void {
    // A fact without the turn's id is not joined by timing (PROSE-03).
    if (event.turnId !== this.turnId) return;
    this.stamp("first_event_ms", at);
    if (event.type === "run.status") this.onStatus(event, at);
    else if (event.type === "text.delta") this.stamp("first_text_delta_ms", at);
  }

  /** The UI painted the turn's shell, its status row or its first text (call from a frame callback after
   * the commit). The shell counts once the turn's first fact arrived. */
  painted(what: "shell" | "status" | "text"): void {
    if (!this.tracking) return;
    if (what === "shell") {
      if (this.marks.first_event_ms !== undefined) this.shellPaintedAt ??= this.now();
    } else if (what === "text") {
      if (this.marks.first_text_delta_ms !== undefined) this.stamp("first_text_paint_ms");
    } else if (this.marks.first_runtime_status_ms !== undefined && !this.statusPainted) {
      // The standard's clock point is the status row's first paint; arrival was only the fallback.
      this.statusPainted = true;
      this.marks.first_runtime_status_ms = this.now();
    }
  }

  snapshot(): TurnLatency {
    const intervals: Record<string, number> = {};
    for (const alias of Object.keys(LATENCY_ALIASES)) {
      const value = latencyInterval(this.marks, alias);
      if (value !== undefined) intervals[alias] = value;
    }
    const submit = this.marks["composer.submit_ms"];
    return {
      marks: { ...this.marks },
      intervals,
      metrics:
        submit !== undefined && this.shellPaintedAt !== undefined
          ? { "turn.submit_to_shell_ms": this.shellPaintedAt - submit }
          : {},
      ...(this.turnId !== undefined ? { turnId: this.turnId } : {}),
      queued: this.queued,
    };
  }

  private onStatus(event: AgentUiEvent, at: number): void {
    this.stamp("first_runtime_status_ms", at);
    const status = (event.payload as { status?: unknown } | undefined)?.status;
    if (status === "waiting_provider") this.stamp("provider.request_start_ms", at);
    if (typeof status === "string" && STARTED_STATUSES.has(status)) this.stamp("runtime.start_ms", at);
  }

  private stamp(point: LatencyClockPoint, at: number = this.now()): void {
    this.marks[point] ??= at;
  }
}

/** Feeds `recorder` from a session: its listener binding and every runtime fact it applies. The UI still
 * calls `submitted` / `acknowledged` around its send and `painted` after its frames. Returns the unbinder. */
export function trackLatency(session: SessionClient, recorder: TurnLatencyRecorder): () => void {
  if (session.connection.state === "live") recorder.listenerBound();
  const offConnection = session.onConnection((info) => {
    if (info.state === "live") recorder.listenerBound();
  });
  const offEntries = session.subscribe((_state, entries) =>
    recorder.observe(entries.map((entry) => entry.event)),
  );
  return () => {
    offConnection();
    offEntries();
  };
}
