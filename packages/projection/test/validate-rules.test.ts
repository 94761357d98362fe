import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { projectEvents as projectCoreEvents } from "../src/core";
import { stream } from "./helpers";

/** The shape gate's own finding, as the `/core` entry (no schema engine) reports it. */
function shapeFinding(input: unknown) {
  const state = projectCoreEvents([input as AgentUiEvent]);
  expect(state.diagnostics).toHaveLength(1);
  const { code, severity, message, path } = state.diagnostics[0];
  return { code, severity, message, path };
}

describe("ENV-09 / DIAG the shape gate rejects garbage with a code, a message and a path", () => {
  it.each([
    [null, "event is null, not an object"],
    [5, "event is number, not an object"],
    ["text.delta", "event is string, not an object"],
    [[], "event is an array, not an object"],
  ])("ENV-09 %j is unparseable input", (input, message) => {
    expect(shapeFinding(input)).toEqual({
      code: "unparseable_input",
      severity: "warning",
      message,
      path: undefined,
    });
  });

  const envelope = { eventId: "e1", streamId: "s1", type: "text.delta", turnId: "t1", messageId: "m1" };
  it.each([
    [{ sequence: -1 }, "sequence must be a non-negative integer", "/sequence"],
    [{ sequence: 1.5 }, "sequence must be a non-negative integer", "/sequence"],
    [{ sequence: "3" }, "sequence must be a non-negative integer", "/sequence"],
    [{ streamId: 7 }, "streamId must be a string", "/streamId"],
    [{ sessionId: 7 }, "sessionId must be a string", "/sessionId"],
    [{ eventId: 7 }, "eventId must be a string", "/eventId"],
    [{ type: "" }, "type must be a non-empty string", "/type"],
    [{ type: 3 }, "type must be a non-empty string", "/type"],
    [{ payload: "hi" }, "payload must be an object", "/payload"],
    [{ payload: null }, "payload must be an object", "/payload"],
    [{ payload: ["hi"] }, "payload must be an object", "/payload"],
    [{ turnId: 9 }, "turnId must be a string", "/turnId"],
  ])("ENV-09 an event with %j is a schema mismatch", (fields, message, path) => {
    const input = { ...envelope, sequence: 1, payload: { delta: "x" }, ...fields };
    expect(shapeFinding(input)).toEqual({ code: "schema_mismatch", severity: "warning", message, path });
    expect(projectCoreEvents([input as AgentUiEvent]).messages).toEqual([]);
  });

  it("ORD-01 sequence 0 is a valid first slot and an event without a sequence is accepted", () => {
    const state = projectCoreEvents([
      { ...envelope, sequence: 0, payload: { delta: "a" } },
      { ...envelope, eventId: "e2", sequence: 1, payload: { delta: "b" } },
      { ...envelope, eventId: "e3", payload: { delta: "c" } },
    ] as AgentUiEvent[]);
    expect(state.diagnostics).toEqual([]);
    expect(state.messages.map((m) => m.parts.map((p) => ("text" in p ? p.text : "")).join(""))).toEqual([
      "abc",
    ]);
  });
});

describe("TOOL-02 projector options fall back to their defaults unless a positive number", () => {
  const output = "x".repeat(3000);
  function preview(previewBytes: unknown): number {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents(
      [
        e("tool.started", { payload: { name: "sh" } }),
        e("tool.output.delta", { payload: { delta: output } }),
      ],
      { previewBytes: previewBytes as number },
    );
    return state.tools.c1.outputPreview?.length ?? -1;
  }

  it.each([
    [undefined, 2048],
    [0, 2048],
    [-5, 2048],
    [0.5, 2048],
    [Number.NaN, 2048],
    [Number.POSITIVE_INFINITY, 2048],
    ["100", 2048],
    [1, 1],
    [10.9, 10],
  ])("previewBytes %j gives a preview of %i characters", (value, length) => {
    expect(preview(value)).toBe(length);
  });
});
