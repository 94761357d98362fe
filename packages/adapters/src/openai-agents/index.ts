import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { OPENAI_AGENTS_FORMAT, createOpenAiAgentsAdapter } from "./adapter";
import { runStateJson } from "./run-state";

const TYPES = new Set(["raw_model_stream_event", "run_item_stream_event", "agent_updated_stream_event"]);

/** The three RunStreamEvent discriminants are specific to the Agents SDK, and so is a RunState
 * (serialized: `$schemaVersion`, `currentAgent`, `generatedItems`; or the SDK's live object). */
function detect(record: unknown): number {
  if (!isRecord(record)) return 0;
  if (runStateJson(record) !== undefined) return 0.98;
  return TYPES.has(readString(record, "type") ?? "") ? 0.98 : 0;
}

export const openaiAgentsAdapter: AdapterModule = {
  format: OPENAI_AGENTS_FORMAT,
  description:
    "OpenAI Agents SDK RunStreamEvents and serialized RunState snapshots → streamed text reconciled with message items, tool rows, approvals (approval id = call id; decisions from the RunState), handoffs, interrupted runs",
  create: createOpenAiAgentsAdapter,
  detect,
};
