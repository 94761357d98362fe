import { describe, expect, it } from "vitest";
import { createSequenceTracker, eventRefOf } from "../src/index";

describe("ORD-01/ORD-02/ORD-05 the sequence tracker names gaps, late events and reused sequences", () => {
  it("reports each with its exact code, message, path and event", () => {
    const tracker = createSequenceTracker();
    const ref = { index: 4 };
    expect(tracker.observe("s", 1, ref)).toEqual([]);
    expect(tracker.observe("s", 2, ref)).toEqual([]);
    const warn = (code: string, message: string) => [
      { code, severity: "warning", message, path: "/sequence", eventRef: ref },
    ];
    expect(tracker.observe("s", 5, ref)).toStrictEqual(
      warn("sequence_gap", "stream 's': sequence 3..4 missing before 5; repair from a snapshot"),
    );
    expect(tracker.observe("s", 7, ref)).toStrictEqual(
      warn("sequence_gap", "stream 's': sequence 6 missing before 7; repair from a snapshot"),
    );
    expect(tracker.observe("s", 7, ref)).toStrictEqual(
      warn("out_of_order", "stream 's': sequence 7 used again by a different event"),
    );
    expect(tracker.observe("s", 3, ref)).toStrictEqual(
      warn("out_of_order", "stream 's': sequence 3 arrived after 7"),
    );
    expect(tracker.positions().get("s")).toBe(7);
    tracker.reset("s");
    expect(tracker.observe("s", 1, ref)).toEqual([]);
  });
});

describe("SEC-04 eventRefOf keeps only well-typed identity fields", () => {
  it.each([
    [
      { eventId: "e", sequence: 3, type: "t", streamId: "st", body: "secret" },
      2,
      { index: 2, eventId: "e", sequence: 3, type: "t", streamId: "st" },
    ],
    [{ eventId: 1, sequence: Number.POSITIVE_INFINITY, type: 2, streamId: 3 }, undefined, {}],
    [{ sequence: "3" }, undefined, {}],
    [null, 0, { index: 0 }],
    [[{ eventId: "e" }], undefined, {}],
    ["text", undefined, {}],
  ])("%j at %j gives %j", (event, index, ref) => {
    expect(eventRefOf(event, index)).toStrictEqual(ref);
  });
});
