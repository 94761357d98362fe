// The control registry (CTRL-04) covers every write the client can send: each command that leaves the
// client through any of its write methods has a registry row naming its required fact, owner command,
// pending, failure and audit states.
import {
  COMMANDS,
  CONTROL_KINDS,
  CONTROL_REGISTRY,
  type ControlCommand,
  controlDefinition,
} from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { RuntimeClient, WRITE_METHODS, type WritePort } from "../src";

/** Minimal valid fields per kind, built from the kind's required fields in `COMMANDS`. */
function fieldsFor(kind: keyof typeof COMMANDS): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(COMMANDS[kind].fields)) {
    if (!field.required) continue;
    const schema = field.schema as { type?: string; enum?: string[] };
    fields[name] = schema.enum ? schema.enum[0] : schema.type === "array" ? ["x"] : "x";
  }
  return fields;
}

describe("control registry", () => {
  it("CTRL-04 every command any client write method sends has a complete registry row", async () => {
    const sent: ControlCommand[] = [];
    const port: WritePort = {
      async write(command) {
        sent.push(command);
        return { status: "accepted", idempotencyKey: command.idempotencyKey };
      },
    };
    const client = new RuntimeClient({ sessionId: "s1", port }) as unknown as Record<
      string,
      (input?: Record<string, unknown>) => Promise<unknown>
    >;
    const kindOfMethod = new Map(CONTROL_KINDS.map((kind) => [COMMANDS[kind].method, kind] as const));
    for (const method of WRITE_METHODS) {
      const kind = kindOfMethod.get(method as never);
      await client[method](kind ? fieldsFor(kind) : { actionId: "a1" });
    }
    expect(sent).toHaveLength(WRITE_METHODS.length);
    const sentKinds = new Set(sent.map((command) => command.kind));
    expect([...sentKinds].sort()).toEqual([...CONTROL_KINDS].sort());
    for (const kind of sentKinds) {
      const row = CONTROL_REGISTRY[kind];
      expect(row, kind).toBeDefined();
      for (const state of ["requiredFact", "ownerCommand", "pending", "failure", "audit"] as const)
        expect(row[state].trim(), `${kind}.${state}`).not.toBe("");
    }
    // No row for a command nobody can send.
    expect(Object.keys(CONTROL_REGISTRY).sort()).toEqual([...sentKinds].sort());
  });

  it("CTRL-04 CTRL-05 a row names the client's write and the runtime's control-plane command", () => {
    expect(controlDefinition("respond_action")).toMatchObject({
      clientMethod: "respondAction",
      ownerCommand: "respond_action",
    });
    expect(controlDefinition("remove_queued").ownerCommand).toBe("remove_queued_turn");
    expect(controlDefinition("interrupt").ownerCommand).toBe("interrupt_turn");
    expect(controlDefinition("open_detail").audit).toMatch(/^none/);
  });
});
