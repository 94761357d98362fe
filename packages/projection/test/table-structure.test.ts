// A table read between changes that remove rows (a message the source's list drops, a queued turn leaving
// the queue) or add older rows before the held ones (HYD-05): each snapshot shows the rows, in the order,
// that a projector fed the same inputs and read once shows, and a snapshot taken earlier but read later
// still shows its own rows (ARCH-04: immutable snapshots).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { type Projector, createProjector } from "../src";
import { stream } from "./helpers";

type Step = (projector: Projector) => void;

/** The JSON of a projector that saw `steps` and was read once, at the end. */
function once(steps: readonly Step[]): string {
  const projector = createProjector();
  for (const step of steps) step(projector);
  return JSON.stringify(projector.getState());
}

/** Runs `steps`, reading the state after each, and checks every read against a projector read once. */
function readEveryStep(steps: readonly Step[]): void {
  const projector = createProjector();
  for (let at = 0; at < steps.length; at++) {
    steps[at](projector);
    expect(JSON.stringify(projector.getState())).toBe(once(steps.slice(0, at + 1)));
  }
}

const apply =
  (event: AgentUiEvent): Step =>
  (projector) =>
    projector.apply(event);

describe("rows removed or paged in between reads (TEXT-06, HYD-05, ARCH-04)", () => {
  it("TEXT-06 ARCH-04 after a message is removed, a new message and a delta to a later one land in their own places", () => {
    const e = stream({ turnId: "t1" });
    const delta = (messageId: string, text: string) =>
      apply(e("text.delta", { messageId, payload: { delta: text } }));
    const steps = [
      ...["m1", "m2", "m3", "m4"].map((id) => delta(id, `${id} `)),
      apply(e("messages.snapshot", { payload: { messages: [], removedMessageIds: ["m2"] } })),
      delta("m5", "m5 "),
      delta("m3", "more"),
      delta("m4", "more"),
    ];
    readEveryStep(steps);
    const projector = createProjector();
    for (const step of steps) step(projector);
    expect(projector.getState().messages.map((m) => [m.id, m.parts.map((p) => p.text)])).toEqual([
      ["m1", ["m1 "]],
      ["m3", ["m3 more"]],
      ["m4", ["m4 more"]],
      ["m5", ["m5 "]],
    ]);
  });

  it("HYD-05 ARCH-04 after older timeline rows are paged in, a held row's change shows in place", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const older = { id: "older:1", kind: "status", title: "older", refs: {}, source: {} };
    readEveryStep([
      apply(e("run.started", { payload: { input: "q" } })),
      apply(e("tool.started", { toolCallId: "c1", payload: { toolName: "shell" } })),
      apply(e("tool.started", { toolCallId: "c2", payload: { toolName: "read" } })),
      (projector) => projector.mergeTimeline([older as never]),
      apply(e("tool.result", { toolCallId: "c1", payload: { output: "done" } })),
      apply(e("tool.result", { toolCallId: "c2", payload: { output: "read" } })),
    ]);
  });

  it("HYD-05 ARCH-04 a large snapshot read late keeps a task a later queue dropped, with older tasks paged in after", () => {
    const e = stream({ turnId: "t1" });
    const queued = (ids: number[]) => ids.map((id, at) => ({ id: `q${id}`, position: at + 1 }));
    const all = [...Array(140).keys()];
    const projector = createProjector();
    const first = e("queue.changed", { payload: { items: queued(all) } });
    projector.apply(first);
    const held = projector.getState();
    const json = once([apply(first)]);
    projector.apply(e("queue.changed", { payload: { items: queued(all.filter((id) => id !== 5)) } }));
    projector.mergeRecords("tasks", { older: { taskId: "older", title: "older", status: "completed" } });
    const now = projector.getState();
    expect(Object.keys(held.tasks)).toEqual(all.map((id) => `q${id}`));
    expect(JSON.stringify(held)).toBe(json);
    expect(Object.keys(now.tasks)).toEqual(["older", ...all.filter((id) => id !== 5).map((id) => `q${id}`)]);
  });
});

describe("a stored projection listing a row twice (HYD-09)", () => {
  it("HYD-09 a timeline row stored twice shows once, at its first place, as stored last", () => {
    const row = (id: string, title: string) => ({ id, kind: "status", title, refs: {}, source: {} });
    const projector = createProjector();
    const state = {
      ...createProjector().getState(),
      timeline: [row("x", "a"), row("y", "b"), row("x", "c")],
    };
    projector.hydrate({ kind: "projection", state: state as never });
    expect(projector.getState().timeline.map((entry) => [entry.id, entry.title])).toEqual([
      ["x", "c"],
      ["y", "b"],
    ]);
  });
});

describe("large snapshots read late (ARCH-04, perf §2.2)", () => {
  /** Past the eager-build threshold: the snapshot's tables and lists are built when first read. */
  const HISTORY = 140;

  function history(): { steps: Step[]; e: ReturnType<typeof stream> } {
    const e = stream({ turnId: "t1" });
    const steps: Step[] = [];
    for (let i = 0; i < HISTORY; i++) {
      steps.push(apply(e("tool.started", { toolCallId: `c${i}`, payload: { name: "read" } })));
      steps.push(apply(e("text.delta", { messageId: `m${i}`, payload: { delta: `answer ${i}` } })));
    }
    return { steps, e };
  }

  /** Runs `steps`, taking a snapshot after each one listed in `reads` (read now when `settle` names it),
   * then reads every snapshot, newest first, and checks it against a projector read once at its point. */
  function readLate(steps: readonly Step[], reads: readonly number[], settle: readonly number[] = []): void {
    const projector = createProjector();
    const snapshots: { at: number; json: () => string }[] = [];
    for (let at = 0; at < steps.length; at++) {
      steps[at](projector);
      if (!reads.includes(at)) continue;
      const state = projector.getState();
      if (settle.includes(at)) JSON.stringify(state);
      snapshots.push({ at, json: () => JSON.stringify(state) });
    }
    for (const { at, json } of snapshots.reverse()) expect(json()).toBe(once(steps.slice(0, at + 1)));
  }

  it("ARCH-04 a snapshot read after the same row changed twice shows the row as it was then", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    steps.push(apply(e("tool.progress", { toolCallId: "c3", payload: { message: "50%" } })));
    steps.push(apply(e("tool.result", { toolCallId: "c3", payload: { output: "o" } })));
    readLate(steps, [first, first + 1, first + 2]);
  });

  it("ARCH-04 a list snapshot taken after a read and read after a later change shows its own rows", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    steps.push(apply(e("text.delta", { messageId: "m3", payload: { delta: " more" } })));
    steps.push(apply(e("text.delta", { messageId: "m3", payload: { delta: " again" } })));
    readLate(steps, [first, first + 1, first + 2], [first]);
  });

  it("TEXT-06 ARCH-04 a list snapshot taken after a read and read after a removal shows its own rows", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    steps.push(apply(e("text.delta", { messageId: "m3", payload: { delta: " more" } })));
    steps.push(apply(e("text.delta", { messageId: "m-new", payload: { delta: "new" } })));
    steps.push(apply(e("messages.snapshot", { payload: { messages: [], removedMessageIds: ["m1"] } })));
    readLate(steps, [first, first + 1, first + 2, first + 3], [first]);
    readLate(steps, [first, first + 1, first + 3], [first]);
  });

  it("TEXT-06 ARCH-04 a list snapshot taken after a read and read after a removal not yet published shows its own rows", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    steps.push(apply(e("text.delta", { messageId: "m3", payload: { delta: " more" } })));
    steps.push(apply(e("messages.snapshot", { payload: { messages: [], removedMessageIds: ["m1"] } })));
    readLate(steps, [first, first + 1], [first]);
  });

  it("TEXT-06 ARCH-04 a snapshot read after two later removals shows its own rows, in its own order", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    const remove = (id: string) =>
      apply(e("messages.snapshot", { payload: { messages: [], removedMessageIds: [id] } }));
    steps.push(remove("m1"), remove("m2"));
    readLate(steps, [first, first + 1, first + 2]);
  });

  it("TEXT-06 ARCH-04 a snapshot read after one change removing two rows shows its own rows, in its own order", () => {
    const { steps, e } = history();
    const first = steps.length - 1;
    steps.push(apply(e("messages.snapshot", { payload: { messages: [], removedMessageIds: ["m1", "m2"] } })));
    readLate(steps, [first, first + 1]);
  });
});
