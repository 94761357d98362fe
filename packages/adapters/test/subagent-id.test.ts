// TEAM-05: a source that names the acting agent by `subagentId` (and no `agentId`) attributes the fact to
// that agent wherever an agent id is read — AG-UI messages and tool calls, message lists, Lime approval
// requesters and delegation targets. Records are the sources' own shapes (the Lime profile fixture,
// AG-UI 1.0 events) with the agent named only by `subagentId`.
import { readFileSync } from "node:fs";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adaptRecords } from "../src";
import { normalizeMessages } from "../src/shared/messages";

const FIXTURES = new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8"));

describe("TEAM-05 subagentId is read wherever an agent id is expected", () => {
  it("AG-UI: a message and a tool call written for `subagentId` belong to that subagent", () => {
    const records = [
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "SUBAGENT_STARTED", subagentId: "sub-1", name: "researcher" },
      { type: "TEXT_MESSAGE_START", messageId: "m-sub", role: "assistant", subagentId: "sub-1" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-sub", delta: "Looking it up.", subagentId: "sub-1" },
      { type: "TEXT_MESSAGE_END", messageId: "m-sub", subagentId: "sub-1" },
      { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "search", subagentId: "sub-1" },
      { type: "TOOL_CALL_END", toolCallId: "tc-1", subagentId: "sub-1" },
      { type: "SUBAGENT_FINISHED", subagentId: "sub-1", outcome: { type: "success" } },
      { type: "RUN_FINISHED", threadId: "t", runId: "r" },
    ];
    const state = projectEvents(adaptRecords(records, "ag-ui").events);
    expect(state.messages.find((m) => m.id === "m-sub")?.agentId).toBe("sub-1");
    expect(state.tools["tc-1"].agentId).toBe("sub-1");
  });

  it("a message list names its author by `subagentId`", () => {
    const { messages } = normalizeMessages([
      { id: "m1", role: "assistant", content: "hi", subagentId: "sub-2" },
    ]);
    expect(messages[0].agentId).toBe("sub-2");
  });

  it("Lime: an approval requested by a subagent names it as the requester", () => {
    const record = { ...fixture("tool-approval-action-required-event.json"), subagentId: "worker-7" };
    const state = projectEvents(adaptRecords([record], "lime").events);
    const action = state.actions[record.actionId];
    expect(action.requestedBy?.agentId).toBe("worker-7");
  });

  it("Lime: a delegation whose target is named by `subagentId` is delegated to that agent", () => {
    const base = fixture("submit-turn-event.json");
    const record = {
      ...base,
      type: "task.delegated",
      eventId: "evt_delegate_001",
      taskId: "task_001",
      payload: { title: "Research", subagentId: "worker-9" },
    };
    const { events } = adaptRecords([record], "lime");
    const delegated = events.find((e) => e.type === "task.delegated" || e.type === "task.changed");
    expect(delegated?.payload?.delegation).toMatchObject({ to: "worker-9" });
  });
});
