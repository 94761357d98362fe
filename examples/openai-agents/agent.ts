// An OpenAI Agents SDK run piped into a gateway `push` session. The SDK's own stream events go to the
// gateway (format `openai-agents`); a tool that needs approval stops the run, the user approves or rejects
// it in the UI, and the decision comes back over the session's writes channel: it is applied to the
// run's `RunState` (`state.approve` / `state.reject`), the state (which records the decision) is pushed
// too, and the run resumes from it.
import { createIngestSink } from "@agent-ui/client";
import type { ControlCommand } from "@agent-ui/contracts";
import { Agent, type Model, type RunStreamEvent, type RunToolApprovalItem, run, tool } from "@openai/agents";
import { z } from "zod";

export interface OpsAgentOptions {
  /** The gateway, e.g. http://127.0.0.1:4318, its token, and a session created with `source: "push"`. */
  baseUrl: string;
  token?: string;
  sessionId: string;
  /** The model: a name for the OpenAI provider (needs OPENAI_API_KEY), or any `Model`. */
  model: string | Model;
  input: string;
}

/** The tool that changes something: the SDK stops the run for approval before each call. */
export const deleteFile = tool({
  name: "delete_file",
  description: "Delete a file",
  parameters: z.object({ path: z.string() }),
  needsApproval: true,
  execute: async ({ path }) => `deleted ${path}`,
});

/** One stream event as JSON: raw model events keep their data, run items their raw item and agent name. */
export function streamRecord(event: RunStreamEvent): Record<string, unknown> {
  if (event.type === "raw_model_stream_event") return { type: event.type, data: event.data };
  if (event.type === "agent_updated_stream_event") return { type: event.type, agent: event.agent.name };
  return {
    type: event.type,
    name: event.name,
    itemType: event.item.type,
    agent: "agent" in event.item ? event.item.agent?.name : undefined,
    rawItem: event.item.rawItem,
  };
}

/** Runs the agent to its end; every approval is answered from the session's UI. */
export async function runOpsAgent(options: OpsAgentOptions) {
  const agent = new Agent({
    name: "ops",
    instructions: "You manage files. Delete what the user asks you to delete.",
    model: options.model,
    tools: [deleteFile],
  });
  const sink = createIngestSink({
    baseUrl: options.baseUrl,
    token: options.token,
    sessionId: options.sessionId,
    format: "openai-agents",
  });
  // The UI's decisions, by call id (the approval's id in the session is the tool call's id).
  const asked = new Set<string>();
  const decided = new Map<string, "approve" | "reject">();
  const waiting = new Map<string, () => void>();
  sink.onCommand(async (command: ControlCommand) => {
    if (command.kind !== "respond_action" || command.decision === "answer")
      return { status: "rejected", reason: `this agent takes approve / reject only, not ${command.kind}` };
    if (!asked.has(command.actionId) || decided.has(command.actionId))
      return { status: "rejected", reason: `no approval ${command.actionId} is waiting` };
    decided.set(command.actionId, command.decision);
    waiting.get(command.actionId)?.();
    return { status: "accepted" };
  });
  const decision = (callId: string) =>
    new Promise<"approve" | "reject">((resolve) => {
      const settle = () => resolve(decided.get(callId) as "approve" | "reject");
      if (decided.has(callId)) settle();
      else waiting.set(callId, settle);
    });
  async function* records(stream: AsyncIterable<RunStreamEvent>) {
    for await (const event of stream) {
      if (event.type === "run_item_stream_event" && event.name === "tool_approval_requested") {
        const callId = (event.item.rawItem as { callId?: string }).callId;
        if (callId !== undefined) asked.add(callId);
      }
      yield streamRecord(event);
    }
  }

  try {
    let result = await run(agent, options.input, { stream: true });
    for (;;) {
      await sink.pipe(records(result));
      await result.completed;
      if (result.interruptions.length === 0) break;
      for (const item of result.interruptions as RunToolApprovalItem[]) {
        const callId = (item.rawItem as { callId?: string }).callId ?? "";
        if ((await decision(callId)) === "approve") result.state.approve(item);
        else result.state.reject(item);
      }
      // The RunState now records the decisions (the stream never states them): the session reads them
      // from it, then the resumed run's stream follows.
      sink.push(JSON.parse(result.state.toString()));
      result = await run(agent, result.state, { stream: true });
    }
    await sink.end("completed");
    return result;
  } catch (error) {
    await sink.end("failed", (error as Error).message).catch(() => {});
    throw error;
  } finally {
    await sink.close();
  }
}
