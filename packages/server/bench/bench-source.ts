// A runtime source whose only job is to hand the benchmark the gateway's ingest sink: the producer then
// appends envelope events through exactly the path every real source uses (sink → ingest → redact →
// group-commit append → live feed → SSE), so the numbers measure the gateway, not a shortcut around it.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { type RuntimeSink, type RuntimeSource, type RuntimeSourceFactory, unavailableResult } from "../src";

export const BENCH_SOURCE_KIND = "bench";

/** The factory plus a way to await the sink of a session it created. */
export interface BenchSourceFactory extends RuntimeSourceFactory {
  sinkOf(sessionId: string): Promise<RuntimeSink>;
}

export function benchSourceFactory(): BenchSourceFactory {
  const waiting = new Map<string, { promise: Promise<RuntimeSink>; resolve(sink: RuntimeSink): void }>();
  const slot = (sessionId: string) => {
    let entry = waiting.get(sessionId);
    if (!entry) {
      let resolve!: (sink: RuntimeSink) => void;
      const promise = new Promise<RuntimeSink>((r) => {
        resolve = r;
      });
      entry = { promise, resolve };
      waiting.set(sessionId, entry);
    }
    return entry;
  };
  return {
    kind: BENCH_SOURCE_KIND,
    description: "benchmark producer (events are appended by the bench harness)",
    create({ sessionId }): RuntimeSource {
      return {
        kind: BENCH_SOURCE_KIND,
        async start({ sink }) {
          await sink.status("live");
          slot(sessionId).resolve(sink);
        },
        async command(command: ControlCommand): Promise<WriteResult> {
          return unavailableResult(command, "the benchmark source accepts no writes");
        },
        async stop() {},
      };
    },
    sinkOf: (sessionId) => slot(sessionId).promise,
  };
}
