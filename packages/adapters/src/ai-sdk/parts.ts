// text-* and reasoning-* chunks: deltas stream into the part named by the chunk id; `*-end` emits the
// part's final text once (the same text, so nothing is duplicated, TEXT-04) and closes it.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { readString } from "../shared/record";
import { endOldestWhenFull } from "../shared/bounded";
import { partText } from "../shared/part-text";
import { type AiSdkContext, OPEN_PARTS_LIMIT, type OpenPart } from "./context";

export function partStart(ctx: AiSdkContext, kind: OpenPart["kind"]): AgentUiEvent[] {
  const id = readString(ctx.record, "id");
  if (id === undefined) return [ctx.unsupported(`${kind}-start without id`)];
  const closed = ctx.state.parts.has(id) ? closePart(ctx, id) : [];
  // A reused id starts a new part (the AI SDK reducer leaves the first one stuck streaming).
  const uses = (ctx.state.reuse.get(id) ?? 0) + 1;
  ctx.state.reuse.set(id, uses);
  const partId = uses === 1 ? id : `${id}~${uses}`;
  const part: OpenPart = {
    kind,
    partId,
    text: partText(ctx.state.limits, ctx.state.textBudget),
    shown: false,
  };
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
    part = { kind, partId: id, text: partText(ctx.state.limits, ctx.state.textBudget), shown: false };
    out = openPart(ctx, id, part);
  }
  part.text.append(delta);
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
  if (!part.text.received) return [];
  // A text cut at the open parts' budget states no final (it would replace the streamed text with the cut
  // one): the run's end completes it. A later `reset-step` only needs to know the part was shown.
  if (part.text.cut) {
    part.text.release();
    return [];
  }
  const text = part.text.take();
  return part.kind === "text"
    ? [ctx.emit("text.final", { partId: part.partId, payload: { text } })]
    : [ctx.emit("reasoning.summary", { partId: part.partId, payload: { text } })];
}

/** At `finish` every open part is complete. */
export function closeAllParts(ctx: AiSdkContext): AgentUiEvent[] {
  return [...ctx.state.parts.keys()].flatMap((id) => closePart(ctx, id));
}
