// Secret detection shared by validation (`secret_leak_risk`) and redaction: one vocabulary, so what the
// validator flags is exactly what redaction removes (SEC-01, SEC-02, SEC-08).
import { lookupTable } from "./lookup-table";

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

// Labels whose assigned value is a secret in prose or a config dump (`password: hunter2-x`,
// `AWS_SECRET_ACCESS_KEY=…`, `"api_key": "…"`): any identifier ending in one of these words.
const STRONG_LABEL =
  "(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|credentials?)";
// `key = …` alone is weaker evidence: only a long value with a digit is taken for a secret.
const WEAK_LABEL = "(?<![A-Za-z0-9])key";
// Between label and value: an optional closing quote, `:` or `=`, an optional opening quote. Bounded
// (and on one line), so a streamed text can be cut at a line or word break without splitting a match.
const ASSIGN = "[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?";

// Order matters: more specific shapes first (Anthropic keys also start with `sk-`).
const VALUE_SHAPES: readonly ValueShape[] = [
  {
    reason: "private_key",
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  },
  { reason: "anthropic_api_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{10,}/g },
  { reason: "openai_api_key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { reason: "stripe_key", pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}/g },
  { reason: "aws_access_key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { reason: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { reason: "gitlab_token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { reason: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{20,}/g },
  { reason: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { reason: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { reason: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  // Header values: the token must contain a digit or symbol, so prose ("bearer authentication") passes.
  {
    reason: "authorization_header",
    pattern: /\bBearer[ \t]{1,8}(?=[A-Za-z._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{12,}/gi,
  },
  {
    reason: "authorization_header",
    pattern: /\bBasic[ \t]{1,8}(?=[A-Za-z+/]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2}/g,
  },
  { reason: "url_credentials", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"']+:[^/\s@"']+@/gi },
  {
    reason: "query_secret",
    pattern:
      /[?&;](?:password|passwd|pwd|token|access_token|refresh_token|api_key|apikey|secret|client_secret|sig|signature)=[^&\s#"']+/gi,
  },
  // The value after the label, when it has a digit or symbol (so "token: required" stays prose) and is not
  // already a redaction marker (redacting is idempotent).
  {
    reason: "assigned_secret",
    pattern: new RegExp(
      `(?<=${STRONG_LABEL}${ASSIGN})(?!\\[redacted:)(?=[^\\s"',;]*[0-9!@#$%^&*_+=/.~-])[^\\s"',;]{6,}`,
      "gi",
    ),
  },
  {
    reason: "assigned_secret",
    pattern: new RegExp(
      `(?<=${WEAK_LABEL}${ASSIGN})(?!\\[redacted:)(?=[^\\s"',;]*[0-9])[^\\s"',;]{16,}`,
      "gi",
    ),
  },
];

/** `word` matched in any case without the `i` flag: `[Kk][Ee][Yy]`. */
const anyCase = (word: string) =>
  [...word]
    .map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`))
    .join("");

/** Every shape contains one of these substrings: a cheap gate so ordinary text skips the shape regexes,
 * and the test a streamed text's cut point must pass (no label or prefix just before it). Provider
 * prefixes are matched as written; words a shape matches in any case (`bearer`, `PassWord`, `?Sig=`)
 * are hints in any case. */
export const SECRET_HINT = new RegExp(
  [
    "BEGIN|PRIVATE KEY|sk[-_]|rk_|AKIA|ASIA|gh[pousr]_|github_pat_|glpat-|npm_|xox|AIza|eyJ|Basic|:\\/\\/|[?&;][A-Za-z_]+=",
    ...["bearer", "passw", "pwd", "passphrase", "secret", "key", "token", "credential"].map(anyCase),
  ].join("|"),
);

/** Smallest string that can hold a secret shape (`?sig=x`); shorter strings are never scanned. */
const MIN_SECRET_LENGTH = 6;

/** Finds secret-shaped substrings of `text`. Non-overlapping, in order of appearance. */
export function findSecretsInString(text: string): SecretMatch[] {
  if (text.length < MIN_SECRET_LENGTH || !SECRET_HINT.test(text)) return [];
  const matches: SecretMatch[] = [];
  findOrphanKeyBodies(text, matches);
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

const PEM_END = /-----END [A-Z ]*PRIVATE KEY-----/g;
const MAX_ORPHAN_BODY = 16_384;

/** The tail of a PEM block whose BEGIN line is elsewhere (a later chunk of a split text): the body lines
 * (base64, no spaces) before the END line, and the END line. A bounded walk back, so linear. */
function findOrphanKeyBodies(text: string, out: SecretMatch[]): void {
  if (!text.includes("-----END")) return;
  const begin = text.indexOf("-----BEGIN");
  PEM_END.lastIndex = 0;
  for (let m = PEM_END.exec(text); m !== null; m = PEM_END.exec(text)) {
    if (begin !== -1 && begin < m.index) break; // the BEGIN shape covers this one
    let start = m.index;
    const floor = Math.max(0, start - MAX_ORPHAN_BODY);
    while (start > floor && isPemBodyChar(text.charCodeAt(start - 1))) start--;
    out.push({ reason: "private_key", start, end: m.index + m[0].length });
  }
}

function isPemBodyChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 43 || // +
    code === 47 || // /
    code === 61 || // =
    code === 10 || // \n
    code === 13 // \r
  );
}

// Key names are compared after lower-casing and dropping `-`, `_`, `.` and spaces.
const EXACT_SECRET_KEYS: Record<string, string> = lookupTable({
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
});
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
