// End to end: the Claude Agent SDK capture → framing → auto-detected adapter → projection, asserting the
// peers/README.md row: text shown once (deltas + per-block snapshot), Bash tool output-available, success.
import { beforeEach, describe, expect, it } from "vitest";
import { adaptStream, assistantTexts, errorDiagnostics, project } from "./peers-support";

describe("peers: claude-agent-sdk bash-tool run", () => {
  let { events, detected } = adaptStream("claude-agent-sdk.bash-tool.sdkmessages.jsonl");
  let state = project(events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ events, detected } = adaptStream("claude-agent-sdk.bash-tool.sdkmessages.jsonl"));
    state = project(events);
  });

  it("ENV-01 auto-detection picks claude-agent-sdk", () => {
    expect(detected).toBe("claude-agent-sdk");
  });

  it("TEXT-04 each assistant text is shown exactly once", () => {
    expect(assistantTexts(state)).toEqual([
      ["msg_mock_1", undefined, "I will run a command."],
      ["msg_mock_2", undefined, "The command printed hello-from-mock."],
    ]);
    expect(state.messages.flatMap((m) => m.parts).some((p) => p.reconciled === true)).toBe(false);
  });

  it("TOOL-01 Bash toolu_mock_1 ends output-available with its output and safe input", () => {
    expect(state.tools.toolu_mock_1).toMatchObject({
      name: "Bash",
      status: "output-available",
      outputPreview: "hello-from-mock",
      messageId: "msg_mock_1",
    });
    expect(state.tools.toolu_mock_1.inputSummary).toContain("echo hello-from-mock");
  });

  it("HITL-01 no approval was ever pending; the auto-accept is a permission decision", () => {
    expect(Object.keys(state.actions)).toEqual([]);
    expect(state.permissions.decisions.map((d) => d.decision)).toEqual(["accept"]);
  });

  it("STAT-08 the session result finishes the run with usage metrics", () => {
    expect(state.runtime.status).toBe("completed");
    expect(state.runtime.model.selected).toBe("claude-sonnet-4-5");
    expect(state.metrics).toMatchObject({ "tokens.input": 20, "tokens.output": 40, "run.turns": 2 });
    expect(errorDiagnostics(state)).toEqual([]);
  });
});
