// The runtime-owned queue of follow-up turns and the steers aimed at the running turn. Queue and steer
// are different facts ("run this next" vs "change what is happening now", QUEUE-02); both travel in one
// `queue.changed` snapshot (the full queue, not a diff).
import { preview } from "./text";

export interface QueuedTurn {
  id: string;
  text: string;
  clientMessageId?: string;
  /** Resolved context the user sent with it; it travels with the turn when the turn starts. */
  contextRefs?: string[];
  createdAt: string;
}

export type SteerStatus = "pending" | "accepted" | "rejected";

export interface Steer {
  id: string;
  text: string;
  targetTurnId: string;
  status: SteerStatus;
  reason?: string;
}

export class TurnQueue {
  readonly items: QueuedTurn[] = [];
  steers: Steer[] = [];
  private queuedNo = 0;
  private steerNo = 0;

  enqueue(text: string, createdAt: string, clientMessageId?: string, contextRefs?: string[]): QueuedTurn {
    const item: QueuedTurn = {
      id: `queued_${String(++this.queuedNo).padStart(3, "0")}`,
      text,
      createdAt,
      ...(clientMessageId ? { clientMessageId } : {}),
      ...(contextRefs?.length ? { contextRefs } : {}),
    };
    this.items.push(item);
    return item;
  }

  /** Resuming after a restart: queued turns carried over, and numbering that continues after the ids the
   * store already holds. */
  restore(items: readonly QueuedTurn[], queuedNo: number, steerNo: number): void {
    this.items.push(...items);
    this.queuedNo = Math.max(this.queuedNo, queuedNo);
    this.steerNo = Math.max(this.steerNo, steerNo);
  }

  find(id: string): QueuedTurn | undefined {
    return this.items.find((item) => item.id === id);
  }

  remove(id: string): boolean {
    const at = this.items.findIndex((item) => item.id === id);
    if (at < 0) return false;
    this.items.splice(at, 1);
    return true;
  }

  promote(id: string): boolean {
    const at = this.items.findIndex((item) => item.id === id);
    if (at < 0) return false;
    const [item] = this.items.splice(at, 1);
    this.items.unshift(item);
    return true;
  }

  shift(): QueuedTurn | undefined {
    return this.items.shift();
  }

  addSteer(text: string, targetTurnId: string): Steer {
    const steer: Steer = {
      id: `steer_${String(++this.steerNo).padStart(3, "0")}`,
      text,
      targetTurnId,
      status: "pending",
    };
    this.steers.push(steer);
    return steer;
  }

  pendingSteers(turnId: string): Steer[] {
    return this.steers.filter((s) => s.targetTurnId === turnId && s.status === "pending");
  }

  /** The `queue.changed` payload: every queued item with its position, and the current turn's steers. */
  snapshot(threadId: string): Record<string, unknown> {
    return {
      items: this.items.map((item, index) => ({
        id: item.id,
        preview: preview(item.text),
        status: "queued",
        position: index + 1,
        mode: "queue",
        targetId: threadId,
        createdAt: item.createdAt,
        ...(item.clientMessageId ? { clientMessageId: item.clientMessageId } : {}),
      })),
      steers: this.steers.map((steer) => ({
        id: steer.id,
        preview: preview(steer.text),
        status: steer.status,
        targetTurnId: steer.targetTurnId,
        ...(steer.reason ? { reason: steer.reason } : {}),
      })),
    };
  }
}
