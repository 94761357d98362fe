// Which message an `agent_task` part joins and what it keeps (TEAM-02, TEAM-05, TEAM-18, TASK-02, TASK-06):
// a child's delegation waits for the child's own message even when the coordinator already wrote, work
// outside any turn stays off the conversation, and later facts about the worker or the task update the
// one part with the ids and state they state.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const agentTasks = (state: State) =>
  state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "agent_task")
      .map((p) => ({
        message: m.id,
        id: p.id,
        agentId: p.agentId,
        taskId: p.taskId,
        title: p.title,
        status: p.status,
        state: p.data?.state,
      })),
  );

describe("whose message an agent_task part joins (TEAM-05, TEAM-18)", () => {
  it("TEAM-05 a child's delegation waits for the child's message though the coordinator already wrote", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegating." } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.spawned", { agentId: "w2", payload: { parentAgentId: "w1", status: "running" } }),
      e("text.delta", { agentId: "w1", messageId: "m-w1", payload: { delta: "Sub-delegated." } }),
    ]);
    expect(agentTasks(state).map(({ message, id }) => [message, id])).toEqual([
      ["m-coord", "agent_task:agent:w1"],
      ["m-w1", "agent_task:agent:w2"],
    ]);
  });

  it("TEAM-18 a child task of a child's task waits for that child's message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running" } }),
      e("task.changed", { taskId: "k2", parentTaskId: "k1", payload: { status: "queued" } }),
      e("text.delta", { agentId: "w1", messageId: "m-w1", payload: { delta: "Split it." } }),
    ]);
    expect(agentTasks(state).map(({ message, id }) => [message, id])).toEqual([
      ["m-coord", "agent_task:k1"],
      ["m-w1", "agent_task:k2"],
    ]);
  });

  it("TEAM-05 a queued task later named a child's work waits for that child, not the coordinator", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w0", parentThreadId: "th", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", runtimeEntity: "external_task", payload: { status: "queued" } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        payload: { parentAgentId: "w0", status: "running" },
      }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegated." } }),
      e("text.delta", { agentId: "w0", messageId: "m-w0", payload: { delta: "Sub-delegated." } }),
    ]);
    expect(agentTasks(state).map(({ message, id }) => [message, id])).toEqual([
      ["m-coord", "agent_task:agent:w0"],
      ["m-w0", "agent_task:k1"],
    ]);
  });

  it("TEAM-04 child tasks queued before the coordinator wrote, none with a worker, join it once each", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", parentTaskId: "k0", payload: { status: "queued" } }),
      e("task.changed", { taskId: "k2", parentTaskId: "k0", payload: { status: "queued" } }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Split it." } }),
    ]);
    expect(agentTasks(state).map(({ message, id, state }) => [message, id, state])).toEqual([
      ["m-coord", "agent_task:k1", "queued"],
      ["m-coord", "agent_task:k2", "queued"],
    ]);
  });

  it("TEAM-02 a delegation outside any turn shows no part in a message outside any turn", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Session note." } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", parentTaskId: "k0", payload: { status: "running" } }),
    ]);
    expect(agentTasks(state)).toEqual([]);
    expect(state.messages.map((m) => m.parts.map((p) => p.kind))).toEqual([["assistant_text"]]);
  });
});

describe("what later facts change in an agent_task part (TASK-02, TASK-06)", () => {
  type Emit = ReturnType<typeof stream>;
  /** Worker `w1` spawned for task `k1` after the coordinator wrote, then `later` on the same stream: the
   * one part it shows. */
  const delegated = (later: (e: Emit) => ReturnType<Emit>[]) => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const head = [
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
    ];
    return agentTasks(projectEvents([...head, ...later(e)]));
  };
  const part = (title: string, status: string, state: string) => [
    { message: "m-coord", id: "agent_task:k1", agentId: "w1", taskId: "k1", title, status, state },
  ];

  it("TASK-06 a worker's fact keeps the task's state and title on a part shown by its task", () => {
    const parts = delegated((e) => [
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { title: "Write it", status: "running" } }),
      e("agent.changed", { agentId: "w1", payload: { agentName: "writer", status: "completed" } }),
    ]);
    expect(parts).toEqual(part("Write it", "streaming", "running"));
  });

  it("TASK-06 a task fact stating no status keeps the worker's state on the part", () => {
    const parts = delegated((e) => [
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { title: "Write it" } }),
    ]);
    expect(parts).toEqual(part("Write it", "streaming", "running"));
  });

  it("TASK-06 a task fact that names no worker keeps the worker on the part", () => {
    const parts = delegated((e) => [
      e("task.changed", { taskId: "k1", payload: { title: "Check", status: "completed" } }),
    ]);
    expect(parts).toEqual(part("Check", "done", "completed"));
  });

  it("TASK-02 a worker named by a later task fact is followed through its own facts", () => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Splitting." } }),
      e("task.changed", { taskId: "k1", parentTaskId: "k0", payload: { status: "unknown" } }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: {} }),
      e("agent.changed", { agentId: "w1", payload: { agentName: "checker", status: "completed" } }),
    ]);
    expect(agentTasks(state)).toEqual([
      {
        message: "m-coord",
        id: "agent_task:k1",
        agentId: "w1",
        taskId: "k1",
        title: "checker",
        status: "done",
        state: "completed",
      },
    ]);
  });

  it("TASK-02 a delegated task without a stated status or worker reads unknown and done", () => {
    const e = stream({ turnId: "t1", messageId: "m-coord" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Queued." } }),
      e("task.changed", { taskId: "k1", runtimeEntity: "external_task", payload: {} }),
    ]);
    expect(agentTasks(state)).toEqual([
      {
        message: "m-coord",
        id: "agent_task:k1",
        agentId: undefined,
        taskId: "k1",
        title: "k1",
        status: "done",
        state: "unknown",
      },
    ]);
  });

  it("TASK-02 a worker queued with a task, shown in its first message, is followed through its own facts", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", agentId: "w1", parentTaskId: "k0", payload: { status: "unknown" } }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegated." } }),
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: { status: "completed" } }),
    ]);
    expect(agentTasks(state).map(({ message, id, status, state }) => [message, id, status, state])).toEqual([
      ["m-coord", "agent_task:k1", "done", "completed"],
    ]);
  });
});

describe("delegations left waiting in a turn (TEAM-04, TEAM-05)", () => {
  it("TEAM-05 a child's delegation shown in a later turn is not shown again when the child writes in the first", () => {
    const e = stream({});
    const state = projectEvents([
      e("agent.spawned", {
        turnId: "t1",
        agentId: "w1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("agent.spawned", {
        turnId: "t1",
        agentId: "w2",
        payload: { parentAgentId: "w1", status: "running" },
      }),
      e("text.delta", { turnId: "t1", messageId: "m-coord", payload: { delta: "Delegated." } }),
      e("text.delta", { turnId: "t2", agentId: "w1", messageId: "m-w1-t2", payload: { delta: "Later." } }),
      e("agent.changed", { turnId: "t2", agentId: "w2", payload: { status: "completed" } }),
      e("text.delta", { turnId: "t1", agentId: "w1", messageId: "m-w1-t1", payload: { delta: "Late." } }),
    ]);
    expect(agentTasks(state).map(({ message, id, state }) => [message, id, state])).toEqual([
      ["m-coord", "agent_task:agent:w1", "running"],
      ["m-w1-t2", "agent_task:agent:w2", "completed"],
    ]);
  });

  it("TEAM-04 past eight queued delegations, a fact finds the first queued work of its worker, as a scan does", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "p", parentThreadId: "th", payload: { status: "running" } }),
      e("task.changed", { taskId: "kp", agentId: "p", payload: { status: "running" } }),
      // The child's task: delegated by `p`, so it waits for p's message.
      e("task.changed", { taskId: "ka", parentTaskId: "kp", payload: { status: "queued" } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      // Names w1 the worker of `ka`: both queued entries now name w1, `ka`'s first.
      e("task.changed", { taskId: "ka", agentId: "w1", payload: { status: "queued" } }),
      ...["x1", "x2", "x3", "x4", "x5", "x6"].map((agentId) =>
        e("agent.spawned", { agentId, parentThreadId: "th", payload: { status: "running" } }),
      ),
      e("task.changed", { taskId: "k5", agentId: "w1", runtimeEntity: "external_task", payload: {} }),
      e("text.delta", { messageId: "m-coord", payload: { delta: "Fanning out." } }),
    ]);
    expect(agentTasks(state).map(({ id }) => id)).toEqual([
      "agent_task:kp",
      "agent_task:agent:w1",
      ...["x1", "x2", "x3", "x4", "x5", "x6"].map((id) => `agent_task:agent:${id}`),
    ]);
  });
});

describe("an agent_task part read between batches (TEAM-05, PROC-04)", () => {
  it("TEAM-05 a part archived with its lane and then finished in the same batch reads finished", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegated." } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("text.delta", { agentId: "w1", messageId: "m-w1", payload: { delta: "Sub-delegating." } }),
      e("agent.spawned", { agentId: "w2", payload: { parentAgentId: "w1", status: "running" } }),
    ]);
    const before = agentTasks(p.getState()).map(({ message, id, status, state }) => [
      message,
      id,
      status,
      state,
    ]);
    expect(before).toEqual([
      ["m-coord", "agent_task:agent:w1", "streaming", "running"],
      ["m-w1", "agent_task:agent:w2", "streaming", "running"],
    ]);
    p.applyAll([
      e("agent.changed", { agentId: "w1", payload: { status: "completed" } }),
      e("agent.changed", { agentId: "w2", payload: { status: "failed" } }),
    ]);
    const after = agentTasks(p.getState()).map(({ message, id, status, state }) => [
      message,
      id,
      status,
      state,
    ]);
    expect(after).toEqual([
      ["m-coord", "agent_task:agent:w1", "done", "completed"],
      ["m-w1", "agent_task:agent:w2", "done", "failed"],
    ]);
  });
});
