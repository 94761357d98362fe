import { describe, expect, it } from "vitest";
import { createValidationContext, validateEvent } from "../src/index";

const base = { type: "run.started", sessionId: "s1" };

describe("validateEvent: exact diagnostics", () => {
  it.each([
    [null, "null"],
    [[base], "an array"],
    [42, "number"],
    ["text", "string"],
    [true, "boolean"],
  ])("ENV-01 a non-object record (%j) is refused, naming what it is", (input, kind) => {
    expect(validateEvent(input)).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: `an event must be a JSON object, got ${kind}`,
        path: "",
        eventRef: {},
      },
    ]);
  });

  it("ENV-01 a schema error names the schema, the path, Ajv's reason and the enum's values", () => {
    expect(validateEvent({ type: "run.started", sequence: -1 })).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "agent-ui event: /sequence must be >= 0",
        path: "/sequence",
        eventRef: { sequence: -1, type: "run.started" },
      },
    ]);
    expect(validateEvent({ eventId: "e" })).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "agent-ui event: (root) must have required property 'type'",
        path: "",
        eventRef: { eventId: "e" },
      },
    ]);
  });

  it("ENV-05 an unknown taxonomy value is one warning naming its field", () => {
    expect(validateEvent({ ...base, owner: "robot" })).toEqual([
      {
        code: "unknown_taxonomy_value",
        severity: "warning",
        message: "owner is not a value of the owner taxonomy; treated as unclassified",
        path: "/owner",
        eventRef: { type: "run.started" },
      },
    ]);
  });

  it("ENV-09 an unknown class is kept with a warning quoting it", () => {
    expect(validateEvent({ type: "custom.thing" })).toEqual([
      {
        code: "unknown_event_class",
        severity: "warning",
        message:
          "'custom.thing' is not one of the 52 Agent UI event classes; it is kept and rendered as unknown",
        path: "/type",
        eventRef: { type: "custom.thing" },
      },
    ]);
    // An empty type is a schema error only: no class warning, no scope rule.
    expect(validateEvent({ type: "" }).map((d) => d.code)).toEqual(["schema_mismatch"]);
  });

  it.each([
    ["tool.started", "/toolCallId", "toolCallId"],
    ["artifact.created", "/artifactId", "artifactId or refs"],
    ["evidence.changed", "/evidenceId", "evidenceId or evidencePackRef or evidenceRefs or refs"],
    ["worker.notification", "/agentId", "agentId or taskId"],
  ])("ENV-04 %s without its id: missing_scope_id names every id that would do", (type, path, needs) => {
    expect(validateEvent({ type })).toEqual([
      {
        code: "missing_scope_id",
        severity: "error",
        message: `${type} needs ${needs} to be placed; none is present`,
        path,
        eventRef: { type },
      },
    ]);
  });
});

describe("validateEvent with a context: stream memory", () => {
  it("ORD-02 a repeated eventId is one duplicate warning and nothing else; indexes count every call", () => {
    const context = createValidationContext();
    expect(validateEvent({ ...base, eventId: "e1", sequence: 1 }, context)).toEqual([]);
    expect(validateEvent({ ...base, eventId: "e1", sequence: 5 }, context)).toEqual([
      {
        code: "duplicate_event",
        severity: "warning",
        message: "eventId 'e1' was already seen; ignored on replay",
        path: "/eventId",
        eventRef: { index: 1, eventId: "e1", sequence: 5, type: "run.started" },
      },
    ]);
    // The duplicate did not advance the stream: sequence 2 follows 1 without a gap.
    expect(validateEvent({ ...base, eventId: "e2", sequence: 2 }, context)).toEqual([]);
    expect(context.nextIndex).toBe(3);
  });

  it("ORD-01 sequences count per streamId, else per sessionId; a non-integer sequence is not tracked", () => {
    const context = createValidationContext();
    const at = (sequence: unknown, ids: Record<string, unknown>) =>
      validateEvent({ type: "run.started", sequence, ...ids }, context).map((d) => d.code);
    expect(at(1, { streamId: "a", sessionId: "s" })).toEqual([]);
    expect(at(1, { sessionId: "s" })).toEqual([]);
    expect(at(2, { streamId: "a", sessionId: "x" })).toEqual([]);
    expect(at(2, { sessionId: "s" })).toEqual([]);
    expect(at(1, { streamId: 7, sessionId: "s" })).toContain("out_of_order");
    expect(at(1, { sessionId: 7 })).toEqual(["schema_mismatch"]);
    expect(at(1, { sessionId: 7 })).toEqual(["schema_mismatch", "out_of_order"]);
    expect(at(2.5, { sessionId: "s" })).toEqual(["schema_mismatch"]);
    expect(at("9", { sessionId: "s" })).toEqual(["schema_mismatch"]);
  });

  it("ORD-01 two sessions without a streamId count apart; a non-string sessionId counts as none", () => {
    const context = createValidationContext();
    const at = (sequence: number, ids: Record<string, unknown>) =>
      validateEvent({ type: "run.started", sequence, ...ids }, context).map((d) => d.code);
    expect(at(1, { sessionId: "p" })).toEqual([]);
    expect(at(1, { sessionId: "q" })).toEqual([]);
    expect(at(1, { sessionId: 7 })).toEqual(["schema_mismatch"]);
    expect(at(1, {})).toEqual(["out_of_order"]);
  });

  it("ORD-01 a snapshot class restarts its stream's count; other classes do not", () => {
    const context = createValidationContext();
    const codes = (type: string, sequence: number) =>
      validateEvent({ type, sequence, sessionId: "s" }, context).map((d) => d.code);
    expect(codes("run.started", 5)).toEqual([]);
    expect(codes("state.snapshot", 1)).toEqual([]);
    expect(codes("run.finished", 2)).toEqual([]);
    expect(codes("run.started", 1)).toEqual(["out_of_order"]);
  });
});
