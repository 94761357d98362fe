// What a tool row shows of its input and output (TOOL-03, TOOL-05, TOOL-13, SEC-02): a safe, bounded input
// summary; an output preview with its ref and size (an offloaded output is known by those, never by its
// stub); the whole output text when it fits; and whether a result reports an error.
import type { ToolRecord } from "@agent-ui/contracts";
import { isOffloadedValue } from "@agent-ui/contracts";
import { asNumber, asString, boundText, stringify, utf8Bytes } from "../internal/json";
import { safeText, safeValue } from "../internal/safety";
import type { EventContext, Store } from "../store";

/** Safe, bounded input summary (TOOL-03): secrets redacted, long JSON cut with its size explained. */
export function applyInput(store: Store, tool: ToolRecord, ctx: EventContext): void {
  const { payload } = ctx;
  const limit = store.options.previewBytes;
  if (typeof payload.inputSummary === "string")
    tool.inputSummary = boundText(safeText(payload.inputSummary), limit);
  else if (payload.input !== undefined) {
    const safe = safeValue(payload.input);
    const text = stringify(safe.value);
    tool.inputSummary = text.length > limit ? `${boundText(text, limit)}… (${utf8Bytes(text)} bytes)` : text;
    if (safe.redacted > 0) tool.redactedFields = (tool.redactedFields ?? 0) + safe.redacted;
  }
}

/** TOOL-13: a result carrying an error is a failure, never a success row. */
export function errorOf(payload: Record<string, unknown>): string | undefined {
  if (payload.isError === true || payload.success === false)
    return asString(payload.error) ?? "tool reported an error";
  if (payload.status === "error" || payload.status === "failed")
    return asString(payload.error) ?? String(payload.status);
  if (payload.error !== undefined && payload.error !== null && payload.error !== false)
    return typeof payload.error === "string" ? payload.error : stringify(payload.error);
  return undefined;
}

/** The ref of the first offloaded value inside a structured output (a shell result whose `stdout` was too
 * large, a message whose `text` was): the body a reader opens for the output. Bounded depth and breadth. */
function nestedOffloadedRef(value: object, depth: number): string | undefined {
  if (depth > 3) return undefined;
  let seen = 0;
  for (const child of Object.values(value)) {
    if (++seen > 64) return undefined;
    if (child === null || typeof child !== "object") continue;
    if (isOffloadedValue(child)) return child.ref;
    const ref = nestedOffloadedRef(child, depth + 1);
    if (ref !== undefined) return ref;
  }
  return undefined;
}

export function applyOutput(store: Store, tool: ToolRecord, ctx: EventContext): void {
  const { payload, event } = ctx;
  const limit = store.options.previewBytes;
  const output = payload.output;
  // An output the adapter offloaded is known by its ref, preview and size: never rendered as its stub.
  const offloaded = isOffloadedValue(output) ? output : undefined;
  const ref =
    asString(payload.outputRef) ??
    asString(event.outputRef) ??
    offloaded?.ref ??
    (output !== null && typeof output === "object" ? nestedOffloadedRef(output, 0) : undefined);
  // The ref opens the body of the output the row shows: a later output stated without one (inline, or a
  // preview alone) replaces the body, so an earlier ref no longer belongs to it. No output keeps it.
  if (ref !== undefined) tool.outputRef = ref;
  else if (output !== undefined || typeof payload.outputPreview === "string") delete tool.outputRef;
  const fullText =
    output !== undefined && offloaded === undefined ? stringify(safeValue(output).value) : undefined;
  // The source's preview is its display rendering; without one the output (or its stub) is cut.
  if (typeof payload.outputPreview === "string")
    tool.outputPreview = boundText(safeText(payload.outputPreview), limit);
  else if (fullText !== undefined) tool.outputPreview = boundText(fullText, limit);
  else if (offloaded !== undefined) tool.outputPreview = boundText(safeText(offloaded.preview), limit);
  const bytes =
    asNumber(payload.outputBytes) ??
    (fullText !== undefined ? utf8Bytes(fullText) : undefined) ??
    offloaded?.bytes;
  if (bytes !== undefined) tool.outputBytes = bytes;
  keepOutputText(store, tool, fullText);
  const resultMessageId = asString(payload.resultMessageId);
  if (resultMessageId !== undefined) tool.resultMessageId = resultMessageId;
  if (fullText !== undefined && fullText.length > limit && ref === undefined)
    store.diag(
      "large_payload_inline",
      "info",
      `tool ${tool.toolCallId} output inline (${bytes} bytes); preview kept`,
      event,
    );
  const attempt = tool.attempts[tool.attempts.length - 1];
  if (tool.outputPreview !== undefined) attempt.outputPreview = tool.outputPreview;
  if (tool.outputRef !== undefined) attempt.outputRef = tool.outputRef;
  else delete attempt.outputRef;
}

/** The whole output, so a result rebuilt from the projection is the result the agent saw (TOOL-03/05):
 * kept when the event carried it inline and it fits `outputTextBytes`; a larger one is preview only. */
function keepOutputText(store: Store, tool: ToolRecord, fullText: string | undefined): void {
  if (fullText === undefined) return;
  if (
    fullText.length <= store.options.outputTextBytes &&
    utf8Bytes(fullText) <= store.options.outputTextBytes
  )
    tool.outputText = fullText;
  else delete tool.outputText;
}
