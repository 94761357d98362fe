// Tiny JSON Schema builders whose types force completeness: an object schema must list every key of its
// TypeScript interface (no more, no fewer) and every required key, so schema and types cannot drift.

export type JsonSchema = { [keyword: string]: unknown };

/** The keys of T that are not optional. */
export type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The declared keys of T, without an index signature. */
export type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

export const STRING: JsonSchema = { type: "string" };
export const ID: JsonSchema = { type: "string", minLength: 1 };
export const NUMBER: JsonSchema = { type: "number" };
export const COUNT: JsonSchema = { type: "integer", minimum: 0 };
export const BOOLEAN: JsonSchema = { type: "boolean" };
export const ANY_OBJECT: JsonSchema = { type: "object" };
export const STRINGS: JsonSchema = { type: "array", items: STRING };

/** A closed object schema: `properties` must name every key of T, `required` every required key. */
export function objectSchema<T>(
  properties: { [K in keyof T]-?: JsonSchema },
  required: { [K in RequiredKeys<T>]: true },
): JsonSchema {
  const requiredKeys = Object.keys(required);
  return {
    type: "object",
    properties,
    ...(requiredKeys.length > 0 ? { required: requiredKeys } : {}),
    additionalProperties: false,
  };
}

export function enumOf(values: readonly string[]): JsonSchema {
  return { type: "string", enum: [...values] };
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: "array", items };
}

export function recordOf(values: JsonSchema): JsonSchema {
  return { type: "object", additionalProperties: values };
}

export function anyOf(...schemas: JsonSchema[]): JsonSchema {
  return { anyOf: schemas };
}

/** `Honest<T>`: the value, or the named absence `unknown` / `unavailable` (FALL-01). */
export function honest(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: "string", enum: ["unknown", "unavailable"] }] };
}
