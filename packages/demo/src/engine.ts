// The demo runtime's state and the services turn scripts use: event emission (with open-fact and read
// model tracking), turn lifecycle, the queue and steers, retry gates, worker registry and fault handling.
// Pure and synchronous: time only moves when the driver (runtime.ts) runs the process runner.
import type { RuntimeEvent, WriteResult } from "@agent-ui/contracts";
import { closeOpenFacts, inWorkerScope } from "./close-facts";
import { type AppliedSteer, PACING, TurnContext, type TurnHost, type TurnScope } from "./context";
import { OpenFacts } from "./open-facts";
import { type DemoProcess, ProcessRunner, type Script, sleep } from "./process";
import { TurnQueue } from "./queue";
import { ReadModel } from "./read-model";
import type { InheritedIds } from "./resume-plan";
import { TeamRegistry } from "./team-registry";
import type { DemoScenario } from "./scenarios/types";
import { type EventFields, EventWriter } from "./writer";

export interface ActiveTurn {
  scope: TurnScope;
  process: DemoProcess;
  finishing: boolean;
  interruptRequested?: boolean;
}

/** Internal state shared with the command handlers. */
/** Turns whose input a regenerate can still run again. */
const MAX_REMEMBERED_TURNS = 200;

export class DemoEngine implements TurnHost {
  readonly runner: ProcessRunner;
  readonly writer: EventWriter;
  readonly facts = new OpenFacts();
  readonly readModel = new ReadModel();
  readonly team = new TeamRegistry();
  readonly queue = new TurnQueue();
  readonly results = new Map<string, WriteResult>();
  readonly retryGates = new Map<string, string>();
  /** The input of each recent turn, so a regenerate can run it again (bounded: the newest turns). */
  readonly turnInputs = new Map<string, string>();
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
    /** Resuming after a restart: the highest sequence the store holds (see resume-plan.ts). */
    startSequence = 0,
  ) {
    this.runner = new ProcessRunner((id, reason) => this.onFault(id, reason));
    this.writer = new EventWriter({
      runtimeId,
      sessionId,
      startTime,
      time: () => this.runner.time,
      startSequence,
    });
  }

  /** Ids the previous runtime process of this session knew (set when resuming after a restart): a write
   * naming one is answered with why it cannot apply any more, not as an unknown id. */
  inherited: InheritedIds | undefined;

  /** Resuming after a restart: the next turn is `turnNo + 1`, so no turn, run, message, tool or action id
   * the store already holds is minted again. */
  continueTurnsAfter(turnNo: number): void {
    this.turnNo = Math.max(this.turnNo, turnNo);
  }

  now(): string {
    return this.writer.timestamp();
  }

  emit(type: string, fields: EventFields, payload: Record<string, unknown>): RuntimeEvent {
    const event = this.writer.write(type, fields, payload);
    this.facts.observe(event);
    this.readModel.observe(event);
    this.team.observe(event);
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

  /** A script failed: say so as a runtime fact and close what it left open, so nothing runs forever. */
  private onFault(processId: string, reason: string): void {
    const worker = [...this.workers.values()].find((w) => w.process.id === processId);
    const turn = this.active?.scope.turnId === processId ? this.active.scope : undefined;
    this.emit(
      "runtime.error",
      { threadId: this.threadId },
      { code: "demo_script_failed", message: reason, terminal: turn !== undefined },
    );
    if (worker) closeOpenFacts(this, inWorkerScope(worker.fields), reason);
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

  /** Spawns a worker process, registered under its task and agent ids so `stop` can find it. */
  spawn(id: string, script: Script, parent: DemoProcess, fields: EventFields): DemoProcess {
    return this.register(this.runner.spawn(id, script, undefined, parent), fields);
  }

  /** Teammate work a write started (delegate, continue_agent, assign, request_review): it belongs to no
   * turn, so an interrupt of the running turn leaves it alone; `stop` and `close` still find it. */
  spawnTeamWork(id: string, script: Script, fields: EventFields): DemoProcess {
    return this.register(this.runner.spawn(id, script), fields);
  }

  private register(process: DemoProcess, fields: EventFields): DemoProcess {
    for (const key of ["taskId", "subagentId"] as const) {
      const scopeId = fields[key];
      if (typeof scopeId === "string") this.workers.set(scopeId, { process, fields });
    }
    return process;
  }

  /** The live process of a teammate (running, sleeping or waiting), if it has one. */
  activeWork(agentId: string): DemoProcess | undefined {
    const process = this.workers.get(agentId)?.process;
    return process && process.state !== "done" && process.state !== "cancelled" ? process : undefined;
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
    origin: { clientMessageId?: string; queuedId?: string; contextRefs?: string[]; source: string },
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
    this.turnInputs.set(scope.turnId, input);
    if (this.turnInputs.size > MAX_REMEMBERED_TURNS)
      this.turnInputs.delete(this.turnInputs.keys().next().value as string);
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
          ...(origin.contextRefs?.length ? { contextRefs: origin.contextRefs } : {}),
        },
        { status: "accepted" },
      );
      // A turn taken from the queue leaves the queue snapshot in the same tick as its `turn.submitted`, so
      // both are delivered (and stored) together: a crash between them can neither lose it nor run it twice.
      if (origin.queuedId) engine.emitQueue();
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
    this.startTurn(next.text, {
      clientMessageId: next.clientMessageId,
      queuedId: next.id,
      contextRefs: next.contextRefs,
      source: "queue",
    });
  }
}
