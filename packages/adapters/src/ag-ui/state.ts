// STATE_*, MESSAGES_SNAPSHOT, ACTIVITY_*, SUBAGENT_*, CUSTOM and RAW.
import { type AgentUiEvent, applyJsonPatch } from "@agent-ui/contracts";
import { normalizeMessages } from "../shared/messages";
import { compact, isRecord, readArray, readRecord, readString } from "../shared/record";
import { safeSummary } from "../shared/emitter";
import { previewOf, safeValue } from "../shared/safe-payload";
import type { AguiContext } from "./context";
import { lookupTable, clip } from "@agent-ui/contracts";

/** STATE_SNAPSHOT → app state; the projection owns it and applies later deltas. */
export function stateSnapshot(ctx: AguiContext): AgentUiEvent[] {
  const snapshot = ctx.record.snapshot;
  if (!isRecord(snapshot)) return [ctx.unsupported("STATE_SNAPSHOT whose snapshot is not an object")];
  return [ctx.emit("state.snapshot", { payload: { appState: safeValue(snapshot, ctx.safe) } })];
}

/** STATE_DELTA passes the JSON Patch through; the projection applies it and diagnoses failures. */
export function stateDelta(ctx: AguiContext): AgentUiEvent[] {
  const patch = readArray(ctx.record, "delta", "patch");
  if (patch === undefined) return [ctx.unsupported("STATE_DELTA without a patch array")];
  return [ctx.emit("state.delta", { payload: { patch: safeValue(patch, ctx.safe) } })];
}

export function messagesSnapshot(ctx: AguiContext): AgentUiEvent[] {
  const { messages, skipped } = normalizeMessages(ctx.record.messages);
  // Authoritative, as in the SDK's reducer: the messages it no longer lists are gone.
  const removed = ctx.state.conversation.replace(ctx.record);
  return [
    ctx.emit("messages.snapshot", {
      payload: compact({
        messages,
        skipped: skipped > 0 ? skipped : undefined,
        removedMessageIds: removed.length > 0 ? removed : undefined,
      }),
    }),
  ];
}

/**
 * ACTIVITY_SNAPSHOT / ACTIVITY_DELTA: a PLAN activity is the plan part (its steps); other activity
 * types are kept as an info diagnostic with their shape. Deltas are applied here to the activity's own
 * content, because the projection never sees the activity document.
 */
export function activity(ctx: AguiContext, isDelta: boolean): AgentUiEvent[] {
  const messageId = readString(ctx.record, "messageId");
  if (messageId === undefined) return [ctx.unsupported("activity without messageId")];
  const known = ctx.state.activities.get(messageId);
  const activityType = readString(ctx.record, "activityType") ?? known?.activityType;
  let content: unknown;
  if (isDelta) {
    if (known === undefined)
      return [
        ctx.diagnostic(
          "patch_failed",
          "warning",
          `activity ${clip(messageId, 80)} delta before its snapshot`,
        ),
      ];
    const result = applyJsonPatch(known.content, readArray(ctx.record, "patch", "delta") ?? []);
    if (!result.ok)
      return [ctx.diagnostic("patch_failed", "warning", `activity patch failed: ${result.error}`)];
    content = result.value;
  } else content = ctx.record.content;
  ctx.state.activities.set(messageId, { activityType, content });
  const steps = readArray(content, "steps");
  if (activityType?.toUpperCase() === "PLAN" && steps !== undefined) {
    return [
      ctx.emit("plan.final", {
        messageId,
        partId: messageId,
        phase: "planning",
        payload: {
          steps: steps.flatMap((step, i) => {
            const title = readString(step, "title", "name", "description");
            return title === undefined
              ? []
              : [
                  compact({
                    id: readString(step, "id") ?? `${i}`,
                    title,
                    status: readString(step, "status"),
                  }),
                ];
          }),
        },
      }),
    ];
  }
  return [
    ctx.diagnostic("runtime_info", "info", `activity ${activityType ?? "unknown"} ${clip(messageId, 80)}`, {
      activityType: activityType ?? "unknown",
      content: safeSummary(content),
    }),
  ];
}

export function subagentStarted(ctx: AguiContext): AgentUiEvent[] {
  const agentId = readString(ctx.record, "subagentRunId", "subagentId");
  if (agentId === undefined) return [ctx.unsupported("SUBAGENT_STARTED without subagentRunId")];
  const name = readString(ctx.record, "name", "agentName");
  ctx.state.subagents.set(agentId, name);
  return [
    ctx.emit("agent.spawned", {
      agentId,
      subagentId: agentId,
      // The child runs inside this thread: the thread is its stated parent.
      ...(ctx.state.threadId !== undefined ? { parentThreadId: ctx.state.threadId } : {}),
      runtimeEntity: "subagent_turn",
      phase: "acting",
      payload: compact({
        agentName: name,
        status: "running",
        parentToolCallId: readString(ctx.record, "parentToolCallId"),
        parentMessageId: readString(ctx.record, "parentMessageId"),
      }),
    }),
  ];
}

const SUBAGENT_OUTCOME: Readonly<Record<string, string>> = lookupTable({
  success: "completed",
  error: "failed",
  interrupt: "waiting",
  // AG-UI 1.0: a suspended subagent is neither a success nor a failure; it waits on interrupts.
  suspended: "waiting",
});

export function subagentFinished(ctx: AguiContext): AgentUiEvent[] {
  const agentId = readString(ctx.record, "subagentRunId", "subagentId");
  if (agentId === undefined) return [ctx.unsupported("SUBAGENT_FINISHED without subagentRunId")];
  const outcome = readString(readRecord(ctx.record, "outcome"), "type") ?? "success";
  ctx.state.subagents.close(agentId);
  const status = SUBAGENT_OUTCOME[outcome] ?? "unknown";
  return [
    ctx.emit("agent.completed", {
      agentId,
      subagentId: agentId,
      runtimeEntity: "subagent_turn",
      phase: status === "completed" ? "completed" : status === "failed" ? "failed" : "waiting",
      payload: compact({ agentName: ctx.state.subagents.get(agentId), status }),
    }),
  ];
}

/**
 * SUBAGENT_ERROR (AG-UI 1.0): the subagent invocation failed; the parent run may go on, so this is not
 * a run failure. The message is kept as a warning diagnostic (the agent row has no error text).
 */
export function subagentError(ctx: AguiContext): AgentUiEvent[] {
  const agentId = readString(ctx.record, "subagentRunId", "subagentId");
  if (agentId === undefined) return [ctx.unsupported("SUBAGENT_ERROR without subagentRunId")];
  const name = ctx.state.subagents.get(agentId);
  ctx.state.subagents.close(agentId);
  const message = readString(ctx.record, "message") ?? "subagent failed";
  const code = readString(ctx.record, "code");
  return [
    ctx.emit("agent.completed", {
      agentId,
      subagentId: agentId,
      runtimeEntity: "subagent_turn",
      phase: "failed",
      payload: compact({ agentName: name, status: "failed" }),
    }),
    ctx.diagnostic(
      "runtime_error",
      "warning",
      `subagent ${clip(name ?? agentId, 120)} failed: ${clip(message, 300)}`,
      compact({ agentId, code }),
    ),
  ];
}

/**
 * CUSTOM: a citation becomes evidence, a number a metric, anything else an info diagnostic with a safe
 * summary. Never answer text (TEXT-08).
 */
export function custom(ctx: AguiContext): AgentUiEvent[] {
  const name = readString(ctx.record, "name") ?? "custom";
  const value = ctx.record.value;
  const url = readString(value, "url");
  if (/citation|source/i.test(name) && url !== undefined) {
    const messageId = readString(value, "messageId");
    return [
      ctx.emit("evidence.changed", {
        evidenceId: readString(value, "id") ?? url,
        ...(messageId !== undefined ? { messageId } : {}),
        payload: {
          citations: [
            compact({
              id: readString(value, "id") ?? url,
              sourceType: "url",
              url,
              title: readString(value, "title"),
              mediaType: readString(value, "mediaType"),
              messageId,
            }),
          ],
        },
      }),
    ];
  }
  if (typeof value === "number" && Number.isFinite(value))
    return [ctx.emit("metric.changed", { metricName: clip(name, 120), payload: { value } })];
  return [
    ctx.diagnostic("runtime_info", "info", `custom event ${clip(name, 120)}`, {
      name: clip(name, 120),
      value: safeSummary(value),
      preview: previewOf(value, 200),
    }),
  ];
}

export function raw(ctx: AguiContext): AgentUiEvent[] {
  return [
    ctx.diagnostic("runtime_info", "info", `raw event from ${readString(ctx.record, "source") ?? "source"}`, {
      event: safeSummary(ctx.record.event),
    }),
  ];
}
