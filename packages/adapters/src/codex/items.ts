// Codex thread items → Agent UI facts. Each item type has one translator; the adapter owns turn and
// identity bookkeeping and hands each translator the item plus its lifecycle phase.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { artifactKindOf } from "../shared/artifact-kind";
import { safeText } from "../shared/safe-payload";
import type { EventFields } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readArray, readNumber, readString } from "../shared/record";
import { safePreview } from "../shared/safe-preview";
import { lookupTable } from "@agent-ui/contracts";

const UTF8 = new TextEncoder();

export type ItemPhase = "started" | "updated" | "completed";

/** What a translator needs from the adapter: emit with the item's identity, and remember text per item. */
export interface ItemContext {
  /** The item id, made unique across turns (Codex restarts `item_0` numbering). */
  readonly id: string;
  readonly phase: ItemPhase;
  emit(type: string, fields: EventFields, key?: string): AgentUiEvent;
  /** What `text` adds to the item's text streamed so far (`undefined`: it does not extend it). */
  appended(text: string): string | undefined;
  /** `text` is the item's text streamed so far; whether a tool row was opened. */
  setStreamed(text: string): void;
  toolOpened(): boolean;
  /** Redacts and offloads a value with the adapter's `largePayloadBytes`. */
  safe(value: unknown): unknown;
  markToolOpened(): void;
}

type Translator = (item: JsonObject, ctx: ItemContext) => AgentUiEvent[];

/** Growing text (agent_message, reasoning): a suffix delta while it extends what was shown, a final at the end. */
function streamedText(deltaType: string, finalType: string, visibility?: "summary"): Translator {
  return (item, ctx) => {
    const text = readString(item, "text") ?? "";
    const idFields: EventFields =
      deltaType === "text.delta" ? { messageId: ctx.id, partId: ctx.id } : { partId: ctx.id };
    if (ctx.phase === "completed") {
      ctx.setStreamed(text);
      return [ctx.emit(finalType, { ...idFields, payload: { text } })];
    }
    const delta = ctx.appended(text);
    if (delta === undefined || delta === "") return [];
    ctx.setStreamed(text);
    const payload: JsonObject = { delta };
    if (visibility !== undefined) payload.visibility = visibility;
    return [ctx.emit(deltaType, { ...idFields, payload })];
  };
}

/** Opens the tool row once, whatever phase the item is first seen in. */
function openTool(
  ctx: ItemContext,
  name: string,
  kind: string,
  input: unknown,
  inputSummary?: string,
): AgentUiEvent[] {
  if (ctx.toolOpened()) return [];
  ctx.markToolOpened();
  // Redacted and bounded like any preview: a command line may carry a secret (SEC-02).
  const summary = inputSummary !== undefined ? safePreview(inputSummary, 500) : undefined;
  const payload = compact({ name, kind, input: ctx.safe(input), inputSummary: summary });
  // The complete input restates the summary too: a row shows the command line, not its JSON wrapper.
  const args = compact({ input: payload.input, inputSummary: summary, complete: true });
  return [
    ctx.emit("tool.started", { toolCallId: ctx.id, phase: "acting", payload }),
    ctx.emit("tool.args", { toolCallId: ctx.id, payload: args }),
  ];
}

const commandExecution: Translator = (item, ctx) => {
  const command = readString(item, "command");
  const out = openTool(ctx, "shell", "command", { command }, command);
  const output = readString(item, "aggregated_output", "aggregatedOutput") ?? "";
  const delta = ctx.appended(output);
  if (delta !== undefined && delta !== "") {
    // Best effort per chunk (a secret split across two updates is caught in the final output).
    const payload = { delta: safeText(delta), channel: "stdout" };
    out.push(ctx.emit("tool.output.delta", { toolCallId: ctx.id, payload }));
    ctx.setStreamed(output);
  }
  if (ctx.phase !== "completed") return out;
  const status = readString(item, "status");
  const exitCode = readNumber(item, "exit_code", "exitCode");
  const outputPreview = safePreview(output, 2048);
  if (status === "declined") {
    out.push(
      ctx.emit("tool.failed", {
        toolCallId: ctx.id,
        phase: "failed",
        payload: { denied: true, error: "command declined" },
      }),
    );
  } else if (status === "failed" || (exitCode !== undefined && exitCode !== 0)) {
    const payload = compact({
      error: exitCode !== undefined ? `exit code ${exitCode}` : "command failed",
      exitCode,
      outputPreview,
    });
    out.push(ctx.emit("tool.failed", { toolCallId: ctx.id, phase: "failed", payload }));
  } else {
    const payload = compact({
      output: compact({ exitCode, output: ctx.safe(output) }),
      outputPreview,
      exitCode,
      outputBytes: UTF8.encode(output).length,
    });
    out.push(ctx.emit("tool.result", { toolCallId: ctx.id, phase: "completed", payload }));
  }
  return out;
};

/** A patch: one artifact per changed path (paths and change kind only; Codex gives no diff, none is invented). */
const fileChange: Translator = (item, ctx) => {
  const changes = (readArray(item, "changes") ?? []).flatMap((c) => {
    const path = readString(c, "path");
    return path !== undefined ? [{ path, kind: readString(c, "kind") ?? "update" }] : [];
  });
  const summary = changes.map((c) => `${c.kind} ${c.path}`).join(", ");
  const out = openTool(ctx, "apply_patch", "file", { changes }, summary);
  if (ctx.phase !== "completed") return out;
  if (readString(item, "status") === "failed") {
    out.push(
      ctx.emit("tool.failed", {
        toolCallId: ctx.id,
        phase: "failed",
        payload: { error: "patch failed", outputPreview: summary },
      }),
    );
    return out;
  }
  const artifactIds: string[] = [];
  for (const change of changes) {
    const artifactId = `file:${change.path}`;
    artifactIds.push(artifactId);
    const kind = artifactKindOf(change.path);
    const type = change.kind === "delete" ? "artifact.deleted" : "artifact.changed";
    out.push(
      ctx.emit(
        type,
        {
          artifactId,
          artifactKind: kind,
          artifactStatus: change.kind === "delete" ? "deleted" : "ready",
          toolCallId: ctx.id,
          sourceRefs: [ctx.id],
          phase: "producing",
          payload: { title: change.path, kind, fileChange: change },
        },
        `artifact:${change.path}`,
      ),
    );
  }
  out.push(
    ctx.emit("tool.result", {
      toolCallId: ctx.id,
      phase: "completed",
      payload: { outputPreview: summary, artifactIds },
    }),
  );
  return out;
};

const mcpToolCall: Translator = (item, ctx) => {
  const server = readString(item, "server") ?? "mcp";
  const tool = readString(item, "tool") ?? "unknown";
  const out = openTool(ctx, `${server}.${tool}`, "mcp", item.arguments);
  if (ctx.phase !== "completed") return out;
  const error = readString(asRecord(item.error), "message");
  if (readString(item, "status") === "failed" || error !== undefined) {
    out.push(
      ctx.emit("tool.failed", {
        toolCallId: ctx.id,
        phase: "failed",
        payload: { error: error ?? "MCP tool call failed" },
      }),
    );
    return out;
  }
  const result = asRecord(item.result);
  const text = (readArray(result, "content") ?? [])
    .map((c) => readString(c, "text"))
    .filter((t) => t !== undefined)
    .join("\n");
  const structured = result?.structured_content ?? result?.structuredContent;
  const payload = compact({
    output: ctx.safe(structured ?? text),
    outputPreview: safePreview(text !== "" ? text : structured, 2048),
  });
  out.push(ctx.emit("tool.result", { toolCallId: ctx.id, phase: "completed", payload }));
  return out;
};

const webSearch: Translator = (item, ctx) => {
  const query = readString(item, "query");
  const out = openTool(ctx, "web_search", "search", { query }, query);
  if (ctx.phase === "completed")
    out.push(ctx.emit("tool.result", { toolCallId: ctx.id, phase: "completed", payload: {} }));
  return out;
};

const todoList: Translator = (item, ctx) => {
  const steps = (readArray(item, "items") ?? []).map((entry, index) => ({
    id: `${ctx.id}:${index}`,
    title: readString(entry, "text") ?? "",
    status: asRecord(entry)?.completed === true ? "completed" : "pending",
  }));
  return [
    ctx.emit(ctx.phase === "completed" ? "plan.final" : "plan.delta", {
      partId: ctx.id,
      phase: "planning",
      payload: { steps },
    }),
  ];
};

/** A non-fatal error item: the turn goes on, so it is a diagnostic and not a run failure. */
const errorItem: Translator = (item, ctx) => [
  ctx.emit("diagnostic.changed", {
    payload: {
      code: "runtime_warning",
      severity: "warning",
      message: readString(item, "message") ?? "codex error item",
    },
  }),
];

export const ITEM_TRANSLATORS: Readonly<Record<string, Translator>> = lookupTable({
  agent_message: streamedText("text.delta", "text.final"),
  reasoning: streamedText("reasoning.delta", "reasoning.summary", "summary"),
  command_execution: commandExecution,
  file_change: fileChange,
  mcp_tool_call: mcpToolCall,
  web_search: webSearch,
  todo_list: todoList,
  error: errorItem,
});
