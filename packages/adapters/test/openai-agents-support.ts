// Shared by the OpenAI Agents RunState tests: the peer capture of a serialized RunState, copies of it with
// fields replaced, the items it holds, and the adapter's events for a list of records.
import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { openaiAgentsAdapter } from "../src/openai-agents";

/** `result.state.toString()` at the delete_file approval (@openai/agents 0.20). */
export const STATE: Record<string, unknown> = JSON.parse(
  readFileSync(
    new URL("../../../../shared/peers/streams/openai-agents.approval.runstate.json", import.meta.url),
    "utf8",
  ),
);

/** Every event the adapter emits for the records, `finish()` included. */
export function adapt(input: unknown[], streamId?: string): AgentUiEvent[] {
  const adapter = openaiAgentsAdapter.create(streamId !== undefined ? { streamId } : {});
  return [...input.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}

/** A copy of the captured state with some fields replaced (what `state.approve()` etc. write). */
export function stateWith(changes: Record<string, unknown>): Record<string, unknown> {
  return { ...structuredClone(STATE), ...changes };
}

/** The agent of the captured run, and its delete_file call as a run item's `rawItem`. */
export const ops = { name: "ops" };
const call = {
  id: "fc_rm",
  type: "function_call",
  callId: "call_rm",
  name: "delete_file",
  status: "completed",
};
export const rawCall = { ...call, arguments: '{"path":"/workspace/demo/x"}' };
