// Which work counts as delegated (TEAM-12, TASK-02): only what the runtime states — a parent task, a
// delegated execution shape, or an owner that is a child agent with known lineage. A delegated task is an
// agent_task part in the coordinator's message, and text naming only that task lands in its worker's lane.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const agentTaskIds = (state: State) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "agent_task").map((p) => p.taskId));
/** Which message (by agentId, `coordinator` when none) holds each text part, with its text. */
const textLanes = (state: State) =>
  state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "assistant_text").map((p) => [m.agentId ?? "coordinator", p.text]),
  );

describe("delegated work (TEAM-12, TASK-02)", () => {
  it.each<[AgentUiEvent["runtimeEntity"], boolean]>([
    ["subagent_turn", true],
    ["automation_job", true],
    ["external_task", true],
    ["agent_turn", false],
    ["work_item", false],
    [undefined, false],
  ])("TEAM-12 a task with runtimeEntity %s is delegated: %s", (runtimeEntity, delegated) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Plan." } }),
      e("task.changed", {
        taskId: "k1",
        ...(runtimeEntity === undefined ? {} : { runtimeEntity }),
        payload: { status: "running" },
      }),
    ]);
    expect(agentTaskIds(state)).toEqual(delegated ? ["k1"] : []);
  });

  it("TASK-02 a task with a parent task is delegated; one without is the coordinator's own", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Plan." } }),
      e("task.changed", { taskId: "root", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", payload: { status: "running", parentTaskId: "root" } }),
    ]);
    expect(agentTaskIds(state)).toEqual(["k1"]);
  });

  const routed = (agentFacts: Partial<AgentUiEvent>[], taskAgentId: string) => {
    const e = stream({ turnId: "t1" });
    return projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Plan." } }),
      ...agentFacts.map((fields) => e("agent.changed", { agentId: "w1", payload: {}, ...fields })),
      e("task.changed", { taskId: "k1", agentId: taskAgentId, payload: { status: "running" } }),
      // Text that names only its task, no agent.
      e("text.delta", { taskId: "k1", payload: { delta: "Findings." } }),
    ]);
  };

  it("TASK-02 text naming a task owned by a child agent with known lineage goes to that worker's lane", () => {
    const state = routed([{ parentThreadId: "th" }], "w1");
    expect(state.agents.w1?.lineage).toBe("known");
    expect(textLanes(state)).toEqual([
      ["coordinator", "Plan."],
      ["w1", "Findings."],
    ]);
  });

  it("TASK-02 text naming a task whose owner has unknown lineage stays in the coordinator's message", () => {
    const state = routed([{}], "w1");
    expect(state.agents.w1?.lineage).toBe("unknown");
    expect(agentTaskIds(state)).toEqual([]);
    expect(textLanes(state)).toEqual([["coordinator", "Plan.Findings."]]);
  });

  it("TASK-02 text naming a task whose owner is no known agent stays in the coordinator's message", () => {
    const state = routed([], "ghost");
    expect(agentTaskIds(state)).toEqual([]);
    expect(textLanes(state)).toEqual([["coordinator", "Plan.Findings."]]);
  });

  it("TASK-02 text naming a delegated task without an owner stays in the coordinator's message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Plan." } }),
      e("task.changed", { taskId: "k1", runtimeEntity: "subagent_turn", payload: { status: "running" } }),
      e("text.delta", { taskId: "k1", payload: { delta: "Findings." } }),
      e("text.delta", { taskId: "unknown-task", payload: { delta: " More." } }),
    ]);
    expect(agentTaskIds(state)).toEqual(["k1"]);
    // The agent_task part ends the coordinator's first text part; the later text continues the message.
    expect(textLanes(state)).toEqual([
      ["coordinator", "Plan."],
      ["coordinator", "Findings. More."],
    ]);
  });
});
