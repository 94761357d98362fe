// Secrets never enter projection state (SEC-01/02/03, TOOL-03). Every payload value the projection keeps
// (tool input, action schemas/responses, sandbox facts, appState) and every free-text preview passes
// through here. Detection and markers come from the contracts package, so what validation flags is
// exactly what the projection removes.
import { REDACTION_MARKER_PREFIX, redact, redactText } from "@agent-ui/contracts";

export interface SafeValue<T> {
  value: T;
  /** How many redaction markers the safe value holds: redacted here, or already at ingest. */
  redacted: number;
}

/** Copy-on-write redaction of a value (unchanged subtrees are shared). */
export function safeValue<T>(value: T): SafeValue<T> {
  const result = redact(value);
  return { value: result.value, redacted: countMarkers(result.value, 0) };
}

/** Deeper than `redact()` walks (200 levels, then one marker), so every marker it can write is counted. */
const COUNT_DEPTH = 201;

function countMarkers(value: unknown, depth: number): number {
  if (typeof value === "string") {
    let count = 0;
    for (
      let at = value.indexOf(REDACTION_MARKER_PREFIX);
      at !== -1;
      at = value.indexOf(REDACTION_MARKER_PREFIX, at + 1)
    )
      count++;
    return count;
  }
  if (value === null || typeof value !== "object" || depth > COUNT_DEPTH) return 0;
  let count = 0;
  for (const child of Array.isArray(value) ? value : Object.values(value))
    count += countMarkers(child, depth + 1);
  return count;
}

/** Replaces secret-shaped substrings of free text (previews, prompts, messages) with markers. */
export function safeText(text: string): string {
  return redactText(text);
}
