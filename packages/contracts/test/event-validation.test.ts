import { describe, expect, it } from "vitest";
import { type Diagnostic, createValidationContext, validateEvent } from "../src/index";

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

const valid = {
  type: "tool.started",
  eventId: "evt_1",
  sequence: 1,
  sessionId: "sess_1",
  turnId: "turn_1",
  toolCallId: "call_1",
  owner: "tool",
  scope: "tool_call",
  phase: "acting",
  surface: "tool_ui",
  payload: { name: "read_file", inputSummary: "path=README.md" },
};

describe("validateEvent: envelope", () => {
  it("ENV-01 a complete event has no diagnostics", () => {
    expect(validateEvent(valid)).toEqual([]);
  });

  it("ENV-01 schema_mismatch: missing type, wrong field types, a non-object", () => {
    expect(codes(validateEvent({ eventId: "e" }))).toEqual(["schema_mismatch"]);
    const wrong = validateEvent({ ...valid, sequence: -1, sessionId: 5, payload: "text" });
    expect(wrong.map((d) => [d.code, d.path]).sort()).toEqual([
      ["schema_mismatch", "/payload"],
      ["schema_mismatch", "/sequence"],
      ["schema_mismatch", "/sessionId"],
    ]);
    for (const input of [null, 42, "text", [valid], true]) {
      expect(codes(validateEvent(input))).toEqual(["schema_mismatch"]);
    }
  });

  it("ENV-09 unknown_event_class is a warning; a standard class is not flagged", () => {
    const d = validateEvent({ type: "custom.thing", eventId: "e" });
    expect(d).toMatchObject([{ code: "unknown_event_class", severity: "warning", path: "/type" }]);
    expect(codes(validateEvent({ type: "run.started" }))).toEqual([]);
  });

  it("ENV-05 unknown_taxonomy_value is a warning per field; taxonomy values and wire fallbacks pass", () => {
    const d = validateEvent({ ...valid, owner: "robot", surface: "sidebar" });
    expect(d.map((x) => [x.code, x.severity, x.path])).toEqual([
      ["unknown_taxonomy_value", "warning", "/owner"],
      ["unknown_taxonomy_value", "warning", "/surface"],
    ]);
    expect(validateEvent({ ...valid, owner: "unknown", surface: "custom", control: "none" })).toEqual([]);
  });
});

describe("validateEvent: ENV-04 missing_scope_id", () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["tool.result", {}, { toolCallId: "c" }],
    ["action.required", {}, { actionId: "a" }],
    ["artifact.created", {}, { artifactId: "art" }],
    ["artifact.changed", {}, { refs: ["artifact://x"] }],
    ["evidence.changed", {}, { evidenceId: "ev" }],
    ["evidence.changed", { refs: [] }, { refs: { packRef: "evidence://p" } }],
    ["task.changed", {}, { taskId: "t" }],
    ["agent.spawned", {}, { agentId: "ag" }],
    ["worker.notification", {}, { taskId: "t" }],
    ["review.completed", {}, { reviewId: "r" }],
    ["text.delta", { payload: { delta: "x" } }, { messageId: "m" }],
  ];
  it.each(cases)("%s without its id is flagged, with it is not", (type, without, withId) => {
    const missing = validateEvent({ type, ...without });
    expect(missing).toMatchObject([{ code: "missing_scope_id", severity: "error" }]);
    expect(validateEvent({ type, ...without, ...withId })).toEqual([]);
  });

  it("classes without a conditional id are not flagged", () => {
    expect(validateEvent({ type: "run.status" })).toEqual([]);
    expect(validateEvent({ type: "queue.changed" })).toEqual([]);
  });
});

describe("validateEvent: SEC-08 secret_leak_risk", () => {
  it("flags secret-named keys and secret-shaped values by path, never quoting the value", () => {
    const secret = ["sk-ant-", "api03-AbCdEfGhIjKlMnOp"].join("");
    const d = validateEvent({
      ...valid,
      payload: { headers: { Authorization: "xyz" }, note: `key ${secret}` },
    });
    expect(d.map((x) => [x.code, x.path])).toEqual([
      ["secret_leak_risk", "/payload/headers/Authorization"],
      ["secret_leak_risk", "/payload/note"],
    ]);
    expect(JSON.stringify(d)).not.toContain(secret);
    expect(JSON.stringify(d)).not.toContain("xyz");
  });

  it("redaction markers, counts and booleans are not leaks", () => {
    const payload = { token: "[redacted:token]", tokens: 1200, passwordSet: true, maxTokens: 10 };
    expect(validateEvent({ ...valid, payload })).toEqual([]);
  });
});

describe("validateEvent: ARCH-03 large_payload_inline", () => {
  it("flags a payload above the limit and accepts one below it; the limit is configurable", () => {
    const payload = { output: "x".repeat(70 * 1024) };
    expect(validateEvent({ ...valid, payload })).toMatchObject([
      { code: "large_payload_inline", severity: "warning", path: "/payload" },
    ]);
    expect(validateEvent({ ...valid, payload: { output: "x".repeat(1000) } })).toEqual([]);
    const strict = createValidationContext({ inlineLimitBytes: 512 });
    expect(codes(validateEvent({ ...valid, payload: { output: "x".repeat(1000) } }, strict))).toEqual([
      "large_payload_inline",
    ]);
  });
});

describe("validateEvent with a context: ORD-01/02 stream checks", () => {
  const ev = (eventId: string, sequence: number, streamId = "s") => ({
    type: "run.status",
    eventId,
    sequence,
    streamId,
  });

  it("ORD-02 duplicate_event on a repeated eventId, not on distinct ids", () => {
    const context = createValidationContext();
    expect(validateEvent(ev("a", 1), context)).toEqual([]);
    expect(validateEvent(ev("b", 2), context)).toEqual([]);
    expect(validateEvent(ev("a", 1), context)).toMatchObject([
      { code: "duplicate_event", path: "/eventId", eventRef: { index: 2, eventId: "a" } },
    ]);
  });

  it("ORD-05 sequence_gap names the missing range; contiguous sequences pass", () => {
    const context = createValidationContext();
    validateEvent(ev("a", 1), context);
    const d = validateEvent(ev("b", 4), context);
    expect(d).toMatchObject([{ code: "sequence_gap", path: "/sequence" }]);
    expect(d[0].message).toContain("2..3");
    expect(validateEvent(ev("c", 5), context)).toEqual([]);
  });

  it("ORD-01 out_of_order when a sequence arrives after a later one", () => {
    const context = createValidationContext();
    validateEvent(ev("a", 1), context);
    validateEvent(ev("c", 3), context);
    expect(codes(validateEvent(ev("b", 2), context))).toEqual(["out_of_order"]);
  });

  it("ORD-01 streams are independent (streamKeyOf), and a snapshot restarts a stream's count", () => {
    const context = createValidationContext();
    expect(validateEvent(ev("a", 10, "x"), context)).toEqual([]);
    expect(validateEvent(ev("b", 1, "y"), context)).toEqual([]);
    expect(validateEvent(ev("c", 11, "x"), context)).toEqual([]);
    expect(
      validateEvent({ type: "state.snapshot", eventId: "snap", sequence: 40, streamId: "x" }, context),
    ).toEqual([]);
    expect(validateEvent(ev("d", 41, "x"), context)).toEqual([]);
  });

  it("without a context no stream diagnostics are produced", () => {
    validateEvent(ev("a", 1));
    expect(validateEvent(ev("a", 9))).toEqual([]);
  });
});
