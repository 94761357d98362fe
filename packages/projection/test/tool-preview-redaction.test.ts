// A tool's streamed output preview that exactly fills its limit still takes the next delta into its
// redaction (SEC-02): a credential only recognisable once more of it arrives is redacted, not frozen.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("a preview at its limit waits for the next delta (SEC-02, TOOL-05)", () => {
  it("SEC-02 a Basic credential completed by the delta after the preview filled is redacted", () => {
    const e = stream({ turnId: "t1" });
    const first = "01234567890123456 Basic abcdefgh";
    expect(first).toHaveLength(32);
    const state = projectEvents(
      [
        e("tool.started", { toolCallId: "c1", payload: { name: "curl" } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: first } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: "1 rest" } }),
      ],
      { previewBytes: 32 },
    );
    expect(state.tools.c1.outputPreview).toBe("01234567890123456 [redacted:auth");
    expect(state.tools.c1.outputBytes).toBe(38);
  });
});
