// A stored projection's `agent_task` parts keep following their work after a resume (ARCH-04, TASK-06):
// the first part shown for a worker or a task is the one later facts update, as live.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const agentTasks = (state: State) =>
  state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "agent_task").map((p) => [m.id, p.id, p.status, p.data?.state]),
  );

describe("a resumed agent_task part (TASK-06, ARCH-04)", () => {
  it("TASK-06 the first stored part of a worker or a task is the one its later facts update", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const events = [
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegating." } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("task.changed", { taskId: "k2", parentTaskId: "k0", payload: { status: "running" } }),
    ];
    const stored = projectEvents(events);
    const coord = stored.messages.find((m) => m.id === "m-coord") as ProjectionState["messages"][number];
    // A later message restating both parts (as a messages snapshot may).
    const restated = {
      ...coord,
      id: "m-restated",
      parts: coord.parts.filter((p) => p.kind === "agent_task"),
    };
    const later = [
      e("agent.changed", { agentId: "w1", payload: { status: "completed" } }),
      e("task.changed", { taskId: "k2", payload: { status: "completed" } }),
    ];
    expect(agentTasks(projectEvents([...events, ...later]))).toEqual([
      ["m-coord", "agent_task:agent:w1", "done", "completed"],
      ["m-coord", "agent_task:k2", "done", "completed"],
    ]);
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: { ...stored, messages: [...stored.messages, restated] } });
    resumed.applyAll(later);
    expect(agentTasks(resumed.getState())).toEqual([
      ["m-coord", "agent_task:agent:w1", "done", "completed"],
      ["m-coord", "agent_task:k2", "done", "completed"],
      ["m-restated", "agent_task:agent:w1", "streaming", "running"],
      ["m-restated", "agent_task:k2", "streaming", "running"],
    ]);
  });
});
