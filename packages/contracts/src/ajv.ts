// One Ajv 2020-12 setup for every schema this package validates. The options are the ones the official
// runtime schemas need (§E-1): union `type` arrays (`allowUnionTypes`) and `if` blocks without
// `type: "object"` in the Lime profile (`strictTypes: false`); everything else stays strict.
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { type Diagnostic, type EventRef, diagnostic } from "./diagnostics";

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Compiles on first use, so importing the package costs nothing until a validator runs. */
export function lazy<T>(compute: () => T): () => T {
  let value: T | undefined;
  let ready = false;
  return () => {
    if (!ready) {
      value = compute();
      ready = true;
    }
    return value as T;
  };
}

/** Most errors worth reporting for one record; past this the input is broken wholesale. */
const MAX_ERRORS_PER_RECORD = 20;

/** Ajv errors as `schema_mismatch` diagnostics. `allOf`/`if` wrapper errors are dropped: the concrete
 * failing keyword underneath is already reported. */
export function ajvErrorsToDiagnostics(
  errors: ErrorObject[] | null | undefined,
  eventRef: EventRef | undefined,
  schemaName: string,
  classify?: (error: ErrorObject) => Diagnostic | null,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (error.keyword === "if" || error.keyword === "allOf" || error.keyword === "anyOf") continue;
    const custom = classify?.(error);
    const d =
      custom ??
      diagnostic(
        "schema_mismatch",
        "error",
        `${schemaName}: ${error.instancePath || "(root)"} ${error.message ?? error.keyword}${describeParams(error)}`,
        { path: error.instancePath, eventRef },
      );
    const key = `${d.code}|${d.path}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
    if (out.length >= MAX_ERRORS_PER_RECORD) break;
  }
  return out;
}

function describeParams(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    const values = params.allowedValues as unknown[];
    return values.length <= 8 ? ` (${values.join(", ")})` : ` (${values.length} allowed values)`;
  }
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    return ` ('${params.additionalProperty}')`;
  }
  return "";
}
