// CTRL-01 ENV-07: what the runtime client hands its port and its listeners — the command holds exactly the
// fields given (no `undefined` placeholders), a send without an id gets a fresh one of its own, and a port
// that throws settles the write as `failed` so an optimistic copy does not wait forever.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { RuntimeClient, type WritePort } from "../src";

function recording(): WritePort & { commands: ControlCommand[] } {
  const commands: ControlCommand[] = [];
  return {
    commands,
    async write(command) {
      commands.push(command);
      return { status: "accepted", idempotencyKey: command.idempotencyKey };
    },
  };
}

describe("RuntimeClient writes", () => {
  it("CTRL-01 the command holds the fields given and nothing for those left undefined", async () => {
    const port = recording();
    const client = new RuntimeClient({ sessionId: "s1", port, newId: () => "n1" });
    expect(client.sessionId).toBe("s1");
    await client.send({ text: "hi", contextRefs: undefined });
    await client.interrupt({ turnId: "t1", idempotencyKey: "mine" });
    expect(port.commands).toStrictEqual([
      { text: "hi", clientMessageId: "n1", kind: "send", sessionId: "s1", idempotencyKey: "send:n1" },
      { turnId: "t1", kind: "interrupt", sessionId: "s1", idempotencyKey: "mine" },
    ]);
  });

  it("ENV-07 without an id source each send gets a fresh random client message id", async () => {
    const port = recording();
    const client = new RuntimeClient({ sessionId: "s1", port });
    const first = await client.send({ text: "one" });
    const second = await client.send({ text: "two" });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.clientMessageId).toMatch(uuid);
    expect(second.clientMessageId).toMatch(uuid);
    expect(second.clientMessageId).not.toBe(first.clientMessageId);
    expect(port.commands.map((c) => c.idempotencyKey)).toEqual([
      `send:${first.clientMessageId}`,
      `send:${second.clientMessageId}`,
    ]);
  });

  it("CTRL-07 a port that throws: the caller's promise rejects and the write settles as failed, with why", async () => {
    const settled: [string, WriteResult][] = [];
    const client = new RuntimeClient({
      sessionId: "s1",
      port: {
        write: async () => {
          throw new Error("socket hang up");
        },
      },
      newId: () => "n1",
      onSettled: (command, result) => settled.push([command.kind, result]),
    });
    await expect(client.send({ text: "hi" })).rejects.toThrow("socket hang up");
    await Promise.resolve();
    expect(settled).toEqual([
      ["send", { status: "failed", idempotencyKey: "send:n1", reason: "socket hang up" }],
    ]);
  });
});
