// Surfaces never write state: every user intent becomes a controlled write addressed to the fact's owner
// (seed 004 "React surface layering", CTRL-01). The session id and idempotency key are added by the client
// that owns the connection, so a surface only says *what* the user asked for.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A controlled write as a surface expresses it: a `ControlCommand` without session routing. */
export type CommandIntent = DistributiveOmit<ControlCommand, "sessionId" | "idempotencyKey">;

/** Sends an intent to its owner; resolves with the owner's acknowledgement (not its effect). */
export type Dispatch = (intent: CommandIntent) => Promise<WriteResult> | WriteResult;

/** True when the owner took the command; its effect still arrives later as a runtime fact. */
export function isAccepted(result: WriteResult | undefined): boolean {
  return result?.status === "accepted";
}

/** Turns a thrown transport error into the same shape as a refused write, so callers handle one case. */
export async function dispatchSafely(dispatch: Dispatch, intent: CommandIntent): Promise<WriteResult> {
  try {
    return await dispatch(intent);
  } catch (error) {
    return {
      status: "failed",
      idempotencyKey: "",
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
