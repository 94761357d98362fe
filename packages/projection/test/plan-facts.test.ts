import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

describe("plan facts after the plan is final", () => {
  const final = (e: ReturnType<typeof stream>) =>
    e("plan.final", {
      payload: { text: "1. read\n2. write", steps: [{ title: "read" }, { title: "write" }] },
    });

  it("TEXT-04 / TEXT-10 a plan.delta behind plan.final neither reopens the plan nor changes its text", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(e("plan.delta", { payload: { delta: "1. read" } }));
    p.apply(final(e));
    p.apply(e("plan.delta", { payload: { delta: "\n3. late", steps: [{ title: "late" }] } }));
    const state = p.getState();
    expect(state.messages[0].parts).toEqual([
      expect.objectContaining({
        kind: "plan",
        status: "done",
        expanded: false,
        text: "1. read\n2. write",
        title: "Plan (2 steps)",
      }),
    ]);
    expect(state.timeline.filter((row) => row.kind === "plan").map((row) => row.status)).toEqual([
      "completed",
    ]);
    expect(state.diagnostics.filter((d) => d.code === "out_of_order").map((d) => d.message)).toEqual([
      "plan.delta after plan m1:plan was final; the final plan is kept",
    ]);
  });

  it("TEXT-10 a second plan.final restates the plan", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(final(e));
    p.apply(e("plan.final", { payload: { text: "1. read", steps: [{ title: "read" }] } }));
    const part = p.getState().messages[0].parts[0];
    expect(part).toMatchObject({ status: "done", text: "1. read", title: "Plan (1 steps)" });
    expect(p.getState().diagnostics).toEqual([]);
  });
});
