// Codex SDK thread events, shaped like the captured `codex-sdk.*.threadevents.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const threadStarted = { type: "thread.started", thread_id: "01a2149f-6cfc-7772-8329-a2998b38b5e1" };
const turnStarted = { type: "turn.started" };
const turnCompleted = {
  type: "turn.completed",
  usage: { input_tokens: 20, cached_input_tokens: 0, output_tokens: 10, reasoning_output_tokens: 0 },
};
const message = (id: string) => ({
  type: "item.completed",
  item: { id, type: "agent_message", text: FACTS.answer },
});

function command(id: string, cmd: string, output: string, exitCode: number): unknown[] {
  return [
    {
      type: "item.started",
      item: {
        id,
        type: "command_execution",
        command: cmd,
        aggregated_output: "",
        exit_code: null,
        status: "in_progress",
      },
    },
    {
      type: "item.completed",
      item: {
        id,
        type: "command_execution",
        command: cmd,
        aggregated_output: output,
        exit_code: exitCode,
        status: exitCode === 0 ? "completed" : "failed",
      },
    },
  ];
}

export const CODEX_STORIES: ProtocolStories = {
  format: "codex",
  wholeText: "Codex streams an agent_message only as a completed item, never in deltas",
  stories: {
    text: () => ({ records: [threadStarted, turnStarted, message("item_0"), turnCompleted] }),
    reasoning: () => ({
      records: [
        threadStarted,
        turnStarted,
        { type: "item.completed", item: { id: "item_0", type: "reasoning", text: FACTS.reasoning } },
        message("item_1"),
        turnCompleted,
      ],
    }),
    tool: () => ({
      toolCallId: "item_1",
      records: [
        threadStarted,
        turnStarted,
        ...command("item_1", `/bin/bash -lc 'weather ${FACTS.city}'`, `tempC=${FACTS.tempC}\n`, 0),
        message("item_2"),
        turnCompleted,
      ],
    }),
    toolError: () => ({
      toolCallId: "item_1",
      records: [
        threadStarted,
        turnStarted,
        ...command("item_1", `/bin/bash -lc 'weather ${FACTS.failingCity}'`, `${FACTS.toolError}\n`, 1),
        turnCompleted,
      ],
    }),
    runError: () => ({
      records: [threadStarted, turnStarted, { type: "turn.failed", error: { message: FACTS.runError } }],
    }),
    redelivery: () => {
      const records = [threadStarted, turnStarted, message("item_0"), turnCompleted];
      // The completed message again, same item id: a reconnecting reader's duplicate.
      return { records: [...records, records[2]] };
    },
  },
  cannot: {
    approve:
      "the SDK's approval policy is decided in the CLI; its thread events carry no approval request or answer",
    deny: "the SDK's approval policy is decided in the CLI; its thread events carry no approval request or answer",
    sources: "thread events carry no source or citation item (web_search items name only the query)",
  },
};
