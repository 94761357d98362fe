// Secrets never enter projection state (SEC-01/02/03, TOOL-03). Every payload value the projection keeps
// (tool input, action schemas/responses, sandbox facts, appState) and every free-text preview passes
// through here. Detection and markers come from the contracts package, so what validation flags is
// exactly what the projection removes.
import { findSecretsInString, redact, redactionMarker } from "@agent-ui/contracts";

export interface SafeValue<T> {
  value: T;
  /** How many values were replaced by redaction markers. */
  redacted: number;
}

/** Copy-on-write redaction of a value (unchanged subtrees are shared). */
export function safeValue<T>(value: T): SafeValue<T> {
  const result = redact(value);
  return { value: result.value, redacted: result.redactions.length };
}

/** Replaces secret-shaped substrings of free text (previews, prompts, messages) with markers. */
export function safeText(text: string): string {
  const matches = findSecretsInString(text);
  if (matches.length === 0) return text;
  let out = "";
  let cursor = 0;
  for (const match of matches) {
    out += text.slice(cursor, match.start) + redactionMarker(match.reason);
    cursor = match.end;
  }
  return out + text.slice(cursor);
}
