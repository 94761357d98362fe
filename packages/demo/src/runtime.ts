// The embedded demo runtime: a deterministic Lime AgentRuntime that plays scripted scenarios as real
// profile events (`lime-profile-0.4.0`) and honours controlled writes. Same seed + same writes at the
// same logical times → the same events, byte for byte. Logical time drives timestamps; `pace` only says
// how fast logical time passes in real time (1 = realistic, 0 = as fast as possible), and `manual: true`
// hands the clock to the caller (tests).
import type { ControlCommand, RuntimeEvent, WriteResult } from "@agent-ui/contracts";
import { handleCommand } from "./commands";
import { DemoEngine } from "./engine";
import { emitRecoveryFacts, prepareResume } from "./recovery";
import type { DemoResumePlan } from "./resume-plan";
import { findScenario } from "./scenarios";
import type { DemoScenario } from "./scenarios/types";

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
  /** Re-attach to a session whose runtime died with the previous gateway process (resume-plan.ts):
   * numbering continues after what the store holds, and `start()` emits the recovery facts instead of
   * the opening turn. */
  resume?: DemoResumePlan;
}

export interface DemoRuntime {
  readonly scenario: DemoScenario;
  readonly sessionId: string;
  readonly threadId: string;
  /** Begins the scenario's opening turn, or — when resuming — emits the recovery facts (idempotent). */
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
    options.resume?.point.sequence,
  );
  if (options.resume) prepareResume(engine, options.resume);
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
      if (options.resume) emitRecoveryFacts(engine, options.resume);
      else engine.startTurn(scenario.openingPrompt, { source: "scenario" });
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
