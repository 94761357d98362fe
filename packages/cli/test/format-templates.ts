// Test support: one real stream per supported input format — the peers' own captures in the standard's
// shared folder (what each SDK emits), the Lime profile fixtures, and a small Agent UI envelope stream —
// as parsed records, for properties that plant hostile values into any field of any format.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LIME_PROFILE_FIXTURE_DIR, defaultSharedDir } from "@agent-ui/conformance";
import { parseRecords } from "@agent-ui/contracts";

export interface FormatTemplate {
  format: string;
  records: unknown[];
}

const shared = defaultSharedDir();
const peer = (name: string) => readFileSync(join(shared, "peers/streams", name), "utf8");
const framed = (text: string) => parseRecords(text).records.map((r) => r.value);

const envelope = (sequence: number, type: string, fields: Record<string, unknown>) => ({
  type,
  sequence,
  eventId: `e${sequence}`,
  sessionId: "s",
  runId: "r",
  turnId: "t",
  ...fields,
});

export const FORMAT_TEMPLATES: FormatTemplate[] = [
  {
    format: "agent-ui",
    records: [
      envelope(1, "run.started", { payload: { input: "hello" } }),
      envelope(2, "text.delta", { messageId: "m", payload: { delta: "Hi there" } }),
      envelope(3, "tool.started", { toolCallId: "c", payload: { name: "shell", input: { cmd: "ls" } } }),
      envelope(4, "tool.result", { toolCallId: "c", payload: { isError: true, error: "denied" } }),
      envelope(5, "run.failed", { payload: { error: "provider error", category: "provider" } }),
    ],
  },
  {
    format: "lime",
    records: [
      "submit-turn-event.json",
      "tool-approval-action-required-event.json",
      "thread-read-snapshot.json",
    ].map((name) => JSON.parse(readFileSync(join(shared, LIME_PROFILE_FIXTURE_DIR, name), "utf8"))),
  },
  { format: "ag-ui", records: framed(peer("agui.run-tool-state.events.jsonl")) },
  { format: "ai-sdk", records: framed(peer("ai-sdk.text-tool.uimessagechunks.jsonl")) },
  { format: "langgraph", records: framed(peer("langgraph.run1-interrupt.stream-chunks.jsonl")) },
  { format: "openai-agents", records: framed(peer("openai-agents.approval.runstreamevents.jsonl")) },
  { format: "a2a", records: framed(peer("a2a.task-artifact-input-required.client-events.jsonl")) },
  { format: "claude-agent-sdk", records: framed(peer("claude-agent-sdk.bash-tool.sdkmessages.jsonl")) },
  { format: "codex", records: framed(peer("codex-sdk.exec-patch-plan.threadevents.jsonl")) },
  { format: "mcp", records: framed(peer("mcp.tool-progress-elicitation.jsonrpc.jsonl")) },
];

/** A path into a record: keys and array indexes. */
export type Path = (string | number)[];

/** Every leaf of `value` (strings, numbers, booleans, null), with its path. */
export function leaves(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) value.forEach((v, i) => void leaves(v, [...path, i], out));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  else out.push(path);
  return out;
}

/** A deep copy of `records` with the leaf at `path` of record `index` replaced by `replace(old)`. */
export function replaceLeaf(
  records: readonly unknown[],
  index: number,
  path: Path,
  replace: (old: unknown) => unknown,
): unknown[] {
  const copy = structuredClone(records) as unknown[];
  if (path.length === 0) {
    copy[index] = replace(copy[index]);
    return copy;
  }
  let node = copy[index] as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  node[last] = replace(node[last]);
  return copy;
}

/** A deep copy of `records` with the key nearest the leaf at `path` (the last object key on the path)
 * renamed to `rename(old)`, its value and the other keys' order kept. */
export function renameKey(
  records: readonly unknown[],
  index: number,
  path: Path,
  rename: (old: string) => string,
): unknown[] {
  const copy = structuredClone(records) as unknown[];
  const at = path.findLastIndex((key) => typeof key === "string");
  if (at === -1) return copy;
  let node = copy[index] as Record<string | number, unknown>;
  for (const key of path.slice(0, at)) node = node[key] as Record<string | number, unknown>;
  const old = path[at] as string;
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) renamed[key === old ? rename(old) : key] = value;
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, renamed);
  return copy;
}

export const jsonl = (records: readonly unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");
