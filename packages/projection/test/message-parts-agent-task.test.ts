import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  projectEvents,
  selectAnswerText,
  selectDelegatedWork,
  selectInlineProcess,
  selectTimeline,
} from "../src";
import { codes, stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const agentTasks = (state: State) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "agent_task").map((p) => ({ m, p })));

describe("agent_task message parts", () => {
  it("TEAM-02 / D.6 a spawned subagent is an agent_task part in the coordinator's message, with lineage", () => {
    const e = stream({ sessionId: "s", threadId: "th", turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m-coord", payload: { delta: "Delegating the research." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentSessionId: "s",
        parentThreadId: "th",
        runtimeEntity: "subagent_turn",
        payload: { agentName: "researcher", status: "running" },
      }),
    ]);
    const [{ m, p }] = agentTasks(state);
    expect(m.id).toBe("m-coord");
    expect(m.agentId).toBeUndefined();
    expect(p).toMatchObject({
      id: "agent_task:k1",
      agentId: "w1",
      taskId: "k1",
      title: "researcher",
      status: "streaming",
      expanded: true,
      data: { state: "running", lineage: "known", parentThreadId: "th", runtimeEntity: "subagent_turn" },
    });
  });

  it("TEAM-04 / TASK-02 the worker's text stays in its own message, never in the coordinator's answer", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m-coord", payload: { delta: "I asked a researcher." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("text.delta", { agentId: "w1", messageId: "m-w1", payload: { delta: "Worker findings." } }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running" } }),
      // A worker delta that names only its task still belongs to the worker.
      e("text.delta", { taskId: "k1", payload: { delta: " More findings." } }),
      e("text.delta", { messageId: "m-coord", payload: { delta: " Summary follows." } }),
    ]);
    expect(selectAnswerText(state, "m-coord")).toBe("I asked a researcher. Summary follows.");
    const workerText = state.messages
      .filter((m) => m.agentId === "w1")
      .flatMap((m) => m.parts.map((p) => p.text ?? ""))
      .join("");
    expect(workerText).toBe("Worker findings. More findings.");
    expect(agentTasks(state)).toHaveLength(1);
    expect(agentTasks(state)[0].m.id).toBe("m-coord");
  });

  it("TEAM-18 a child without parent ids gets a part marked lineage unknown and no fabricated edge", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Getting help." } }),
      e("agent.spawned", { agentId: "orphan", payload: { agentName: "helper" } }),
    ]);
    const [{ p }] = agentTasks(state);
    expect(p.data).toMatchObject({ lineage: "unknown" });
    expect(p.data).not.toHaveProperty("parentAgentId");
    expect(state.team.edges).toEqual([]);
    expect(codes(state)).toContain("lineage_unknown");
  });

  it("TASK-06 the part follows task status facts: running expanded, completed collapsed", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "x" } }),
      e("task.changed", {
        taskId: "k1",
        agentId: "w1",
        runtimeEntity: "subagent_turn",
        payload: { status: "running", title: "Collect sources", parentTaskId: "root" },
      }),
      e("task.changed", { taskId: "k1", payload: { status: "completed" } }),
    ]);
    const [{ p }] = agentTasks(state);
    expect(p).toMatchObject({
      taskId: "k1",
      agentId: "w1",
      title: "Collect sources",
      status: "done",
      expanded: false,
      data: { state: "completed", parentTaskId: "root" },
    });
    // D.6: agent_task is process, not answer.
    expect(selectAnswerText(state, "m1")).toBe("x");
    expect(selectInlineProcess(state, "t1").map((item) => item.part.kind)).toEqual(["agent_task"]);
  });

  it("TASK-10 a failed worker never reads completed in the coordinator's message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("text.delta", { payload: { delta: "Waiting for the worker." } }),
      e("agent.completed", { agentId: "w1", phase: "failed", payload: {} }),
    ]);
    expect(agentTasks(state)[0].p.data).toMatchObject({ state: "failed" });
  });

  it("TEAM-02 selectDelegatedWork resolves the part to the same agent and task records", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running", title: "Research" } }),
    ]);
    const [{ p }] = agentTasks(state);
    const work = selectDelegatedWork(state, p);
    expect(work.agent).toBe(state.agents.w1);
    expect(work.task).toBe(state.tasks.k1);
    expect(selectDelegatedWork(state, p)).toBe(work);
  });

  it("TEAM-04 no message is invented for a delegation: it joins the coordinator's first words", () => {
    const e = stream({ turnId: "t1" });
    const before = [
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("text.delta", { agentId: "w1", payload: { delta: "worker text" } }),
    ];
    const silent = projectEvents(before);
    expect(silent.messages.map((m) => m.agentId)).toEqual(["w1"]);
    expect(agentTasks(silent)).toHaveLength(0);
    const state = projectEvents([...before, e("text.delta", { payload: { delta: "Coordinator speaks." } })]);
    const coordinator = state.messages.find((m) => m.agentId === undefined);
    expect(coordinator?.parts.map((p) => p.kind)).toEqual(["agent_task", "assistant_text"]);
    expect(coordinator?.parts[0]).toMatchObject({ agentId: "w1", taskId: "k1", data: { state: "running" } });
    expect(selectAnswerText(state, coordinator?.id)).toBe("Coordinator speaks.");
  });

  it("PROC-04 while the delegation is expanded inline its task and agent timeline entries are placeholders", () => {
    const e = stream({ turnId: "t1" });
    const running = [
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "th",
        payload: { status: "running" },
      }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running" } }),
    ];
    const placeholders = (state: State) =>
      selectTimeline(state)
        .filter((item) => item.id === "task:k1" || item.id === "agent:w1")
        .map((item) => [item.id, item.placeholder]);
    expect(placeholders(projectEvents(running))).toEqual([
      ["agent:w1", true],
      ["task:k1", true],
    ]);
    const done = projectEvents([
      ...running,
      e("task.changed", { taskId: "k1", payload: { status: "completed" } }),
    ]);
    expect(placeholders(done)).toEqual([
      ["agent:w1", false],
      ["task:k1", false],
    ]);
  });

  it("TEAM-02 nested delegation seen before anyone wrote: each part joins its delegator's message once", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "coord", taskId: "k-c", parentThreadId: "main", payload: {} }),
      e("task.changed", { taskId: "k-c", agentId: "coord", payload: { status: "running" } }),
      // The child task names its parent task before its worker is known.
      e("task.changed", { taskId: "k1", payload: { status: "queued", parentTaskId: "k-c" } }),
      e("agent.spawned", {
        agentId: "w1",
        taskId: "k1",
        parentThreadId: "coord-thread",
        payload: { parentAgentId: "coord", status: "running" },
      }),
      e("text.delta", { agentId: "coord", messageId: "m-coord", payload: { delta: "Splitting the work." } }),
      e("text.delta", { messageId: "m-root", payload: { delta: "Done." } }),
    ]);
    const placed = agentTasks(state).map(({ m, p }) => [m.id, p.taskId, p.agentId, p.data?.lineage]);
    expect(placed).toEqual([
      ["m-coord", "k1", "w1", "known"],
      ["m-root", "k-c", "coord", "known"],
    ]);
  });

  it("TEAM-01 the coordinator's own task and unrelated agents get no agent_task part", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "root", runtimeEntity: "agent_turn", payload: { status: "running" } }),
      e("team.changed", { payload: { roster: [{ agentId: "lead", agentName: "Lead" }] } }),
      e("agent.changed", { agentId: "lead", payload: { status: "running" } }),
    ]);
    expect(agentTasks(state)).toHaveLength(0);
  });

  it("HYD-09 hydrated subagents (no turn) stay on the team surfaces, with no invented message", () => {
    const e = stream();
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
    ]);
    expect(state.messages).toHaveLength(0);
    expect(state.agents.w1.lineage).toBe("known");
  });

  it("TEAM-05 a nested child is shown in its parent's message, not the root coordinator's", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m-root", payload: { delta: "root" } }),
      e("agent.spawned", { agentId: "lead", parentThreadId: "th", payload: { status: "running" } }),
      e("text.delta", { agentId: "lead", messageId: "m-lead", payload: { delta: "lead" } }),
      e("agent.spawned", { agentId: "w2", payload: { status: "running", parentAgentId: "lead" } }),
    ]);
    const placed = agentTasks(state).map(({ m, p }) => [p.agentId, m.id]);
    expect(placed).toEqual([
      ["lead", "m-root"],
      ["w2", "m-lead"],
    ]);
  });

  it("TEAM-02 property: any interleaving of agent and task facts gives one part per delegated task", () => {
    const step = fc.oneof(
      fc.record({
        type: fc.constant("agent.spawned"),
        worker: fc.constantFrom("w1", "w2"),
        status: fc.constantFrom("running", "waiting"),
      }),
      fc.record({
        type: fc.constant("task.changed"),
        worker: fc.constantFrom("w1", "w2"),
        status: fc.constantFrom("running", "completed", "failed"),
      }),
      fc.record({
        type: fc.constant("text.delta"),
        worker: fc.constantFrom("w1", "w2"),
        status: fc.constant(""),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const e = stream({ turnId: "t1" });
        const events = [
          e("text.delta", { messageId: "m-coord", payload: { delta: "plan" } }),
          ...steps.map((s) => {
            const ids = { agentId: s.worker, taskId: `k-${s.worker}` };
            if (s.type === "agent.spawned")
              return e(s.type, { ...ids, parentThreadId: "th", payload: { status: s.status } });
            if (s.type === "task.changed")
              return e(s.type, { ...ids, parentTaskId: "root", payload: { status: s.status } });
            return e(s.type, { agentId: s.worker, payload: { delta: "w" } });
          }),
        ];
        const state = projectEvents(events);
        const delegated = new Set(steps.filter((s) => s.type !== "text.delta").map((s) => s.worker));
        const parts = agentTasks(state);
        expect(parts.map(({ p }) => p.agentId).sort()).toEqual(Array.from(delegated).sort());
        for (const { m } of parts) expect(m.id).toBe("m-coord");
        expect(selectAnswerText(state, "m-coord")).toBe("plan");
      }),
    );
  });
});
