import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMMANDS,
  CONTROL_KINDS,
  CONTROL_REGISTRY,
  type CommandSpec,
  type ControlKind,
  commandKey,
  controlDefinition,
  validateCommand,
} from "../src";
import { anyKind, corruptedCommand, fieldsOf } from "./command-arbitraries";

const withFields = anyKind.chain((kind) => fieldsOf(kind).map((fields) => ({ kind, fields })));

const mask = fc.array(fc.boolean(), { minLength: 8, maxLength: 8 });

/** A kind whose key uses a field `kind` also has (`send` and `queue`, `remove_queued` and `promote_queued`). */
function kindSharingAKeyField(kind: ControlKind): fc.Arbitrary<ControlKind> {
  const names = Object.keys(COMMANDS[kind].fields);
  const sharing = CONTROL_KINDS.filter((k) =>
    (COMMANDS[k] as CommandSpec).key?.some((n) => names.includes(n)),
  );
  return sharing.length > 0 ? fc.constantFrom(...sharing) : anyKind;
}

/** Two writes that share some field values (a field of the same name has the same schema in every kind),
 * often of the same kind: the pairs a key could confuse. */
const related = withFields
  .chain((a) => fc.tuple(fc.constant(a), fc.oneof(anyKind, kindSharingAKeyField(a.kind))))
  .chain(([a, other]) => fc.tuple(fc.constant(a), fc.constantFrom(a.kind, other), mask))
  .chain(([a, kind, mask]) => {
    return fieldsOf(kind).map((own) => {
      const fields: Record<string, unknown> = { ...own };
      for (const [i, name] of Object.keys(COMMANDS[kind].fields).entries())
        if (mask[i] && name in a.fields) fields[name] = a.fields[name];
      return [a, { kind, fields }] as const;
    });
  });

/** What a key must tell apart: the kind's key prefix and the values of its identity fields. */
function identity(kind: ControlKind, fields: Record<string, unknown>): string {
  const spec: CommandSpec = COMMANDS[kind];
  return JSON.stringify([spec.keyPrefix ?? kind, (spec.key ?? []).map((name) => fields[name])]);
}

describe("the command table", () => {
  it("CTRL-02 property: a body with one broken field is refused with that field named", () => {
    fc.assert(
      fc.property(
        anyKind.chain((kind) => corruptedCommand(kind)),
        ({ body, field }) => {
          const check = validateCommand(body, "s1");
          expect(check).toMatchObject({ ok: false, field });
          expect(check.ok ? "" : check.message).toContain(`"${field}"`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ORD-07 property: two keys are equal exactly when kind and identity fields are", () => {
    fc.assert(
      fc.property(related, ([a, b]) => {
        const [keyA, keyB] = [commandKey(a.kind, a.fields), commandKey(b.kind, b.fields)];
        if (keyA === undefined || keyB === undefined) return;
        expect(keyA === keyB).toBe(identity(a.kind, a.fields) === identity(b.kind, b.fields));
      }),
      { numRuns: 500 },
    );
  });

  it("ORD-07 escapes ':' and '%' so ids that contain them never collide", () => {
    expect(commandKey("remove_queued", { queuedId: "a:b" })).toBe("remove_queued:a%3Ab");
    expect(commandKey("remove_queued", { queuedId: "a%3Ab" })).toBe("remove_queued:a%253Ab");
    expect(commandKey("respond_action", { actionId: "x", decision: "approve" })).toBe("action:x:approve");
    expect(commandKey("stop", { taskId: "t" })).toBeUndefined();
    expect(commandKey("interrupt", {})).toBeUndefined();
    expect(commandKey("remove_queued", { queuedId: "q".repeat(300) })).toBeUndefined();
  });
});

describe("control registry rows", () => {
  it("CTRL-04 a kind's definition is its registry row with the client write it goes through", () => {
    for (const kind of CONTROL_KINDS)
      expect(controlDefinition(kind)).toEqual({
        ...CONTROL_REGISTRY[kind],
        clientMethod: COMMANDS[kind].method,
      });
    expect(controlDefinition("interrupt")).toMatchObject({
      ownerCommand: "interrupt_turn",
      clientMethod: COMMANDS.interrupt.method,
    });
  });
});
