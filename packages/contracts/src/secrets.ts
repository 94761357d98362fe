// Secret detection shared by validation (`secret_leak_risk`) and redaction: one vocabulary, so what the
// validator flags is exactly what redaction removes (SEC-01, SEC-02, SEC-08).

/** A secret found in a string: where it is and what kind it is (never the value itself). */
export interface SecretMatch {
  reason: string;
  start: number;
  end: number;
}

interface ValueShape {
  reason: string;
  pattern: RegExp;
}

// Order matters: more specific shapes first (Anthropic keys also start with `sk-`).
const VALUE_SHAPES: readonly ValueShape[] = [
  {
    reason: "private_key",
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  },
  { reason: "anthropic_api_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{10,}/g },
  { reason: "openai_api_key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { reason: "stripe_key", pattern: /\b(?:sk|rk)_live_[0-9A-Za-z]{10,}/g },
  { reason: "aws_access_key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { reason: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { reason: "slack_token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { reason: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { reason: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  // Header values: the token must contain a digit or symbol, so prose ("bearer authentication") passes.
  {
    reason: "authorization_header",
    pattern: /\bBearer\s+(?=[A-Za-z._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{12,}/gi,
  },
  { reason: "authorization_header", pattern: /\bBasic\s+(?=[A-Za-z+/]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2}/g },
  { reason: "url_credentials", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"']+:[^/\s@"']+@/gi },
  {
    reason: "query_secret",
    pattern:
      /[?&;](?:password|passwd|pwd|token|access_token|refresh_token|api_key|apikey|secret|client_secret|sig|signature)=[^&\s#"']+/gi,
  },
  // A secret written out in prose or a config dump (`password: hunter2-x`, `API_KEY=abc123…`): the value
  // after the label, when it has a digit or symbol (so "token: required" stays prose) and is not already a
  // redaction marker (redacting is idempotent).
  {
    reason: "assigned_secret",
    pattern:
      /(?<=(?:password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|access[_-]?token|auth[_-]?token|token)["']?\s*[:=]\s*["']?)(?!\[redacted:)(?=[^\s"',;]*[0-9!@#$%^&*_+=/.~-])[^\s"',;]{6,}/gi,
  },
];

// Cheap gate so ordinary text skips the shape regexes: every shape contains one of these substrings.
const SHAPE_GATE =
  /BEGIN|sk-|_live_|AKIA|ASIA|gh[pousr]_|github_pat_|xox[abprs]-|AIza|eyJ|Bearer|Basic|:\/\/|[?&;][a-z_]+=|passw|pwd|passphrase|secret|api[_-]?key|token/i;

/** Smallest string that can hold a secret shape; shorter strings are never scanned. */
const MIN_SECRET_LENGTH = 16;

/** Finds secret-shaped substrings of `text`. Non-overlapping, in order of appearance. */
export function findSecretsInString(text: string): SecretMatch[] {
  if (text.length < MIN_SECRET_LENGTH || !SHAPE_GATE.test(text)) return [];
  const matches: SecretMatch[] = [];
  for (const shape of VALUE_SHAPES) {
    shape.pattern.lastIndex = 0;
    for (let m = shape.pattern.exec(text); m !== null; m = shape.pattern.exec(text)) {
      if (m[0].length === 0) {
        shape.pattern.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (!matches.some((other) => start < other.end && end > other.start)) {
        matches.push({ reason: shape.reason, start, end });
      }
    }
  }
  return matches.sort((a, b) => a.start - b.start);
}

// Key names are compared after lower-casing and dropping `-`, `_`, `.` and spaces.
const EXACT_SECRET_KEYS: Record<string, string> = {
  auth: "authorization",
  authorization: "authorization",
  proxyauthorization: "authorization",
  cookie: "cookie",
  cookies: "cookie",
  setcookie: "cookie",
  passwd: "password",
  pwd: "password",
  passphrase: "password",
  credential: "credential",
  credentials: "credential",
  privatekey: "private_key",
  apikey: "api_key",
  xapikey: "api_key",
};
const SECRET_KEY_SUFFIXES: readonly [string, string][] = [
  ["password", "password"],
  ["secret", "secret"],
  ["token", "token"],
  ["apikey", "api_key"],
  ["accesskey", "api_key"],
  ["secretkey", "secret"],
  ["privatekey", "private_key"],
  ["signingkey", "private_key"],
  ["encryptionkey", "private_key"],
  ["sessionkey", "secret"],
  ["credential", "credential"],
  ["credentials", "credential"],
];

const keyCache = new Map<string, string | null>();

/** The secret category a key name suggests (`password`, `token`, `api_key`, …), or null. */
export function secretKeyReason(key: string): string | null {
  const cached = keyCache.get(key);
  if (cached !== undefined) return cached;
  const normalized = key.toLowerCase().replace(/[-_.\s]/g, "");
  let reason: string | null = EXACT_SECRET_KEYS[normalized] ?? null;
  if (reason === null) {
    for (const [suffix, category] of SECRET_KEY_SUFFIXES) {
      if (normalized.endsWith(suffix)) {
        reason = category;
        break;
      }
    }
  }
  if (keyCache.size < 4096) keyCache.set(key, reason);
  return reason;
}

/** Whether a value under a secret-named key actually carries something worth hiding. Booleans, null
 * and empty strings (`"passwordSet": true`, `"token": ""`) say nothing secret. */
export function isSecretBearingValue(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === "boolean") return false;
  if (typeof value === "string") return value.length > 0;
  return true;
}
