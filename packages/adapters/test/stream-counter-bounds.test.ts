// Bounded memory whatever streams a source names: the emitter keeps one sequence counter per stream key
// for at most MAX_STREAM_COUNTERS keys. A counted stream keeps counting; a stream named past the cap gets
// no counter, so its events carry no sequence — never a number already given out (the projection would
// drop it as a duplicate) and never a jump (the projection would hold the stream behind the gap).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";
import { Emitter, MAX_STREAM_COUNTERS } from "../src/shared/emitter";
import { limits, pushEach } from "./bounds-support";

// An unknown subtype: one diagnostic per record, in the record's session.
const record = (session: string, k: number) => ({
  type: "system",
  subtype: "brand_new",
  session_id: session,
  uuid: `u${k}`,
});
const sessions = (n: number) => Array.from({ length: n }, (_, k) => record(`s${k}`, k));
const inSession = (events: AgentUiEvent[], session: string) =>
  events.filter((e) => e.sessionId === session && e.payload?.code !== "source_limit_exceeded");

describe("emitter stream counters", () => {
  it(`ORD-01 ORD-02 ENV-09 past ${MAX_STREAM_COUNTERS} streams one warning; a new stream's events carry no sequence, counted ones go on`, () => {
    const n = MAX_STREAM_COUNTERS;
    const { all } = pushEach(claudeAgentSdkAdapter.create(), [
      ...sessions(n + 1),
      record(`s${n}`, n + 1),
      record("s0", n + 2),
    ]);
    expect(limits(all)).toEqual([{ table: "stream sequence", cap: MAX_STREAM_COUNTERS }]);
    const warning = all.find((e) => e.payload?.code === "source_limit_exceeded");
    expect(warning?.payload?.message).toBe(
      `claude-agent-sdk: the stream sequence table reached its cap of ${MAX_STREAM_COUNTERS}: the events of a stream named after the cap carry no sequence: they are applied in the order they arrive`,
    );
    expect(inSession(all, `s${n}`).map((e) => e.sequence)).toEqual([undefined, undefined]);
    expect(inSession(all, "s0").map((e) => e.sequence)).toEqual([1, 2]);
    // Distinct ids: the projection applies every event, with no gap held and no duplicate dropped.
    const cursor = projectEvents(all).cursor;
    expect([cursor.eventCount, cursor.gaps, cursor.stale]).toEqual([all.length, [], false]);
  });

  it(`ORD-01 ENV-09 ${MAX_STREAM_COUNTERS} streams fit: no warning, every event numbered`, () => {
    const { all } = pushEach(claudeAgentSdkAdapter.create(), [
      ...sessions(MAX_STREAM_COUNTERS),
      record("s0", MAX_STREAM_COUNTERS),
    ]);
    expect(limits(all)).toEqual([]);
    expect(all.every((e) => typeof e.sequence === "number")).toBe(true);
    expect(inSession(all, "s0").map((e) => e.sequence)).toEqual([1, 2]);
  });

  it("ORD-01 a source-given sequence on a stream past the cap is kept as the source's", () => {
    const emit = new Emitter("test");
    for (let k = 0; k < MAX_STREAM_COUNTERS; k++) emit.event("run.status", { streamId: `k${k}` });
    const given = emit.event("run.status", { streamId: "late", sequence: 7 });
    const assigned = emit.event("run.status", { streamId: "late" });
    expect([given.sequence, given.eventId]).toEqual([7, "test:late:7"]);
    expect([assigned.sequence, assigned.eventId]).toEqual([undefined, "test:late:u1"]);
  });
});
