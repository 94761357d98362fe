import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

const started: AgentUiEvent = {
  eventId: "s",
  type: "tool.started",
  toolCallId: "c1",
  payload: { name: "read" },
};
const result = (payload: Record<string, unknown>): AgentUiEvent => ({
  eventId: "r",
  type: "tool.result",
  toolCallId: "c1",
  payload,
});

describe("what a tool row shows of its result (TOOL-13, TOOL-03, TOOL-05)", () => {
  it.each([
    [{ isError: true }, "output-error", "tool reported an error"],
    [{ isError: true, error: "denied by host" }, "output-error", "denied by host"],
    [{ success: false }, "output-error", "tool reported an error"],
    [{ success: false, error: "nope" }, "output-error", "nope"],
    [{ status: "error" }, "output-error", "error"],
    [{ status: "failed" }, "output-error", "failed"],
    [{ status: "failed", error: "exit 2" }, "output-error", "exit 2"],
    [{ error: "plain" }, "output-error", "plain"],
    [{ error: { code: 5, reason: "quota" } }, "output-error", '{"code":5,"reason":"quota"}'],
    [{ error: false, output: "ok" }, "output-available", undefined],
    [{ error: null, output: "ok" }, "output-available", undefined],
    [{ isError: false, success: true, status: "completed", output: "ok" }, "output-available", undefined],
  ])("TOOL-13 a result %j is %s", (payload, status, message) => {
    const state = projectEvents([started, result(payload)]);
    expect(state.tools.c1.status).toBe(status);
    expect(state.tools.c1.error?.message).toBe(message);
    expect(state.diagnostics.filter((d) => d.code === "tool_result_error").map((d) => d.message)).toEqual(
      message === undefined ? [] : ["tool.result for c1 carries an error"],
    );
  });

  it("TOOL-05 an output inline past the preview limit without a ref is reported with its size", () => {
    const projector = createProjector({ previewBytes: 8 });
    projector.applyAll([started, result({ output: "0123456789abcdef" })]);
    const state = projector.getState();
    expect(state.tools.c1).toMatchObject({ outputPreview: "01234567", outputBytes: 16 });
    expect(state.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }))).toEqual([
      {
        code: "large_payload_inline",
        severity: "info",
        message: "tool c1 output inline (16 bytes); preview kept",
      },
    ]);
  });

  it("TOOL-05 an output that fits the preview, or has a ref, is not reported", () => {
    const projector = createProjector({ previewBytes: 8 });
    projector.applyAll([started, result({ output: "01234567" })]);
    expect(projector.getState().diagnostics).toEqual([]);
    const withRef = createProjector({ previewBytes: 8 });
    withRef.applyAll([started, result({ output: "0123456789abcdef", outputRef: "blob://out" })]);
    expect(withRef.getState().diagnostics).toEqual([]);
    expect(withRef.getState().tools.c1.outputRef).toBe("blob://out");
  });

  it("TOOL-05 an output's size is its UTF-8 bytes, and its preview never splits a character", () => {
    const projector = createProjector({ previewBytes: 3 });
    projector.applyAll([started, result({ output: "ab\u{1F600}é€" })]);
    const tool = projector.getState().tools.c1;
    // a, b: 1 byte each; the emoji 4; é 2; € 3.
    expect(tool.outputBytes).toBe(11);
    expect(tool.outputPreview).toBe("ab");
    expect(tool.outputText).toBe("ab\u{1F600}é€");
  });

  it("TOOL-03 a number or a list output is shown as JSON; an input summary too", () => {
    const state = projectEvents([
      { ...started, payload: { name: "calc", input: [1, "two"] } },
      result({ output: 42 }),
    ]);
    expect(state.tools.c1).toMatchObject({
      inputSummary: '[1,"two"]',
      outputPreview: "42",
      outputText: "42",
      outputBytes: 2,
    });
  });
});
