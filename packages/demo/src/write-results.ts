// The immediate answer to a controlled write (CTRL-01): accepted with the ids the runtime assigned, or
// rejected with a reason. Either way the effect (if any) arrives later, only as runtime facts.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";

export type Command<K extends ControlCommand["kind"]> = Extract<ControlCommand, { kind: K }>;

/** Time the runtime takes to act on a write before its first fact appears (logical ms). */
export const WRITE_LATENCY = 30;

export const accepted = (command: ControlCommand, assigned?: Record<string, string>): WriteResult => ({
  status: "accepted",
  idempotencyKey: command.idempotencyKey,
  ...(assigned ? { assigned } : {}),
});

export const rejected = (command: ControlCommand, reason: string): WriteResult => ({
  status: "rejected",
  idempotencyKey: command.idempotencyKey,
  reason,
});

/** A trimmed non-empty string field, or undefined. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text === "" ? undefined : text;
}
