// Payload hygiene checks shared by Agent UI and runtime event validation: secrets on the wire
// (`secret_leak_risk`, SEC-01/08) and large inline bodies that belong behind refs (`large_payload_inline`,
// ARCH-03). Messages name the path and the kind of secret, never the value (SEC-03).
import { type Diagnostic, type EventRef, clip, diagnostic } from "./diagnostics";
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

/** A node of the scan: its path is only materialized when something is reported (keeps the walk cheap). */
interface ScanNode {
  value: unknown;
  parent: ScanNode | null;
  key: string | number;
  depth: number;
}

function pathOf(node: ScanNode | null, key?: string | number): string {
  const tokens: (string | number)[] = key === undefined ? [] : [key];
  for (let n = node; n !== null && n.parent !== null; n = n.parent) tokens.push(n.key);
  let path = "";
  for (let i = tokens.length - 1; i >= 0; i--) path = childPointer(path, tokens[i]);
  return path;
}

/** Reports secret-named keys with values and secret-shaped strings anywhere in the event. */
export function findSecretLeaks(event: unknown, eventRef: EventRef): Diagnostic[] {
  const out: Diagnostic[] = [];
  const stack: ScanNode[] = [{ value: event, parent: null, key: "", depth: 0 }];
  while (stack.length > 0 && out.length < MAX_SECRET_FINDINGS) {
    const node = stack.pop()!;
    const { value, depth } = node;
    if (typeof value === "string") {
      const matches = findSecretsInString(value);
      if (matches.length > 0) {
        const kinds = [...new Set(matches.map((m) => m.reason))].join(", ");
        out.push(leak(pathOf(node), `value looks like a secret (${kinds})`, eventRef));
      }
      continue;
    }
    if (typeof value !== "object" || value === null || depth >= MAX_SCAN_DEPTH) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child = value[i];
        if (typeof child === "string" || (typeof child === "object" && child !== null)) {
          stack.push({ value: child, parent: node, key: i, depth: depth + 1 });
        }
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const child = record[key];
      const reason = secretKeyReason(key);
      if (reason !== null && isSecretBearingValue(child) && !isRedactionMarker(child)) {
        out.push(
          leak(pathOf(node, key), `key '${clip(key, 60)}' carries a secret (${reason}) inline`, eventRef),
        );
      } else if (typeof child === "string" || (typeof child === "object" && child !== null)) {
        stack.push({ value: child, parent: node, key, depth: depth + 1 });
      }
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
