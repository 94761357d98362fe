import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectCapsules } from "../src";
import { stream } from "./helpers";

type Item = { id: string; position?: number; status?: string; preview?: string };
const queue = (e: ReturnType<typeof stream>, items: Item[]) => e("queue.changed", { payload: { items } });

describe("queued turns on the task capsules (QUEUE-06, TASK-01/03, D.6)", () => {
  it("QUEUE-06 / TASK-03 each queued turn is a queued capsule with its position, and no prose", () => {
    const e = stream();
    const state = projectEvents([
      queue(e, [
        { id: "q1", position: 1, preview: "write the tests" },
        { id: "q2", position: 2, preview: "then the docs" },
      ]),
    ]);
    expect(state.messages).toEqual([]);
    expect(selectCapsules(state).map((task) => [task.taskId, task.status, task.queuePosition])).toEqual([
      ["q1", "queued", 1],
      ["q2", "queued", 2],
    ]);
    expect(state.tasks.q1).toMatchObject({
      title: "write the tests",
      attention: "medium",
      runtimeStatus: "queued",
      runtimeEntity: "agent_turn",
      queuedTurnId: "q1",
    });
    // A foreground turn is not a teammate (TEAM-12): nothing on the roster.
    expect(state.team.roster).toEqual([]);
  });

  it("TASK-01 the queue's own words set its capsules: promoted, started, removed, failed", () => {
    const e = stream();
    const state = projectEvents([
      queue(e, [
        { id: "q1", status: "promoted", position: 1 },
        { id: "q2", status: "started", position: 2 },
        { id: "q3", status: "removed", position: 3 },
        { id: "q4", status: "failed", position: 4 },
      ]),
    ]);
    expect(Object.values(state.tasks).map((task) => [task.taskId, task.status, task.runtimeStatus])).toEqual([
      ["q1", "queued", "promoted"],
      ["q2", "running", "started"],
      ["q3", "cancelled", "removed"],
      ["q4", "failed", "failed"],
    ]);
  });

  it("QUEUE-08 a turn the queue no longer lists loses its capsule; its timeline entry stays", () => {
    const e = stream();
    const p = createProjector();
    p.apply(
      queue(e, [
        { id: "q1", position: 1 },
        { id: "q2", position: 2 },
      ]),
    );
    p.apply(queue(e, [{ id: "q2", position: 1 }]));
    const state = p.getState();
    expect(Object.keys(state.tasks)).toEqual(["q2"]);
    expect(state.tasks.q2.queuePosition).toBe(1);
    expect(state.timeline.find((entry) => entry.id === "queue:q1")).toMatchObject({
      status: "left_queue",
      refs: { taskId: "q1" },
    });
    expect(state.messages).toEqual([]);
  });

  it("TASK-06 a runtime task the queue lists keeps its task status; queued stays queued until a task fact moves it", () => {
    const e = stream();
    const p = createProjector();
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "queued", title: "Index" } }));
    p.apply(queue(e, [{ id: "k1", position: 2, status: "started" }]));
    expect(p.getState().tasks.k1).toMatchObject({ status: "queued", queuePosition: 2, title: "Index" });
    expect(p.getState().tasks.k1.queuedTurnId).toBeUndefined();
    p.apply(queue(e, []));
    const unlisted = p.getState().tasks.k1;
    expect(unlisted.status).toBe("queued");
    expect(unlisted.queuePosition).toBeUndefined();
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "running" } }));
    expect(p.getState().tasks.k1.status).toBe("running");
  });

  it("TASK-06 a task fact takes a queued turn's capsule over: it outlives the queue listing", () => {
    const e = stream();
    const p = createProjector();
    p.apply(queue(e, [{ id: "q1", position: 1, preview: "next" }]));
    p.apply(e("task.changed", { taskId: "q1", payload: { status: "preparing" } }));
    p.apply(queue(e, []));
    expect(p.getState().tasks.q1).toMatchObject({
      status: "running",
      runtimeStatus: "preparing",
      title: "next",
    });
    expect(p.getState().tasks.q1.queuedTurnId).toBeUndefined();
  });

  it("D.6 a delegated task's agent_task part shows its place in the runtime's queue while listed", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("text.delta", { messageId: "m1", payload: { delta: "Delegating." } }));
    p.apply(
      e("task.changed", { taskId: "k1", payload: { status: "queued", title: "Scan", parentTaskId: "root" } }),
    );
    const part = () => p.getState().messages[0].parts.find((item) => item.kind === "agent_task");
    expect(part()?.data?.queuePosition).toBeUndefined();
    p.apply(queue(e, [{ id: "k1", position: 3 }]));
    expect(part()).toMatchObject({ taskId: "k1", data: { state: "queued", queuePosition: 3 } });
    p.apply(queue(e, []));
    expect(part()?.data?.queuePosition).toBeUndefined();
    expect(part()?.data?.state).toBe("queued");
    expect(p.getState().messages).toHaveLength(1);
  });

  it("HYD-09 a read model's queued turns hydrate as capsules; the next queue snapshot updates them", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: {
        threadId: "th1",
        status: "running",
        queuedTurns: [{ queuedTurnId: "q1", preview: "after this", position: 1 }],
      },
    });
    expect(selectCapsules(p.getState())).toEqual([
      expect.objectContaining({ taskId: "q1", status: "queued", queuePosition: 1, queuedTurnId: "q1" }),
    ]);
    p.apply({ type: "queue.changed", payload: { items: [] } });
    expect(p.getState().tasks).toEqual({});
  });

  it("QUEUE-06 / TASK-06 / HYD-09 capsules follow the latest queue snapshot and task facts, resumed or not", () => {
    const ids = ["a", "b", "c", "d"];
    const stepArb = fc.oneof(
      fc.record({
        kind: fc.constant("queue" as const),
        items: fc.uniqueArray(
          fc.record({
            id: fc.constantFrom(...ids),
            status: fc.constantFrom("queued", "promoted", "started", "removed", "failed"),
          }),
          { selector: (item) => item.id, maxLength: 4 },
        ),
      }),
      fc.record({
        kind: fc.constant("task" as const),
        id: fc.constantFrom(...ids),
        status: fc.constantFrom("queued", "running", "completed"),
      }),
    );
    const word: Record<string, string> = {
      queued: "queued",
      promoted: "queued",
      started: "running",
      removed: "cancelled",
      failed: "failed",
    };
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 14 }), fc.nat(), (steps, cutAt) => {
        const e = stream();
        const events: AgentUiEvent[] = steps.map((step) =>
          step.kind === "queue"
            ? queue(
                e,
                step.items.map((item, index) => ({ ...item, position: index + 1 })),
              )
            : e("task.changed", { taskId: step.id, payload: { status: step.status } }),
        );
        const state = projectEvents(events);
        // The model: task facts own a task once they spoke; otherwise the last listing speaks, and a
        // turn the last snapshot does not list has no capsule.
        const taskStatus = new Map<string, string>();
        let listed: { id: string; status: string; position: number }[] = [];
        for (const step of steps)
          if (step.kind === "task") taskStatus.set(step.id, step.status);
          else listed = step.items.map((item, index) => ({ ...item, position: index + 1 }));
        for (const id of ids) {
          const task = state.tasks[id];
          const entry = listed.find((item) => item.id === id);
          const own = taskStatus.get(id);
          if (own !== undefined) expect(task?.runtimeStatus).toBe(own);
          else if (entry !== undefined) expect(task?.status).toBe(word[entry.status]);
          else expect(task).toBeUndefined();
          if (task !== undefined) expect(task.queuePosition).toBe(entry?.position);
        }
        expect(state.messages).toEqual([]);
        // A client resumed from a stored snapshot at any point ends with the same capsules.
        const cut = cutAt % (events.length + 1);
        const resumed = createProjector();
        const stored: ProjectionState = JSON.parse(JSON.stringify(projectEvents(events.slice(0, cut))));
        resumed.hydrate({ kind: "projection", state: stored });
        resumed.applyAll(events.slice(cut));
        expect(resumed.getState().tasks).toEqual(state.tasks);
        expect(resumed.getState().queue).toEqual(state.queue);
      }),
      { numRuns: 200 },
    );
  });
});
