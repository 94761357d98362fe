// HYD-02/05/13: what a caller adds after the first paint — older timeline rows, whole rows for previews,
// older record rows, a cut message made whole — joins the projection without replacing what it holds,
// bumps `version` and tells the listeners once; input that adds nothing changes nothing. A stored
// projection loaded in steps is redacted row by row, handed over or copied.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src/core";
import { stream } from "./helpers";

type Projector = ReturnType<typeof createProjector>;

/** Counts the listener calls and reports whether `version` grew since the last look. */
function watch(p: Projector) {
  let heard = 0;
  let seen = p.version;
  p.subscribe(() => {
    heard += 1;
  });
  return {
    heard: () => heard,
    grew: () => {
      const grew = p.version > seen;
      seen = p.version;
      return grew;
    },
  };
}

function live(): Projector {
  const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
  const p = createProjector();
  p.applyAll([
    e("run.started", { payload: { input: "q" } }),
    e("tool.started", { toolCallId: "c1", payload: { toolName: "shell" } }),
  ]);
  return p;
}

const SECRET = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");

describe("pages and whole rows after the first paint (HYD-02, HYD-05, HYD-13)", () => {
  it("HYD-05 older timeline rows come first; a held row keeps its own; rows without a string id are dropped", () => {
    const p = live();
    const before = p.getState();
    const held = before.timeline.map((row) => row.id);
    expect(held.length).toBeGreaterThan(0);
    const w = watch(p);
    const row = (id: unknown) => ({ id, kind: "status", title: `older ${String(id)}`, refs: {}, source: {} });
    p.mergeTimeline([row("old:1"), null, 5, "x", { kind: "status", title: "no id" }, row(7), row(held[0])]);
    const after = p.getState();
    expect(after.timeline.map((r) => r.id)).toEqual(["old:1", ...held]);
    expect(after.timeline[1]).toBe(before.timeline[0]);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(true);
    // Nothing new: the same snapshot, no listener call, the same version.
    p.mergeTimeline([row("old:1"), row(held[0]), null]);
    expect(p.getState()).toBe(after);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(false);
  });

  it("HYD-02 a preview row is completed by its whole row: missing fields added, held fields kept", () => {
    const p = live();
    const before = p.getState().tools.c1;
    expect(before.outputText).toBeUndefined();
    const w = watch(p);
    p.completeRecord("tools", "c1", {
      toolCallId: "c1",
      status: "output-error",
      outputText: "the whole output",
    });
    const after = p.getState();
    expect(after.tools.c1).toEqual({ ...before, outputText: "the whole output" });
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(true);
    // A whole row that adds nothing changes nothing.
    p.completeRecord("tools", "c1", { toolCallId: "c1", outputText: "another" });
    expect(p.getState()).toBe(after);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(false);
  });

  it("HYD-02 a whole row the projection does not hold is added; unknown tables and non-rows are ignored", () => {
    const p = live();
    const w = watch(p);
    p.completeRecord("tools", "c0", { toolCallId: "c0", toolName: "older", status: "output-available" });
    const after = p.getState();
    expect(Object.keys(after.tools)).toEqual(["c0", "c1"]);
    expect(after.tools.c0).toEqual({ toolCallId: "c0", toolName: "older", status: "output-available" });
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(true);
    p.completeRecord("bogus" as never, "c1", { outputText: "x" });
    p.completeRecord("tools", "c1", null);
    p.completeRecord("tools", "c1", "a string has index keys");
    p.completeRecord("tools", "c2", 5);
    p.completeRecord("tools", "c3", "row");
    expect(p.getState()).toBe(after);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(false);
  });

  it("HYD-02 a whole row completes the entries of a held list item by item, never adding or reshaping one", () => {
    const p = live();
    p.mergeRecords("tools", {
      c0: {
        toolCallId: "c0",
        name: "older",
        status: "output-error",
        attempts: [{ attempt: 1, status: "output-error" }],
        artifactIds: ["a1"],
      },
    });
    const w = watch(p);
    p.completeRecord("tools", "c0", {
      attempts: [
        { attempt: 1, status: "input-available", error: { message: "boom" } },
        { attempt: 2, status: "output-available" },
      ],
    });
    const after = p.getState();
    expect(after.tools.c0.attempts).toEqual([
      { attempt: 1, status: "output-error", error: { message: "boom" } },
    ]);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(true);
    // Items that add nothing, or whose shapes differ (a record against text), change nothing.
    p.completeRecord("tools", "c0", { attempts: [{ attempt: 1 }] });
    p.completeRecord("tools", "c0", { attempts: ["text"], artifactIds: [{ id: "a1", title: "x" }] });
    // Neither does a list shaped as an object, nor a field set to `undefined`.
    p.completeRecord("tools", "c0", {
      attempts: { 0: { outputRef: "r" }, length: 1 },
      outputText: undefined,
    });
    expect(p.getState()).toBe(after);
    expect(after.tools.c0.artifactIds).toEqual(["a1"]);
    expect(w.heard()).toBe(1);
    expect(w.grew()).toBe(false);
  });

  it("HYD-05 an older page of a team list bumps the version; one that adds nothing does not", () => {
    const p = live();
    const w = watch(p);
    p.mergeTeam("roster", ["w0"]);
    expect(p.getState().team.roster).toEqual(["w0"]);
    expect(w.grew()).toBe(true);
    p.mergeTeam("roster", ["w0"]);
    expect(w.grew()).toBe(false);
  });

  it("HYD-05 older record rows that are not objects are dropped; the merge bumps the version", () => {
    const p = live();
    const w = watch(p);
    p.mergeRecords("tools", { x: null, y: 5, z: { toolCallId: "z", toolName: "older" } });
    expect(Object.keys(p.getState().tools)).toEqual(["z", "c1"]);
    expect(w.grew()).toBe(true);
  });

  it("HITL-05 a paged-in pending or stale action keeps a blocked thread waiting on it; a resolved one does not", () => {
    const blocked = (status: string) => {
      const p = createProjector();
      p.mergeRecords("actions", { a1: { actionId: "a1", actionType: "approval", status } });
      p.hydrate({
        kind: "thread",
        thread: { threadId: "th1", status: "blocked", pendingRequests: [] } as never,
      });
      return p.getState();
    };
    const pending = blocked("pending");
    expect(pending.runtime.status).toBe("action_required");
    // The thread no longer lists it: the paged-in card goes stale, with the conflict reported.
    expect(pending.actions.a1.status).toBe("stale");
    expect(pending.diagnostics.map((d) => d.code)).toContain("snapshot_conflict");
    expect(blocked("stale").runtime.status).toBe("action_required");
    const resolved = blocked("approved");
    expect(resolved.runtime.status).toBe("blocked");
    expect(resolved.actions.a1.status).toBe("approved");
    expect(resolved.diagnostics.map((d) => d.code)).not.toContain("snapshot_conflict");
  });

  it("HYD-13 completing a message bumps the version; something that is not a message completes nothing", () => {
    const p = live();
    const w = watch(p);
    const cut = { messageId: "m1", bytes: 10, parts: { total: 1, included: 1 } };
    const before = p.getState();
    expect(p.completeMessage(null as never, cut)).toBe(false);
    expect(p.completeMessage("m1" as never, cut)).toBe(false);
    expect(p.getState()).toBe(before);
    expect(w.grew()).toBe(false);
    expect(w.heard()).toBe(0);
    p.completeMessage({ id: "m9", role: "assistant", parts: [] } as never, { ...cut, messageId: "m9" });
    expect(w.grew()).toBe(true);
  });
});

describe("a stored projection loaded in steps (HYD-09, SEC-02)", () => {
  function stored(): ProjectionState {
    const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
    return projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("tool.started", { toolCallId: "c1", payload: { toolName: "shell" } }),
      e("text.delta", { payload: { delta: "Hi" } }),
    ]);
  }

  function planted(): ProjectionState {
    const state = structuredClone(stored());
    (state.tools.c1 as unknown as Record<string, unknown>).outputText = `key ${SECRET}`;
    (state.messages[1].parts[0] as unknown as { text?: string }).text = `key ${SECRET}`;
    state.timeline[0].title = `key ${SECRET}`;
    return state;
  }

  const stepped = (input: unknown, options?: { handOver?: boolean }) => {
    const p = createProjector();
    const w = watch(p);
    for (const _ of p.hydrateSteps(input as never, options));
    return { p, w };
  };

  it("SEC-02 every row of a stored projection is redacted as it is loaded, handed over or copied", () => {
    for (const handOver of [false, true]) {
      const { p, w } = stepped({ kind: "projection", state: planted() }, { handOver });
      const json = JSON.stringify(p.getState());
      expect(json).not.toContain(SECRET);
      expect(Object.keys(p.getState().tools)).toEqual(["c1"]);
      expect(p.getState().messages.map((m) => m.id)).toEqual(["t1:user", "m1"]);
      expect(w.grew()).toBe(true);
      expect(w.heard()).toBe(1);
    }
  });

  it("HYD-09 a copied stored row is the projector's own: changing the input afterwards changes nothing", () => {
    const state = stored();
    const { p } = stepped({ kind: "projection", state });
    const held = p.getState().tools.c1.status;
    (state.tools.c1 as unknown as Record<string, unknown>).status = "changed";
    expect(p.getState().tools.c1.status).toBe(held);
  });

  it("HYD-09 any other input loads in one step, as hydrate() loads it", () => {
    const inputs: unknown[] = [
      { kind: "thread", thread: { threadId: "th1", status: "running" } },
      { kind: "projection", state: null },
      { kind: "projection", state: "no" },
      undefined,
    ];
    for (const input of inputs) {
      const once = createProjector();
      once.hydrate(input as never);
      const { p, w } = stepped(input);
      expect(p.getState()).toEqual(once.getState());
      expect(w.grew()).toBe(true);
    }
  });
});
