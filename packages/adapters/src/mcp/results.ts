// MCP `tools/call` results → a tool result plus artifact refs. Text content is the preview;
// `resource_link` and embedded resources become artifacts (by URI, body never copied into text);
// images and audio become artifact refs without their base64 data; `structuredContent` is the output.
import { type AgentUiEvent, isOffloadedValue } from "@agent-ui/contracts";
import { artifactKindOf } from "../shared/artifact-kind";
import type { EventFields } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readArray, readBoolean, readString } from "../shared/record";
import { safePreview } from "../shared/safe-preview";

type Emit = (type: string, fields: EventFields) => AgentUiEvent;

export function toolResultEvents(
  toolCallId: string,
  result: JsonObject,
  emit: Emit,
  safe: (value: unknown) => unknown,
): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  const texts: string[] = [];
  const artifactIds: string[] = [];
  const links: JsonObject[] = [];
  let index = 0;
  for (const item of readArray(result, "content") ?? []) {
    const type = readString(item, "type");
    if (type === "text") {
      texts.push(readString(item, "text") ?? "");
      continue;
    }
    const artifact = artifactOf(toolCallId, asRecord(item) ?? {}, index++);
    if (artifact === undefined) continue;
    artifactIds.push(artifact.artifactId as string);
    if (artifact.artifactReadRef !== undefined)
      links.push(
        compact({ uri: artifact.artifactReadRef, name: (artifact.payload as JsonObject).title, kind: type }),
      );
    out.push(emit("artifact.created", artifact));
  }
  const text = texts.join("\n");
  if (readBoolean(result, "isError") === true) {
    out.push(
      emit("tool.failed", {
        toolCallId,
        phase: "failed",
        // An error result with no text still states that it failed, never an empty error.
        payload:
          text !== ""
            ? { error: safePreview(text, 500), outputPreview: safePreview(text, 2048) }
            : { error: "tool error" },
      }),
    );
    return out;
  }
  const structured = result.structuredContent;
  // Beside a structured result, a text too large to travel inline is still kept: the output's ref names it.
  const safeText = text !== "" ? safe(text) : undefined;
  const payload = compact({
    output: structured !== undefined ? safe(structured) : safeText,
    outputRef: structured !== undefined && isOffloadedValue(safeText) ? safeText.ref : undefined,
    outputPreview: text !== "" ? safePreview(text, 2048) : safePreview(structured, 2048),
    artifactIds: artifactIds.length > 0 ? artifactIds : undefined,
  });
  const fields: EventFields = { toolCallId, phase: "completed", payload };
  if (links.length > 0) fields.refs = { resourceLinks: links };
  out.push(emit("tool.result", fields));
  return out;
}

function artifactOf(toolCallId: string, item: JsonObject, index: number): EventFields | undefined {
  const type = readString(item, "type");
  const resource = type === "resource" ? asRecord(item.resource) : item;
  const uri = readString(resource, "uri");
  const mimeType = readString(resource, "mimeType");
  const name = readString(resource, "name", "title") ?? uri?.split("/").pop();
  if (type !== "resource_link" && type !== "resource" && type !== "image" && type !== "audio")
    return undefined;
  const kind = type === "image" ? "image" : artifactKindOf(name, mimeType);
  const text = readString(resource, "text");
  const fields: EventFields = {
    artifactId: uri ?? `${toolCallId}:content:${index}`,
    artifactKind: kind,
    artifactStatus: "ready",
    toolCallId,
    sourceRefs: [toolCallId],
    phase: "producing",
    payload: compact({
      title: name,
      kind,
      preview: text !== undefined ? safePreview(text, 2048) : undefined,
      mimeType,
    }),
  };
  if (uri !== undefined) fields.artifactReadRef = uri;
  if (text !== undefined) fields.artifactPreview = safePreview(text, 2048);
  // A resource link names the document it points at: the artifact cites it (EVID-01).
  if (type === "resource_link" && uri !== undefined)
    (fields.payload as JsonObject).citations = [
      compact({
        id: uri,
        sourceType: "document",
        url: uri,
        title: readString(resource, "title", "name"),
        filename: readString(resource, "name"),
        mediaType: mimeType,
      }),
    ];
  return fields;
}
