// The binding's surface dispatch over the client's typed writes.
import { RuntimeClient } from "@agent-ui/client";
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { dispatchTo } from "../src";

function fakeClient(write: (command: ControlCommand) => Promise<WriteResult>) {
  const commands: ControlCommand[] = [];
  const runtime = new RuntimeClient({
    sessionId: "s1",
    port: {
      write: (command) => {
        commands.push(command);
        return write(command);
      },
    },
    newId: () => "id-1",
  });
  return { client: runtime, commands };
}

const accept = async (command: ControlCommand): Promise<WriteResult> => ({
  status: "accepted",
  idempotencyKey: command.idempotencyKey,
});

describe("AgentSession dispatch", () => {
  it("HITL-05 an approval is keyed by action + decision, so a repeat in flight is one write", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, commands } = fakeClient(async (command) => {
      await gate;
      return accept(command);
    });
    const dispatch = dispatchTo(client);
    const intent = { kind: "respond_action", actionId: "a1", decision: "approve" } as const;
    const first = dispatch(intent);
    const second = dispatch(intent);
    release();
    const results = await Promise.all([first, second]);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      kind: "respond_action",
      actionId: "a1",
      idempotencyKey: "action:a1:approve",
      sessionId: "s1",
    });
    expect(results[1].duplicate).toBe(true);
  });

  it("ENV-07 a send carries a clientMessageId; other intents keep their fields", async () => {
    const { client, commands } = fakeClient(accept);
    const dispatch = dispatchTo(client);
    await dispatch({ kind: "send", text: "hi" });
    await dispatch({ kind: "steer", text: "focus", targetTurnId: "t1" });
    expect(commands[0]).toMatchObject({ kind: "send", text: "hi", clientMessageId: "id-1" });
    expect(commands[1]).toMatchObject({ kind: "steer", text: "focus", targetTurnId: "t1" });
  });

  it("CTRL-07 a transport failure becomes a failed result, never a thrown error or a success", async () => {
    const { client } = fakeClient(async () => {
      throw new Error("connection refused");
    });
    const result = await dispatchTo(client)({ kind: "queue", text: "later" });
    expect(result).toMatchObject({ status: "failed", reason: "connection refused" });
  });
});
