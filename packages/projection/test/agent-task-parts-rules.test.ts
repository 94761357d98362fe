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

  it("TEAM-04 a dozen delegations made before the coordinator wrote join its first message in order, once each", () => {
    const e = stream({ turnId: "t1" });
    const ids = Array.from({ length: 12 }, (_, i) => `w${i}`);
    const state = projectEvents([
      ...ids.map((agentId) =>
        e("agent.spawned", { agentId, parentThreadId: "th", payload: { status: "running" } }),
      ),
      // Restated facts about queued delegations join their queued entry.
      e("agent.changed", {
        agentId: "w3",
        taskId: "k3",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("task.changed", {
        taskId: "k11",
        agentId: "w11",
        runtimeEntity: "subagent_turn",
        payload: { status: "queued" },
      }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Fanning out." } }),
    ]);
    const coordinator = state.messages.find((m) => m.id === "m-coord");
    const parts = coordinator?.parts.filter((p) => p.kind === "agent_task") ?? [];
    expect(parts.map((p) => p.agentId)).toEqual(ids);
    expect(parts.map((p) => p.id)).toEqual(
      ids.map((id) =>
        id === "w3" ? "agent_task:k3" : id === "w11" ? "agent_task:k11" : `agent_task:agent:${id}`,
      ),
    );
    expect(coordinator?.parts.at(-1)?.kind).toBe("assistant_text");
  });

  it.each([
    ["a task title", { title: "Write the report" }, "Write the report"],
    ["the worker's name", { agentName: "Writer" }, "Writer"],
    ["the worker's id when it has no name", {}, "w1"],
  ])("TEAM-02 the part is titled by %s", (_label, fields, title) => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const { agentName, title: taskTitle } = fields as { agentName?: string; title?: string };
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running", ...(agentName ? { agentName } : {}) },
      }),
      ...(taskTitle
        ? [e("task.changed", { taskId: "k1", agentId: "w1", payload: { title: taskTitle } })]
        : []),
    ]);
    expect(agentTasks(state).map((p) => p.id)).toEqual(["agent_task:k1"]);
    expect(state.messages[0].parts.find((p) => p.kind === "agent_task")?.title).toBe(title);
  });

  it("TASK-02 a child task known only by its parent task is titled by its id, lineage known, with its place in line", () => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Queued a child." } }),
      e("task.changed", {
        taskId: "k9",
        payload: { status: "queued", parentTaskId: "k0", queuePosition: 2 },
      }),
    ]);
    const part = state.messages[0].parts.find((p) => p.kind === "agent_task");
    expect(part).toMatchObject({
      id: "agent_task:k9",
      taskId: "k9",
      title: "k9",
      status: "streaming",
      expanded: true,
    });
    expect(part?.data).toEqual({ state: "queued", lineage: "known", parentTaskId: "k0", queuePosition: 2 });
  });

  it.each([
    ["completed", "done"],
    ["failed", "done"],
    ["cancelled", "done"],
    ["archived", "done"],
    ["running", "streaming"],
    ["blocked", "streaming"],
  ])("TASK-06 a delegated task %s shows the part %s", (status, partStatus) => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("task.changed", { taskId: "k1", runtimeEntity: "external_task", payload: { status } }),
    ]);
    const part = state.messages[0].parts.find((p) => p.kind === "agent_task");
    expect([part?.status, part?.expanded]).toEqual([partStatus, partStatus === "streaming"]);
    expect(part?.data).toMatchObject({ runtimeEntity: "external_task", lineage: "unknown" });
  });

  it.each([
    ["completed", "done"],
    ["failed", "done"],
    ["killed", "done"],
    ["closed", "done"],
    ["waiting", "streaming"],
    ["unknown", "done"],
  ])("TEAM-05 a worker %s (no task status) shows the part %s", (status, partStatus) => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        parentSessionId: "s0",
        parentThreadId: "th",
        payload: { status: "running", parentAgentId: "lead" },
      }),
      e("agent.changed", { agentId: "w1", payload: { status } }),
    ]);
    const part = state.messages[0].parts.find((p) => p.kind === "agent_task");
    expect(part?.status).toBe(partStatus);
    expect(part?.data).toMatchObject({ parentAgentId: "lead", parentSessionId: "s0", parentThreadId: "th" });
  });
});

describe("which facts reach an agent_task part (TEAM-02, TASK-02, TASK-06)", () => {
  const part = (state: State) =>
    agentTasks(state).map(({ id, status, data }) => ({ id, status, state: data?.state }));

  it.each([
    ["subagent_turn", [{ id: "agent_task:agent:w1", status: "streaming", state: "running" }]],
    ["automation_job", [{ id: "agent_task:agent:w1", status: "streaming", state: "running" }]],
    ["agent_turn", []],
    [undefined, []],
  ])(
    "TEAM-02 an agent changed with runtime entity %s, not spawned, lineage unknown: parts %j",
    (entity, expected) => {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([
        e("text.delta", { messageId: "m1", payload: { delta: "Working." } }),
        e("agent.changed", {
          agentId: "w1",
          ...(entity === undefined ? {} : { runtimeEntity: entity as "agent_turn" }),
          payload: { status: "running" },
        }),
      ]);
      expect(part(state)).toEqual(expected);
    },
  );

  it("TASK-06 a worker's task named after its part was shown is followed through task facts alone", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Delegating." } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.changed", { agentId: "w1", taskId: "k1", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", payload: { title: "Check sources", status: "completed" } }),
    ]);
    expect(agentTasks(state).map(({ id, status, data }) => [id, status, data?.state])).toEqual([
      ["agent_task:agent:w1", "done", "completed"],
    ]);
  });

  it("TASK-02 a child task's part shown first is followed through its worker's facts alone", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Splitting." } }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { parentTaskId: "k0", status: "unknown" } }),
      e("agent.changed", { agentId: "w1", payload: { agentName: "checker", status: "completed" } }),
    ]);
    expect(agentTasks(state).map(({ id, status, data }) => [id, status, data?.state])).toEqual([
      ["agent_task:k1", "done", "completed"],
    ]);
  });
});

describe("whose message a waiting delegation joins (TEAM-05, TEAM-18)", () => {
  it("TEAM-05 a child's own delegation waits for the child's message, not the coordinator's", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.spawned", { agentId: "w2", payload: { parentAgentId: "w1", status: "running" } }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegated." } }),
      e("text.delta", { agentId: "w1", messageId: "m-w1", payload: { delta: "Sub-delegated." } }),
    ]);
    expect(agentTasks(state).map(({ message, id }) => [message, id])).toEqual([
      ["m-coord", "agent_task:agent:w1"],
      ["m-w1", "agent_task:agent:w2"],
    ]);
  });
});
