// End to end: the LangGraph captures → framing → langgraph adapter → projection, asserting the
// peers/README.md rows: subgraph lineage, streamed text once, tool call waiting on an interrupt, resume.
import { adaptRecords } from "@agent-ui/adapters";
import { beforeEach, describe, expect, it } from "vitest";
import {
  adaptStream,
  assistantTexts,
  bestDetector,
  errorDiagnostics,
  framed,
  project,
} from "./peers-support";

const RUN1 = "langgraph.run1-interrupt.stream-chunks.jsonl";
const RUN2 = "langgraph.run2-resume.stream-chunks.jsonl";
const NS = "research:cff8fa7e-7953-5cec-a549-96f6c977abda";
const INTERRUPT = "c46c3593f491450138ff95da7ba9738b";

describe("peers: langgraph run 1 (interrupt)", () => {
  let { events, detected } = adaptStream(RUN1);
  let state = project(events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ events, detected } = adaptStream(RUN1));
    state = project(events);
  });

  it("ENV-01 auto-detection picks langgraph, and every chunk's best detector is langgraph", () => {
    expect(detected).toBe("langgraph");
    for (const record of [...framed(RUN1), ...framed(RUN2)])
      expect(bestDetector(record.value)).toBe("langgraph");
  });

  it("TEAM-02 the research subgraph is a subagent with known lineage, progress and its own message", () => {
    expect(state.agents[NS]).toMatchObject({
      name: "research",
      status: "completed",
      lineage: "known",
      runtimeEntity: "subagent_turn",
      transcript: ["sub-1"],
    });
    expect(state.tasks[NS].progress).toEqual({ message: "searching", ratio: 0.5 });
    expect(assistantTexts(state)).toEqual([
      ["sub-1", NS, "Found 1 file."],
      ["run-01a2149e-616b-7618-b48d-89999edd91df", undefined, "Let me delete it."],
    ]);
  });

  it("HITL-01 call_rm has its input, no result, and waits on the pending interrupt", () => {
    expect(state.actions[INTERRUPT]).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolCallId: "call_rm",
    });
    expect(state.tools.call_rm).toMatchObject({ name: "delete_file", actionId: INTERRUPT });
    // The run ended interrupted for the approval: the gated tool stays approval-requested, no result.
    expect(state.tools.call_rm.status).toBe("approval-requested");
    expect(state.tools.call_rm.inputSummary).toContain("/workspace/demo/x");
  });

  it("HITL-03 the run is interrupted, not complete", () => {
    expect(state.runtime.status).toBe("interrupted");
    expect(state.messages.filter((m) => m.role === "user").map((m) => m.parts[0].text)).toEqual([
      "delete /workspace/demo/x",
    ]);
    expect(errorDiagnostics(state)).toEqual([]);
  });
});

describe("peers: langgraph run 2 resume on the same thread adapter", () => {
  // One adapter per thread: it remembers run 1's pending interrupt, so run 2 (the resume) resolves it.
  const records = [...framed(RUN1), ...framed(RUN2)].map((r, index) => ({ ...r, index }));
  let all = project(adaptRecords(records, "langgraph").events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    all = project(adaptRecords(records, "langgraph").events);
  });

  it("HITL-03 the interrupt is resolved and call_rm ends output-available", () => {
    expect(all.actions[INTERRUPT].status).toBe("resolved");
    expect(all.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: "deleted /workspace/demo/x",
    });
  });

  it("TEXT-04 Deleted. (8 chunks) shows once, and restated history is not duplicated", () => {
    expect(assistantTexts(all).map(([, , text]) => text)).toEqual([
      "Found 1 file.",
      "Let me delete it.",
      "Deleted.",
    ]);
    // STAT-08 FALL-01: this capture has neither `checkpoints` mode nor an `end` event, so nothing in it
    // says the graph finished after "Deleted.": the outcome is unknown (never an invented completed).
    expect(all.runtime.status).toBe("unknown");
    expect(Object.values(all.actions).filter((a) => a.status === "pending")).toEqual([]);
  });
});

describe("peers: langgraph state after the interrupt", () => {
  it("HYD-01 getState() restores the same pending interrupt run 1 raised (deduped when both are projected)", () => {
    const run1 = adaptStream(RUN1, "langgraph", { streamId: "run-1" });
    const snapshot = adaptStream("langgraph.state-after-interrupt.json", "auto", { streamId: "state" });
    expect(snapshot.detected).toBe("langgraph");
    const alone = project(snapshot.events);
    expect(alone.actions[INTERRUPT]).toMatchObject({ status: "pending", toolCallId: "call_rm" });
    const both = project([...run1.events, ...snapshot.events]);
    expect(Object.keys(both.actions)).toEqual([INTERRUPT]);
    expect(both.cursor.gaps).toEqual([]);
  });
});
