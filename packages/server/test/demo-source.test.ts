import type { Diagnostic, ProjectionState, RuntimeEvent } from "@agent-ui/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_SCENARIO_NAMES, DemoSource, demoSource, readDemoSettings } from "../src/demo";
import type { RuntimeSink, SourceStatus } from "../src/sources/runtime-source";
import { SourceConfigError } from "../src/sources/runtime-source";
import type { RunningServer } from "../src";
import { startTestServer, waitFor } from "./helpers";

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
    await waitFor(() => sink.records_.some((r) => r.record.type === "action.required"));
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
    await waitFor(() => sink.records_.some((r) => r.record.type === "turn.completed"));
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

describe("demo through the real gateway", () => {
  let server: (RunningServer & { dataDir: string }) | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("AS-03 approval round trip: pending in the stored projection, resolved only after respond_action", async () => {
    server = await startTestServer();
    const { gateway } = server;
    const session = await gateway.createSession({
      source: "demo",
      scenario: "approval",
      config: { pace: 0 },
    });
    const state = async (): Promise<ProjectionState> => (await gateway.currentProjection(session.id)).state;
    const pending = await waitFor(async () => {
      const s = await state();
      return Object.values(s.actions).find((a) => a.status === "pending");
    });
    expect(pending).toMatchObject({ toolName: "write_file", type: "tool_approval" });
    const command = {
      kind: "respond_action" as const,
      actionId: pending.actionId,
      decision: "reject" as const,
      sessionId: session.id,
      idempotencyKey: "gw-1",
    };
    expect(await gateway.command(command)).toMatchObject({ status: "accepted" });
    expect(await gateway.command(command)).toMatchObject({ status: "accepted", duplicate: true });
    const done = await waitFor(async () => {
      const s = await state();
      return s.runtime.status === "completed" ? s : undefined;
    });
    expect(done.actions[pending.actionId]).toMatchObject({ status: "resolved" });
    expect(done.tools[String(pending.toolCallId)].status).toBe("output-error");
    expect(Object.values(done.actions)).toHaveLength(1);
  });
});
