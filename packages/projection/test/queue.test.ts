import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

describe("queue family", () => {
  it("QUEUE-03 queue.changed gives positioned items with previews", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            { id: "q2", preview: "second", position: 2 },
            { id: "q1", preview: "first", position: 1, createdAt: "2026-01-01T00:00:00Z" },
          ],
        },
      }),
    ]);
    expect(state.queue.items.map((i) => [i.id, i.position, i.status, i.preview])).toEqual([
      ["q1", 1, "queued", "first"],
      ["q2", 2, "queued", "second"],
    ]);
    expect(state.runtime.queuedTurnCount).toBe(2);
  });

  it("QUEUE-06 queue events never create messages", () => {
    const e = stream();
    const state = projectEvents([
      e("queue.changed", { payload: { items: [{ id: "q1", preview: "next" }] } }),
    ]);
    expect(state.messages).toHaveLength(0);
  });

  it("QUEUE-02/04 steers are a distinct list with pending → accepted/rejected status", () => {
    const e = stream();
    const p = createProjector();
    p.apply(
      e("queue.changed", {
        payload: { steers: [{ id: "s1", preview: "focus on tests", targetTurnId: "t1" }] },
      }),
    );
    expect(p.getState().queue.steers[0]).toMatchObject({ id: "s1", status: "pending", targetTurnId: "t1" });
    expect(p.getState().queue.items).toHaveLength(0);
    p.apply(
      e("queue.changed", {
        payload: { steers: [{ id: "s1", status: "rejected", reason: "turn finished" }] },
      }),
    );
    expect(p.getState().queue.steers[0]).toMatchObject({ status: "rejected", reason: "turn finished" });
  });

  it("QUEUE-08 an item disappears only on the runtime's queue.changed", () => {
    const e = stream();
    const p = createProjector();
    p.apply(e("queue.changed", { payload: { items: [{ id: "q1" }, { id: "q2" }] } }));
    p.apply(e("queue.changed", { payload: { items: [{ id: "q2", position: 1 }] } }));
    expect(p.getState().queue.items.map((i) => i.id)).toEqual(["q2"]);
  });
});
