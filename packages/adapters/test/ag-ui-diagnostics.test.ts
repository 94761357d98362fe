// What the AG-UI adapter reports about streams that break AG-UI's own rules: each diagnostic's code,
// severity and message, exactly as a user reads them in the diagnostics surface.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";

const started = { type: "RUN_STARTED", threadId: "t1", runId: "r1" };
const diagnostics = (records: unknown[]) => {
  const adapter = aguiAdapter.create();
  const events: AgentUiEvent[] = [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
  return events
    .filter((e) => e.type === "diagnostic.changed")
    .map((e) => {
      const { code, severity, message } = e.payload as { code: string; severity: string; message: string };
      return [code, severity, message];
    });
};

describe("AG-UI adapter diagnostics", () => {
  it.each([
    [
      "DIAG-02 a stream whose first event is not RUN_STARTED (reported once)",
      [
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
      ],
      [["out_of_order", "warning", "first event is TEXT_MESSAGE_START, not RUN_STARTED"]],
    ],
    [
      "DIAG-02 an event after RUN_FINISHED",
      [
        started,
        { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
        { type: "STEP_STARTED", stepName: "x" },
      ],
      [["execution_after_turn_terminal", "warning", "STEP_STARTED after the run finished"]],
    ],
    [
      "DIAG-02 an event after RUN_ERROR",
      [started, { type: "RUN_ERROR", message: "boom" }, { type: "STEP_STARTED", stepName: "x" }],
      [["execution_after_turn_terminal", "warning", "STEP_STARTED after the run finished"]],
    ],
    [
      "DIAG-02 a record that is not a JSON object",
      [started, 42],
      [["unsupported_source_event", "warning", "ag-ui record #1: not a JSON object"]],
    ],
    [
      "DIAG-02 an unknown event type, and a record without one",
      [started, { type: "NOPE" }, { foo: 1 }],
      [
        ["unsupported_source_event", "warning", 'ag-ui record #1: unknown AG-UI event type "NOPE"'],
        ["unsupported_source_event", "warning", 'ag-ui record #2: unknown AG-UI event type ""'],
      ],
    ],
    [
      "TEXT-06 encrypted reasoning",
      [
        started,
        { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "m", encryptedValue: "x" },
      ],
      [["runtime_info", "info", "encrypted reasoning is not displayable"]],
    ],
    ["DIAG-02 a new run after a finished one is not late", [started, { type: "RUN_FINISHED" }, started], []],
  ])("%s", (_label, records, expected) => {
    expect(diagnostics(records)).toEqual(expected);
  });
});
