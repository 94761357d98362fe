import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { codes } from "./helpers";

/** A log interleaving up to three streams; each stream's sequences count from 1 without gaps. */
function logOf(plan: { stream: number; kind: number }[]): AgentUiEvent[] {
  const next = new Map<string, number>();
  return plan.map(({ stream, kind }, index) => {
    const streamId = `s${stream}`;
    const sequence = (next.get(streamId) ?? 0) + 1;
    next.set(streamId, sequence);
    const base = { eventId: `${streamId}-${sequence}`, streamId, sequence, turnId: `t${stream}` };
    if (kind === 0) return { ...base, type: "run.status", payload: { status: "streaming" } };
    if (kind === 1) return { ...base, type: "text.delta", payload: { delta: `w${index} ` } };
    return { ...base, type: "tool.started", toolCallId: `c${index}`, payload: { toolName: "read" } };
  });
}

/** A stored snapshot: what a server keeps and a client receives (plain JSON, nothing shared). */
const stored = (state: ProjectionState): ProjectionState => JSON.parse(JSON.stringify(state));

/** A client hydrated from `snapshot` that then receives the log from `from` on (a reconnect may overlap). */
function clientFrom(snapshot: ProjectionState, log: AgentUiEvent[], from: number) {
  const client = createProjector();
  client.hydrate({ kind: "projection", state: snapshot });
  client.applyAll(log.slice(from));
  return client;
}

const planArb = fc.array(
  fc.record({ stream: fc.integer({ min: 1, max: 3 }), kind: fc.integer({ min: 0, max: 2 }) }),
  { minLength: 1, maxLength: 40 },
);

describe("cursor after hydration (HYD-09, HYD-10)", () => {
  it("HYD-09 clients hydrated from snapshots taken at different points show the same cursor at the same log head", () => {
    fc.assert(
      fc.property(planArb, fc.nat(), fc.nat(), fc.nat(), (plan, a, b, overlap) => {
        const log = logOf(plan);
        const head = projectEvents(log).cursor;
        const early = a % (log.length + 1);
        const late = early + (b % (log.length - early + 1));
        const first = clientFrom(stored(projectEvents(log.slice(0, early))), log, early);
        // The second client's snapshot comes from a projector that was itself hydrated (a chain of stored
        // snapshots), and its tail overlaps events the snapshot already holds.
        const chained = clientFrom(stored(projectEvents(log.slice(0, early))), log.slice(0, late), early);
        const second = clientFrom(stored(chained.getState()), log, overlap % (late + 1));
        expect(first.getState().cursor).toEqual(head);
        expect(second.getState().cursor).toEqual(head);
        expect(head.eventCount).toBe(log.length);
      }),
      { numRuns: 150 },
    );
  });

  it("HYD-09 a snapshot at the log head gives the head's cursor before any tail event", () => {
    const log = logOf([
      { stream: 1, kind: 0 },
      { stream: 2, kind: 1 },
      { stream: 1, kind: 1 },
    ]);
    const head = projectEvents(log);
    const client = clientFrom(stored(head), log, 0);
    expect(client.getState().cursor).toEqual(head.cursor);
    expect(client.getState().cursor).toMatchObject({ eventCount: 3, lastSequence: 2 });
  });

  it("HYD-10 a held tail event released by the snapshot's cursor is counted once", () => {
    const log = logOf([
      { stream: 1, kind: 0 },
      { stream: 1, kind: 1 },
      { stream: 1, kind: 1 },
      { stream: 1, kind: 1 },
    ]);
    const client = createProjector({ expectStreamStart: 1 });
    // Events 3 and 4 arrive first and are held behind the gap; the snapshot covers 1–2 and releases them.
    client.applyAll(log.slice(2));
    expect(client.getState().cursor.gaps).toEqual([{ streamId: "s1", from: 1, to: 2 }]);
    client.hydrate({ kind: "projection", state: stored(projectEvents(log.slice(0, 2))) });
    expect(client.getState().cursor).toEqual(projectEvents(log).cursor);
  });

  it("HYD-09 a read model that states its event count is counted like a stored projection", () => {
    const log = logOf([
      { stream: 1, kind: 0 },
      { stream: 1, kind: 1 },
      { stream: 1, kind: 1 },
      { stream: 1, kind: 1 },
    ]);
    const client = createProjector();
    client.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "running" },
      cursor: { s1: 2 },
      eventCount: 2,
    });
    client.applyAll(log);
    expect(client.getState().cursor).toMatchObject({ eventCount: 4, lastSequence: 4, streams: { s1: 4 } });
  });

  it("HYD-09 a read model without a count counts only the events applied after it (nothing guessed)", () => {
    const log = logOf([
      { stream: 1, kind: 0 },
      { stream: 1, kind: 1 },
      { stream: 1, kind: 1 },
    ]);
    const client = createProjector();
    client.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running" }, cursor: { s1: 2 } });
    expect(client.getState().cursor.eventCount).toBe(0);
    client.applyAll(log);
    expect(client.getState().cursor.eventCount).toBe(1);
  });

  it("HYD-09 a stored eventCount that is not a whole number is reported and not counted", () => {
    const log = logOf([
      { stream: 1, kind: 0 },
      { stream: 1, kind: 1 },
    ]);
    const snapshot = stored(projectEvents(log.slice(0, 1)));
    snapshot.cursor.eventCount = -3;
    const client = clientFrom(snapshot, log, 0);
    const state = client.getState();
    expect(state.cursor.eventCount).toBe(1);
    expect(state.cursor.streams).toEqual({ s1: 2 });
    expect(codes(state)).toContain("schema_mismatch");
    expect(state.diagnostics.find((d) => d.code === "schema_mismatch")?.path).toBe("/cursor/eventCount");
  });
});
