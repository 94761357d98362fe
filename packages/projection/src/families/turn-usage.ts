// Per-turn usage (PERF-08): a token or cost `metric.changed` of a turn is kept on that turn's latest
// assistant message (`Message.usage`), beside the session-wide `metrics`. The value is the runtime's
// last report of that metric within the turn — nothing is summed, split or estimated here. Usage that
// arrives before the turn has an answer waits (a few turns at most) and joins its first answer.
import type { EventContext, Store } from "../store";
import type { MessageState } from "../internal/message-state";

/** Metric names that are usage: tokens and cost. Latency and other metrics stay session-wide only. */
export const USAGE_METRIC = /token|cost/i;

/** Turns whose usage is waiting for an answer; the oldest is dropped beyond this (it stays in `metrics`). */
const MAX_WAITING_TURNS = 32;

function latestAnswer(store: Store, turnKey: string): MessageState | undefined {
  const turn = store.turnMessages.get(turnKey);
  if (turn === undefined) return undefined;
  for (let i = turn.length - 1; i >= 0; i--) if (turn[i].role === "assistant") return turn[i];
  return undefined;
}

function attach(store: Store, message: MessageState, usage: Record<string, number>): void {
  message.usage = { ...message.usage, ...usage };
  store.messages.touch(message.key);
}

/** Records a usage metric on its turn's answer (called for every valid `metric.changed`). */
export function recordTurnUsage(store: Store, ctx: EventContext, name: string, value: number): void {
  if (!USAGE_METRIC.test(name)) return;
  const answer = latestAnswer(store, ctx.turnKey);
  if (answer !== undefined) {
    attach(store, answer, { [name]: value });
    return;
  }
  const waiting = store.waitingTurnUsage;
  const usage = waiting.get(ctx.turnKey) ?? {};
  usage[name] = value;
  waiting.delete(ctx.turnKey);
  waiting.set(ctx.turnKey, usage);
  if (waiting.size > MAX_WAITING_TURNS) waiting.delete(waiting.keys().next().value as string);
}

/** A new assistant message takes the usage its turn reported before it existed. */
export function joinWaitingUsage(store: Store, message: MessageState, turnKey: string): void {
  const usage = store.waitingTurnUsage.get(turnKey);
  if (usage === undefined) return;
  store.waitingTurnUsage.delete(turnKey);
  message.usage = { ...message.usage, ...usage };
}
