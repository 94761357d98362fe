// An AG-UI interrupt restated without its tool (a later RUN_FINISHED naming the same pending interrupt id
// again) still gates the tool it named first: the resume answer settles that tool.
import { describe, expect, it } from "vitest";
import { adapt, facts } from "./ag-ui-support";

const started = (runId: string, input?: unknown) => ({ type: "RUN_STARTED", threadId: "t1", runId, input });
const interrupted = (runId: string, interrupt: Record<string, unknown>) => ({
  type: "RUN_FINISHED",
  threadId: "t1",
  runId,
  outcome: { type: "interrupt", interrupts: [interrupt] },
});

describe("AG-UI interrupts restated", () => {
  it("HITL-04 ORD-02 an interrupt restated without toolCallId keeps its tool; rejecting it denies the tool", () => {
    const events = facts(
      adapt([
        started("r1"),
        { type: "TOOL_CALL_START", toolCallId: "tc-rm", toolCallName: "delete_file", parentMessageId: "m-a" },
        { type: "TOOL_CALL_END", toolCallId: "tc-rm" },
        interrupted("r1", { id: "int-1", reason: "tool_approval", toolCallId: "tc-rm" }),
        started("r2"),
        interrupted("r2", { id: "int-1", reason: "tool_approval" }),
        started("r3", {
          messages: [],
          resume: [{ interruptId: "int-1", status: "resolved", payload: { approved: false } }],
        }),
      ]),
    );
    const answer = events.findIndex((e) => e.type === "action.resolved");
    expect(events.slice(answer, answer + 2)).toStrictEqual([
      {
        type: "action.resolved",
        actionId: "int-1",
        toolCallId: "tc-rm",
        payload: {
          outcome: "resolved",
          decision: "reject",
          response: { approved: false },
          decidedBy: "user",
        },
      },
      {
        type: "tool.failed",
        toolCallId: "tc-rm",
        phase: "failed",
        payload: { denied: true, error: "rejected by user" },
      },
    ]);
  });
});
