import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

// queue.changed, field by field: queued items, steers, the runtime's queued-turn count and the diagnostics
// for what a runtime sent that is not a queue fact (QUEUE-02/03/04/08).
const diags = (state: ReturnType<typeof projectEvents>) =>
  state.diagnostics.map((d) => [d.code, d.severity, d.message]);

describe("queued items", () => {
  it("QUEUE-03 an item's id is its id, else its queuedTurnId, else its turnId; none is an info diagnostic", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            { id: "a", queuedTurnId: "x", turnId: "y", position: 1 },
            { queuedTurnId: "b", turnId: "y", position: 2 },
            { turnId: "c", position: 3 },
            { preview: "no id", position: 4 },
            "not an item",
          ],
        },
      }),
    ]);
    expect(state.queue.items.map((i) => i.id)).toEqual(["a", "b", "c"]);
    expect(diags(state)).toEqual([["missing_correlation", "info", "queued item without id"]]);
  });

  it("QUEUE-03 an item keeps its preview (or input), target and creation time; position defaults to its place", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            {
              id: "q1",
              preview: "first",
              input: "ignored",
              targetId: "task-1",
              createdAt: "2026-01-01T00:00:00Z",
            },
            { id: "q2", input: "from input", targetId: 5, createdAt: 7 },
            { id: "q3", position: "9" },
          ],
        },
      }),
    ]);
    expect(state.queue.items.map(({ source: _s, ...item }) => item)).toStrictEqual([
      {
        id: "q1",
        position: 1,
        status: "queued",
        preview: "first",
        targetId: "task-1",
        createdAt: "2026-01-01T00:00:00Z",
      },
      { id: "q2", position: 2, status: "queued", preview: "from input" },
      { id: "q3", position: 3, status: "queued" },
    ]);
    expect(state.queue.items[0].source).toMatchObject({ eventId: "s1-1", type: "queue.changed" });
  });

  it("QUEUE-03 previews of items and steers are cut at 200 characters", () => {
    const e = stream();
    const long = "x".repeat(500);
    const state = projectEvents([
      e("queue.changed", {
        payload: { items: [{ id: "q1", preview: long }], steers: [{ id: "s1", preview: long }] },
      }),
    ]);
    expect(state.queue.items[0].preview).toBe("x".repeat(200));
    expect(state.queue.steers[0].preview).toBe("x".repeat(200));
  });

  it("TASK-01 an unknown queued-turn status reads queued, with an info diagnostic naming it", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            { id: "q1", status: "parked" },
            { id: "q2", status: "started" },
          ],
        },
      }),
    ]);
    expect(state.queue.items.map((i) => [i.id, i.status])).toEqual([
      ["q1", "queued"],
      ["q2", "started"],
    ]);
    expect(diags(state)).toEqual([
      ["unknown_taxonomy_value", "info", 'queued turn status "parked" is not known'],
    ]);
  });

  it("QUEUE-08 the runtime's queuedTurnCount wins; else the count of items still queued", () => {
    const e = stream();
    const p = createProjector();
    p.apply(
      e("queue.changed", {
        payload: { items: [{ id: "q1" }, { id: "q2", status: "started" }, { id: "q3", status: "promoted" }] },
      }),
    );
    expect(p.getState().runtime.queuedTurnCount).toBe(1);
    p.apply(e("queue.changed", { queuedTurnCount: 4, payload: { items: [{ id: "q1" }] } }));
    expect(p.getState().runtime.queuedTurnCount).toBe(4);
    const runtime = p.getState().runtime;
    p.apply(e("queue.changed", { queuedTurnCount: 4, payload: {} }));
    // Nothing the runtime slice shows changed: the same slice object comes back.
    expect(p.getState().runtime).toBe(runtime);
    expect(p.getState().queue.items.map((i) => i.id)).toEqual(["q1"]);
  });
});

describe("steers", () => {
  it("QUEUE-04 a steer needs a string id; it keeps its preview, target turn and reason, all strings", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          steers: [
            { id: "s1", status: "accepted", preview: "focus", targetTurnId: "t1", reason: "ok" },
            { id: "s2", preview: 1, targetTurnId: 2, reason: 3 },
            { id: 3, preview: "no id" },
            "s4",
          ],
        },
      }),
    ]);
    expect(state.queue.steers.map(({ source: _s, ...steer }) => steer)).toStrictEqual([
      { id: "s1", status: "accepted", preview: "focus", targetTurnId: "t1", reason: "ok" },
      { id: "s2", status: "pending" },
    ]);
    expect(state.diagnostics).toEqual([]);
  });

  it("QUEUE-05 an unknown steer status reads pending, with an info diagnostic naming it", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", { payload: { steers: [{ id: "s1", status: "maybe" }] } }),
    ]);
    expect(state.queue.steers.map((s) => [s.id, s.status])).toEqual([["s1", "pending"]]);
    expect(diags(state)).toEqual([["unknown_taxonomy_value", "info", 'steer status "maybe" is not known']]);
  });

  it("QUEUE-02 a fact with only steers leaves the queued items as they were, and the other way round", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", { payload: { items: [{ id: "q1" }], steers: [{ id: "s1" }] } }),
      e("queue.changed", { payload: { steers: [{ id: "s2" }] } }),
      e("queue.changed", { payload: { items: [{ id: "q2" }] } }),
    ]);
    expect(state.queue.items.map((i) => i.id)).toEqual(["q2"]);
    expect(state.queue.steers.map((s) => s.id)).toEqual(["s2"]);
  });
});

describe("queued-turn capsules and their timeline rows", () => {
  it("QUEUE-06 a queued turn's capsule starts empty and is titled by its preview, else `Queued turn`", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", { payload: { items: [{ id: "q1", preview: "write the tests" }, { id: "q2" }] } }),
    ]);
    expect(state.tasks.q1).toMatchObject({ attempts: [], artifactIds: [], evidenceIds: [] });
    expect(state.tasks.q1.attempts).toStrictEqual([]);
    expect(state.tasks.q1.artifactIds).toStrictEqual([]);
    expect(state.tasks.q1.evidenceIds).toStrictEqual([]);
    expect([state.tasks.q1.title, state.tasks.q2.title]).toEqual(["write the tests", "Queued turn"]);
    const row = (id: string) => state.timeline.find((t) => t.id === `queue:${id}`);
    expect(row("q1")).toMatchObject({ kind: "task", title: "Queued: write the tests", status: "queued" });
    expect(row("q1")?.refs).toStrictEqual({ taskId: "q1" });
    expect(row("q2")?.title).toBe("Queued: Queued turn");
  });

  it("QUEUE-08 a runtime task leaving the queue keeps its title on the timeline row, which says left_queue", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", { taskId: "k1", payload: { status: "queued", title: "Index" } }),
      e("queue.changed", { payload: { items: [{ id: "k1", position: 1 }] } }),
      e("queue.changed", { payload: { items: [] } }),
    ]);
    expect(state.tasks.k1.queuePosition).toBeUndefined();
    expect(state.timeline.find((t) => t.id === "queue:k1")).toMatchObject({
      kind: "task",
      title: "Queued: Index",
      status: "left_queue",
      refs: { taskId: "k1" },
    });
  });

  it("QUEUE-08 a turn listed twice in one snapshot leaves the queue once, with no error", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            { id: "q1", position: 1 },
            { id: "q1", position: 2 },
          ],
        },
      }),
      e("queue.changed", { payload: { items: [] } }),
    ]);
    expect(state.tasks).toEqual({});
    expect(state.timeline.find((t) => t.id === "queue:q1")?.status).toBe("left_queue");
    expect(state.diagnostics).toEqual([]);
  });
});
