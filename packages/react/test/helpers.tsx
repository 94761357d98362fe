// Shared test helpers: a recording dispatch with a controllable acknowledgement.
import type { WriteResult } from "@agent-ui/contracts";
import type { CommandIntent, Dispatch } from "../src/commands";

export interface RecordingDispatch {
  dispatch: Dispatch;
  calls: CommandIntent[];
  /** Resolves the pending writes with this status (default: accepted). */
  settle: (status?: WriteResult["status"], reason?: string) => void;
}

/** A dispatch whose results stay pending until `settle`, so tests can observe the in-flight state. */
export function recordingDispatch(): RecordingDispatch {
  const calls: CommandIntent[] = [];
  const waiters: ((r: WriteResult) => void)[] = [];
  return {
    calls,
    dispatch: (intent) => {
      calls.push(intent);
      return new Promise<WriteResult>((resolve) => waiters.push(resolve));
    },
    settle: (status = "accepted", reason) => {
      for (const resolve of waiters.splice(0))
        resolve({ status, idempotencyKey: `k${calls.length}`, reason });
    },
  };
}

/** A dispatch that acknowledges immediately. */
export function acceptingDispatch(status: WriteResult["status"] = "accepted"): {
  dispatch: Dispatch;
  calls: CommandIntent[];
} {
  const calls: CommandIntent[] = [];
  return {
    calls,
    dispatch: async (intent) => {
      calls.push(intent);
      return {
        status,
        idempotencyKey: `k${calls.length}`,
        reason: status === "accepted" ? undefined : "policy",
      };
    },
  };
}
