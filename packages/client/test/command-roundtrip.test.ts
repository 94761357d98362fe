// Every command kind, from the client's typed write to the gateway's validator: what the client builds is
// accepted field for field, and its idempotency key is the same for a repeat of the same intent and
// different for any other intent (ORD-07, HITL-05).
import {
  COMMANDS,
  CONTROL_KINDS,
  type CommandOf,
  type CommandSpec,
  type ControlCommand,
  type ControlKind,
  MAX_IDEMPOTENCY_KEY_CHARS,
  validateCommand,
} from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { anyKind, fieldsOf } from "../../contracts/test/command-arbitraries";
import { RuntimeClient, type WriteInput } from "../src";

/** Builds one command through a fresh client (a reload: nothing shared but the intent). */
async function build(
  kind: ControlKind,
  fields: Record<string, unknown>,
  named: boolean,
): Promise<ControlCommand> {
  const built: ControlCommand[] = [];
  let n = 0;
  const client = new RuntimeClient({
    sessionId: "s1",
    newId: () => `id-${Math.random().toString(36).slice(2)}-${n++}`,
    port: {
      async write(command) {
        built.push(command);
        return { status: "accepted", idempotencyKey: command.idempotencyKey };
      },
    },
  });
  const method = COMMANDS[kind].method as keyof RuntimeClient;
  if (named) await (client[method] as (input: unknown) => Promise<unknown>).call(client, { ...fields });
  else await client.write(kind, { ...fields } as never);
  expect(built).toHaveLength(1);
  return built[0];
}

/** The values that identify an intent of this kind, or undefined when every write is its own intent. */
function identity(kind: ControlKind, command: ControlCommand): string | undefined {
  const spec: CommandSpec = COMMANDS[kind];
  if (spec.key === undefined) return undefined;
  const values = spec.key.map((name) => (command as Record<string, unknown>)[name]);
  return values.every((v) => typeof v === "string" && v !== "") ? JSON.stringify([kind, values]) : undefined;
}

const intent = anyKind.chain((kind) =>
  fc.record({ kind: fc.constant(kind), fields: fieldsOf(kind), named: fc.boolean() }),
);

describe("every command kind round-trips from the client through the gateway's validator", () => {
  it("CTRL-01 property: the client builds a command the gateway accepts unchanged, with its fields", async () => {
    await fc.assert(
      fc.asyncProperty(intent, async ({ kind, fields, named }) => {
        const command = await build(kind, fields, named);
        expect(command).toMatchObject({ kind, sessionId: "s1", ...fields });
        const check = validateCommand(JSON.parse(JSON.stringify(command)), "s1");
        expect(check).toEqual({ ok: true, command });
        expect(command.idempotencyKey.length).toBeLessThanOrEqual(MAX_IDEMPOTENCY_KEY_CHARS);
      }),
      { numRuns: 300 },
    );
  });

  it("ORD-07 property: equal intents share a key, different intents never do", async () => {
    // Pairs of intents that share some of their fields (a field of the same name has the same schema in
    // every kind), often of the same kind: identities that agree in part are the ones a key could confuse.
    const pair = fc
      .tuple(intent, intent, fc.boolean(), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }))
      .chain(([a, b, sameKind, mask]) => {
        const kind = sameKind ? a.kind : b.kind;
        return fieldsOf(kind).map((own) => {
          const fields: Record<string, unknown> = { ...own };
          for (const [i, name] of Object.keys(COMMANDS[kind].fields).entries()) {
            if (mask[i] && name in a.fields) fields[name] = a.fields[name];
          }
          return [a, { kind, fields, named: b.named }] as const;
        });
      });
    await fc.assert(
      fc.asyncProperty(pair, async ([a, b]) => {
        const first = await build(a.kind, a.fields, a.named);
        const second = await build(b.kind, b.fields, b.named);
        const [idA, idB] = [identity(a.kind, first), identity(b.kind, second)];
        if (idA !== undefined && idA === idB) expect(second.idempotencyKey).toBe(first.idempotencyKey);
        else expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
      }),
      { numRuns: 300 },
    );
  });

  it("ORD-07 kinds with an identity derive their key from it; the others get a fresh key per write", async () => {
    const keyed = CONTROL_KINDS.filter((kind) => (COMMANDS[kind] as CommandSpec).key !== undefined);
    expect(keyed.sort()).toEqual([
      "interrupt",
      "promote_queued",
      "queue",
      "remove_queued",
      "respond_action",
      "send",
    ]);
    const approve = await build("respond_action", { actionId: "a:1", decision: "approve" }, true);
    expect(approve.idempotencyKey).toBe("action:a%3A1:approve");
    const stop = [await build("stop", { taskId: "t" }, true), await build("stop", { taskId: "t" }, true)];
    expect(stop[0].idempotencyKey).not.toBe(stop[1].idempotencyKey);
  });
});

describe("the command types are read from the table", () => {
  it("CTRL-01 a kind's type, its named write and its input follow its schema", async () => {
    expectTypeOf<CommandOf<"respond_action">>().toEqualTypeOf<{
      kind: "respond_action";
      sessionId: string;
      idempotencyKey: string;
      threadId?: string;
      actionId: string;
      decision: "approve" | "reject" | "answer";
      payload?: Record<string, unknown>;
      agentId?: string;
    }>();
    expectTypeOf<WriteInput<"wait">>().toEqualTypeOf<{ agentIds: string[]; idempotencyKey?: string }>();
    expectTypeOf<RuntimeClient["interrupt"]>().parameters.toEqualTypeOf<[input?: WriteInput<"interrupt">]>();
    expectTypeOf<Awaited<ReturnType<RuntimeClient["queue"]>>["clientMessageId"]>().toEqualTypeOf<string>();
    const client = new RuntimeClient({
      sessionId: "s1",
      port: { write: async (c) => ({ status: "accepted", idempotencyKey: c.idempotencyKey }) },
    });
    // @ts-expect-error close names the agent it closes
    await client.close({});
    // @ts-expect-error a decision is one of approve, reject, answer
    await client.respondAction({ actionId: "a1", decision: "maybe" });
    // A surface's intent (a command without routing) goes through the generic write as it is.
    const intent = { kind: "stop", agentId: "ag1" } as Omit<
      CommandOf<"stop">,
      "sessionId" | "idempotencyKey"
    >;
    expect((await client.write(intent.kind, intent)).status).toBe("accepted");
  });
});
