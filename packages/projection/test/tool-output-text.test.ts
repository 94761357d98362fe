// A tool result's whole output is kept (outputText) when the event carries it, so a result rebuilt from
// the projection (after a restart) is the result the agent saw, not the source's display preview
// (TOOL-03/05). The preview stays the source's preview; large outputs are preview, size and ref only.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

const started: AgentUiEvent = {
  eventId: "s",
  type: "tool.started",
  toolCallId: "c1",
  payload: { name: "read" },
};
const result = (payload: Record<string, unknown>, eventId = "r"): AgentUiEvent => ({
  eventId,
  type: "tool.result",
  toolCallId: "c1",
  payload,
});

describe("tool output kept whole (TOOL-03/05)", () => {
  it("TOOL-05 the whole output is kept beside the source's cut preview, with its size and result message id", () => {
    const output = "a".repeat(900);
    const state = projectEvents([
      started,
      result({ output, outputPreview: `${"a".repeat(200)}…`, outputBytes: 900, resultMessageId: "tm-1" }),
    ]);
    expect(state.tools.c1).toMatchObject({
      outputPreview: `${"a".repeat(200)}…`,
      outputText: output,
      outputBytes: 900,
      resultMessageId: "tm-1",
    });
  });

  it("TOOL-03 a structured output is kept as its JSON text; its size is counted when the source gave none", () => {
    const state = projectEvents([started, result({ output: { rows: [1, 2], ok: true } })]);
    expect(state.tools.c1).toMatchObject({ outputText: '{"rows":[1,2],"ok":true}', outputBytes: 24 });
  });

  it("TOOL-03 an output over outputTextBytes keeps only its preview and size", () => {
    const projector = createProjector({ outputTextBytes: 100, previewBytes: 50 });
    projector.applyAll([started, result({ output: "é".repeat(80) })]);
    const tool = projector.getState().tools.c1;
    expect(tool.outputText).toBeUndefined();
    expect(tool.outputBytes).toBe(160);
    expect(tool.outputPreview).toBe("é".repeat(50));
  });

  it("TOOL-03 SEC-01 a secret in an output is redacted in the kept text", () => {
    const state = projectEvents([started, result({ output: { apiKey: "sk-live-0123456789abcdef", n: 1 } })]);
    expect(state.tools.c1.outputText).not.toContain("sk-live-0123456789abcdef");
  });

  it("TOOL-03 an offloaded output is its ref, preview and size — never its stub rendered as text", () => {
    const stub = { ref: "ref:/payload/output", preview: "first lines…", bytes: 40_000, offloaded: true };
    const state = projectEvents([started, result({ output: stub })]);
    expect(state.tools.c1).toMatchObject({
      outputRef: "ref:/payload/output",
      outputPreview: "first lines…",
      outputBytes: 40_000,
    });
    expect(state.tools.c1.outputText).toBeUndefined();
  });

  it("TOOL-07 a retry drops the earlier attempt's output text; a result with only a preview states none", () => {
    const state = projectEvents([
      started,
      result({ output: "first" }),
      { ...started, eventId: "s2" },
      result({ outputPreview: "second (preview)" }, "r2"),
    ]);
    expect(state.tools.c1.attempts).toHaveLength(2);
    expect(state.tools.c1.outputPreview).toBe("second (preview)");
    expect(state.tools.c1.outputText).toBeUndefined();
  });
});
