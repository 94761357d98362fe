// Run items that are not tool calls (messages, reasoning, handoffs), as facts with stable ids: the
// same item read from a live stream, a resumed stream or a serialized RunState gets the same event id,
// so a projection fed more than one of them shows it once (ORD-02). The caller decides whether a fact
// takes a stream position (`emit`) or is restated from a snapshot.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, parseJson, readArray, readString } from "../shared/record";
import { outputText } from "./tools";

export type FactEmit = (type: string, fields: EventFields, info: SourceInfo) => AgentUiEvent;

/** An assistant message item: its full text, once (`text.final` reconciles any streamed deltas). */
export function messageFact(raw: JsonObject, emit: FactEmit, info: SourceInfo): AgentUiEvent {
  const messageId = readString(raw, "id");
  const parts = readArray(raw, "content") ?? [];
  const text = parts.map((p) => readString(p, "text") ?? readString(p, "refusal") ?? "").join("");
  const payload: JsonObject = { text };
  if (parts.some((p) => readString(p, "type") === "refusal")) payload.refusal = true;
  return emit(
    "text.final",
    compact<EventFields>({ messageId, partId: messageId, phase: "reconciling", payload }),
    { ...info, sourceEventId: messageId !== undefined ? `message:${messageId}` : undefined },
  );
}

export function reasoningFact(raw: JsonObject, emit: FactEmit, info: SourceInfo): AgentUiEvent {
  const partId = readString(raw, "id");
  const text = (readArray(raw, "content") ?? []).map((c) => readString(c, "text") ?? "").join("");
  return emit("reasoning.summary", compact<EventFields>({ partId, phase: "reasoning", payload: { text } }), {
    ...info,
    sourceEventId: partId !== undefined ? `reasoning:${partId}` : undefined,
  });
}

export interface HandoffParties {
  /** Whether the handoff took place (`handoff_occurred` / `handoff_output_item`) or was only asked for. */
  occurred: boolean;
  /** Agent names the source states; `fallbackFrom` is the agent active before the handoff. */
  from?: string;
  to?: string;
  fallbackFrom?: string;
}

/**
 * A handoff between agents (TEAM-07). Live items name both agents; a serialized stream item names
 * neither, so `from` falls back to the active agent and `to` to the `{"assistant": …}` the SDK writes as
 * the transfer call's output (a string in older SDKs, a `{type: "text", text}` part since 0.20).
 */
export function handoffFact(
  raw: JsonObject,
  parties: HandoffParties,
  emit: FactEmit,
  info: SourceInfo,
): AgentUiEvent {
  const handoffId = readString(raw, "callId", "call_id", "id");
  const { occurred } = parties;
  const from = parties.from ?? parties.fallbackFrom;
  const to = parties.to ?? readString(asRecord(parseJson(outputText(raw.output) ?? "")), "assistant");
  const payload = compact({
    from,
    to: occurred ? to : undefined,
    status: occurred ? "accepted" : "handoff_requested",
  });
  const key =
    handoffId === undefined ? undefined : `${occurred ? "handoff" : "handoff-request"}:${handoffId}`;
  return emit(
    "agent.handoff",
    compact<EventFields>({
      handoffId,
      agentId: occurred ? to : from,
      topology: "specialist_handoff",
      payload,
    }),
    { ...info, sourceEventId: key },
  );
}
