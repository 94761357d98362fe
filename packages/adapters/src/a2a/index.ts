import { asRecord, isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { A2A_FORMAT, createA2aAdapter } from "./adapter";

const UNION_CASES = new Set(["task", "statusUpdate", "artifactUpdate", "message"]);
const V03_KINDS = new Set(["task", "status-update", "artifact-update"]);

/** Client `{payload:{$case}}` objects and JSON-RPC results carrying a task union are certain; a bare
 * Task with a `TASK_STATE_*` / `n:NAME` state is likely. */
function detect(record: unknown): number {
  if (!isRecord(record)) return 0;
  const tagged = readString(asRecord(record.payload), "$case");
  if (tagged !== undefined && UNION_CASES.has(tagged)) return 0.95;
  const result = asRecord(record.result);
  if (record.jsonrpc !== undefined && result !== undefined) {
    if (["task", "statusUpdate", "artifactUpdate"].some((k) => isRecord(result[k]))) return 0.95;
    if (V03_KINDS.has(readString(result, "kind") ?? "")) return 0.9;
  }
  if (V03_KINDS.has(readString(record, "kind") ?? "") && "taskId" in record) return 0.8;
  const state = readString(asRecord(record.status), "state");
  if (state !== undefined && /TASK_STATE_/.test(state) && "contextId" in record) return 0.85;
  return 0;
}

export const a2aAdapter: AdapterModule = {
  format: A2A_FORMAT,
  description:
    "A2A task streams (JS SDK StreamResponse objects, JSON-RPC/SSE wire, v0.3 JSON) → remote teammate: task status, teammate messages, artifacts, input/auth-required actions",
  create: createA2aAdapter,
  detect,
};
