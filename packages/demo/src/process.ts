// Cooperative, deterministic processes on a virtual timeline. A demo script is a generator that yields
// what it waits for (time, a user decision, other processes); the runner resumes it when that happens.
// Time is logical: the runner never reads the wall clock, so the same writes at the same logical times
// always give the same events. A driver (see runtime.ts) maps logical time to real time by `pace`.

import type { ControlCommand } from "@agent-ui/contracts";

export type RespondCommand = Extract<ControlCommand, { kind: "respond_action" }>;

/** What a script can wait for. */
export type Wait =
  | { kind: "sleep"; ms: number }
  /** Blocks until a user write opens this gate (an `actionId` for `respond_action`, `retry:<taskId>`
   * for `retry`); resumes with that command. */
  | { kind: "action"; actionId: string }
  | { kind: "join"; processes: DemoProcess[] };

export type Script = Generator<Wait, void, unknown>;

export type ProcessState = "running" | "sleeping" | "waiting" | "done" | "cancelled";

export interface DemoProcess {
  readonly id: string;
  state: ProcessState;
  children: DemoProcess[];
}

interface ProcessInternal extends DemoProcess {
  script: Script;
  joiners: ProcessInternal[];
  joining?: DemoProcess[];
  awaitingAction?: string;
  onEnd?: (state: "done" | "cancelled") => void;
}

interface TimedResume {
  dueAt: number;
  order: number;
  process: ProcessInternal;
  value: unknown;
}

/** Guards a runaway script (a loop that never waits): the runner stops it and reports. */
const MAX_STEPS_PER_RESUME = 100_000;

export class ProcessRunner {
  private now = 0;
  private order = 0;
  private readonly timeline: TimedResume[] = [];
  private readonly actionWaiters = new Map<string, ProcessInternal>();

  /** `onFault` hears of a script that threw or never waited; the runner cancels it right after. */
  constructor(private readonly onFault: (processId: string, reason: string) => void) {}

  /** Logical milliseconds since the runtime started. */
  get time(): number {
    return this.now;
  }

  /** Logical time of the next scheduled resume, or undefined when nothing is scheduled. */
  get nextDueAt(): number | undefined {
    return this.timeline[0]?.dueAt;
  }

  /** Starts a script now (its first step runs on the next tick of the timeline, in spawn order). */
  spawn(id: string, script: Script, onEnd?: (state: "done" | "cancelled") => void, parent?: DemoProcess) {
    const process: ProcessInternal = { id, state: "sleeping", children: [], script, joiners: [], onEnd };
    if (parent) parent.children.push(process);
    this.schedule(process, 0, undefined);
    return process as DemoProcess;
  }

  /** The process waiting for this action, if any. */
  waiterFor(actionId: string): DemoProcess | undefined {
    return this.actionWaiters.get(actionId);
  }

  /** Resumes the process blocked on `actionId` after `delayMs` (the runtime's processing time). */
  answer(actionId: string, command: ControlCommand, delayMs: number): boolean {
    const process = this.actionWaiters.get(actionId);
    if (!process) return false;
    this.actionWaiters.delete(actionId);
    process.awaitingAction = undefined;
    this.schedule(process, delayMs, command);
    return true;
  }

  /** Cancels a process and its children; their scripts never run again. */
  cancel(target: DemoProcess): void {
    const process = target as ProcessInternal;
    if (process.state === "done" || process.state === "cancelled") return;
    // A script may cancel itself (or its parent) from inside its own step: its generator is executing
    // then and cannot be returned; the step loop sees the state and stops instead.
    const executing = process.state === "running";
    for (const child of process.children) this.cancel(child);
    process.state = "cancelled";
    if (process.awaitingAction) this.actionWaiters.delete(process.awaitingAction);
    const at = this.timeline.findIndex((entry) => entry.process === process);
    if (at >= 0) this.timeline.splice(at, 1);
    if (!executing) process.script.return(undefined);
    this.finish(process, "cancelled");
  }

  /** Runs every resume due up to `until` (inclusive), advancing logical time. */
  runUntil(until: number): void {
    while (this.timeline.length > 0 && this.timeline[0].dueAt <= until) {
      const entry = this.timeline.shift()!;
      this.now = Math.max(this.now, entry.dueAt);
      this.step(entry.process, entry.value);
    }
    this.now = Math.max(this.now, until);
  }

  /** Runs until nothing is scheduled (processes blocked on the user stay blocked). */
  runUntilIdle(): void {
    while (this.timeline.length > 0) this.runUntil(this.timeline[0].dueAt);
  }

  private schedule(process: ProcessInternal, delayMs: number, value: unknown): void {
    process.state = "sleeping";
    const entry: TimedResume = {
      dueAt: this.now + Math.max(0, delayMs),
      order: this.order++,
      process,
      value,
    };
    // Binary insertion keeps the timeline sorted by (dueAt, order) without re-sorting.
    let lo = 0;
    let hi = this.timeline.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.timeline[mid];
      if (other.dueAt < entry.dueAt || (other.dueAt === entry.dueAt && other.order < entry.order))
        lo = mid + 1;
      else hi = mid;
    }
    this.timeline.splice(lo, 0, entry);
  }

  private step(process: ProcessInternal, value: unknown): void {
    if (process.state === "cancelled" || process.state === "done") return;
    process.state = "running";
    let input = value;
    for (let steps = 0; steps < MAX_STEPS_PER_RESUME; steps++) {
      let result: IteratorResult<Wait, void>;
      try {
        result = process.script.next(input);
      } catch (error) {
        // A broken script must not take the runtime (or the gateway's timer loop) down with it.
        this.onFault(process.id, error instanceof Error ? error.message : String(error));
        this.cancel(process);
        return;
      }
      // The script may have cancelled itself through a host call (TS cannot see that mutation).
      if ((process.state as ProcessState) === "cancelled") return;
      if (result.done) {
        this.finish(process, "done");
        return;
      }
      const wait = result.value;
      if (wait.kind === "sleep") {
        this.schedule(process, wait.ms, undefined);
        return;
      }
      if (wait.kind === "action") {
        process.state = "waiting";
        process.awaitingAction = wait.actionId;
        this.actionWaiters.set(wait.actionId, process);
        return;
      }
      const pending = wait.processes.filter((p) => p.state !== "done" && p.state !== "cancelled");
      if (pending.length === 0) {
        input = undefined;
        continue;
      }
      process.state = "waiting";
      process.joining = pending;
      for (const p of pending) (p as ProcessInternal).joiners.push(process);
      return;
    }
    this.onFault(process.id, `script ${process.id} never waited: stopped`);
    this.cancel(process);
  }

  private finish(process: ProcessInternal, state: "done" | "cancelled"): void {
    process.state = state;
    process.onEnd?.(state);
    for (const joiner of process.joiners) {
      if (joiner.state !== "waiting" || !joiner.joining) continue;
      if (joiner.joining.every((p) => p.state === "done" || p.state === "cancelled")) {
        joiner.joining = undefined;
        this.schedule(joiner, 0, undefined);
      }
    }
    process.joiners = [];
  }
}

export const sleep = (ms: number): Wait => ({ kind: "sleep", ms });
export const awaitAction = (actionId: string): Wait => ({ kind: "action", actionId });
export const join = (...processes: DemoProcess[]): Wait => ({ kind: "join", processes });
