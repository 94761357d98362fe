// text-* and reasoning-* chunks: deltas stream into the part named by the chunk id; `*-end` emits the
// part's final text once (the same text, so nothing is duplicated, TEXT-04) and closes it.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { readString } from "../shared/record";
import { endOldestWhenFull } from "../shared/bounded";
import { type AiSdkContext, OPEN_PARTS_LIMIT, type OpenPart } from "./context";

export function partStart(ctx: AiSdkContext, kind: OpenPart["kind"]): AgentUiEvent[] {
  const id = readString(ctx.record, "id");
  if (id === undefined) return [ctx.unsupported(`${kind}-start without id`)];
  const closed = ctx.state.parts.has(id) ? closePart(ctx, id) : [];
  // A reused id starts a new part (the AI SDK reducer leaves the first one stuck streaming).
  const uses = (ctx.state.reuse.get(id) ?? 0) + 1;
  ctx.state.reuse.set(id, uses);
  const part: OpenPart = { kind, partId: uses === 1 ? id : `${id}~${uses}`, chunks: [], shown: false };
  const ended = openPart(ctx, id, part);
  return ended.length === 0 ? closed : [...closed, ...ended];
}

/** Tracks a newly open part; past `OPEN_PARTS_LIMIT` the one opened longest ago ends first (its final). */
function openPart(ctx: AiSdkContext, id: string, part: OpenPart): AgentUiEvent[] {
  const parts = ctx.state.parts;
  const ended = endOldestWhenFull(parts, id, OPEN_PARTS_LIMIT, ctx.state.limits, (key) =>
    closePart(ctx, key),
  );
  parts.set(id, part);
  ctx.state.addStepItem({ kind: "part", part });
  return ended;
}

export function partDelta(ctx: AiSdkContext, kind: OpenPart["kind"]): AgentUiEvent[] {
  const id = readString(ctx.record, "id");
  const delta = readString(ctx.record, "delta");
  if (id === undefined) return [ctx.unsupported(`${kind}-delta without id`)];
  if (delta === undefined) return [];
  let part = ctx.state.parts.get(id);
  let out: AgentUiEvent[] = [];
  if (part === undefined) {
    // A delta without its start: the part opens here (nothing is dropped).
    part = { kind, partId: id, chunks: [], shown: false };
    out = openPart(ctx, id, part);
  }
  part.chunks.push(delta);
  part.shown = true;
  out.push(
    kind === "text"
      ? ctx.emit("text.delta", {
          partId: part.partId,
          phase: "producing",
          payload: { delta, role: "assistant" },
        })
      : ctx.emit("reasoning.delta", {
          partId: part.partId,
          phase: "reasoning",
          payload: { delta, visibility: "summary" },
        }),
  );
  return out;
}

export function partEnd(ctx: AiSdkContext): AgentUiEvent[] {
  const id = readString(ctx.record, "id");
  if (id === undefined) return [ctx.unsupported("part end without id")];
  return closePart(ctx, id);
}

function closePart(ctx: AiSdkContext, id: string): AgentUiEvent[] {
  const part = ctx.state.parts.get(id);
  if (part === undefined) return [];
  ctx.state.parts.delete(id);
  if (part.chunks.length === 0) return [];
  const text = part.chunks.join("");
  // The text is the emitted final's now; a later `reset-step` only needs to know the part was shown.
  part.chunks.length = 0;
  return part.kind === "text"
    ? [ctx.emit("text.final", { partId: part.partId, payload: { text } })]
    : [ctx.emit("reasoning.summary", { partId: part.partId, payload: { text } })];
}

/** At `finish` every open part is complete. */
export function closeAllParts(ctx: AiSdkContext): AgentUiEvent[] {
  return [...ctx.state.parts.keys()].flatMap((id) => closePart(ctx, id));
}
