// Shared by the client tests that run a real gateway: a runtime source whose sink the test holds (so it can
// append facts at will), text-delta facts, and small waits.
import type { AgentUiEvent, ControlCommand } from "@agent-ui/contracts";
import type { RuntimeSink, RuntimeSourceFactory } from "@agent-ui/server";
import type { SessionClient } from "../src";

/** A runtime source whose sink the test holds; it records every write it gets and appends one
 * `run.started` fact per write. */
export function heldSource(): RuntimeSourceFactory & { sink?: RuntimeSink; commands: ControlCommand[] } {
  const factory: RuntimeSourceFactory & { sink?: RuntimeSink; commands: ControlCommand[] } = {
    commands: [],
    kind: "held",
    description: "test",
    create: () => ({
      kind: "held",
      async start(context) {
        factory.sink = context.sink;
      },
      async command(command) {
        factory.commands.push(command);
        await factory.sink?.events([
          { type: "run.started", payload: { input: (command as { text?: string }).text ?? "" } },
        ]);
        return {
          status: "accepted",
          idempotencyKey: command.idempotencyKey,
          assigned: { n: String(factory.commands.length) },
        };
      },
      async stop() {},
    }),
  };
  return factory;
}

/** `text.delta` facts `from..to` of one message; each delta is its number and a space. */
export const deltas = (from: number, to: number, messageId: string): Partial<AgentUiEvent>[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    type: "text.delta",
    messageId,
    streamId: messageId,
    sequence: from + i,
    payload: { delta: `${from + i} ` },
  }));

export function textOf(client: SessionClient, messageId: string): string {
  const message = client.state.messages.find((m) => m.id === messageId);
  return (message?.parts ?? []).map((p) => p.text ?? "").join("");
}

export async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("waitUntil: timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
