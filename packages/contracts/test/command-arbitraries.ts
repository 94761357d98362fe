// fast-check inputs for every control command kind, read from the command table (`COMMANDS`): a valid
// write's fields, and one corruption of them that a validator must refuse while naming the field.
import {
  COMMANDS,
  CONTROL_KINDS,
  type CommandSpec,
  type ControlKind,
  type JsonSchema,
} from "@agent-ui/contracts";
import fc from "fast-check";

/** Values a field's schema accepts. Strings include `:` and `%`, the characters a key must escape. */
export function acceptedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.type === "string") {
    const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
    return fc.oneof(
      fc.string({ minLength, maxLength: 24 }),
      fc.string({ unit: fc.constantFrom("a", "b", "1", ":", "%"), minLength, maxLength: 8 }),
    );
  }
  if (schema.type === "array") return fc.array(acceptedValue(schema.items as JsonSchema), { maxLength: 4 });
  if (schema.type === "object") {
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean()), {
      maxKeys: 4,
    });
  }
  throw new Error(`no arbitrary for schema ${JSON.stringify(schema)}`);
}

/** A valid write's own fields for `kind`: every required field, each optional one or not. */
export function fieldsOf(kind: ControlKind): fc.Arbitrary<Record<string, unknown>> {
  const spec: CommandSpec = COMMANDS[kind];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [name, field] of Object.entries(spec.fields)) {
    shape[name] = acceptedValue(field.schema);
    if (field.required) requiredKeys.push(name);
  }
  return fc.record(shape, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

export const anyKind: fc.Arbitrary<ControlKind> = fc.constantFrom(...CONTROL_KINDS);

/** A value the field's schema refuses. */
function wrongValueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant([1]));
  if (Array.isArray(schema.enum)) {
    const allowed = schema.enum as string[];
    return fc.oneof(
      notString,
      fc.string({ maxLength: 8 }).filter((s) => !allowed.includes(s)),
    );
  }
  if (schema.type === "string") {
    return schema.minLength === 1 ? fc.oneof(notString, fc.constant("")) : notString;
  }
  if (schema.type === "array") return fc.oneof(fc.string(), fc.constant([7]), fc.constant({ 0: "a" }));
  return fc.oneof(fc.string(), fc.integer(), fc.constant(["a"]));
}

export interface Corruption {
  kind: ControlKind;
  body: Record<string, unknown>;
  /** The field the refusal must name. */
  field: string;
}

/** A valid command body for `kind` with exactly one field broken: a required field left out, or any field
 * (the idempotency key included) given a value its schema refuses. */
export function corruptedCommand(kind: ControlKind): fc.Arbitrary<Corruption> {
  const spec: CommandSpec = COMMANDS[kind];
  const names = ["idempotencyKey", ...Object.keys(spec.fields)];
  const schemaOf = (name: string): JsonSchema =>
    name === "idempotencyKey" ? { type: "string", minLength: 1 } : spec.fields[name].schema;
  const requiredNames = Object.entries(spec.fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  const mistyped = fc
    .constantFrom(...names)
    .chain((field) => wrongValueOf(schemaOf(field)).map((value) => ({ field, value, drop: false })));
  const missing =
    requiredNames.length === 0
      ? mistyped
      : fc.constantFrom(...requiredNames).map((field) => ({ field, value: undefined, drop: true }));
  return fc
    .tuple(fieldsOf(kind), fc.string({ minLength: 1, maxLength: 16 }), fc.oneof(mistyped, missing))
    .map(([fields, key, broken]) => {
      const body: Record<string, unknown> = { kind, idempotencyKey: key, ...fields };
      if (broken.drop) delete body[broken.field];
      else body[broken.field] = broken.value;
      return { kind, body, field: broken.field };
    });
}
