// Optimistic user messages (TEXT-09, ENV-07). A send shows the user's text at once, marked `optimistic`,
// before the runtime assigned any id. The overlay is the client's own and never fed to the projector as a
// fact (a local run.started would claim a runtime status nobody reported). It drops a message the moment
// the runtime's fact for it is applied — its clientMessageId echoed, or a message id the runtime assigned —
// so the conversation holds exactly one copy, under the runtime's id. A write that was not accepted removes
// it (the write's result says why); a send the runtime queued is shown by the queue instead (QUEUE-02).
import {
  type AgentUiEvent,
  type ControlCommand,
  type Message,
  type ProjectionState,
  redact,
  type WriteResult,
} from "@agent-ui/contracts";

interface Pending {
  message: Message;
  /** Ids under which the runtime's confirming fact may name this message. */
  ids: Set<string>;
}

export interface OptimisticSend {
  clientMessageId: string;
  text: string;
  contextRefs?: readonly string[];
}

/** What a write shows optimistically: a send with its client message id; any other write shows nothing. */
export function optimisticSendOf(command: ControlCommand): OptimisticSend | undefined {
  if (command.kind !== "send" || command.clientMessageId === undefined) return undefined;
  return { clientMessageId: command.clientMessageId, text: command.text, contextRefs: command.contextRefs };
}

export class OptimisticMessages {
  private readonly pending = new Map<string, Pending>();
  /** Client ids the runtime already confirmed: a repeated send of one of them shows nothing new. */
  private readonly confirmed = new Set<string>();
  private version = 0;
  private cache: { base: ProjectionState; version: number; state: ProjectionState } | undefined;

  get size(): number {
    return this.pending.size;
  }

  /** Shows `send` until the runtime confirms it. False when nothing changed. */
  add(send: OptimisticSend): boolean {
    const id = send.clientMessageId;
    if (this.pending.has(id) || this.confirmed.has(id)) return false;
    const part: Message["parts"][number] = {
      id: `${id}:input`,
      kind: "user_text",
      status: "done",
      // Shown as the projection would show the runtime's copy: a pasted credential is masked (SEC-01).
      text: redact(send.text).value,
      ...(send.contextRefs?.length ? { data: { contextRefs: [...send.contextRefs] } } : {}),
    };
    this.pending.set(id, {
      message: { id, role: "user", optimistic: true, parts: [part] },
      ids: new Set([id]),
    });
    return this.changed();
  }

  /** The owner's answer to the send. Accepted: wait for its fact, now also under the ids the runtime
   * assigned — unless `projected` shows that fact already came (a runtime that does not echo the client
   * id may emit it before its answer arrives). Queued, a repeat of an earlier write, or not accepted: the
   * optimistic copy goes. */
  settle(clientMessageId: string, result: WriteResult, projected: (messageId: string) => boolean): boolean {
    const entry = this.pending.get(clientMessageId);
    if (!entry) return false;
    const queued = result.assigned?.mode === "queue";
    if (result.status !== "accepted" || queued || result.duplicate === true) {
      this.pending.delete(clientMessageId);
      return this.changed();
    }
    for (const key of ["messageId", "userMessageId"]) {
      const id = result.assigned?.[key];
      if (typeof id !== "string") continue;
      entry.ids.add(id);
      if (id !== clientMessageId && projected(id)) {
        this.pending.delete(clientMessageId);
        this.confirmed.add(clientMessageId);
        return this.changed();
      }
    }
    return false;
  }

  /** A runtime fact was applied: drop the messages it confirms. O(pending) per event, nothing when idle. */
  observe(event: AgentUiEvent): boolean {
    if (this.pending.size === 0) return false;
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const named = [payload.clientMessageId, payload.userMessageId, event.messageId];
    let changed = false;
    for (const [clientId, entry] of this.pending) {
      if (named.some((id) => typeof id === "string" && entry.ids.has(id))) {
        this.pending.delete(clientId);
        this.confirmed.add(clientId);
        changed = true;
      }
    }
    return changed ? this.changed() : false;
  }

  /** After a hydration (open or gap repair): drop messages the owner's snapshot already holds. */
  reconcile(state: ProjectionState): boolean {
    if (this.pending.size === 0) return false;
    let changed = false;
    for (const message of state.messages) {
      for (const [clientId, entry] of this.pending) {
        if (!entry.ids.has(message.id)) continue;
        this.pending.delete(clientId);
        this.confirmed.add(clientId);
        changed = true;
      }
      if (this.pending.size === 0) break;
    }
    return changed ? this.changed() : false;
  }

  /** `base` with the unconfirmed messages appended. The same object while nothing changed, and `base`
   * itself when nothing is pending. Other slices are carried over unread (lazy slices stay lazy). */
  overlay(base: ProjectionState): ProjectionState {
    if (this.pending.size === 0) return base;
    if (this.cache?.base === base && this.cache.version === this.version) return this.cache.state;
    const state = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base)) as ProjectionState;
    const extra = [...this.pending.values()].map((entry) => entry.message);
    Object.defineProperty(state, "messages", {
      value: [...base.messages, ...extra],
      enumerable: true,
      writable: true,
      configurable: true,
    });
    this.cache = { base, version: this.version, state };
    return state;
  }

  private changed(): true {
    this.version += 1;
    return true;
  }
}
