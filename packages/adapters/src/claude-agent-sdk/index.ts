import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { createClaudeAdapter } from "./adapter";
import { CLAUDE_FORMAT } from "./state";

const TYPES = new Set(["system", "assistant", "user", "result", "stream_event", "tool_progress"]);

/** SDKMessages carry `type` plus a `session_id`; the init message and stream events are unmistakable. */
function detect(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined || !TYPES.has(type) || readString(record, "session_id") === undefined) return 0;
  if (type === "system" && readString(record, "subtype") === "init") return 0.98;
  if (type === "stream_event" || type === "result") return 0.95;
  return "parent_tool_use_id" in record || "uuid" in record ? 0.9 : 0.6;
}

export const claudeAgentSdkAdapter: AdapterModule = {
  format: CLAUDE_FORMAT,
  description:
    "Claude Agent SDK SDKMessage stream-json → runs, streamed text reconciled with per-block snapshots, thinking, tools, subagents, background tasks, compaction, permissions, usage",
  create: createClaudeAdapter,
  detect,
};
