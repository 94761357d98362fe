import { describe, expect, it } from "vitest";
import { type Diagnostic, createSequenceVerifier, verifySequence } from "../src/index";

type Ev = Record<string, unknown>;
let counter = 0;
const e = (type: string, extra: Ev = {}): Ev => ({ type, eventId: `e${++counter}`, turnId: "t1", ...extra });
const tool = (type: string, id = "c1", extra: Ev = {}) => e(type, { toolCallId: id, ...extra });
const act = (type: string, id = "a1", extra: Ev = {}) => e(type, { actionId: id, ...extra });
const codes = (d: Diagnostic[]) => d.map((x) => x.code);

// [requirement/name, events, expected codes in order]
const CASES: [string, () => Ev[], string[]][] = [
  [
    "complete tool + action turn (Agent UI classes)",
    () => [
      e("run.started"),
      tool("tool.started"),
      act("action.required"),
      act("action.resolved"),
      tool("tool.result"),
      e("text.delta", { messageId: "m" }),
      e("run.finished"),
    ],
    [],
  ],
  [
    "complete Lime turn (model, tool, action.cancelled)",
    () => [
      e("turn.started"),
      e("model.requested"),
      e("model.delta"),
      e("model.completed"),
      tool("tool.started"),
      tool("tool.failed"),
      act("action.required"),
      act("action.cancelled"),
      e("turn.completed"),
    ],
    [],
  ],
  [
    "stream cut mid-run is not a violation",
    () => [e("run.started"), tool("tool.started"), act("action.required"), e("model.requested")],
    [],
  ],
  ["tool_result_without_start", () => [tool("tool.result")], ["tool_result_without_start"]],
  ["tool_failed_without_start", () => [tool("tool.failed")], ["tool_failed_without_start"]],
  [
    "tool_started_already_active",
    () => [tool("tool.started"), tool("tool.started")],
    ["tool_started_already_active"],
  ],
  [
    "tool_unclosed_at_turn_end",
    () => [tool("tool.started"), e("run.finished")],
    ["tool_unclosed_at_turn_end"],
  ],
  ["action_resolved_without_request", () => [act("action.resolved")], ["action_resolved_without_request"]],
  [
    "action.expired without request is an orphan terminal",
    () => [act("action.expired")],
    ["action_resolved_without_request"],
  ],
  [
    "action_required_already_active",
    () => [act("action.required"), act("action.required")],
    ["action_required_already_active"],
  ],
  [
    "action_unresolved_at_turn_end",
    () => [act("action.required"), e("turn.failed")],
    ["action_unresolved_at_turn_end"],
  ],
  [
    "ORD-06 a run interrupted to wait for the user keeps its pending action and gated tool open (no violation)",
    () => [
      e("run.started"),
      tool("tool.started"),
      act("action.required"),
      e("run.finished", { payload: { outcome: "interrupted" } }),
    ],
    [],
  ],
  [
    "ORD-06 an action pending when a run finishes any other way is still a violation",
    () => [act("action.required"), e("run.finished", { payload: { outcome: "success" } })],
    ["action_unresolved_at_turn_end"],
  ],
  [
    "model_unclosed_at_turn_end",
    () => [e("model.requested"), e("turn.cancelled")],
    ["model_unclosed_at_turn_end"],
  ],
  [
    "execution_after_turn_terminal",
    () => [e("run.finished"), tool("tool.started")],
    ["execution_after_turn_terminal"],
  ],
  ["turn_terminal_repeated", () => [e("run.finished"), e("run.failed")], ["turn_terminal_repeated"]],
  [
    "duplicate_event_id (a replay is ignored, not re-paired)",
    () => {
      const start = tool("tool.started");
      return [start, start, tool("tool.result")];
    },
    ["duplicate_event_id"],
  ],
  [
    "orphan terminal is reported at its turn's terminal",
    () => [tool("tool.result"), e("run.finished")],
    ["tool_result_without_start"],
  ],
  [
    "reordered delivery: a result before its start pairs up",
    () => [
      tool("tool.result", "c1", { sequence: 2, sessionId: "s" }),
      tool("tool.started", "c1", { sequence: 1, sessionId: "s" }),
      e("run.finished", { sequence: 3, sessionId: "s" }),
    ],
    ["out_of_order"],
  ],
  [
    "turns are independent: one turn ending does not close another's tool",
    () => [
      tool("tool.started", "c1", { turnId: "t1" }),
      e("run.finished", { turnId: "t2" }),
      tool("tool.result", "c1", { turnId: "t1" }),
    ],
    [],
  ],
  [
    "a terminal naming only the run closes tools of that run",
    () => [
      tool("tool.started", "c1", { turnId: undefined, runId: "r1" }),
      e("run.finished", { turnId: undefined, runId: "r1" }),
    ],
    ["tool_unclosed_at_turn_end"],
  ],
  [
    "ORD-05 sequence gap within a stream",
    () => [e("run.started", { sequence: 1 }), e("run.status", { sequence: 5 })],
    ["sequence_gap"],
  ],
];

describe("ORD-06 sequence verifier (batch)", () => {
  it.each(CASES)("%s", (_name, events, expected) => {
    expect(codes(verifySequence(events()))).toEqual(expected);
  });
});

describe("ORD-06 sequence verifier (push / finalize)", () => {
  it.each(CASES)("%s gives the same diagnostics incrementally", (_name, events, expected) => {
    const verifier = createSequenceVerifier();
    const pushed = events().flatMap((event) => verifier.push(event));
    expect(codes([...pushed, ...verifier.finalize()])).toEqual(expected);
  });

  it("violations are reported at the event that causes them, with a safe eventRef", () => {
    const verifier = createSequenceVerifier();
    expect(verifier.push(tool("tool.started", "c9", { eventId: "start", sequence: 4 }))).toEqual([]);
    const atEnd = verifier.push(e("run.finished", { eventId: "fin", sequence: 5 }));
    expect(atEnd).toMatchObject([
      {
        code: "tool_unclosed_at_turn_end",
        severity: "error",
        eventRef: { index: 1, eventId: "fin", sequence: 5 },
      },
    ]);
    expect(atEnd[0].message).toContain("c9");
    expect(verifier.finalize()).toEqual([]);
  });

  it("checkOrdering: false leaves sequence checks to validateEvent", () => {
    const events = [e("run.started", { sequence: 1 }), e("run.status", { sequence: 9 })];
    expect(verifySequence(events, { checkOrdering: false })).toEqual([]);
  });

  it("non-events are ignored, never thrown on", () => {
    const verifier = createSequenceVerifier();
    for (const value of [null, 1, "x", [], {}, { type: 5 }]) expect(verifier.push(value)).toEqual([]);
  });
});
