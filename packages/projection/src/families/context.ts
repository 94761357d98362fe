// context.* (CTX-01..05): chips, budget and missing context as facts; compaction is a boundary part and
// timeline entry, never replayed reasoning or answer text. Pending actions are untouched (CTX-04).
import type { ContextSlice } from "@agent-ui/contracts";
import { asNumber, asString, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import { addPart, assistantMessage, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";

function contextChanged(store: Store, ctx: EventContext): void {
  const { payload } = ctx;
  const context = store.context.value;
  if (Array.isArray(payload.refs))
    context.refs = payload.refs
      .filter((ref): ref is Record<string, unknown> => isRecord(ref) && typeof ref.id === "string")
      .map((ref) => ({
        id: ref.id as string,
        ...(asString(ref.label) ? { label: ref.label as string } : {}),
        ...(asString(ref.kind) ? { kind: ref.kind as string } : {}),
      }));
  if (isRecord(payload.budget)) {
    const used = asNumber(payload.budget.used);
    const limit = asNumber(payload.budget.limit);
    const budget: NonNullable<ContextSlice["budget"]> = {};
    if (used !== undefined) budget.used = used;
    if (limit !== undefined) budget.limit = limit;
    if (used !== undefined && limit !== undefined && limit > 0) budget.ratio = used / limit;
    context.budget = budget;
  }
  if (Array.isArray(payload.missing))
    context.missing = payload.missing.filter(isRecord).map((item) => {
      const missing: ContextSlice["missing"][number] = {};
      for (const key of ["id", "label", "reason"] as const) {
        const value = asString(item[key]);
        if (value !== undefined) missing[key] = value;
      }
      return missing;
    });
  context.source = ctx.source;
  store.context.touch();
}

function compaction(completed: boolean) {
  return (store: Store, ctx: EventContext): void => {
    const { payload } = ctx;
    const context = store.context.value;
    const id =
      asString(payload.compactionId) ??
      `compaction:${ctx.turnKey}:${context.compactions.filter((c) => c.status === "completed").length}`;
    let entry = store.compactionsById.get(context.compactions, id);
    if (entry === undefined) {
      entry = { id, status: "started" };
      context.compactions.push(entry);
    }
    entry.status = completed ? (payload.failed === true ? "failed" : "completed") : "started";
    const summary = asString(payload.summary);
    if (summary !== undefined) entry.summary = safeText(summary);
    const before = asNumber(payload.tokensBefore);
    const after = asNumber(payload.tokensAfter);
    if (before !== undefined) entry.tokensBefore = before;
    if (after !== undefined) entry.tokensAfter = after;
    entry.source = ctx.source;
    store.context.touchEntry("compactions", entry);
    if (entry.status === "failed")
      store.diag("runtime_warning", "warning", `context compaction ${id} failed`, ctx.event);
    const message = assistantMessage(store, ctx);
    const part =
      message.partsById.get(`context:${id}`) ??
      addPart(store, message, `context:${id}`, "context_event", ctx);
    part.title =
      entry.status === "started"
        ? "Compacting context"
        : entry.status === "failed"
          ? "Context compaction failed"
          : "Context compacted";
    part.status = entry.status === "started" ? "streaming" : "done";
    part.expanded = entry.status === "started";
    part.data = {
      boundary: "compaction",
      status: entry.status,
      ...(entry.tokensBefore !== undefined ? { tokensBefore: entry.tokensBefore } : {}),
      ...(entry.tokensAfter !== undefined ? { tokensAfter: entry.tokensAfter } : {}),
    };
    touchPart(store, message, part);
    store.timelineEntry(`context:${id}`, "context", part.title, ctx, {
      status: entry.status,
      refs: { compactionId: id },
    });
  };
}

export const contextHandlers = {
  "context.changed": contextChanged,
  "context.compaction.started": compaction(false),
  "context.compaction.completed": compaction(true),
} as const;
