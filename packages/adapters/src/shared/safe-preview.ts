// Previews of source text (tool output, error text, artifact bodies) are shown in rows and cards, so a
// secret in them must be redacted too. `previewOf` stringifies structures through `safeValue`, but returns
// a string as is; this redacts the whole string first (before cutting, so a secret is never half-shown).
import { previewOf, safeText } from "./safe-payload";

export function safePreview(value: unknown, maxChars = 200): string | undefined {
  return previewOf(typeof value === "string" ? safeText(value) : value, maxChars);
}
