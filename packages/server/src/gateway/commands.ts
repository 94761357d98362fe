// Idempotent controlled writes (AUI-AR-ACTION-004, HITL-05, ORD-07). The key is claimed in the store before
// the runtime sees the command, so a repeated key — in flight in this process, in another gateway, or after
// a restart — returns the first result marked `duplicate` and the runtime never gets it twice. A claim
// whose gateway process died before storing the result is taken over by the store (the command counts as
// not applied), so a retry runs it instead of waiting forever; the runtime gets the same key both times.
import { type ControlCommand, redact, type WriteResult } from "@agent-ui/contracts";
import { fingerprintOf, type SessionStore } from "../store/session-store";
import { errorMessage } from "./ingest";

/** A key reused for a different command: the client has a bug; answered with 409. */
export class IdempotencyConflictError extends Error {
  constructor(readonly key: string) {
    super(`idempotency key "${key}" was already used for a different command`);
    this.name = "IdempotencyConflictError";
  }
}

export type CommandExecutor = (command: ControlCommand) => Promise<WriteResult>;

const PENDING_POLL_MS = 50;
const PENDING_TIMEOUT_MS = 15_000;

export class IdempotentCommands {
  private readonly inFlight = new Map<string, Promise<WriteResult>>();

  constructor(private readonly store: SessionStore) {}

  async run(command: ControlCommand, execute: CommandExecutor): Promise<WriteResult> {
    const local = `${command.sessionId}\u0000${command.idempotencyKey}`;
    const fingerprint = fingerprintOf(command);
    const running = this.inFlight.get(local);
    if (running) {
      const first = await running;
      return { ...first, duplicate: true };
    }
    const attempt = this.claimAndRun(command, fingerprint, execute);
    this.inFlight.set(local, attempt);
    try {
      return await attempt;
    } finally {
      this.inFlight.delete(local);
    }
  }

  private async claimAndRun(
    command: ControlCommand,
    fingerprint: string,
    execute: CommandExecutor,
  ): Promise<WriteResult> {
    const { sessionId, idempotencyKey: key } = command;
    const deadline = Date.now() + PENDING_TIMEOUT_MS;
    for (;;) {
      const claim = await this.store.claimIdempotency(sessionId, key, fingerprint);
      if (claim.kind === "claimed") break;
      if (claim.fingerprint !== fingerprint) throw new IdempotencyConflictError(key);
      if (claim.kind === "done") return { ...claim.result, duplicate: true };
      // Another gateway is running this key: wait for its result rather than running it twice.
      if (Date.now() > deadline) {
        return {
          status: "unavailable",
          idempotencyKey: key,
          reason: "a request with this key is still running",
        };
      }
      await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
    }
    let result: WriteResult;
    try {
      result = await execute(command);
    } catch (error) {
      result = {
        status: "failed",
        idempotencyKey: key,
        reason: `runtime source error: ${errorMessage(error)}`,
      };
    }
    // A runtime's reason or assigned values are its own words (they can quote a key): stored and answered
    // redacted, like every fact it emits.
    const stored: WriteResult = redact({ ...result, idempotencyKey: key }).value;
    delete stored.duplicate;
    await this.store.completeIdempotency(sessionId, key, stored);
    return stored;
  }
}
