// Live: the real `@ag-ui/client` pipeline (`AbstractAgent.runAgent`: enforce → verify → apply) over two
// runs of one agent. Run 1 works through a named step, calls a tool that returns, and finishes with token
// usage from two providers. Run 2 starts a tool and fails (RUN_ERROR) before the tool returns. The
// projection is compared with what the SDK itself holds after each run: `agent.messages` (tool calls,
// answer text) and the usage the events carried, summed by the SDK's own `aggregateTokenUsage`.
import { AbstractAgent, type AgentConfig } from "@ag-ui/client";
import {
  type Event as AgUiEvent,
  type BaseEvent,
  EventType,
  type RunAgentInput,
  type TokenUsage,
  aggregateTokenUsage,
} from "@ag-ui/core";
import { adaptRecords } from "@agent-ui/adapters";
import { TOOL_TERMINAL_STATES } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { Observable } from "rxjs";
import { beforeAll, describe, expect, it } from "vitest";

const USAGE_1: TokenUsage[] = [
  { provider: "openai", model: "gpt", inputTokens: 120, outputTokens: 30, totalTokens: 150 },
  { provider: "anthropic", model: "claude", inputTokens: 40, outputTokens: 12, reasoningTokens: 5 },
];
const USAGE_2: TokenUsage[] = [{ provider: "openai", model: "gpt", inputTokens: 60, outputTokens: 0 }];

function runEvents(input: RunAgentInput): AgUiEvent[] {
  const { threadId, runId } = input;
  if (runId === "run-1")
    return [
      { type: EventType.RUN_STARTED, threadId, runId },
      { type: EventType.STEP_STARTED, stepName: "searching" },
      {
        type: EventType.TOOL_CALL_START,
        toolCallId: "tc-search",
        toolCallName: "search",
        parentMessageId: "m-1",
      },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-search", delta: '{"q":"paris"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: "tc-search" },
      { type: EventType.TOOL_CALL_RESULT, toolCallId: "tc-search", messageId: "r-1", content: "21C" },
      { type: EventType.STEP_FINISHED, stepName: "searching" },
      { type: EventType.TEXT_MESSAGE_START, messageId: "m-2", role: "assistant" },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m-2", delta: "It is 21C." },
      { type: EventType.TEXT_MESSAGE_END, messageId: "m-2" },
      { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" }, usage: USAGE_1 },
    ];
  return [
    { type: EventType.RUN_STARTED, threadId, runId },
    {
      type: EventType.TOOL_CALL_START,
      toolCallId: "tc-fetch",
      toolCallName: "fetch",
      parentMessageId: "m-3",
    },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-fetch", delta: '{"url":"https://x.example"}' },
    { type: EventType.TOOL_CALL_END, toolCallId: "tc-fetch" },
    { type: EventType.RUN_ERROR, message: "upstream timed out", code: "timeout", usage: USAGE_2 },
  ];
}

type AgentObservable = ReturnType<AbstractAgent["run"]>;

class TwoRunAgent extends AbstractAgent {
  constructor(config: AgentConfig = {}) {
    super(config);
  }
  run(input: RunAgentInput): AgentObservable {
    return new Observable<BaseEvent>((subscriber) => {
      const timer = setTimeout(() => {
        for (const event of runEvents(input)) subscriber.next(event);
        subscriber.complete();
      }, 0);
      return () => clearTimeout(timer);
    }) as unknown as AgentObservable;
  }
}

interface Live {
  records: unknown[];
  run1Length: number;
  messagesAfterRun1: AbstractAgent["messages"];
  messages: AbstractAgent["messages"];
  run2Error?: unknown;
}

async function drive(): Promise<Live> {
  const agent = new TwoRunAgent({ threadId: "thread-fidelity" });
  agent.addMessage({ id: "u-1", role: "user", content: "Weather in Paris?" });
  const records: unknown[] = [];
  const onEvent = ({ event }: { event: BaseEvent }) => {
    records.push(structuredClone(event));
  };
  await agent.runAgent({ runId: "run-1" }, { onEvent });
  const run1Length = records.length;
  const messagesAfterRun1 = structuredClone(agent.messages);
  let run2Error: unknown;
  try {
    await agent.runAgent({ runId: "run-2" }, { onEvent });
  } catch (error) {
    run2Error = error;
  }
  return { records, run1Length, messagesAfterRun1, messages: structuredClone(agent.messages), run2Error };
}

const toolCallIdsOf = (messages: AbstractAgent["messages"]) =>
  messages.flatMap((m) => ("toolCalls" in m && m.toolCalls ? m.toolCalls.map((c) => c.id) : []));

describe("live @ag-ui/client: usage, step labels and a run that fails with a tool open", () => {
  let live: Live;
  beforeAll(async () => {
    live = await drive();
  });

  it("ROUTE-02 run 1: token usage is the SDK's aggregate over providers; the finished status shows no step", () => {
    const state = projectEvents(adaptRecords(live.records.slice(0, live.run1Length), "auto").events);
    const sum = (field: "inputTokens" | "outputTokens") =>
      aggregateTokenUsage(USAGE_1).reduce((total, entry) => total + (entry[field] ?? 0), 0);
    expect(state.metrics["tokens.input"]).toBe(sum("inputTokens"));
    expect(state.metrics["tokens.output"]).toBe(sum("outputTokens"));
    expect(state.runtime.status).toBe("completed");
    expect(state.runtime.label).toBeUndefined();
    // The tool the SDK's reducer holds is the one projected, closed with its result.
    expect(Object.keys(state.tools)).toEqual(toolCallIdsOf(live.messagesAfterRun1));
    expect(state.tools["tc-search"].status).toBe("output-available");
  });

  it("TOOL-01 RUN_ERROR: every tool call the SDK holds ends in a terminal state, the run failed", () => {
    const state = projectEvents(adaptRecords(live.records, "auto").events);
    expect(Object.keys(state.tools).sort()).toEqual(toolCallIdsOf(live.messages).sort());
    for (const id of toolCallIdsOf(live.messages))
      expect(TOOL_TERMINAL_STATES as readonly string[]).toContain(state.tools[id].status);
    expect(state.tools["tc-fetch"].status).toBe("output-error");
    expect(state.runtime.status).toBe("failed");
    const all = [...USAGE_1, ...USAGE_2];
    const sum = (field: "inputTokens" | "outputTokens") =>
      aggregateTokenUsage(all).reduce((total, entry) => total + (entry[field] ?? 0), 0);
    expect(state.metrics["tokens.input"]).toBe(sum("inputTokens"));
    expect(state.metrics["tokens.output"]).toBe(sum("outputTokens"));
  });
});
