import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { CODEX_FORMAT, createCodexAdapter } from "./adapter";

const THREAD_EVENTS = new Set(["thread.started", "turn.started", "turn.completed", "turn.failed"]);
const ITEM_EVENTS = new Set(["item.started", "item.updated", "item.completed"]);

/** `thread.started` with a `thread_id`, turn events, and item events whose item has a snake_case Codex type. */
function detect(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined) return 0;
  if (type === "thread.started" && readString(record, "thread_id") !== undefined) return 0.98;
  // Lime runtime events share `turn.*` names but always carry an envelope (eventId, payload); Codex never does.
  const envelope = "eventId" in record || "payload" in record || "schemaVersion" in record;
  if (THREAD_EVENTS.has(type)) return envelope ? 0.3 : 0.95;
  if (ITEM_EVENTS.has(type) && isRecord(record.item) && readString(record.item, "type") !== undefined)
    return 0.95;
  return 0;
}

export const codexAdapter: AdapterModule = {
  format: CODEX_FORMAT,
  description:
    "OpenAI Codex exec/SDK ThreadEvents → runs per turn, answer text, reasoning summaries, command/patch/MCP/search tool rows, file artifacts, plans, usage metrics",
  create: createCodexAdapter,
  detect,
};
