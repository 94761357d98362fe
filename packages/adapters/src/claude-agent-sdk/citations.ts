// Sources Claude reports: the results of a server web search (`web_search_tool_result` → one evidence fact
// for the search, citing every result page) and the `citations` of a text block (the pages or documents the
// sentence rests on). Only urls, titles and ids are kept; encrypted content and cited text never are.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, compact, readArray, readString } from "../shared/record";
import type { ClaudeState } from "./state";

function refOf(item: unknown, owner: { messageId: string; partId?: string }): JsonObject | undefined {
  const url = readString(item, "url");
  const documentTitle = readString(item, "document_title");
  const id = url ?? (documentTitle !== undefined ? `document:${documentTitle}` : undefined);
  if (id === undefined) return undefined;
  return compact({
    id,
    sourceType: url !== undefined ? "url" : "document",
    url,
    title: readString(item, "title") ?? documentTitle,
    messageId: owner.messageId,
    partId: owner.partId,
  });
}

/** `web_search_tool_result`: the search's result pages, cited on the message that ran it. */
export function searchResultCitations(
  state: ClaudeState,
  base: EventFields & { messageId: string },
  toolCallId: string,
  raw: JsonObject,
  info: SourceInfo,
): AgentUiEvent[] {
  const refs = (readArray(raw, "content") ?? [])
    .filter((item) => readString(item, "type") === "web_search_result")
    .map((item) => refOf(item, { messageId: base.messageId }))
    .filter((ref): ref is JsonObject => ref !== undefined);
  if (refs.length === 0) return [];
  return [
    state.emit.event(
      "evidence.changed",
      { ...base, evidenceId: `${toolCallId}:sources`, toolCallId, payload: { citations: refs } },
      info,
    ),
  ];
}

/** A text block's `citations` (web search result locations, document locations). */
export function textCitations(
  state: ClaudeState,
  base: EventFields & { messageId: string },
  partId: string,
  raw: JsonObject,
  info: SourceInfo,
): AgentUiEvent[] {
  const refs = (readArray(raw, "citations") ?? [])
    .map((item) => refOf(item, { messageId: base.messageId, partId }))
    .filter((ref): ref is JsonObject => ref !== undefined);
  if (refs.length === 0) return [];
  return [
    state.emit.event(
      "evidence.changed",
      { ...base, evidenceId: `${partId}:citations`, payload: { citations: refs } },
      info,
    ),
  ];
}
