import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectAnswerText } from "../src";
import { stream } from "./helpers";

describe("reasoning and plan family", () => {
  it("PROC-01 reasoning → tool → text → reasoning summary → text keeps event order", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "Let me look" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "search" } }),
      e("tool.progress", { toolCallId: "c1", payload: { message: "searching" } }),
      e("text.delta", { payload: { delta: "Found it. " } }),
      e("reasoning.summary", { payload: { text: "Checked sources" } }),
      e("text.delta", { payload: { delta: "Done." } }),
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0].parts.map((p) => p.kind)).toEqual([
      "reasoning_summary",
      "tool_call",
      "assistant_text",
      "reasoning_summary",
      "assistant_text",
    ]);
    expect(selectAnswerText(state)).toBe("Found it. Done.");
  });

  it("TEXT-07 reasoning detail text is not rendered by default; a stable label shows instead", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "raw chain of thought", visibility: "detail" } }),
    ]);
    const part = state.messages[0].parts[0];
    expect(part).toMatchObject({ kind: "reasoning_detail", title: "Thinking", expanded: true });
    expect(part.text).toBeUndefined();
    // The part says nothing of the policy that hid its text: no field outside the part contract.
    expect(Object.keys(part).sort()).toEqual(["expanded", "id", "kind", "source", "status", "title"]);
    expect(JSON.stringify(state)).not.toContain("raw chain of thought");
  });

  it("TEXT-07 reasoning detail is rendered when policy allows", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents(
      [e("reasoning.delta", { payload: { delta: "detail", visibility: "detail" } })],
      {
        showReasoningDetail: true,
      },
    );
    expect(state.messages[0].parts[0].text).toBe("detail");
  });

  it("TEXT-07 a summary replaces hidden detail and collapses the completed step", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "secret", visibility: "detail" } }),
      e("reasoning.summary", { payload: { text: "Compared two options" } }),
    ]);
    expect(state.messages[0].parts[0]).toMatchObject({
      kind: "reasoning_summary",
      text: "Compared two options",
      expanded: false,
      status: "done",
    });
  });

  it("PROC-05 the title stays a stable label while reasoning streams (never partial tokens)", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(e("reasoning.delta", { payload: { delta: "Compa" } }));
    expect(p.getState().messages[0].parts[0].title).toBe("Reasoning");
    p.apply(e("reasoning.delta", { payload: { delta: "ring opt" } }));
    expect(p.getState().messages[0].parts[0].title).toBe("Reasoning");
    expect(p.getState().timeline[0].title).toBe("Reasoning");
  });

  it("TEXT-06 / TEXT-10 reasoning and plan never enter the answer", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("plan.delta", { payload: { delta: "1. read" } }),
      e("plan.final", {
        payload: { text: "1. read\n2. write", steps: [{ title: "read" }, { title: "write" }] },
      }),
      e("reasoning.delta", { payload: { delta: "<think>hmm</think>" } }),
      e("text.final", { payload: { text: "Answer" } }),
    ]);
    expect(selectAnswerText(state)).toBe("Answer");
    const plan = state.messages[0].parts.find((p) => p.kind === "plan");
    expect(plan).toMatchObject({
      status: "done",
      expanded: false,
      title: "Plan (2 steps)",
      text: "1. read\n2. write",
    });
  });
});
