// What the ordering gate does with an event at, below or ahead of its stream's applied frontier, seen
// through the projected state (text, cursor, diagnostics), and what the gate tells its caller.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { codes, loggedGate as gate } from "./helpers";

/** Text delta `text` of message m1; `sequence` undefined makes it an unsequenced restatement. */
function delta(
  sequence: number | undefined,
  text: string,
  eventId = `s1-${sequence}`,
  streamId = "s1",
): AgentUiEvent {
  const event = {
    eventId,
    streamId,
    turnId: "t1",
    messageId: "m1",
    type: "text.delta",
    payload: { delta: text },
  };
  return (sequence === undefined ? event : { ...event, sequence }) as AgentUiEvent;
}

const text = (p: ReturnType<typeof createProjector>) =>
  p
    .getState()
    .messages.flatMap((m) => m.parts.map((part) => ("text" in part ? part.text : "")))
    .join("");

describe("ordering gate: the applied frontier (ORD-01, ORD-02, ORD-05, HYD-09, HYD-10)", () => {
  it("ORD-02 a different event at a sequence already applied after a hydrated cursor is reported, not applied", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 2 } });
    p.applyAll([delta(3, "c"), delta(4, "d"), delta(3, "x", "other")]);
    expect(text(p)).toBe("cd");
    expect(p.getState().diagnostics).toMatchObject([
      { code: "duplicate_event", eventRef: { eventId: "other" } },
    ]);
  });

  it("ORD-02 a different event at a sequence a joined stream already applied (above its first) is reported, not applied", () => {
    const p = createProjector();
    p.applyAll([delta(3, "c"), delta(4, "d"), delta(5, "e"), delta(4, "x", "other")]);
    expect(text(p)).toBe("cde");
    expect(codes(p.getState())).toEqual(["duplicate_event"]);
    expect(p.getState().cursor).toMatchObject({ streams: { s1: 5 }, lastSequence: 5, eventCount: 3 });
  });

  it.each([
    { start: 1, events: [delta(2, "b"), delta(1, "a")], below: 0, applied: "ab" },
    { start: 5, events: [delta(3, "a")], below: 2, applied: "a" },
  ])(
    "ORD-01 with a declared stream start ($start), an unseen event below the applied frontier is reported, not applied",
    ({ start, events, below, applied }) => {
      const p = createProjector({ expectStreamStart: start });
      p.applyAll(events);
      p.apply(delta(below, "x", "below"));
      expect(text(p)).toBe(applied);
      expect(p.getState().diagnostics).toMatchObject([
        { code: "duplicate_event", eventRef: { eventId: "below" } },
      ]);
    },
  );

  it("ORD-05 events released by a repair leave a stream without held events expecting its next sequence", () => {
    const p = createProjector();
    p.applyAll([delta(1, "a"), delta(2, "b"), delta(1, "1", "s2-1", "s2"), delta(3, "3", "s2-3", "s2")]);
    expect(p.getState().cursor.gaps).toEqual([{ streamId: "s2", from: 2, to: 2 }]);
    p.apply({ eventId: "r1", type: "state.snapshot", payload: { repair: true } } as AgentUiEvent);
    expect(p.getState().cursor.gaps).toEqual([]);
    p.apply(delta(5, "e"));
    expect(text(p)).toBe("ab13");
    expect(p.getState().cursor).toMatchObject({
      streams: { s1: 2, s2: 3 },
      gaps: [{ streamId: "s1", from: 3, to: 4 }],
      staleSections: ["stream:s1"],
    });
  });

  it("ORD-05 a stream stays marked stale while a gap remains after in-order events release none", () => {
    const p = createProjector({ expectStreamStart: 1 });
    p.applyAll([delta(3, "c"), delta(5, "e"), delta(1, "a")]);
    expect(text(p)).toBe("a");
    expect(p.getState().cursor).toMatchObject({
      gaps: [{ streamId: "s1", from: 2, to: 2 }],
      staleSections: ["stream:s1"],
      stale: true,
    });
    p.apply(delta(2, "b"));
    expect(p.getState().cursor).toMatchObject({
      gaps: [{ streamId: "s1", from: 4, to: 4 }],
      staleSections: ["stream:s1"],
    });
    p.apply(delta(4, "d"));
    expect(text(p)).toBe("abcde");
    expect(p.getState().cursor).toMatchObject({ gaps: [], staleSections: [], stale: false });
  });

  it("HYD-10 a restated fact's sequenced copy below the frontier moves nothing: the next event applies", () => {
    const p = createProjector();
    p.applyAll([delta(undefined, "R", "fact-1"), delta(5, "b"), delta(6, "c")]);
    p.apply(delta(4, "R", "fact-1"));
    p.apply(delta(7, "d"));
    expect(text(p)).toBe("Rbcd");
    expect(p.getState().cursor).toMatchObject({
      streams: { s1: 7 },
      gaps: [],
      lastSequence: 7,
      eventCount: 4,
    });
    expect(p.getState().diagnostics).toEqual([]);
  });

  it("HYD-09 an unsequenced event keeps the cursor's last sequence", () => {
    const p = createProjector();
    p.applyAll([delta(1, "a"), delta(2, "b"), delta(undefined, "c", "plain")]);
    expect(text(p)).toBe("abc");
    expect(p.getState().cursor).toMatchObject({ lastSequence: 2, streams: { s1: 2 }, eventCount: 3 });
  });

  it("HYD-09 a snapshot counting fewer events than the projector applied does not lower the event count", () => {
    const p = createProjector();
    p.applyAll([1, 2, 3, 4, 5].map((sequence) => delta(sequence, "x")));
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "running" },
      cursor: { s1: 5 },
      eventCount: 3,
    });
    expect(p.getState().cursor).toMatchObject({ eventCount: 5, lastSequence: 5 });
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "running" },
      cursor: { s1: 5 },
      eventCount: 9,
    });
    expect(p.getState().cursor).toMatchObject({ eventCount: 9, lastSequence: 5 });
  });
});

describe("ordering gate: what it reports to its caller", () => {
  const event = (eventId: string, sequence?: number): AgentUiEvent =>
    ({
      eventId,
      streamId: "s",
      type: "run.status",
      ...(sequence === undefined ? {} : { sequence }),
    }) as AgentUiEvent;

  it("ORD-02 a second event at an applied or a held sequence is reported as duplicate_sequence", () => {
    const { g, log } = gate(1);
    for (const e of [event("a", 1), event("b", 3), event("c", 3), event("d", 1)]) g.admit(e);
    expect(log).toEqual([
      ["apply", "a"],
      ["late", "c", "duplicate_sequence"],
      ["late", "d", "duplicate_sequence"],
    ]);
  });

  it("ORD-01 an event below a joined stream's first sequence is reported as late and applied", () => {
    const { g, log } = gate(undefined);
    for (const e of [event("a", 2), event("b", 1)]) g.admit(e);
    expect(log).toEqual([
      ["apply", "a"],
      ["late", "b", "late"],
      ["apply", "b"],
    ]);
  });

  it("HYD-10 a restated fact's sequenced copy fills its slot without a `filled` callback", () => {
    const { g, log } = gate(1);
    for (const e of [event("r"), event("r", 1), event("b", 2)]) g.admit(e);
    expect(log).toEqual([
      ["apply", "r"],
      ["apply", "b"],
    ]);
    expect(g.cursor()).toMatchObject({ streams: { s: 2 }, gaps: [], lastSequence: 2, eventCount: 2 });
  });

  it("ORD-01 an id is known only from an event that carried it: a held event without an id fills the gap", () => {
    const { g, log } = gate(1);
    // Sequence 2 has no id and waits behind the gap; sequence 3 has the `prefix + sequence` shape. Once
    // the gap closes, sequences 1–3 are applied, yet no event was `s:2`: an event with that id is new.
    const anonymous = { streamId: "s", sequence: 2, type: "run.status" } as AgentUiEvent;
    for (const e of [anonymous, event("s:3", 3), event("s:1", 1), event("s:2")]) g.admit(e);
    expect(log).toEqual([
      ["apply", "s:1"],
      ["apply", undefined],
      ["apply", "s:3"],
      ["apply", "s:2"],
    ]);
  });

  it("ORD-02 a repair keeps in memory only the ids the stream's events carried", () => {
    const { g, log } = gate(1);
    // Ids of no `prefix + sequence` shape: each is remembered once, and a repair adds none.
    for (const e of [event("a", 1), event("b", 2), event("d", 4), event("e", 5)]) g.admit(e);
    expect(g.rememberedIds()).toBe(4);
    g.repairAll();
    g.setBaseline("s", 9);
    expect(log.map(([, id]) => id)).toEqual(["a", "b", "d", "e"]);
    expect(g.rememberedIds()).toBe(4);
  });

  it.each([undefined, 1])(
    "ORD-02 in-order events whose ids are their stream's prefix + sequence keep no id in memory (start %s)",
    (start) => {
      const { g, log } = gate(start);
      for (let sequence = 1; sequence <= 200; sequence++) g.admit(event(`s:${sequence}`, sequence));
      expect(log).toHaveLength(200);
      expect(g.rememberedIds()).toBe(0);
      // They are still recognised as duplicates, and an id of another shape is remembered.
      g.admit(event("s:7", 201));
      g.admit(event("other", 201));
      expect(log).toHaveLength(201);
      expect(g.rememberedIds()).toBeGreaterThan(0);
    },
  );
});
