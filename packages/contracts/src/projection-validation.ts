// Validates a `ProjectionState` snapshot against its schema: used by tests, by the server before it
// stores a compacted projection, and by `agent-ui project --check`.
import { ajvErrorsToDiagnostics, createAjv, lazy } from "./ajv";
import type { Diagnostic } from "./diagnostics";
import { projectionStateSchema } from "./projection-schema";

const validator = lazy(() => createAjv().compile(projectionStateSchema));

export function validateProjectionState(state: unknown): Diagnostic[] {
  const validate = validator();
  if (validate(state)) return [];
  return ajvErrorsToDiagnostics(validate.errors, undefined, "projection state");
}
