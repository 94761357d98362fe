import type { Diagnostic, RuntimeEvent } from "@agent-ui/contracts";
import { describe, expect, it, vi } from "vitest";
import { type RuntimeSink, SourceConfigError, type SourceStatus } from "@agent-ui/contracts";
import { DEMO_SCENARIO_NAMES, DemoSource, demoSource, readDemoSettings } from "../src";

class MemorySink implements RuntimeSink {
  readonly records_: { format: string; record: RuntimeEvent }[] = [];
  readonly statuses: [SourceStatus, string | undefined][] = [];
  async records(records: readonly unknown[], format: string): Promise<void> {
    for (const record of records) this.records_.push({ format, record: record as RuntimeEvent });
  }
  async events(): Promise<void> {}
  async diagnostic(_d: Diagnostic): Promise<void> {}
  async status(status: SourceStatus, reason?: string): Promise<void> {
    this.statuses.push([status, reason]);
  }
}

const init = (config: Record<string, unknown>, scenario?: string) => ({ sessionId: "s1", scenario, config });

describe("demo RuntimeSource", () => {
  it("offers its scenarios and reads its config, refusing bad values with a config error", () => {
    expect(demoSource.kind).toBe("demo");
    expect(demoSource.scenarios).toEqual(DEMO_SCENARIO_NAMES);
    expect(readDemoSettings(init({}))).toEqual({ scenario: "team", pace: 1, seed: 7, autoStart: true });
    expect(readDemoSettings(init({ pace: 0, seed: 3, autoStart: false }, "solo"))).toMatchObject({
      scenario: "solo",
      pace: 0,
      seed: 3,
      autoStart: false,
    });
    for (const config of [{ pace: -1 }, { pace: "fast" }, { pace: 100 }, { seed: 1.5 }, { autoStart: "yes" }])
      expect(() => readDemoSettings(init(config))).toThrow(SourceConfigError);
    expect(() => demoSource.create(init({}, "nope"))).toThrow(/Unknown demo scenario "nope"/);
  });

  it("hands Lime profile records to the sink in order, in the lime format, after a live status", async () => {
    const sink = new MemorySink();
    const source = new DemoSource(readDemoSettings(init({ pace: 0 }, "approval")));
    expect((await source.command({ kind: "interrupt", sessionId: "s1", idempotencyKey: "k0" })).status).toBe(
      "unavailable",
    );
    await source.start({ sessionId: "s1", sink, signal: new AbortController().signal });
    expect(sink.statuses[0][0]).toBe("live");
    await vi.waitFor(
      () => expect(sink.records_.some((r) => r.record.type === "action.required")).toBe(true),
      { timeout: 5000 },
    );
    await source.settled();
    const action = sink.records_.find((r) => r.record.type === "action.required")!.record;
    expect(sink.records_.every((r) => r.format === "lime" && r.record.sessionId === "s1")).toBe(true);
    const result = await source.command({
      kind: "respond_action",
      actionId: action.actionId!,
      decision: "approve",
      sessionId: "s1",
      idempotencyKey: "k1",
    });
    expect(result.status).toBe("accepted");
    await vi.waitFor(() => expect(sink.records_.some((r) => r.record.type === "turn.completed")).toBe(true), {
      timeout: 5000,
    });
    await source.stop();
    const sequences = sink.records_.map((r) => r.record.sequence);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
  });

  it("stops producing when the session's signal aborts", async () => {
    const sink = new MemorySink();
    const abort = new AbortController();
    const source = new DemoSource(readDemoSettings(init({ pace: 1 }, "solo")));
    await source.start({ sessionId: "s1", sink, signal: abort.signal });
    abort.abort();
    await source.settled();
    const count = sink.records_.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sink.records_.length).toBe(count);
  });
});
