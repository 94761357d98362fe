import { describe, expect, it } from "vitest";
import { type Diagnostic, createSequenceVerifier, verifySequence } from "../src/index";

// ORD-06: the sequence verifier reports lifecycle violations with the exact code, severity, message and event, and
// scopes every pairing to its stream and turn (or run): what happens in one turn never closes or blames another.

type Ev = Record<string, unknown>;
let counter = 0;
const ev = (type: string, extra: Ev = {}): Ev => ({ type, eventId: `s${++counter}`, ...extra });
const codes = (d: Diagnostic[]) => d.map((x) => x.code);

describe("ORD-06 sequence verifier: exact diagnostics", () => {
  it("ORD-02 a replayed eventId is one warning at /eventId, and the replay is otherwise ignored", () => {
    const first = ev("tool.started", { turnId: "t", toolCallId: "c" });
    expect(verifySequence([first, { ...first }])).toEqual([
      {
        code: "duplicate_event_id",
        severity: "warning",
        message: `eventId '${first.eventId}' delivered again; the replay is ignored`,
        path: "/eventId",
        eventRef: { index: 1, eventId: first.eventId, type: "tool.started" },
      },
    ]);
  });

  it("ORD-06 each violation carries severity error (an unmatched terminal a warning), a message naming class and id, and the causing event", () => {
    const v = createSequenceVerifier();
    v.push(ev("tool.started", { eventId: "a", turnId: "t", toolCallId: "c" }));
    expect(v.push(ev("tool.started", { eventId: "b", turnId: "t", toolCallId: "c" }))).toEqual([
      {
        code: "tool_started_already_active",
        severity: "error",
        message: "tool.started for tool 'c' while it is still active",
        eventRef: { index: 1, eventId: "b", type: "tool.started" },
      },
    ]);
    v.push(ev("action.required", { eventId: "c", turnId: "t", actionId: "q" }));
    expect(v.push(ev("action.required", { eventId: "d", turnId: "t", actionId: "q" }))).toEqual([
      {
        code: "action_required_already_active",
        severity: "error",
        message: "action.required for action 'q' while it is still active",
        eventRef: { index: 3, eventId: "d", type: "action.required" },
      },
    ]);
    v.push(ev("model.requested", { eventId: "e", turnId: "t" }));
    v.push(ev("action.resolved", { eventId: "f", turnId: "t", actionId: "orphan" }));
    expect(v.push(ev("run.finished", { eventId: "g", turnId: "t" }))).toEqual([
      {
        code: "tool_unclosed_at_turn_end",
        severity: "error",
        message: "run.finished while tool 'c' has no result",
        eventRef: { index: 6, eventId: "g", type: "run.finished" },
      },
      {
        code: "action_unresolved_at_turn_end",
        severity: "error",
        message: "run.finished while action 'q' is unresolved",
        eventRef: { index: 6, eventId: "g", type: "run.finished" },
      },
      {
        code: "model_unclosed_at_turn_end",
        severity: "error",
        message: "run.finished while a model call is still open",
        eventRef: { index: 6, eventId: "g", type: "run.finished" },
      },
      {
        code: "action_resolved_without_request",
        severity: "warning",
        message: "action.resolved for action 'orphan' with no action.required before it",
        eventRef: { index: 5, eventId: "f", type: "action.resolved" },
      },
    ]);
    expect(v.push(ev("turn.completed", { eventId: "h", turnId: "t" }))).toEqual([
      {
        code: "turn_terminal_repeated",
        severity: "error",
        message: "turn.completed for a turn that already ended",
        eventRef: { index: 7, eventId: "h", type: "turn.completed" },
      },
    ]);
    expect(v.push(ev("text.delta", { eventId: "i", turnId: "t" }))).toEqual([
      {
        code: "execution_after_turn_terminal",
        severity: "error",
        message: "text.delta arrived after its turn ended",
        eventRef: { index: 8, eventId: "i", type: "text.delta" },
      },
    ]);
  });

  it("ORD-06 a tool terminal without a start names the missing tool.started", () => {
    expect(verifySequence([ev("tool.cancelled", { eventId: "x", turnId: "t", toolCallId: "k" })])).toEqual([
      {
        code: "tool_failed_without_start",
        severity: "warning",
        message: "tool.cancelled for tool 'k' with no tool.started before it",
        eventRef: { index: 0, eventId: "x", type: "tool.cancelled" },
      },
    ]);
  });
});

describe("ORD-06 sequence verifier: every lifecycle class", () => {
  it.each(["tool.result", "tool.failed", "tool.cancelled"])("ORD-06 %s closes an open tool", (terminal) => {
    const t = { turnId: "t", toolCallId: "c" };
    expect(
      verifySequence([ev("tool.started", t), ev(terminal, t), ev("run.finished", { turnId: "t" })]),
    ).toEqual([]);
  });

  it.each(["action.resolved", "action.cancelled", "action.canceled", "action.expired"])(
    "ORD-06 %s closes an open action",
    (terminal) => {
      const a = { turnId: "t", actionId: "q" };
      expect(
        verifySequence([ev("action.required", a), ev(terminal, a), ev("turn.completed", { turnId: "t" })]),
      ).toEqual([]);
    },
  );

  it.each(["model.completed", "model.failed"])("ORD-06 %s closes the open model call", (terminal) => {
    const m = { turnId: "t" };
    expect(verifySequence([ev("model.requested", m), ev(terminal, m), ev("turn.completed", m)])).toEqual([]);
  });

  it.each(["run.finished", "run.failed", "turn.completed", "turn.failed", "turn.cancelled"])(
    "ORD-06 %s ends the turn: a later text.delta is a violation",
    (terminal) => {
      expect(
        codes(verifySequence([ev(terminal, { turnId: "t" }), ev("text.delta", { turnId: "t" })])),
      ).toEqual(["execution_after_turn_terminal"]);
    },
  );

  it.each([
    "tool.started",
    "tool.result",
    "tool.failed",
    "tool.cancelled",
    "tool.args",
    "tool.progress",
    "tool.output.delta",
    "action.required",
    "model.requested",
    "model.delta",
    "text.delta",
    "reasoning.delta",
    "plan.delta",
  ])("ORD-06 %s after its turn ended is execution after the terminal", (type) => {
    const d = verifySequence([
      ev("run.finished", { turnId: "t" }),
      ev(type, { turnId: "t", toolCallId: "c", actionId: "q" }),
    ]);
    expect(codes(d)).toEqual(["execution_after_turn_terminal"]);
  });

  it.each(["run.started", "turn.submitted", "turn.started"])(
    "ORD-06 %s opens a new turn on a stream that names no turn or run",
    (start) => {
      expect(verifySequence([ev("run.finished"), ev(start), ev("text.delta"), ev("run.finished")])).toEqual(
        [],
      );
      // Without the new start, the unscoped stream stays ended.
      expect(codes(verifySequence([ev("run.finished"), ev("text.delta")]))).toEqual([
        "execution_after_turn_terminal",
      ]);
    },
  );

  it("ORD-06 a turn start that names its turn does not reopen the stream's unscoped turn", () => {
    expect(
      codes(verifySequence([ev("run.finished"), ev("run.started", { turnId: "t2" }), ev("text.delta")])),
    ).toEqual(["execution_after_turn_terminal"]);
  });
});

describe("ORD-06 sequence verifier: scopes", () => {
  it("ORD-06 ending one turn leaves another turn's open tool, action, model call and orphan alone", () => {
    const v = createSequenceVerifier();
    v.push(ev("tool.started", { turnId: "t1", toolCallId: "c" }));
    v.push(ev("action.required", { turnId: "t1", actionId: "q" }));
    v.push(ev("model.requested", { turnId: "t1" }));
    v.push(ev("tool.result", { turnId: "t1", toolCallId: "orphan" }));
    expect(v.push(ev("run.finished", { turnId: "t2" }))).toEqual([]);
    expect(v.push(ev("text.delta", { turnId: "t1" }))).toEqual([]);
    expect(codes(v.push(ev("run.finished", { turnId: "t1" })))).toEqual([
      "tool_unclosed_at_turn_end",
      "action_unresolved_at_turn_end",
      "model_unclosed_at_turn_end",
      "tool_result_without_start",
    ]);
    expect(v.finalize()).toEqual([]);
  });

  it("ORD-06 runs scope like turns: ending run r2 neither closes nor ends run r1", () => {
    const v = createSequenceVerifier();
    v.push(ev("tool.started", { runId: "r1", toolCallId: "c" }));
    v.push(ev("model.requested", { runId: "r1" }));
    expect(v.push(ev("run.finished", { runId: "r2" }))).toEqual([]);
    expect(v.push(ev("text.delta", { runId: "r1" }))).toEqual([]);
    expect(codes(v.push(ev("text.delta", { runId: "r2" })))).toEqual(["execution_after_turn_terminal"]);
    expect(codes(v.push(ev("run.finished", { runId: "r1" })))).toEqual([
      "tool_unclosed_at_turn_end",
      "model_unclosed_at_turn_end",
    ]);
    expect(codes(v.push(ev("run.failed", { runId: "r1" })))).toEqual(["turn_terminal_repeated"]);
  });

  it("ORD-06 streams are separate: ending a turn on one stream leaves the same turn id on another open", () => {
    const v = createSequenceVerifier();
    v.push(ev("tool.started", { streamId: "a", turnId: "t", toolCallId: "c" }));
    expect(v.push(ev("run.finished", { streamId: "b", turnId: "t" }))).toEqual([]);
    expect(v.push(ev("text.delta", { streamId: "a", turnId: "t" }))).toEqual([]);
    expect(codes(v.push(ev("text.delta", { streamId: "b", turnId: "t" })))).toEqual([
      "execution_after_turn_terminal",
    ]);
    expect(codes(v.push(ev("run.finished", { streamId: "a", turnId: "t" })))).toEqual([
      "tool_unclosed_at_turn_end",
    ]);
  });

  it("ORD-06 a model call keyed by modelRequestId is closed only by its own terminal", () => {
    const d = verifySequence([
      ev("model.requested", { turnId: "t", modelRequestId: "m1" }),
      ev("model.requested", { turnId: "t", modelRequestId: "m2" }),
      ev("model.completed", { turnId: "t", modelRequestId: "m1" }),
      ev("turn.completed", { turnId: "t" }),
    ]);
    expect(codes(d)).toEqual(["model_unclosed_at_turn_end"]);
  });

  it("ORD-06 model calls without ids pair per turn, and per run when no turn is named", () => {
    expect(
      codes(
        verifySequence([
          ev("model.requested", { turnId: "t1" }),
          ev("model.completed", { turnId: "t2" }),
          ev("turn.completed", { turnId: "t1" }),
        ]),
      ),
    ).toEqual(["model_unclosed_at_turn_end"]);
    expect(
      codes(
        verifySequence([
          ev("model.requested", { runId: "r1" }),
          ev("model.completed", { runId: "r2" }),
          ev("run.finished", { runId: "r1" }),
        ]),
      ),
    ).toEqual(["model_unclosed_at_turn_end"]);
  });

  it("ORD-06 an interrupted run keeps its pending tool and action for the resume, but not an open model call", () => {
    const d = verifySequence([
      ev("tool.started", { runId: "r1", toolCallId: "c" }),
      ev("action.required", { runId: "r1", actionId: "q" }),
      ev("model.requested", { runId: "r1" }),
      ev("run.finished", { runId: "r1", payload: { outcome: "interrupted" } }),
      ev("action.resolved", { runId: "r2", actionId: "q" }),
      ev("tool.result", { runId: "r2", toolCallId: "c" }),
      ev("run.finished", { runId: "r2" }),
    ]);
    expect(codes(d)).toEqual(["model_unclosed_at_turn_end"]);
    // A failed run is never an interruption, whatever its payload says.
    const failed = verifySequence([
      ev("tool.started", { runId: "r1", toolCallId: "c" }),
      ev("run.failed", { runId: "r1", payload: { outcome: "interrupted" } }),
    ]);
    expect(codes(failed)).toEqual(["tool_unclosed_at_turn_end"]);
  });

  it("ORD-06 empty ids count as absent: an empty toolCallId pairs nothing and an empty turnId is unscoped", () => {
    expect(verifySequence([ev("tool.result", { turnId: "t", toolCallId: "" })])).toEqual([]);
    expect(codes(verifySequence([ev("run.finished", { turnId: "" }), ev("text.delta")]))).toEqual([
      "execution_after_turn_terminal",
    ]);
  });

  it("ORD-03 sequence order is checked per stream only for integer sequences", () => {
    expect(
      codes(verifySequence([ev("text.delta", { sequence: 2 }), ev("text.delta", { sequence: 1.5 })])),
    ).toEqual([]);
    expect(
      codes(verifySequence([ev("text.delta", { sequence: 2 }), ev("text.delta", { sequence: 1 })])),
    ).toEqual(["out_of_order"]);
  });

  it("ORD-03 a state snapshot resets the stream's sequence; with checkOrdering off nothing is checked", () => {
    const restart = [ev("text.delta", { sequence: 5 }), ev("state.snapshot", { sequence: 1 })];
    expect(codes(verifySequence(restart))).toEqual([]);
    const backwards = [ev("text.delta", { sequence: 5 }), ev("text.delta", { sequence: 1 })];
    expect(codes(verifySequence(backwards))).toEqual(["out_of_order"]);
    expect(verifySequence(backwards, { checkOrdering: false })).toEqual([]);
  });

  it("ORD-06 a tool scoped by turn and run is closed by its run's terminal even when that names no turn", () => {
    expect(
      codes(
        verifySequence([
          ev("tool.started", { turnId: "t", runId: "r", toolCallId: "c" }),
          ev("run.finished", { runId: "r" }),
        ]),
      ),
    ).toEqual(["tool_unclosed_at_turn_end"]);
  });

  it("ORD-06 an unscoped turn terminal closes run-scoped work on its stream, and unscoped work too", () => {
    expect(
      codes(verifySequence([ev("tool.started", { runId: "r1", toolCallId: "c" }), ev("run.finished")])),
    ).toEqual(["tool_unclosed_at_turn_end"]);
    expect(codes(verifySequence([ev("tool.started", { toolCallId: "c" }), ev("run.finished")]))).toEqual([
      "tool_unclosed_at_turn_end",
    ]);
  });

  it("ORD-06 a run-scoped terminal does not end the stream's unscoped turn; a run-scoped start does not reopen it", () => {
    expect(verifySequence([ev("run.finished", { runId: "r" }), ev("text.delta")])).toEqual([]);
    expect(
      codes(verifySequence([ev("run.finished"), ev("run.started", { runId: "r2" }), ev("text.delta")])),
    ).toEqual(["execution_after_turn_terminal"]);
  });

  it("ORD-06 each orphan terminal is its own: two unpaired results are two violations, a start pairs only its own", () => {
    const d = verifySequence([
      ev("tool.result", { turnId: "t", toolCallId: "c1" }),
      ev("tool.result", { turnId: "t", toolCallId: "c2" }),
      ev("tool.started", { turnId: "t", toolCallId: "c1" }),
    ]);
    expect(d.map((x) => x.message)).toEqual(["tool.result for tool 'c2' with no tool.started before it"]);
  });

  it("ORD-06 a record without a string type is ignored entirely and does not consume its eventId", () => {
    expect(verifySequence([{ type: 7, eventId: "x" }, ev("run.started", { eventId: "x" })])).toEqual([]);
  });

  it("ORD-06 an event is blamed only for an end it can be tied to: a scoped end does not end other scopes", () => {
    // A terminal that names its turn does not end the stream's unscoped work, and an unscoped terminal does not
    // end a turn or run it never named.
    expect(verifySequence([ev("run.finished", { turnId: "t" }), ev("text.delta")])).toEqual([]);
    expect(verifySequence([ev("run.finished"), ev("text.delta", { runId: "r" })])).toEqual([]);
    expect(verifySequence([ev("run.finished"), ev("text.delta", { turnId: "t" })])).toEqual([]);
  });

  it("ORD-06 work with fewer ids is closed by a terminal that names more, when what both name agrees", () => {
    expect(
      codes(
        verifySequence([
          ev("tool.started", { runId: "r", toolCallId: "c" }),
          ev("run.finished", { turnId: "t", runId: "r" }),
        ]),
      ),
    ).toEqual(["tool_unclosed_at_turn_end"]);
    expect(
      codes(verifySequence([ev("tool.started", { toolCallId: "c" }), ev("run.finished", { runId: "r" })])),
    ).toEqual(["tool_unclosed_at_turn_end"]);
  });
});
