// Pure payload builders for LangGraph's interrupt values, `custom` progress and Agent Server task chunks.
import type { EventFields } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";
import type { Chunk } from "./normalize";

/** An `interrupt(value)` as an action request: approvals (`{type: "tool_approval"}` or a prebuilt
 * HumanInterrupt with `action_request`), plain questions (a string), or structured input. */
export function interruptAction(
  value: unknown,
  namespace: string[],
  safe: (value: unknown) => unknown,
): { toolCallId?: string; payload: JsonObject } {
  const body = asRecord(value);
  const request = asRecord(body?.action_request);
  const isApproval = readString(body, "type") === "tool_approval" || request !== undefined;
  const payload = compact({
    actionType: isApproval
      ? "tool_approval"
      : typeof value === "string"
        ? "clarification"
        : "structured_input",
    sourceType: "langgraph.interrupt",
    toolName: readString(body, "name") ?? readString(request, "action"),
    prompt: typeof value === "string" ? value : readString(body, "message", "question", "description"),
    scope: asRecord(safe(body?.args ?? request?.args)),
    requestedBy: namespace.length > 0 ? { agentId: namespace.join("|") } : undefined,
  });
  return { toolCallId: readString(body, "toolCallId", "tool_call_id"), payload };
}

/** Where app-defined `custom` payloads live in app state: `/custom`, or per subgraph namespace. */
export function customStatePath(namespace: string[]): string {
  if (namespace.length === 0) return "/custom";
  return `/custom/${namespace.join("|").replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** The app's own keys of a root state value (everything but messages and interrupts), if any. */
export function appStateOf(body: JsonObject, interruptKey: string): JsonObject | undefined {
  const rest: JsonObject = {};
  for (const key of Object.keys(body)) if (key !== "messages" && key !== interruptKey) rest[key] = body[key];
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** Progress-shaped `custom` payloads (`{progress|message|status, pct|percent|progress}`). */
export function customProgress(payload: unknown): { message?: string; ratio?: number } | undefined {
  const body = asRecord(payload);
  const message = readString(body, "progress", "message", "status");
  const pct = readNumber(body, "pct", "percent", "progress");
  if (message === undefined && pct === undefined) return undefined;
  return compact({ message, ratio: pct !== undefined ? (pct > 1 ? pct / 100 : pct) : undefined });
}

/** Agent Server `tasks` mode: a start (with triggers) or a finish (with result or error). A finish
 * that lists interrupts paused on `interrupt()`: it waits for input, it did not complete. */
export function taskChunkPayload(body: JsonObject): JsonObject {
  const finished = "result" in body || "error" in body;
  const failed = finished && body.error !== undefined && body.error !== null;
  const paused = finished && Array.isArray(body.interrupts) && body.interrupts.length > 0;
  return compact({
    status: !finished ? "running" : failed ? "failed" : paused ? "waiting_input" : "completed",
    title: readString(body, "name"),
    reason: failed ? String(body.error) : paused ? "paused on interrupt()" : undefined,
  });
}

/** A `custom` chunk as a fact: progress-shaped payloads of a subgraph update its capsule (`title` is the
 * subgraph's node); anything else is app state under `customStatePath`. The caller adds the scope ids. */
export function customFact(
  chunk: Chunk,
  title: string | undefined,
  safe: (value: unknown) => unknown,
): { type: string; fields: EventFields } {
  const progress = customProgress(chunk.payload);
  if (chunk.namespace.length > 0 && progress !== undefined) {
    const payload = { status: "running", title, progress };
    return {
      type: "task.changed",
      fields: { taskId: chunk.namespace.join("|"), phase: "acting", payload },
    };
  }
  const patch = [{ op: "add", path: customStatePath(chunk.namespace), value: safe(chunk.payload) }];
  return { type: "state.delta", fields: { payload: { patch } } };
}
