// The demo runtime as a gateway `RuntimeSource` (kind `demo`, the default source of `npm start`). It
// hands its Lime profile events to the sink in the `lime` format, so they go through the real lime adapter
// and projection like any upstream runtime's would. After a gateway restart it resumes the session from
// the stored facts (`resume`): see resume-plan.ts and recovery.ts.
import type { ControlCommand, RuntimeEvent, WriteResult } from "@agent-ui/contracts";
import {
  type RuntimeSource,
  type RuntimeSourceContext,
  type RuntimeSourceFactory,
  type RuntimeSourceInit,
  SourceConfigError,
  unavailableResult,
} from "@agent-ui/contracts";
import { type DemoResumePlan, planDemoResume } from "./resume-plan";
import { createDemoRuntime, type DemoRuntime, type DemoTimers } from "./runtime";
import { DEMO_SCENARIO_NAMES, findScenario, UnknownScenarioError } from "./scenarios";

/** The adapter format the demo speaks. */
export const DEMO_FORMAT = "lime";
const MAX_PACE = 20;

export interface DemoSourceSettings {
  scenario: string;
  pace: number;
  seed: number;
  /** Start the scenario's opening turn as soon as the session starts (default true). */
  autoStart: boolean;
}

/** Reads and checks the untrusted session config (→ 400 on a bad value, never a crash). */
export function readDemoSettings(init: RuntimeSourceInit): DemoSourceSettings {
  const { config } = init;
  const scenario = init.scenario ?? config.scenario ?? "team";
  if (typeof scenario !== "string") throw new SourceConfigError("config.scenario must be a string");
  try {
    findScenario(scenario);
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw new SourceConfigError(error.message, "unknown_scenario");
    throw error;
  }
  const pace = config.pace ?? config.speed ?? 1;
  if (typeof pace !== "number" || !Number.isFinite(pace) || pace < 0 || pace > MAX_PACE)
    throw new SourceConfigError(`config.pace must be a number from 0 to ${MAX_PACE}`);
  const seed = config.seed ?? 7;
  if (typeof seed !== "number" || !Number.isInteger(seed))
    throw new SourceConfigError("config.seed must be an integer");
  const autoStart = config.autoStart ?? true;
  if (typeof autoStart !== "boolean") throw new SourceConfigError("config.autoStart must be a boolean");
  return { scenario, pace, seed, autoStart };
}

export class DemoSource implements RuntimeSource {
  readonly kind = "demo";
  private runtime: DemoRuntime | undefined;
  private batch: RuntimeEvent[] = [];
  private delivery: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly settings: DemoSourceSettings,
    private readonly timers?: DemoTimers,
    /** Set when re-attaching after a gateway restart (see `demoSource.resume`). */
    private readonly resume?: DemoResumePlan,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    if (this.runtime || this.stopped) return;
    const runtime = createDemoRuntime({
      scenario: this.settings.scenario,
      sessionId: context.sessionId,
      seed: this.settings.seed,
      pace: this.settings.pace,
      clock: Date.now,
      timers: this.timers,
      // Events stream to the sink (and the gateway's store); the runtime keeps no second copy.
      keepLog: false,
      resume: this.resume,
    });
    this.runtime = runtime;
    // Events of one tick go to the sink as one batch; batches are delivered strictly in order.
    runtime.subscribe((event) => {
      if (this.batch.length === 0) queueMicrotask(() => this.flush(context));
      this.batch.push(event);
    });
    context.signal.addEventListener("abort", () => void this.stop(), { once: true });
    if (this.resume) {
      // Recovery facts first, stored before the gateway reports the session live with the resume reason;
      // no opening turn: the resumed runtime waits for the next write.
      runtime.start();
      await this.settled();
      return;
    }
    await context.sink.status("live", `demo scenario "${runtime.scenario.name}": ${runtime.scenario.title}`);
    if (this.settings.autoStart) runtime.start();
  }

  private flush(context: RuntimeSourceContext): void {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    this.delivery = this.delivery
      .then(() => context.sink.records(batch, DEMO_FORMAT))
      .catch(async (error: unknown) => {
        await context.sink
          .status("failed", `demo delivery failed: ${(error as Error).message}`)
          .catch(() => {});
      });
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    if (!this.runtime) return unavailableResult(command, "The demo runtime has not started.");
    return this.runtime.command(command);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.runtime?.stop();
    await this.delivery;
  }

  /** Resolves once every event emitted so far has been handed to the sink (tests, graceful stop). */
  async settled(): Promise<void> {
    await Promise.resolve();
    await this.delivery;
  }
}

export const demoSource: RuntimeSourceFactory = {
  kind: "demo",
  description: "Embedded deterministic Lime AgentRuntime demo (scenarios, approvals, queue/steer, team).",
  scenarios: DEMO_SCENARIO_NAMES,
  messageControls: { regenerate: true, editAndResend: true },
  create: (init) => new DemoSource(readDemoSettings(init)),
  // A fresh runtime continues the session from the stored facts (numbering, queue, detail refs); the run
  // that was in flight is not continued and everything it left open is closed honestly (recovery.ts).
  resume(init) {
    const plan = planDemoResume(init.state);
    return { source: new DemoSource(readDemoSettings(init), undefined, plan), reason: plan.reason };
  },
};
