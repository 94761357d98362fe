// Controlled writes through a crash: a command whose key was claimed by a gateway process that died before
// storing its result is not "still running" forever. The claim died with its process, so the retry runs
// the command (the runtime gets its idempotency key to recognise it) and its result is kept for the key
// from then on (ORD-07, FALL-01).
import { join } from "node:path";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../src";
import { IdempotentCommands } from "../src/gateway/commands";
import { fingerprintOf } from "../src/store/session-store";
import { tempDir } from "./helpers";

describe("idempotent commands after a crash", () => {
  it("ORD-07 FALL-01 a key claimed by a process that is gone runs on retry, then answers as a duplicate", async () => {
    const dir = tempDir("agent-ui-command-claims-");
    const file = join(dir.path, "agent-ui.sqlite");
    const command = {
      kind: "approve",
      sessionId: "s1",
      idempotencyKey: "approve-1",
      approvalId: "a1",
    } as unknown as ControlCommand;
    try {
      // The first process claims the key and is killed before the runtime answers.
      const first = createSqliteStore({ file });
      await first.createSession({ id: "s1", sourceKind: "push", config: {} });
      expect(await first.claimIdempotency("s1", "approve-1", fingerprintOf(command))).toEqual({
        kind: "claimed",
      });
      await first.close();

      const store = createSqliteStore({ file });
      const commands = new IdempotentCommands(store);
      let runs = 0;
      const execute = async (cmd: ControlCommand): Promise<WriteResult> => {
        runs += 1;
        return { status: "accepted", idempotencyKey: cmd.idempotencyKey };
      };
      const started = Date.now();
      expect(await commands.run(command, execute)).toEqual({
        status: "accepted",
        idempotencyKey: "approve-1",
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await commands.run(command, execute)).toMatchObject({ status: "accepted", duplicate: true });
      expect(runs).toBe(1);
      await store.close();
    } finally {
      dir.remove();
    }
  });
});
