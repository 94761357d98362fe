// Payload hygiene checks shared by Agent UI and runtime event validation: secrets on the wire
// (`secret_leak_risk`, SEC-01/08) and large inline bodies that belong behind refs (`large_payload_inline`,
// ARCH-03). Messages name the path and the kind of secret, never the value (SEC-03).
import { type Diagnostic, type EventRef, diagnostic } from "./diagnostics";
import { childPointer } from "./json-pointer";
import { approxJsonBytes } from "./json-size";
import { DEFAULT_INLINE_LIMIT_BYTES, isRedactionMarker } from "./redaction";
import { findSecretsInString, isSecretBearingValue, secretKeyReason } from "./secrets";

export interface HygieneOptions {
  /** Inline byte limit for `payload`, `refs` and `artifactPreview`. Default 64 KiB. */
  inlineLimitBytes?: number;
}

const MAX_SECRET_FINDINGS = 20;
const MAX_SCAN_DEPTH = 200;

/** Reports secret-named keys with values and secret-shaped strings anywhere in the event. */
export function findSecretLeaks(event: unknown, eventRef: EventRef): Diagnostic[] {
  const out: Diagnostic[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: event, path: "", depth: 0 }];
  while (stack.length > 0 && out.length < MAX_SECRET_FINDINGS) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      const matches = findSecretsInString(value);
      if (matches.length > 0) {
        const kinds = [...new Set(matches.map((m) => m.reason))].join(", ");
        out.push(leak(path, `value looks like a secret (${kinds})`, eventRef));
      }
      continue;
    }
    if (typeof value !== "object" || value === null || depth >= MAX_SCAN_DEPTH) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: childPointer(path, i), depth: depth + 1 });
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const child = record[key];
      const childPath = childPointer(path, key);
      const reason = secretKeyReason(key);
      if (reason !== null && isSecretBearingValue(child) && !isRedactionMarker(child)) {
        out.push(leak(childPath, `key '${truncate(key)}' carries a secret (${reason}) inline`, eventRef));
      } else stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return out;
}

function leak(path: string, what: string, eventRef: EventRef): Diagnostic {
  return diagnostic("secret_leak_risk", "error", `${path || "(root)"}: ${what}; redact it or send a ref`, {
    path,
    eventRef,
  });
}

const INLINE_FIELDS = ["payload", "refs", "artifactPreview"] as const;

/** Reports inline bodies above the limit; they should travel as refs (seed 003 `large_payload_inline`). */
export function findLargeInline(
  event: Record<string, unknown>,
  eventRef: EventRef,
  options: HygieneOptions = {},
): Diagnostic[] {
  const limit = options.inlineLimitBytes ?? DEFAULT_INLINE_LIMIT_BYTES;
  const out: Diagnostic[] = [];
  for (const field of INLINE_FIELDS) {
    const value = event[field];
    if (value === undefined || value === null) continue;
    const bytes = approxJsonBytes(value);
    if (bytes > limit) {
      out.push(
        diagnostic(
          "large_payload_inline",
          "warning",
          `/${field} is ~${bytes} bytes inline (limit ${limit}); store the body and send a ref`,
          { path: `/${field}`, eventRef },
        ),
      );
    }
  }
  return out;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
