// End to end: the Codex captures → framing → auto-detected adapter → projection, asserting the
// peers/README.md rows: reasoning, messages, command and file change tools, usage, completed turn.
import { describe, expect, it } from "vitest";
import { adaptStream, assistantTexts, errorDiagnostics, project } from "./peers-support";

describe("peers: codex exec-patch-plan", () => {
  // Read inside each test, so each test is the one that reads the capture.
  const read = () => {
    const { events, detected } = adaptStream("codex-sdk.exec-patch-plan.threadevents.jsonl");
    return { detected, state: project(events) };
  };

  it("ENV-01 auto-detection picks codex", () => {
    expect(read().detected).toBe("codex");
  });

  it("TEXT-06 reasoning is process, the two agent messages are the answers, each once", () => {
    const { state } = read();
    expect(assistantTexts(state)).toEqual([
      ["item_1", undefined, "Running a command."],
      ["item_4", undefined, "Command printed hello-from-codex-mock."],
    ]);
    const reasoning = state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "reasoning_summary");
    expect(reasoning.map((p) => p.text)).toEqual(["**Plan** run echo then report."]);
  });

  it("TOOL-01 the command completes with exit 0 and its output", () => {
    const { state } = read();
    expect(state.tools.item_2).toMatchObject({
      kind: "command",
      status: "output-available",
      outputPreview: "hello-from-codex-mock\n",
    });
    expect(state.tools.item_2.inputSummary).toContain("/bin/bash -lc 'echo hello-from-codex-mock'");
  });

  it("TOOL-09 the file change completes and links a file artifact (paths only, no diff)", () => {
    const { state } = read();
    expect(state.tools.item_3).toMatchObject({
      status: "output-available",
      artifactIds: ["file:/workspace/demo/hello.txt"],
    });
    expect(state.artifacts["file:/workspace/demo/hello.txt"]).toMatchObject({
      title: "/workspace/demo/hello.txt",
      toolCallId: "item_3",
    });
    expect(state.artifacts["file:/workspace/demo/hello.txt"].diffRef).toBeUndefined();
  });

  it("STAT-08 the turn completes with usage in 20 / out 10 and no plan or approval", () => {
    const { state } = read();
    expect(state.runtime.status).toBe("completed");
    expect(state.metrics).toMatchObject({ "tokens.input": 20, "tokens.output": 10 });
    expect(Object.keys(state.actions)).toEqual([]);
    expect(state.messages.flatMap((m) => m.parts).some((p) => p.kind === "plan")).toBe(false);
    expect(errorDiagnostics(state)).toEqual([]);
  });
});

describe("peers: codex text-only", () => {
  it("TEXT-04 one agent message and a completed turn", () => {
    const { events, detected } = adaptStream("codex-sdk.text-only-default-model.threadevents.jsonl");
    expect(detected).toBe("codex");
    const state = project(events);
    expect(assistantTexts(state)).toEqual([["item_0", undefined, "ok"]]);
    expect(state.runtime.status).toBe("completed");
    expect(state.metrics).toMatchObject({ "tokens.input": 10, "tokens.output": 5 });
  });
});
