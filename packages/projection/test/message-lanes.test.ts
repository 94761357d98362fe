// Which message a fact lands in (TEXT-01, TEAM-05, TASK-02): its explicit messageId, else the current
// message of its lane (one author in one turn); a message named again from another lane becomes that
// lane's current message; an author a fact names keeps it; messages made after a hydration never take
// the place of a hydrated one.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const texts = (state: State) =>
  state.messages.map((m) => [m.id, m.agentId ?? "coordinator", m.parts.map((p) => p.text).join("")]);

describe("the message a fact lands in (TEXT-01, TEAM-05)", () => {
  it("TEXT-01 a message named from another turn is that turn's current message: its id-less text continues it", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "a" } }),
      e("text.delta", { turnId: "t2", messageId: "m1", payload: { delta: "b" } }),
      e("text.delta", { turnId: "t2", payload: { delta: "c" } }),
    ]);
    expect(texts(state)).toEqual([["m1", "coordinator", "abc"]]);
  });

  it("TEAM-05 a message named by another author is that author's current message in the turn", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: {} }),
      e("text.delta", { messageId: "m1", payload: { delta: "a" } }),
      e("text.delta", { agentId: "w1", messageId: "m1", payload: { delta: "b" } }),
      e("text.delta", { agentId: "w1", payload: { delta: "c" } }),
    ]);
    expect(texts(state)).toEqual([["m1", "coordinator", "abc"]]);
  });

  it("TASK-02 text naming its own author and another worker's task stays with its author", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: {} }),
      e("agent.changed", { agentId: "w2", parentThreadId: "th", payload: {} }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running" } }),
      { ...e("text.delta", { agentId: "w2", payload: { delta: "mine" } }), taskId: "k1" } as AgentUiEvent,
    ]);
    expect(texts(state)).toEqual([["t1:w2:assistant", "w2", "mine"]]);
  });

  it("HYD-09 messages streamed after a hydration are added beside the hydrated ones, none replaced", () => {
    const e = stream({ turnId: "t1" });
    const stored = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "one" } }),
      e("text.delta", { messageId: "m2", payload: { delta: "two" } }),
    ]);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: stored });
    const more = stream({ turnId: "t2" }, "s2");
    p.applyAll([
      more("text.delta", { messageId: "m3", payload: { delta: "three" } }),
      more("text.delta", { messageId: "m4", payload: { delta: "four" } }),
      more("text.delta", { messageId: "m5", payload: { delta: "five" } }),
    ]);
    expect(p.getState().messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });
});
