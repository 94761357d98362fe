// JSON pointers (RFC 6901) for diagnostics and redaction reports: one helper so every path looks the same.

/** Escapes one reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  if (text.indexOf("~") === -1 && text.indexOf("/") === -1) return text;
  return text.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Appends a token to a parent pointer (`""` is the document root). */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapePointerToken(token)}`;
}
