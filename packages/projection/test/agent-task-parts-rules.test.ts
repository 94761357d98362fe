import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const agentTasks = (state: State) =>
  state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "agent_task")
      .map((p) => ({ message: m.id, id: p.id, status: p.status, expanded: p.expanded, data: p.data })),
  );

describe("agent_task parts (TEAM-02, TASK-06)", () => {
  it("TASK-06 / ARCH-04 a part resumed from a stored projection still follows its worker and task", () => {
    const e = stream({ sessionId: "s", threadId: "th", turnId: "t1" });
    const events = [
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentSessionId: "s",
        parentThreadId: "th",
        runtimeEntity: "subagent_turn",
        payload: { agentName: "researcher", status: "running" },
      }),
    ];
    const later = [
      e("agent.changed", { turnId: "t2", agentId: "w1", payload: { status: "completed" } }),
      e("task.changed", { turnId: "t2", taskId: "k1", agentId: "w1", payload: { status: "completed" } }),
    ];
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: projectEvents(events) });
    resumed.applyAll(later);
    const live = projectEvents([...events, ...later]);
    const expected = [
      {
        message: "m-coord",
        id: "agent_task:k1",
        status: "done",
        expanded: false,
        data: {
          state: "completed",
          lineage: "known",
          parentSessionId: "s",
          parentThreadId: "th",
          runtimeEntity: "subagent_turn",
        },
      },
    ];
    expect(agentTasks(live)).toEqual(expected);
    expect(agentTasks(resumed.getState())).toEqual(expected);
  });
});
