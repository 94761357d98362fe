// The envelope every AG-UI event becomes: the run's ids, a stable event id per run, the source timestamp,
// the lifecycle rules of AG-UI's own verifier, a hostile record, and how the AG-UI format is detected.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";
import { adapt, diagnostic, facts } from "./ag-ui-support";

const stamp = (events: AgentUiEvent[]) =>
  events.map(({ type, threadId, runId, eventId, timestamp }) => ({
    type,
    threadId,
    runId,
    eventId,
    timestamp,
  }));

describe("AG-UI envelope ids and timestamps", () => {
  it("ENV-02 / ORD-02 every event carries the run's ids and an id counted per run; timestamps become ISO", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t1", runId: "r1", timestamp: 1764230400000 },
      { type: "STEP_STARTED", stepName: "plan", timestamp: "2026-11-27T08:00:01.500Z" },
      // Beyond the range of a date: no timestamp rather than a wrong one.
      { type: "STEP_STARTED", stepName: "act", timestamp: 1e16 },
      { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
      { type: "RUN_STARTED", threadId: "t1", runId: "r2" },
    ]);
    expect(stamp(events)).toStrictEqual([
      {
        type: "run.started",
        threadId: "t1",
        runId: "r1",
        eventId: "ag-ui:r1:1",
        timestamp: "2025-11-27T08:00:00.000Z",
      },
      {
        type: "run.status",
        threadId: "t1",
        runId: "r1",
        eventId: "ag-ui:r1:2",
        timestamp: "2026-11-27T08:00:01.500Z",
      },
      { type: "run.status", threadId: "t1", runId: "r1", eventId: "ag-ui:r1:3", timestamp: undefined },
      { type: "run.finished", threadId: "t1", runId: "r1", eventId: "ag-ui:r1:4", timestamp: undefined },
      { type: "run.started", threadId: "t1", runId: "r2", eventId: "ag-ui:r2:1", timestamp: undefined },
    ]);
    expect(events.map((e) => Object.hasOwn(e, "timestamp"))).toStrictEqual([true, true, false, false, false]);
  });

  it("ENV-03 an event's own ids come before the stream's; a thread alone names the ids; none at all is `stream`", () => {
    const ownIds = adapt([{ type: "RUN_FINISHED", threadId: "t9", runId: "r9" }]);
    expect(stamp(ownIds)[0]).toStrictEqual({
      type: "diagnostic.changed",
      threadId: "t9",
      runId: "r9",
      eventId: "ag-ui:r9:1",
      timestamp: undefined,
    });
    const threadOnly = adapt([
      { type: "RUN_STARTED", threadId: "t5" },
      { type: "STEP_STARTED", stepName: "x" },
    ]);
    expect(stamp(threadOnly)).toStrictEqual([
      { type: "run.started", threadId: "t5", runId: undefined, eventId: "ag-ui:t5:1", timestamp: undefined },
      { type: "run.status", threadId: "t5", runId: undefined, eventId: "ag-ui:t5:2", timestamp: undefined },
    ]);
    expect(threadOnly.map((e) => Object.hasOwn(e, "runId"))).toStrictEqual([false, false]);
    const none = adapt([{ type: "STEP_STARTED", stepName: "x" }]);
    expect(none.map((e) => e.eventId)).toStrictEqual(["ag-ui:stream:1", "ag-ui:stream:2"]);
    expect(none.map((e) => Object.hasOwn(e, "threadId") || Object.hasOwn(e, "runId"))).toStrictEqual([
      false,
      false,
    ]);
  });
});

describe("AG-UI lifecycle rules", () => {
  it("DIAG-02 a stream that opens with RUN_FINISHED has finished: what follows comes after the run", () => {
    expect(
      facts(adapt([{ type: "RUN_FINISHED" }, { type: "STEP_STARTED", stepName: "x" }])).filter(
        (e) => e.type === "diagnostic.changed",
      ),
    ).toStrictEqual([
      diagnostic("out_of_order", "warning", "first event is RUN_FINISHED, not RUN_STARTED"),
      diagnostic("execution_after_turn_terminal", "warning", "STEP_STARTED after the run finished"),
    ]);
  });

  it.each([
    [
      "a RUN_STARTED while the run is still active",
      [
        { type: "RUN_STARTED", runId: "r1" },
        { type: "RUN_STARTED", runId: "r2" },
      ],
      [diagnostic("out_of_order", "warning", "RUN_STARTED while a run is still active")],
    ],
    ["a stream that is only a failure", [{ type: "RUN_ERROR", message: "boom" }], []],
    [
      "an event after a stream that is only a failure",
      [
        { type: "RUN_ERROR", message: "boom" },
        { type: "STEP_STARTED", stepName: "x" },
      ],
      [diagnostic("execution_after_turn_terminal", "warning", "STEP_STARTED after the run finished")],
    ],
    [
      "a failure reported after the run finished",
      [
        { type: "RUN_STARTED", runId: "r1" },
        { type: "RUN_FINISHED" },
        { type: "RUN_ERROR", message: "late" },
      ],
      [],
    ],
  ])("DIAG-02 %s", (_label, records, expected) => {
    expect(facts(adapt(records)).filter((e) => e.type === "diagnostic.changed")).toStrictEqual(expected);
  });

  it("DIAG-02 a record whose fields throw when read is reported, and the stream goes on", () => {
    const hostile = {
      type: "STATE_SNAPSHOT",
      get snapshot(): unknown {
        throw new Error("unreadable snapshot");
      },
    };
    const events = facts(
      adapt([
        { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
        hostile,
        { type: "STEP_STARTED", stepName: "x" },
      ]),
    );
    expect(events.slice(1)).toStrictEqual([
      diagnostic(
        "unsupported_source_event",
        "warning",
        "ag-ui record #1: adapter error: unreadable snapshot",
        {
          kind: "object",
          keys: ["type", "snapshot"],
          type: "STATE_SNAPSHOT",
        },
      ),
      { type: "run.status", stepId: "x", phase: "preparing", payload: { status: "preparing", label: "x" } },
    ]);
  });
});

describe("AG-UI detection", () => {
  it.each([
    [{ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }, 0.95],
    [{ type: "RUN_STARTED", threadId: "t", runId: "r" }, 0.95],
    [{ type: "CUSTOM", name: "x", value: 1 }, 0.8],
    [{ type: "RAW", event: {} }, 0.8],
    [{ type: "SOMETHING_NEW" }, 0.3],
    [{ type: "AB" }, 0.3],
    [{ type: "A" }, 0],
    [{ type: "text_delta" }, 0],
    [{ type: "xSOMETHING" }, 0],
    [{ type: "SOMETHING_new" }, 0],
    [{ type: "_SOMETHING" }, 0],
    [{ type: "SOME-THING" }, 0],
    [{ kind: "RUN_STARTED" }, 0],
    ["RUN_STARTED", 0],
  ])("ENV-01 %j is AG-UI with confidence %d", (record, confidence) => {
    expect(aguiAdapter.detect(record)).toBe(confidence);
  });
});
