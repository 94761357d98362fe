// start / finish / abort / error / message-metadata, data-* parts, sources and files.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { type JsonObject, compact, readArray, readString } from "../shared/record";
import { artifactKindOf } from "../shared/artifact-kind";
import { previewOf, safeValue } from "../shared/safe-payload";
import { type AiSdkContext, MAX_STEERS, STEERS_LIMIT } from "./context";
import { closeAllParts } from "./parts";

/** `start`: a new response. A named message id that was seen before continues that message. */
export function start(ctx: AiSdkContext): AgentUiEvent[] {
  ctx.state.starts++;
  ctx.state.clearStep();
  ctx.state.retrying = false;
  ctx.state.stepsInStream = 0;
  // An unnamed message (the SDK leaves the id to the client) gets a positional key, so its parts are
  // placed in one message; a named id is always the source's own.
  ctx.state.messageId = readString(ctx.record, "messageId") ?? `${ctx.streamKey}:message-${ctx.state.starts}`;
  ctx.state.turnMessageId = ctx.state.messageId;
  return [ctx.emit("run.started", { phase: "submitted", payload: {} }), ...metadata(ctx)];
}

export function finish(ctx: AiSdkContext): AgentUiEvent[] {
  const finishReason = readString(ctx.record, "finishReason");
  ctx.state.clearStep();
  const closed = closeAllParts(ctx);
  const meta = metadata(ctx);
  if (finishReason === "error")
    return [...closed, ...meta, ctx.emit("run.failed", { phase: "failed", payload: { category: "error" } })];
  // finishReason `tool-calls` with an approval pending: the run waits for the user, it is not done. The
  // continuation stream after the decision carries on the same message, so the run is not ended here.
  if (ctx.state.pendingApprovals.size > 0)
    return [
      ...closed,
      ...meta,
      ctx.emit("run.status", {
        phase: "waiting",
        payload: compact({ status: "action_required", label: "awaiting approval", reason: finishReason }),
      }),
    ];
  // finishReason `tool-calls` with calls this stream never answered (client-side tools, whose output
  // the client adds and sends back): the turn waits for those results; the continuation finishes it.
  const awaited =
    finishReason === "tool-calls"
      ? [...ctx.state.startedTools.entriesInOrder()]
          .map(([id]) => id)
          .filter((id) => !ctx.state.finishedTools.has(id))
      : [];
  if (awaited.length > 0)
    return [
      ...closed,
      ...meta,
      ctx.emit("run.status", {
        phase: "waiting",
        payload: {
          status: "waiting",
          label: "awaiting tool results",
          reason: finishReason,
          toolCallIds: awaited,
        },
      }),
    ];
  return [
    ...closed,
    ...meta,
    ctx.emit("run.finished", {
      phase: "completed",
      payload: compact({ outcome: "success", reason: finishReason }),
    }),
  ];
}

export function abort(ctx: AiSdkContext): AgentUiEvent[] {
  ctx.state.clearStep();
  return [
    ...closeAllParts(ctx),
    ctx.emit("run.finished", {
      phase: "cancelled",
      payload: compact({ outcome: "cancelled", reason: readString(ctx.record, "reason") }),
    }),
  ];
}

export function error(ctx: AiSdkContext): AgentUiEvent[] {
  return [
    ctx.emit("run.failed", {
      phase: "failed",
      payload: compact({ message: previewOf(readString(ctx.record, "errorText"), 500) }),
    }),
  ];
}

/** Message metadata (usage, model, timing) is a diagnostics fact, never text. */
export function metadata(ctx: AiSdkContext): AgentUiEvent[] {
  const meta = ctx.record.messageMetadata;
  if (meta === undefined) return [];
  return [
    ctx.diagnostic("runtime_info", "info", "message metadata", {
      metadata: safeValue(meta, ctx.safe) as Record<string, unknown>,
    }),
  ];
}

/**
 * `steering-message` (AI SDK 7, experimental steering): user input the SDK injected into the running
 * turn at a step boundary. It is a steer that was accepted (QUEUE-02/04), not assistant prose and not
 * a new turn: the queue snapshot lists it, targeted at the turn's assistant message. The conversation
 * shows it where the runtime applied it, as the SDK's own message does (a `steering-message` part
 * between the steps) and as the model reads it (a user message between the assistant's): a user
 * message, and the answer after it continues in an assistant message of its own (TEXT-01, QUEUE-04).
 */
export function steeringMessage(ctx: AiSdkContext): AgentUiEvent[] {
  const id = readString(ctx.record, "id");
  if (id === undefined) return [ctx.unsupported("steering-message without id")];
  const parts = readArray(ctx.record, "parts") ?? [];
  const text = parts
    .filter((part) => readString(part, "type") === "text")
    .map((part) => readString(part, "text") ?? "")
    .join("\n");
  const files = parts.length - parts.filter((part) => readString(part, "type") === "text").length;
  const preview = files > 0 ? `${text}${text ? " " : ""}(+${files} file${files > 1 ? "s" : ""})` : text;
  const turn = ctx.state.turnMessageId ?? ctx.currentMessageId();
  const steer = { id, status: "accepted" as const, preview, targetTurnId: turn };
  const existing = ctx.state.steers.findIndex((item) => item.id === id);
  if (existing >= 0) ctx.state.steers[existing] = steer;
  else {
    if (ctx.state.steers.length >= MAX_STEERS) {
      ctx.state.limits.report(STEERS_LIMIT);
      ctx.state.steers.shift();
    }
    ctx.state.steers.push(steer);
  }
  const queue = ctx.emit("queue.changed", {
    payload: { steers: ctx.state.steers.map((item) => ({ ...item })) },
  });
  if (existing >= 0 || preview === "") return [queue];
  // Parts still open end before the user's words; what the model says next is a new assistant message.
  const closed = closeAllParts(ctx);
  ctx.state.turnMessageId = turn;
  ctx.state.messageId = `${turn}:after-${id}`;
  const inserted = ctx.emit("text.final", {
    messageId: `${turn}:steer-${id}`,
    payload: { text: preview, role: "user" },
  });
  return [...closed, queue, inserted];
}

/** `custom` (AI SDK 7): a provider-specific content part. Only its kind is portable: kept as a fact. */
export function customPart(ctx: AiSdkContext): AgentUiEvent[] {
  const kind = readString(ctx.record, "kind");
  return [
    ctx.diagnostic(
      "runtime_info",
      "info",
      `provider-specific part ${kind ?? "without kind"}`,
      compact({ kind }),
    ),
  ];
}

/**
 * `data-<name>` parts are application data: kept in app state under `/aiSdkData/<name>` (or
 * `<name>:<id>` when the part has an id, so a reconciled data part replaces its earlier value).
 */
export function dataPart(ctx: AiSdkContext, type: string): AgentUiEvent[] {
  // A transient part reaches the client's onData once and is never kept in a message: the SDK holds no
  // state of it, so neither does the projection.
  if (ctx.record.transient === true) return [];
  const name = type.slice("data-".length);
  const id = readString(ctx.record, "id");
  const key = (id !== undefined ? `${name}:${id}` : name).replace(/~/g, "~0").replace(/\//g, "~1");
  const patch: { op: string; path: string; value: unknown }[] = [];
  if (!ctx.state.dataRootCreated) {
    patch.push({ op: "add", path: "/aiSdkData", value: {} });
    ctx.state.dataRootCreated = true;
  }
  patch.push({ op: "add", path: `/aiSdkData/${key}`, value: safeValue(ctx.record.data, ctx.safe) });
  ctx.state.addStepItem({ kind: "data", key });
  return [ctx.emit("state.delta", { payload: { patch } })];
}

/** `source-url` / `source-document`: an evidence fact carrying one source ref (EVID-01), cited by the
 * assistant message that streamed it. */
export function sourceUrl(ctx: AiSdkContext): AgentUiEvent[] {
  const url = readString(ctx.record, "url");
  const id = readString(ctx.record, "sourceId") ?? url;
  if (id === undefined) return [ctx.unsupported("source-url without sourceId or url")];
  return [
    citeSource(ctx, id, compact({ id, sourceType: "url", url, title: readString(ctx.record, "title") })),
  ];
}

export function sourceDocument(ctx: AiSdkContext): AgentUiEvent[] {
  const id = readString(ctx.record, "sourceId");
  if (id === undefined) return [ctx.unsupported("source-document without sourceId")];
  const ref = compact({
    id,
    sourceType: "document",
    title: readString(ctx.record, "title"),
    mediaType: readString(ctx.record, "mediaType"),
    filename: readString(ctx.record, "filename"),
  });
  return [citeSource(ctx, id, ref)];
}

function citeSource(ctx: AiSdkContext, id: string, ref: JsonObject): AgentUiEvent {
  ctx.state.addStepItem({ kind: "source", id });
  const messageId = ctx.currentMessageId();
  return ctx.emit("evidence.changed", { evidenceId: id, payload: { citations: [{ ...ref, messageId }] } });
}

/** `file`: an artifact ref. Inline `data:` URLs are never copied: they stay in the source. */
export function file(ctx: AiSdkContext): AgentUiEvent[] {
  return fileArtifact(ctx, "file");
}

/**
 * `reasoning-file` (AI SDK 7): a file the model produced while reasoning (e.g. an image drawn as part of
 * its thinking). It is a file like any other — an artifact ref, never text — marked as reasoning output
 * so a surface can keep it with the process rather than present it as the answer's deliverable.
 */
export function reasoningFile(ctx: AiSdkContext): AgentUiEvent[] {
  return fileArtifact(ctx, "reasoning");
}

function fileArtifact(ctx: AiSdkContext, origin: "file" | "reasoning"): AgentUiEvent[] {
  const url = readString(ctx.record, "url");
  const mediaType = readString(ctx.record, "mediaType");
  const inline = url === undefined || url.startsWith("data:") || url.length > 2048;
  ctx.state.fileCount++;
  const slot = origin === "reasoning" ? "reasoning-file" : "file";
  const artifactId = inline ? `${ctx.currentMessageId()}:${slot}-${ctx.state.fileCount}` : url;
  ctx.state.addStepItem({ kind: "artifact", artifactId });
  return [
    ctx.emit("artifact.created", {
      artifactId,
      artifactKind: artifactKindOf(undefined, mediaType),
      artifactStatus: "ready",
      ...(inline ? {} : { artifactReadRef: url }),
      payload: compact({
        title:
          readString(ctx.record, "filename") ??
          (origin === "reasoning" ? `Reasoning file${mediaType ? ` (${mediaType})` : ""}` : mediaType),
        mediaType,
        inline: inline || undefined,
        origin: origin === "reasoning" ? "reasoning" : undefined,
      }),
    }),
  ];
}
