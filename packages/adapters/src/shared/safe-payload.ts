// Safe payloads (SEC-01..04, TOOL-02): the one place adapters make source values safe for projection
// state. Delegates to the contracts' `redact` (secrets by key name and by value shape) and
// `offloadLargeValues` (oversized values become `{ref, preview, bytes, offloaded}`). Both are
// copy-on-write, so a value with nothing to change is returned as is (no per-event deep clone).
import { offloadLargeValues, redact, redactionMarker } from "@agent-ui/contracts";
import { type DetailKeeper, detailOf } from "./details";

export interface SafeOptions {
  /** Values larger than this many bytes (approximate JSON) are offloaded to a ref plus a preview. */
  largePayloadBytes?: number;
  /** Receives the redacted body of every offloaded value under its ref (see `shared/details.ts`). */
  keepDetail?: DetailKeeper;
}

/** The safe-value options an adapter passes on from its `AdapterOptions`. */
export function safeOptionsOf(options: SafeOptions): SafeOptions {
  return { largePayloadBytes: options.largePayloadBytes, keepDetail: options.keepDetail };
}

export const DEFAULT_LARGE_PAYLOAD_BYTES = 16_384;
export const REDACTED = redactionMarker("secret");

/** A redacted, size-bounded view of `value`; the same reference when nothing needed changing. */
export function safeValue(value: unknown, options: SafeOptions = {}): unknown {
  const redacted = redact(value).value;
  const keep = options.keepDetail;
  return offloadLargeValues(redacted, {
    limitBytes: options.largePayloadBytes ?? DEFAULT_LARGE_PAYLOAD_BYTES,
    // The ref names the body's content, so it is the same whether or not anyone keeps the body.
    refFor: (value) => {
      const detail = detailOf(value);
      keep?.(detail);
      return detail.ref;
    },
  }).value;
}

/** `safeValue` for an object payload. */
export function safePayload<T extends Record<string, unknown>>(value: T, options: SafeOptions = {}): T {
  return safeValue(value, options) as T;
}

/** A string with secrets (by value shape) redacted; never offloaded, so it stays a string. */
export function safeText(text: string): string {
  return redactJsonText(redact(text).value);
}

/** A short, redacted preview of any value for tool rows and diagnostics (never the whole body). */
export function previewOf(value: unknown, maxChars = 200): string | undefined {
  if (value === undefined) return undefined;
  let text: string;
  // Strings are redacted whole before cutting, so a secret is never half-shown (SEC-03).
  if (typeof value === "string") text = safeText(value);
  else {
    try {
      text = JSON.stringify(safeValue(value)) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

const SECRET_JSON_FIELD =
  /("(?:[a-z_-]*(?:api[-_]?key|secret|password|passwd|authorization|cookie|credential|private[-_]?key|access[-_]?token|refresh[-_]?token)[a-z_-]*|token|bearer)"\s*:\s*")([^"]*)("?)/gi;

/**
 * Redacts secret-looking `"key": "value"` pairs inside JSON text, e.g. streamed tool-argument deltas that
 * cannot be parsed yet. Best effort for a pair split across deltas; the complete input is always redacted
 * structurally once it parses.
 */
export function redactJsonText(text: string): string {
  return text.replace(
    SECRET_JSON_FIELD,
    (_, open: string, _value: string, close: string) => `${open}${REDACTED}${close}`,
  );
}
