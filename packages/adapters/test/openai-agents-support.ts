// Shared by the OpenAI Agents tests: the peer captures, the capture of a serialized RunState, copies of it
// with fields replaced, the items it holds, and the adapter's events for a list of records.
import { readFileSync } from "node:fs";
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import { openaiAgentsAdapter } from "../src/openai-agents";

/** The text of a peer capture (`../shared/peers/streams/<name>`). */
const peerText = (name: string): string =>
  readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8");

/** The records of a peer capture. */
export const peerRecords = (name: string): unknown[] =>
  parseRecords(peerText(name)).records.map((r) => r.value);

/** `result.state.toString()` at the delete_file approval (@openai/agents 0.20). */
export const STATE: Record<string, unknown> = JSON.parse(peerText("openai-agents.approval.runstate.json"));

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
