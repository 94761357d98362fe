// Keyboard habits of the composer and the follow-up of a steer. Enter sends (Shift+Enter adds a line; a key
// that confirms an IME composition is the IME's), Escape interrupts a running turn, ↑ in an empty field
// takes the last queued turn back into the draft (removing it from the queue through the runtime). A steer's
// "sent" notice lasts only until the runtime says what it did with it (`queue.steers`).
import type { QueueItem, SteerItem } from "@agent-ui/contracts";
import type { KeyboardEvent } from "react";
import { useEffect, useRef } from "react";

export type ComposerKey = "submit" | "interrupt" | "edit-queued" | null;

/** What a key press in the composer field asks for; `null` leaves the key to the field. */
export function composerKey(
  event: KeyboardEvent<HTMLTextAreaElement>,
  ctx: { empty: boolean; canInterrupt: boolean; canEditQueued: boolean },
): ComposerKey {
  if (event.nativeEvent.isComposing || event.keyCode === 229) return null;
  if (event.key === "Enter" && !event.shiftKey && !event.altKey) return "submit";
  if (event.key === "Escape" && ctx.canInterrupt) return "interrupt";
  if (event.key === "ArrowUp" && ctx.empty && ctx.canEditQueued && !event.shiftKey) return "edit-queued";
  return null;
}

/** The last turn still waiting in the queue (the one ↑ edits). */
export function lastQueued(items: readonly QueueItem[] | undefined): QueueItem | undefined {
  let last: QueueItem | undefined;
  for (const item of items ?? [])
    if (item.status === "queued" && (last === undefined || item.position >= last.position)) last = item;
  return last;
}

/** The text to edit for a queued item: the full text this composer queued when the queue's preview is a
 * prefix of it, else the runtime's preview. */
export function queuedText(item: QueueItem, sent: readonly string[]): string {
  const preview = (item.preview ?? "").replace(/…$/, "");
  for (let i = sent.length - 1; i >= 0; i--) if (preview && sent[i].startsWith(preview)) return sent[i];
  return item.preview ?? "";
}

export type SteerOutcome = { status: SteerItem["status"]; reason?: string };

/** Watches `steers` after an accepted steer; calls `onSettled` once the runtime settled it. */
export function useSteerFollowUp(
  steers: readonly SteerItem[] | undefined,
  onSettled: (outcome: SteerOutcome) => void,
) {
  const waiting = useRef<{ id?: string; known: Set<string> } | null>(null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  useEffect(() => {
    const w = waiting.current;
    if (!w || !steers) return;
    const settled = steers.find(
      (s) => s.status !== "pending" && (w.id ? s.id === w.id : !w.known.has(`${s.id}:${s.status}`)),
    );
    if (!settled) return;
    waiting.current = null;
    settledRef.current({ status: settled.status, reason: settled.reason });
  }, [steers]);
  return {
    /** Starts waiting for the steer the runtime assigned `id` (or the next one it settles). */
    expect(id: string | undefined) {
      waiting.current = { id, known: new Set((steers ?? []).map((s) => `${s.id}:${s.status}`)) };
    },
    cancel() {
      waiting.current = null;
    },
  };
}
