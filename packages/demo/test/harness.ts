// Helpers to drive the demo runtime by hand in tests: fill in the
// envelope of a write, answer whatever the runtime is waiting for, and run Lime events through the real
// lime adapter.
import type {
  AgentUiEvent,
  ControlCommand,
  ProjectionState,
  RuntimeEvent,
  WriteResult,
} from "@agent-ui/contracts";
import { findAdapter } from "@agent-ui/adapters";
import { projectEvents } from "@agent-ui/projection";
import { createDemoRuntime, type DemoRuntime } from "../src/runtime";

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
export type CommandInput = DistributiveOmit<ControlCommand, "sessionId" | "idempotencyKey"> & {
  idempotencyKey?: string;
};

/** Per-runtime key counters: the same writes on two runtimes get the same keys (determinism). */
const keyCounters = new WeakMap<DemoRuntime, number>();

/** Sends a write with the runtime's session id and a fresh idempotency key unless one is given. */
export function write(runtime: DemoRuntime, command: CommandInput): WriteResult {
  const n = (keyCounters.get(runtime) ?? 0) + 1;
  keyCounters.set(runtime, n);
  const idempotencyKey = command.idempotencyKey ?? `key_${n}`;
  return runtime.command({ ...command, sessionId: runtime.sessionId, idempotencyKey } as ControlCommand);
}

/** A manual (instant) runtime for a scenario, started and run until it waits on the user or ends. */
export function playManual(scenario: string, seed?: number): DemoRuntime {
  const runtime = createDemoRuntime({ scenario, seed, manual: true });
  runtime.start();
  runtime.runUntilIdle();
  return runtime;
}

/** Approves (or rejects) every pending action and retries every retry gate, until nothing waits. */
export function answerEverything(runtime: DemoRuntime, decision: "approve" | "reject" = "approve"): void {
  for (let round = 0; round < 20 && runtime.waitingFor().length > 0; round++) {
    for (const gate of runtime.waitingFor()) {
      if (gate.startsWith("retry:")) write(runtime, { kind: "retry", taskId: gate.slice("retry:".length) });
      else write(runtime, { kind: "respond_action", actionId: gate, decision });
    }
    runtime.runUntilIdle();
  }
}

/** Runs runtime events through a fresh lime adapter, as the gateway does. */
export function adaptLime(events: readonly RuntimeEvent[], sessionId = "sess_demo"): AgentUiEvent[] {
  const module = findAdapter("lime");
  if (!module) throw new Error("the lime adapter is not registered");
  const adapter = module.create({ sessionId });
  const out: AgentUiEvent[] = [];
  events.forEach((event, index) => {
    out.push(...adapter.push(event, index));
  });
  out.push(...adapter.finish());
  return out;
}

/** Lime events → lime adapter → projection: the state a client of the gateway would render. */
export function projectLime(events: readonly RuntimeEvent[], sessionId = "sess_demo"): ProjectionState {
  return projectEvents(adaptLime(events, sessionId));
}
