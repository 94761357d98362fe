import { describe, expect, it } from "vitest";
import { createDemoRuntime } from "../src";
import { playManual, projectLime } from "./harness";

describe("CTX-05 context compaction in the solo run", () => {
  const runtime = playManual("solo");
  const events = runtime.events();
  const state = projectLime(events);

  it("CTX-05 the runtime's compaction facts become one boundary part and a timeline entry", () => {
    const types = events.map((e) => e.type);
    expect(types.indexOf("context.compaction.started")).toBeLessThan(
      types.indexOf("context.compaction.completed"),
    );
    const compaction = state.context.compactions;
    expect(compaction).toEqual([
      expect.objectContaining({
        id: "compaction_001_context",
        status: "completed",
        tokensBefore: 181_300,
        tokensAfter: 24_800,
      }),
    ]);
    const parts = state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "context_event");
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ status: "done", data: { boundary: "compaction", status: "completed" } });
    expect(state.timeline.some((entry) => entry.id === "context:compaction_001_context")).toBe(true);
  });

  it("CTX-05 compaction is not replayed reasoning or text: one reasoning part, one answer", () => {
    const parts = state.messages.flatMap((m) => m.parts);
    expect(parts.filter((p) => p.kind === "reasoning_summary")).toHaveLength(1);
    expect(parts.filter((p) => p.kind === "assistant_text")).toHaveLength(1);
    expect(state.context.budget).toMatchObject({ used: 24_800, limit: 200_000 });
  });

  it("CTX-05 while the runtime compacts, the boundary shows as in progress", () => {
    const live = createDemoRuntime({ scenario: "solo", manual: true });
    live.start();
    for (let t = 0; t < 20_000 && !live.events().some((e) => e.type === "context.compaction.started"); t += 5)
      live.advance(5);
    const during = projectLime(live.events());
    expect(during.context.compactions[0]?.status).toBe("started");
    const part = during.messages.flatMap((m) => m.parts).find((p) => p.kind === "context_event");
    expect(part).toMatchObject({ status: "streaming", title: "Compacting context" });
  });

  it("TOOL-03 the test log is a large output sent beside its ref, the row keeps only a preview", () => {
    const result = events.find((e) => e.type === "tool.result" && e.toolCallId === "call_001_run_tests_2");
    expect(result?.outputRef).toBe("output://turn_001/run_tests.log");
    expect(String(result?.payload?.output).length).toBeGreaterThan(16_384);
    const tool = state.tools.call_001_run_tests_2;
    expect(tool).toMatchObject({
      outputRef: "output://turn_001/run_tests.log",
      outputPreview: "768 passed (8 files)",
    });
  });
});
