import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

const cardOf = (state: ReturnType<ReturnType<typeof createProjector>["getState"]>) =>
  state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "action_required");

describe("an action's card follows its resolution wherever the resolution arrives", () => {
  const request = (e: ReturnType<typeof stream>) =>
    e("action.required", {
      turnId: "t1",
      messageId: "m1",
      actionId: "a1",
      payload: { actionType: "tool_approval", title: "Delete file?" },
    });

  it.each([
    ["a resolution without turn id", {}],
    ["a resolution stamped with a later turn", { turnId: "t2" }],
  ])("HITL-03 %s closes the card the request put in its turn", (_label, fields) => {
    const e = stream();
    const p = createProjector();
    p.apply(request(e));
    p.apply(
      e("action.resolved", { ...fields, actionId: "a1", payload: { status: "resolved", decision: "allow" } }),
    );
    expect(cardOf(p.getState())).toEqual([
      expect.objectContaining({
        id: "action:a1",
        status: "done",
        expanded: false,
        data: { status: "resolved", decision: "allow" },
      }),
    ]);
  });

  it("HITL-03 / HYD-09 a card loaded from a stored projection is closed by a later resolution", () => {
    const e = stream();
    const p = createProjector();
    p.apply(request(e));
    const stored = p.getState();
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: stored });
    resumed.apply(
      e("action.resolved", { actionId: "a1", payload: { status: "resolved", decision: "deny" } }),
    );
    expect(cardOf(resumed.getState())).toEqual([
      expect.objectContaining({
        id: "action:a1",
        status: "done",
        expanded: false,
        data: { status: "resolved", decision: "deny" },
      }),
    ]);
  });
});
