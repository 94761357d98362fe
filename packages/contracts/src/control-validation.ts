// What the gateway checks, derived from `COMMANDS`: one closed JSON Schema per command kind, validated with
// Ajv. (The client's key derivation, `commandKey`, lives beside the table: a browser bundle needs no Ajv.)
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020";
import { createAjv, lazy } from "./ajv";
import {
  COMMANDS,
  CONTROL_KINDS,
  type CommandSpec,
  type ControlCommand,
  type ControlKind,
  MAX_IDEMPOTENCY_KEY_CHARS,
} from "./control";
import type { JsonSchema } from "./schema-builders";

const BASE_FIELDS: Record<string, JsonSchema> = {
  kind: { type: "string" },
  sessionId: { type: "string" },
  idempotencyKey: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_CHARS },
  threadId: { type: "string", minLength: 1 },
};

/** The JSON Schema of one command kind: its own fields, the common ones, nothing else. */
export function commandSchema(kind: ControlKind): JsonSchema {
  const spec: CommandSpec = COMMANDS[kind];
  const properties: Record<string, JsonSchema> = { ...BASE_FIELDS, kind: { const: kind } };
  const required = ["kind", "sessionId", "idempotencyKey"];
  for (const [name, f] of Object.entries(spec.fields)) {
    properties[name] = f.schema;
    if (f.required) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

const validators = lazy(() => {
  const ajv = createAjv();
  const out = {} as Record<ControlKind, ValidateFunction>;
  for (const kind of CONTROL_KINDS) out[kind] = ajv.compile(commandSchema(kind));
  return out;
});

export type CommandCheck =
  | { ok: true; command: ControlCommand }
  /** `field` names the offending field (`undefined`: the body itself is not an object). */
  | { ok: false; field: string | undefined; message: string };

/** Checks an untrusted command body for `sessionId` against its kind's schema. Fields the kind does not
 * declare are dropped and `null` counts as absent; anything else wrong is refused, naming the field. */
export function validateCommand(body: unknown, sessionId: string): CommandCheck {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, field: undefined, message: "the command must be a JSON object" };
  }
  const input = body as Record<string, unknown>;
  const kind = input.kind;
  if (typeof kind !== "string" || !Object.hasOwn(COMMANDS, kind)) {
    return { ok: false, field: "kind", message: `"kind" must be one of ${CONTROL_KINDS.join(", ")}` };
  }
  if (input.sessionId !== undefined && input.sessionId !== sessionId) {
    const message = `"sessionId" ${JSON.stringify(input.sessionId)} does not match the session in the URL`;
    return { ok: false, field: "sessionId", message };
  }
  const spec: CommandSpec = COMMANDS[kind as ControlKind];
  const command: Record<string, unknown> = { kind, sessionId };
  for (const name of ["idempotencyKey", "threadId", ...Object.keys(spec.fields)]) {
    const value = input[name];
    if (value !== undefined && value !== null) command[name] = value;
  }
  const validate = validators()[kind as ControlKind];
  if (validate(command)) return { ok: true, command: command as ControlCommand };
  return describe(validate.errors ?? [], kind);
}

function describe(errors: ErrorObject[], kind: string): CommandCheck & { ok: false } {
  // A missing field is reported before a malformed one: it is the first thing to fix.
  const error = errors.find((e) => e.keyword === "required") ?? errors[0];
  if (error === undefined) return { ok: false, field: undefined, message: `invalid ${kind} command` };
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const name = String(params.missingProperty);
    return { ok: false, field: name, message: `"${name}" is required for ${kind}` };
  }
  const name = error.instancePath.split("/")[1] ?? "";
  const what =
    error.keyword === "enum" && Array.isArray(params.allowedValues)
      ? `must be one of ${params.allowedValues.join(", ")}`
      : error.keyword === "minLength" && params.limit === 1
        ? "must not be empty"
        : (error.message ?? error.keyword);
  const where = error.instancePath.split("/").length > 2 ? ` (at ${error.instancePath})` : "";
  return { ok: false, field: name, message: `"${name}" ${what}${where}` };
}
