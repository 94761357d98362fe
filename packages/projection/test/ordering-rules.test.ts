import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { codes } from "./helpers";

/** Text delta `delta` at `sequence` of stream `streamId` (message m1 of turn t1). */
function delta(
  sequence: number,
  text: string,
  streamId = "s1",
  eventId = `${streamId}-${sequence}`,
): AgentUiEvent {
  return {
    eventId,
    streamId,
    sequence,
    turnId: "t1",
    messageId: "m1",
    type: "text.delta",
    payload: { delta: text },
  };
}

const text = (p: ReturnType<typeof createProjector>) =>
  p
    .getState()
    .messages.flatMap((m) => m.parts.map((part) => ("text" in part ? part.text : "")))
    .join("");

describe("ordering gate (ORD-01, ORD-02, ORD-05, HYD-10)", () => {
  it("HYD-10 a hydrated cursor covers its sequences: their replays are dropped silently", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 3 } });
    p.applyAll(["a", "b", "c", "d", "e"].map((t, i) => delta(i + 1, t)));
    expect(text(p)).toBe("de");
    expect(p.getState().diagnostics).toEqual([]);
    expect(p.getState().cursor).toMatchObject({ streams: { s1: 5 }, gaps: [], lastSequence: 5 });
  });

  it("HYD-10 a cursor ahead of the live frontier moves it forward", () => {
    const p = createProjector();
    p.applyAll([delta(1, "a"), delta(2, "b")]);
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 4 } });
    expect(p.getState().cursor.streams).toEqual({ s1: 4 });
    p.applyAll([delta(3, "c"), delta(5, "e")]);
    expect(text(p)).toBe("abe");
    expect(p.getState().cursor).toMatchObject({ streams: { s1: 5 }, gaps: [], stale: false });
  });

  it("HYD-10 a cursor at the expected start lets the next sequence apply at once", () => {
    const p = createProjector({ expectStreamStart: 1 });
    p.apply(delta(3, "c"));
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 1 } });
    p.apply(delta(2, "b"));
    expect(text(p)).toBe("bc");
    expect(p.getState().cursor).toMatchObject({ streams: { s1: 3 }, gaps: [] });
  });

  it("ORD-05 a held event the cursor covers is dropped; the one after it is released", () => {
    const p = createProjector({ expectStreamStart: 1 });
    p.applyAll([delta(4, "d"), delta(5, "e")]);
    expect(p.getState().cursor.streams).toEqual({});
    expect(p.getState().cursor.gaps).toEqual([{ streamId: "s1", from: 1, to: 3 }]);
    expect(p.getState().cursor.staleSections).toEqual(["stream:s1"]);
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 4 } });
    expect(text(p)).toBe("e");
    expect(p.getState().cursor).toMatchObject({
      streams: { s1: 5 },
      gaps: [],
      staleSections: [],
      stale: false,
    });
  });

  it("ORD-05 a repair snapshot releases held events from the lowest held sequence", () => {
    const p = createProjector({ expectStreamStart: 1 });
    p.applyAll([delta(5, "e"), delta(3, "c")]);
    expect(p.getState().cursor.gaps).toEqual([{ streamId: "s1", from: 1, to: 2 }]);
    p.apply({ eventId: "r1", type: "state.snapshot", payload: { repair: true } } as AgentUiEvent);
    expect(text(p)).toBe("c");
    expect(p.getState().cursor.gaps).toEqual([{ streamId: "s1", from: 4, to: 4 }]);
    p.apply(delta(4, "d"));
    expect(text(p)).toBe("cde");
    expect(p.getState().cursor.gaps).toEqual([]);
  });

  it("ORD-02 a second event for a held sequence is reported and the first one kept", () => {
    const p = createProjector({ expectStreamStart: 1 });
    p.applyAll([delta(2, "b", "s1", "first"), delta(2, "x", "s1", "second"), delta(1, "a")]);
    expect(text(p)).toBe("ab");
    const dup = p.getState().diagnostics.find((d) => d.code === "duplicate_event");
    expect(dup).toMatchObject({
      severity: "info",
      message: "another event already holds this stream sequence: ignored",
      eventRef: { eventId: "second" },
    });
  });

  it("ORD-01 an event below a joined stream's first applied sequence is applied late and flagged", () => {
    const p = createProjector();
    p.applyAll([delta(3, "c"), delta(4, "d"), delta(2, "b")]);
    expect(text(p)).toBe("cdb");
    expect(codes(p.getState())).toEqual(["out_of_order"]);
    expect(p.getState().diagnostics[0]).toMatchObject({
      severity: "warning",
      message: "event arrived after later events of its stream were applied",
    });
    expect(p.getState().cursor).toMatchObject({ streams: { s1: 4 }, lastSequence: 2, eventCount: 3 });
  });

  it("HYD-09 a read model over several streams keeps the last sequence the projector saw", () => {
    const p = createProjector();
    p.applyAll([delta(1, "a"), delta(2, "b")]);
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "running" },
      cursor: { s1: 2, s2: 1 },
      eventCount: 5,
    });
    expect(p.getState().cursor).toMatchObject({ lastSequence: 2, eventCount: 5, streams: { s1: 2, s2: 1 } });
  });
});
