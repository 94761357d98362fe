// Live: `@ag-ui/client`'s own reducer (`AbstractAgent.runAgent`) treats MESSAGES_SNAPSHOT as
// authoritative — a message the snapshot no longer lists is dropped from `agent.messages` (here a
// subagent's message), reasoning is kept when the snapshot has none. The projection must hold the same
// conversation: the projected message ids are compared with the SDK's own list after the run.
import { AbstractAgent, type AgentConfig } from "@ag-ui/client";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { adaptRecords } from "@agent-ui/adapters";
import { projectEvents } from "@agent-ui/projection";
import { Observable } from "rxjs";
import { beforeAll, describe, expect, it } from "vitest";

function runEvents(input: RunAgentInput): BaseEvent[] {
  const { threadId, runId } = input;
  const events: Record<string, unknown>[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.SUBAGENT_STARTED, subagentRunId: "sub-1", name: "researcher" },
    { type: EventType.TEXT_MESSAGE_START, messageId: "m-sub", role: "assistant", subagentRunId: "sub-1" },
    {
      type: EventType.TEXT_MESSAGE_CONTENT,
      messageId: "m-sub",
      delta: "Draft notes.",
      subagentRunId: "sub-1",
    },
    { type: EventType.TEXT_MESSAGE_END, messageId: "m-sub", subagentRunId: "sub-1" },
    { type: EventType.SUBAGENT_FINISHED, subagentRunId: "sub-1", outcome: { type: "success" } },
    { type: EventType.REASONING_START, messageId: "r-1" },
    { type: EventType.REASONING_MESSAGE_START, messageId: "r-1", role: "reasoning" },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId: "r-1", delta: "Summarise." },
    { type: EventType.REASONING_MESSAGE_END, messageId: "r-1" },
    { type: EventType.REASONING_END, messageId: "r-1" },
    { type: EventType.TEXT_MESSAGE_START, messageId: "m-main", role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m-main", delta: "Here is the summary." },
    { type: EventType.TEXT_MESSAGE_END, messageId: "m-main" },
    // The server's authoritative conversation: the user's question and the answer, not the draft.
    {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        { id: "u-1", role: "user", content: "Summarise the notes" },
        { id: "m-main", role: "assistant", content: "Here is the summary." },
      ],
    },
    { type: EventType.RUN_FINISHED, threadId, runId },
  ];
  return events as unknown as BaseEvent[];
}

type AgentObservable = ReturnType<AbstractAgent["run"]>;

class SnapshotAgent extends AbstractAgent {
  constructor(config: AgentConfig = {}) {
    super(config);
  }
  run(input: RunAgentInput): AgentObservable {
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of runEvents(input)) subscriber.next(event);
      subscriber.complete();
    }) as unknown as AgentObservable;
  }
}

describe("live @ag-ui/client: MESSAGES_SNAPSHOT is authoritative", () => {
  let records: unknown[];
  let sdkMessages: AbstractAgent["messages"];
  beforeAll(async () => {
    const agent = new SnapshotAgent({ threadId: "thread-snapshot" });
    agent.addMessage({ id: "u-1", role: "user", content: "Summarise the notes" });
    records = [];
    await agent.runAgent(
      { runId: "run-1" },
      { onEvent: ({ event }) => void records.push(structuredClone(event)) },
    );
    sdkMessages = structuredClone(agent.messages);
  });

  it("TEXT-06 the subagent message the SDK's reducer dropped is dropped from the projection too", () => {
    const state = projectEvents(adaptRecords(records, "ag-ui").events);
    const sdkIds = sdkMessages.map((m) => m.id);
    expect(sdkIds).not.toContain("m-sub");
    // Every message the SDK holds is projected; none it dropped remains. (The SDK also holds the
    // reasoning message `r-1`, which the projection keeps as a reasoning part of its own message.)
    const projected = state.messages.map((m) => m.id);
    expect(projected.filter((id) => id !== "r-1").sort()).toEqual(sdkIds.filter((id) => id !== "r-1").sort());
    expect(sdkIds).toContain("r-1");
    expect(projected).toContain("r-1");
    // The teammate's transcript no longer points at the dropped message.
    expect(state.agents["sub-1"]?.transcript ?? []).not.toContain("m-sub");
  });
});
