// Live: which messages a MESSAGES_SNAPSHOT removes, decided by `@ag-ui/client`'s own reducer
// (`AbstractAgent.runAgent`). For each scripted run the SDK's `agent.messages` is read just before and
// just after every snapshot; the ids it dropped must be exactly the `removedMessageIds` the adapter
// states on that snapshot — over text and tool chunks, tool results, reasoning, activities, the run's
// input messages and the snapshot's `authoritativeActivityTypes` metadata.
import { AbstractAgent, type AgentConfig } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { adaptRecords } from "@agent-ui/adapters";
import { Observable } from "rxjs";
import { describe, expect, it } from "vitest";

type Record_ = Record<string, unknown>;

/** An agent whose run echoes its input on RUN_STARTED, then plays the scripted events. */
class ScriptAgent extends AbstractAgent {
  /** The records the run sent, as on the wire (before the SDK turns chunks into START/CONTENT/END). */
  readonly sent: Record_[] = [];
  constructor(
    private readonly script: Record_[],
    config: AgentConfig,
  ) {
    super(config);
  }
  run(input: RunAgentInput): ReturnType<AbstractAgent["run"]> {
    const { threadId, runId } = input;
    const events = [
      { type: "RUN_STARTED", threadId, runId, input },
      ...this.script,
      { type: "RUN_FINISHED", threadId, runId },
    ];
    this.sent.push(...structuredClone(events));
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(structuredClone(event) as unknown as BaseEvent);
      subscriber.complete();
    }) as unknown as ReturnType<AbstractAgent["run"]>;
  }
}

/** The ids the SDK's reducer holds after the run plays `script`; also the records the run sent. */
async function sdkRun(initial: Message[], script: Record_[]): Promise<{ ids: string[]; records: unknown[] }> {
  const agent = new ScriptAgent(script, { threadId: "t1", initialMessages: structuredClone(initial) });
  await agent.runAgent({ runId: "r1" });
  return { ids: agent.messages.map((m) => m.id), records: agent.sent };
}

/** Per snapshot in the script: the ids the SDK held before it and no longer holds after it. */
async function sdkRemovals(initial: Message[], script: Record_[]): Promise<string[][]> {
  const removals: string[][] = [];
  for (const [i, event] of script.entries()) {
    if (event.type !== "MESSAGES_SNAPSHOT") continue;
    const before = (await sdkRun(initial, script.slice(0, i))).ids;
    const after = new Set((await sdkRun(initial, script.slice(0, i + 1))).ids);
    removals.push(before.filter((id) => !after.has(id)).sort());
  }
  return removals;
}

/** Per snapshot: the `removedMessageIds` the adapter states for the records the run sent. */
async function adapterRemovals(initial: Message[], script: Record_[]): Promise<string[][]> {
  const { records } = await sdkRun(initial, script);
  return adaptRecords(records, "ag-ui")
    .events.filter((e) => e.type === "messages.snapshot")
    .map((e) => [...((e.payload as { removedMessageIds?: string[] }).removedMessageIds ?? [])].sort());
}

const user: Message = { id: "u1", role: "user", content: "Plan the trip" };
const snapshot = (messages: Record_[], metadata?: Record_) => ({
  type: "MESSAGES_SNAPSHOT",
  messages: [{ id: "u1", role: "user", content: "Plan the trip" }, ...messages],
  ...(metadata !== undefined ? { metadata } : {}),
});
const activities = [
  { type: "ACTIVITY_SNAPSHOT", messageId: "act-plan", activityType: "PLAN", content: { steps: [] } },
  { type: "ACTIVITY_SNAPSHOT", messageId: "act-search", activityType: "SEARCH", content: { q: "x" } },
];
const governing = (types: unknown) => ({ "@ag-ui/client": { authoritativeActivityTypes: types } });

const CASES: [string, Message[], Record_[], string[][]][] = [
  [
    "text and tool chunks (a later chunk without id), tool calls and results are dropped",
    [user],
    [
      { type: "TEXT_MESSAGE_CHUNK", messageId: "m1", role: "assistant", delta: "Let me " },
      { type: "TEXT_MESSAGE_CHUNK", delta: "check." },
      { type: "TOOL_CALL_CHUNK", toolCallId: "tc1", toolCallName: "search", delta: "{}" },
      { type: "TOOL_CALL_START", toolCallId: "tc2", toolCallName: "weather" },
      { type: "TOOL_CALL_END", toolCallId: "tc2" },
      { type: "TOOL_CALL_RESULT", messageId: "tr2", toolCallId: "tc2", content: "21C" },
      snapshot([]),
    ],
    [["m1", "tc1", "tc2", "tr2"]],
  ],
  [
    "a streamed message and a chunked call with no parent message are dropped",
    [user],
    [
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hi" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "TOOL_CALL_CHUNK", toolCallId: "tc9", toolCallName: "search", delta: "{}" },
      snapshot([]),
    ],
    [["m1", "tc9"]],
  ],
  [
    "a tool call sits on its parent message; a message the snapshot lists stays",
    [user],
    [
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Searching." },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1" },
      { type: "TOOL_CALL_END", toolCallId: "tc1" },
      { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
      { type: "TEXT_MESSAGE_END", messageId: "m2" },
      snapshot([{ id: "m2", role: "assistant", content: "" }]),
    ],
    [["m1"]],
  ],
  [
    "reasoning is kept by a snapshot without reasoning and dropped by one with its own",
    [user],
    [
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "Think." },
      { type: "REASONING_MESSAGE_END", messageId: "r1" },
      { type: "REASONING_MESSAGE_CHUNK", messageId: "r2", delta: "More." },
      snapshot([{ id: "a1", role: "assistant", content: "Done" }]),
      snapshot([{ id: "r0", role: "reasoning", content: "Summary" }]),
    ],
    [[], ["a1", "r1", "r2"]],
  ],
  [
    "a listed reasoning or activity message is held as such by the next snapshot",
    [user],
    [
      snapshot([
        { id: "r0", role: "reasoning", content: "Summary" },
        { id: "act0", role: "activity", activityType: "PLAN", content: { steps: [] } },
        { id: "act1", role: "activity", activityType: "SEARCH", content: {} },
      ]),
      snapshot([], governing(["SEARCH"])),
    ],
    [[], ["act1"]],
  ],
  [
    "the run's input messages are held until a snapshot drops them",
    [user, { id: "a0", role: "assistant", content: "Earlier answer" }],
    [snapshot([])],
    [["a0"]],
  ],
  [
    "activities are kept by a snapshot with no activity messages",
    [user],
    [...activities, snapshot([])],
    [[]],
  ],
  [
    "activities are dropped by a snapshot that carries activity messages",
    [user],
    [...activities, snapshot([{ id: "act0", role: "activity", activityType: "PLAN", content: {} }])],
    [["act-plan", "act-search"]],
  ],
  [
    "the snapshot's authoritativeActivityTypes name the types it governs",
    [user],
    [...activities, snapshot([], governing(["PLAN"]))],
    [["act-plan"]],
  ],
  [
    "authoritativeActivityTypes with an entry that is not a string govern none",
    [user],
    [...activities, snapshot([], governing(["PLAN", 3]))],
    [[]],
  ],
  [
    "client metadata that is not an object governs no activity type",
    [user],
    [
      ...activities,
      snapshot([{ id: "act0", role: "activity", activityType: "PLAN", content: {} }], {
        "@ag-ui/client": "all",
      }),
    ],
    [[]],
  ],
  [
    "authoritativeActivityTypes null governs every type",
    [user],
    [...activities, snapshot([], governing(null))],
    [["act-plan", "act-search"]],
  ],
  [
    "authoritativeActivityTypes that are not a list govern none",
    [user],
    [...activities, snapshot([], governing("PLAN"))],
    [[]],
  ],
  [
    "client metadata that does not state the types leaves the inference",
    [user],
    [...activities, snapshot([], { "@ag-ui/client": { note: "x" } })],
    [[]],
  ],
  [
    "client metadata that does not state the types: activity messages in the snapshot drop the others",
    [user],
    [
      ...activities,
      snapshot([{ id: "act0", role: "activity", activityType: "PLAN", content: {} }], {
        "@ag-ui/client": { note: "x" },
      }),
    ],
    [["act-plan", "act-search"]],
  ],
];

describe("live @ag-ui/client: the messages a MESSAGES_SNAPSHOT removes", () => {
  it.each(CASES)("ORD-02 %s", async (_label, initial, script, expected) => {
    expect(await sdkRemovals(initial, script)).toStrictEqual(expected);
    expect(await adapterRemovals(initial, script)).toStrictEqual(expected);
  });
});
