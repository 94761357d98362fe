// perf §2.2 (O(1) per delta): the permissions, context and queue slices are copy-on-write per list and per
// entry (as the team is): a read after a change copies what changed, an unchanged list keeps its array and
// an unchanged entry its object (===), and an earlier snapshot keeps showing what it showed.
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

function seeded(size: number) {
  const e = stream({ turnId: "t1" });
  const p = createProjector();
  for (let i = 0; i < size; i++) {
    p.apply(e("permission.changed", { payload: { decision: { id: `d${i}`, decision: "allow_once" } } }));
    p.apply(e("permission.changed", { payload: { violation: { id: `v${i}`, reason: "network denied" } } }));
    p.apply(e("context.compaction.started", { payload: { compactionId: `c${i}` } }));
    p.apply(e("context.compaction.completed", { payload: { compactionId: `c${i}`, tokensAfter: i } }));
  }
  p.apply(e("context.changed", { payload: { refs: [{ id: "r1", label: "README" }] } }));
  p.apply(e("queue.changed", { payload: { items: [{ id: "q1", preview: "next" }], steers: [] } }));
  return { p, e };
}

describe("permissions, context and queue slices share what did not change", () => {
  it("PERM-02 perf §2.2 a restated decision copies that decision only: other entries and lists keep identity", () => {
    const { p, e } = seeded(200);
    const before = p.getState();
    p.apply(e("permission.changed", { payload: { decision: { id: "d7", decision: "deny", reason: "no" } } }));
    const after = p.getState();
    expect(after.permissions).not.toBe(before.permissions);
    expect(after.permissions.decisions).not.toBe(before.permissions.decisions);
    expect(after.permissions.decisions[7]).toEqual(
      expect.objectContaining({ id: "d7", decision: "deny", reason: "no" }),
    );
    expect(before.permissions.decisions[7]).toEqual(
      expect.not.objectContaining({ reason: expect.anything() }),
    );
    expect(before.permissions.decisions[7].decision).toBe("allow_once");
    expect(after.permissions.decisions).toHaveLength(200);
    for (const i of [0, 6, 8, 199])
      expect(after.permissions.decisions[i]).toBe(before.permissions.decisions[i]);
    expect(after.permissions.violations).toBe(before.permissions.violations);
    expect(after.context).toBe(before.context);
    expect(after.queue).toBe(before.queue);
  });

  it("CTX-03 perf §2.2 a compaction's change copies that compaction only; refs and missing keep their arrays", () => {
    const { p, e } = seeded(200);
    const before = p.getState();
    p.apply(e("context.compaction.completed", { payload: { compactionId: "c3", failed: true } }));
    p.apply(e("context.compaction.started", { payload: { compactionId: "c200" } }));
    const after = p.getState();
    expect(after.context.compactions).toHaveLength(201);
    expect(after.context.compactions[3].status).toBe("failed");
    expect(before.context.compactions[3].status).toBe("completed");
    expect(before.context.compactions).toHaveLength(200);
    expect(after.context.compactions[2]).toBe(before.context.compactions[2]);
    expect(after.context.compactions[200]).toMatchObject({ id: "c200", status: "started" });
    expect(after.context.refs).toBe(before.context.refs);
    expect(after.context.missing).toBe(before.context.missing);
    expect(after.permissions).toBe(before.permissions);
  });

  it("QUEUE-03 perf §2.2 a new queue snapshot shows its items; the steers and other slices keep identity", () => {
    const { p, e } = seeded(3);
    const before = p.getState();
    p.apply(e("queue.changed", { payload: { items: [{ id: "q2", preview: "later" }] } }));
    const after = p.getState();
    expect(after.queue.items.map((item) => item.id)).toEqual(["q2"]);
    expect(before.queue.items.map((item) => item.id)).toEqual(["q1"]);
    expect(after.queue.steers).toBe(before.queue.steers);
    expect(after.context).toBe(before.context);
    expect(after.permissions).toBe(before.permissions);
    // A steer alone: the items keep their array.
    p.apply(e("queue.changed", { payload: { steers: [{ id: "s1", preview: "be brief" }] } }));
    const steered = p.getState();
    expect(steered.queue.steers.map((steer) => steer.id)).toEqual(["s1"]);
    expect(steered.queue.items).toBe(after.queue.items);
  });

  it("PERM-02 an unread snapshot shows its decisions as they were, after later restatements and additions", () => {
    const { p, e } = seeded(200);
    const decision = (id: string, value: string) =>
      e("permission.changed", { payload: { decision: { id, decision: value } } });
    // Each snapshot is taken and left unread: a list this large is built when first read.
    const first = p.getState();
    p.apply(decision("d7", "deny"));
    p.apply(decision("d200", "allow_once"));
    const second = p.getState();
    p.apply(decision("d7", "allow_always"));
    p.apply(decision("d200", "deny"));
    const third = p.getState();
    const shown = (state: typeof first) => [
      state.permissions.decisions.length,
      state.permissions.decisions[7].decision,
      state.permissions.decisions[200]?.decision,
    ];
    expect(shown(third)).toEqual([201, "allow_always", "deny"]);
    expect(shown(second)).toEqual([201, "deny", "allow_once"]);
    expect(shown(first)).toEqual([200, "allow_once", undefined]);
  });

  it("PERM-02 a caller mutating a returned decision or list never reaches the projector", () => {
    const { p, e } = seeded(2);
    const state = p.getState();
    state.permissions.decisions[1].reason = "tampered";
    state.permissions.violations.length = 0;
    p.apply(e("permission.changed", { payload: { decision: { id: "d1", decision: "deny" } } }));
    p.apply(e("permission.changed", { payload: { violation: { id: "v2" } } }));
    const next = p.getState().permissions;
    expect(next.decisions.map((d) => [d.decision, d.reason])).toEqual([
      ["allow_once", undefined],
      ["deny", undefined],
    ]);
    expect(next.violations.map((v) => v.id)).toEqual(["v0", "v1", "v2"]);
  });
});
