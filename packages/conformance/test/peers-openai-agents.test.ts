// End to end: the OpenAI Agents SDK captures → framing → auto-detected adapter → projection, asserting
// the peers/README.md rows: an approval that stays pending when the stream just ends, then the resume.
import { beforeEach, describe, expect, it } from "vitest";
import { adaptStream, assistantTexts, errorDiagnostics, project } from "./peers-support";

const APPROVAL = "openai-agents.approval.runstreamevents.jsonl";
const RESUME = "openai-agents.approval-resume.runstreamevents.jsonl";

describe("peers: openai-agents approval interruption", () => {
  let { events, detected } = adaptStream(APPROVAL);
  let state = project(events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ events, detected } = adaptStream(APPROVAL));
    state = project(events);
  });

  it("ENV-01 auto-detection picks openai-agents", () => {
    expect(detected).toBe("openai-agents");
  });

  it("HITL-01 call_rm waits on a pending tool_approval whose id is the call id", () => {
    expect(Object.values(state.actions)).toHaveLength(1);
    expect(state.actions.call_rm).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolCallId: "call_rm",
      toolName: "delete_file",
    });
    expect(state.tools.call_rm).toMatchObject({ name: "delete_file", actionId: "call_rm" });
    expect(state.tools.call_rm.inputSummary).toContain("/workspace/demo/x");
    // The run ended interrupted for the approval: the gated tool stays approval-requested, no result.
    expect(state.tools.call_rm.status).toBe("approval-requested");
  });

  it("HITL-03 the stream just ends: the run is interrupted, not complete, and shows no text", () => {
    expect(state.runtime.status).toBe("interrupted");
    expect(assistantTexts(state)).toEqual([]);
    expect(errorDiagnostics(state)).toEqual([]);
  });
});

describe("peers: openai-agents resume after approval (two streams, one projection)", () => {
  let first = adaptStream(APPROVAL, "auto", { streamId: "run-1" });
  let resume = adaptStream(RESUME, "auto", { streamId: "run-2" });
  let state = project([...first.events, ...resume.events]);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    first = adaptStream(APPROVAL, "auto", { streamId: "run-1" });
    resume = adaptStream(RESUME, "auto", { streamId: "run-2" });
    state = project([...first.events, ...resume.events]);
  });

  it("HITL-03 the approval is resolved and call_rm ends output-available", () => {
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: "deleted /workspace/demo/x",
    });
  });

  it("TEXT-04 Deleted. is shown once (delta + message_output_created) and the run completes", () => {
    expect(assistantTexts(state)).toEqual([["msg_9", undefined, "Deleted."]]);
    expect(state.runtime.status).toBe("completed");
  });

  it("ORD-02 the re-announced call dedupes without leaving a sequence gap", () => {
    expect(state.cursor.gaps).toEqual([]);
    expect(state.cursor.stale).toBe(false);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
  });
});
