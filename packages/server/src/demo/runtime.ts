// The embedded demo runtime: a deterministic Lime AgentRuntime that plays scripted scenarios as real
// profile events (`lime-profile-0.4.0`) and honours controlled writes. Same seed + same writes at the
// same logical times → the same events, byte for byte. Logical time drives timestamps; `pace` only says
// how fast logical time passes in real time (1 = realistic, 0 = as fast as possible), and `manual: true`
// hands the clock to the caller (tests).
import type { ControlCommand, RuntimeEvent, WriteResult } from "@agent-ui/contracts";
import { type AppliedSteer, PACING, TurnContext, type TurnHost, type TurnScope } from "./context";
import { OpenFacts } from "./open-facts";
import { ReadModel } from "./read-model";
import { type DemoProcess, ProcessRunner, type Script, sleep } from "./process";
import { closeOpenFacts, handleCommand } from "./commands";
import { TurnQueue } from "./queue";
import { findScenario } from "./scenarios";
import type { DemoScenario } from "./scenarios/types";
import { type EventFields, EventWriter } from "./writer";

export interface DemoTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DemoRuntimeOptions {
  /** A built-in scenario name (see DEMO_SCENARIO_NAMES) or a custom scenario; default `team`. */
  scenario?: string | DemoScenario;
  sessionId?: string;
  runtimeId?: string;
  threadId?: string;
  seed?: number;
  /** Real milliseconds per logical millisecond: 1 realistic (default), 0 as fast as possible. */
  pace?: number;
  /** Epoch ms of logical time 0, read once. Default a fixed instant so runs are reproducible. */
  clock?: () => number;
  /** No timers: the caller moves logical time with `advance` / `runUntilIdle`. */
  manual?: boolean;
  /** Keep every event for `events()` (default true). A long-lived source that only streams turns it off. */
  keepLog?: boolean;
  timers?: DemoTimers;
}

export interface DemoRuntime {
  readonly scenario: DemoScenario;
  readonly sessionId: string;
  readonly threadId: string;
  /** Begins the scenario's opening turn (idempotent). */
  start(): void;
  /** A controlled write; its effect arrives later as events. */
  command(command: ControlCommand): WriteResult;
  subscribe(listener: (event: RuntimeEvent) => void): () => void;
  /** A copy of every event emitted so far, in sequence order. */
  events(): readonly RuntimeEvent[];
  /** Logical milliseconds since start. */
  readonly time: number;
  advance(ms: number): void;
  runUntilIdle(): void;
  /** The running turn, if any. */
  readonly activeTurnId: string | undefined;
  /** Open gates waiting on the user: pending action ids and `retry:<taskId>` gates. */
  waitingFor(): string[];
  stop(): void;
}

export const DEMO_EPOCH = Date.parse("2026-05-11T10:00:00.000Z");

export interface ActiveTurn {
  scope: TurnScope;
  process: DemoProcess;
  finishing: boolean;
  interruptRequested?: boolean;
}

/** Internal state shared with the command handlers. */
export class DemoEngine implements TurnHost {
  readonly runner: ProcessRunner;
  readonly writer: EventWriter;
  readonly facts = new OpenFacts();
  readonly readModel = new ReadModel();
  readonly queue = new TurnQueue();
  readonly results = new Map<string, WriteResult>();
  readonly retryGates = new Map<string, string>();
  readonly workers = new Map<string, { process: DemoProcess; fields: EventFields }>();
  readonly log: RuntimeEvent[] = [];
  readonly listeners = new Set<(event: RuntimeEvent) => void>();
  active: ActiveTurn | undefined;
  stopped = false;
  keepLog = true;
  onListenerError: (error: unknown) => void = (error) =>
    console.error("demo runtime listener failed:", error);
  private turnNo = 0;
  private effectNo = 0;

  constructor(
    readonly scenario: DemoScenario,
    readonly sessionId: string,
    readonly threadId: string,
    readonly runtimeId: string,
    readonly seed: number,
    startTime: number,
  ) {
    this.runner = new ProcessRunner((id, reason) => this.onFault(id, reason));
    this.writer = new EventWriter({ runtimeId, sessionId, startTime, time: () => this.runner.time });
  }

  now(): string {
    return this.writer.timestamp();
  }

  emit(type: string, fields: EventFields, payload: Record<string, unknown>): RuntimeEvent {
    const event = this.writer.write(type, fields, payload);
    this.facts.observe(event);
    this.readModel.observe(event);
    if (this.keepLog) this.log.push(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // A failing consumer must not break the runtime's own progress; it hears of its error here.
        this.onListenerError(error);
      }
    }
    return event;
  }

  /** Spawns a worker process, registered under its task and agent ids so `stop` can find it. */
  /** A script failed: say so as a runtime fact and close what it left open, so nothing runs forever. */
  private onFault(processId: string, reason: string): void {
    const worker = [...this.workers.values()].find((w) => w.process.id === processId);
    const turn = this.active?.scope.turnId === processId ? this.active.scope : undefined;
    this.emit(
      "runtime.error",
      { threadId: this.threadId },
      { code: "demo_script_failed", message: reason, terminal: turn !== undefined },
    );
    if (worker) {
      const { taskId, subagentId } = worker.fields;
      closeOpenFacts(this, (f) => f.subagentId === subagentId || f.taskId === taskId, reason);
    }
    if (turn) {
      closeOpenFacts(this, (f) => f.turnId === turn.turnId, reason);
      const fields = { threadId: turn.threadId, turnId: turn.turnId, runId: turn.runId, status: "failed" };
      this.emit("turn.failed", fields, {
        status: "failed",
        failureCategory: "runtime_error",
        retryable: false,
      });
      this.emitReadModel();
    }
  }

  spawn(id: string, script: Script, parent: DemoProcess, fields: EventFields): DemoProcess {
    const process = this.runner.spawn(id, script, undefined, parent);
    for (const key of ["taskId", "subagentId"] as const) {
      const scopeId = fields[key];
      if (typeof scopeId === "string") this.workers.set(scopeId, { process, fields });
    }
    return process;
  }

  /** A side effect of a write, played after `delayMs` of runtime processing. */
  effect(delayMs: number, run: () => void): void {
    const script = function* (): Script {
      yield sleep(delayMs);
      run();
    };
    this.runner.spawn(`effect_${++this.effectNo}`, script());
  }

  turnProcess(turnId: string): DemoProcess | undefined {
    return this.active?.scope.turnId === turnId ? this.active.process : undefined;
  }

  /** Publishes the thread read model (`snapshot.updated`) right after a turn's terminal fact. */
  emitReadModel(): void {
    const ids = { runtimeId: this.runtimeId, sessionId: this.sessionId, threadId: this.threadId };
    const snapshot = this.readModel.snapshot(ids, this.now(), this.queue);
    this.emit("snapshot.updated", { threadId: this.threadId }, snapshot as Record<string, unknown>);
  }

  emitQueue(): void {
    this.emit(
      "queue.changed",
      { threadId: this.threadId, queueId: `queue_${this.threadId}` },
      this.queue.snapshot(this.threadId),
    );
  }

  applySteers(turnId: string): AppliedSteer[] {
    const pending = this.queue.pendingSteers(turnId);
    if (pending.length === 0) return [];
    for (const steer of pending) steer.status = "accepted";
    this.emitQueue();
    return pending.map((s) => ({ steerId: s.id, text: s.text }));
  }

  markFinishing(turnId: string): void {
    if (this.active?.scope.turnId !== turnId) return;
    this.active.finishing = true;
    this.rejectSteers(turnId, "The turn was already finishing; send it as a new message instead.");
  }

  rejectSteers(turnId: string, reason: string): void {
    const pending = this.queue.pendingSteers(turnId);
    if (pending.length === 0) return;
    for (const steer of pending) {
      steer.status = "rejected";
      steer.reason = reason;
    }
    this.emitQueue();
  }

  openRetryGate(taskId: string, turnId: string): string {
    const gate = `retry:${taskId}`;
    this.retryGates.set(taskId, turnId);
    return gate;
  }

  /** Starts a turn for `input`: submitted and running status within ~100 ms, then the scenario body. */
  startTurn(
    input: string,
    origin: { clientMessageId?: string; queuedId?: string; source: string },
  ): TurnScope {
    const turnNo = ++this.turnNo;
    const n = String(turnNo).padStart(3, "0");
    const scope: TurnScope = {
      sessionId: this.sessionId,
      threadId: this.threadId,
      turnId: `turn_${n}`,
      runId: `run_${n}`,
      turnNo,
      input,
      seed: this.seed,
    };
    const ctx = new TurnContext(this, scope);
    const engine = this;
    const body = function* (): Script {
      yield sleep(20);
      ctx.emit(
        "turn.submitted",
        {
          status: "accepted",
          source: origin.source,
          input,
          inputRef: `input://${scope.turnId}/user`,
          userMessageId: `msg_${n}_user`,
          ...(origin.clientMessageId ? { clientMessageId: origin.clientMessageId } : {}),
          ...(origin.queuedId ? { queuedId: origin.queuedId } : {}),
        },
        { status: "accepted" },
      );
      yield sleep(PACING.status);
      ctx.emit("turn.started", { status: "running" }, { runId: scope.runId, status: "running" });
      yield* engine.scenario.turn(ctx);
      engine.markFinishing(scope.turnId);
      ctx.emit("turn.completed", { status: "completed" }, { runId: scope.runId, status: "completed" });
      engine.emitReadModel();
    };
    const process = this.runner.spawn(scope.turnId, body(), (state) => this.onTurnEnd(scope, state));
    this.active = { scope, process, finishing: false };
    return scope;
  }

  private onTurnEnd(scope: TurnScope, state: "done" | "cancelled"): void {
    if (this.active?.scope.turnId !== scope.turnId) return;
    this.active = undefined;
    for (const [taskId, turnId] of this.retryGates)
      if (turnId === scope.turnId) this.retryGates.delete(taskId);
    for (const [id, worker] of this.workers)
      if (
        worker.process.state !== "sleeping" &&
        worker.process.state !== "waiting" &&
        worker.process.state !== "running"
      )
        this.workers.delete(id);
    // After a normal end the runtime takes the next queued turn; after an interrupt queued work is kept.
    if (state === "done" && this.queue.items.length > 0) this.startNextQueued();
  }

  startNextQueued(): void {
    const next = this.queue.shift();
    if (!next) return;
    this.queue.steers = [];
    this.emitQueue();
    this.startTurn(next.text, { clientMessageId: next.clientMessageId, queuedId: next.id, source: "queue" });
  }
}

export function createDemoRuntime(options: DemoRuntimeOptions = {}): DemoRuntime {
  const scenario =
    typeof options.scenario === "object" ? options.scenario : findScenario(options.scenario ?? "team");
  const sessionId = options.sessionId ?? "sess_demo";
  const threadId = options.threadId ?? "thread_main";
  const engine = new DemoEngine(
    scenario,
    sessionId,
    threadId,
    options.runtimeId ?? "demo_runtime",
    options.seed ?? 7,
    options.clock ? options.clock() : DEMO_EPOCH,
  );
  engine.keepLog = options.keepLog ?? true;
  const pace = Math.max(0, options.pace ?? 1);
  const timers: DemoTimers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let started = false;
  let timer: unknown;
  let armedFor: number | undefined;

  // The driver: sleeps in real time until the next logical due time, scaled by pace.
  const kick = () => {
    if (options.manual || engine.stopped) return;
    const due = engine.runner.nextDueAt;
    if (due === undefined || (armedFor !== undefined && armedFor <= due)) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    armedFor = due;
    timer = timers.setTimeout(
      () => {
        timer = undefined;
        armedFor = undefined;
        if (engine.stopped) return;
        engine.runner.runUntil(due);
        kick();
      },
      Math.max(0, (due - engine.runner.time) * pace),
    );
  };

  return {
    scenario,
    sessionId,
    threadId,
    start() {
      if (started || engine.stopped) return;
      started = true;
      engine.startTurn(scenario.openingPrompt, { source: "scenario" });
      kick();
    },
    command(command) {
      const result = handleCommand(engine, command);
      kick();
      return result;
    },
    subscribe(listener) {
      engine.listeners.add(listener);
      return () => engine.listeners.delete(listener);
    },
    events: () => engine.log.slice(),
    get time() {
      return engine.runner.time;
    },
    advance(ms) {
      engine.runner.runUntil(engine.runner.time + ms);
      kick();
    },
    runUntilIdle() {
      engine.runner.runUntilIdle();
      kick();
    },
    get activeTurnId() {
      return engine.active?.scope.turnId;
    },
    waitingFor() {
      const gates: string[] = [];
      for (const [actionId, action] of engine.facts.actions)
        if (action.state === "pending") gates.push(actionId);
      for (const taskId of engine.retryGates.keys()) gates.push(`retry:${taskId}`);
      return gates;
    },
    stop() {
      engine.stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      engine.listeners.clear();
    },
  };
}
