// Redaction of text that grows by appended chunks (streamed assistant text, reasoning, tool output): a
// secret split across two chunks is redacted as a whole, because what is redacted is always the text
// so far, never a chunk on its own. Incremental: the text before the last safe cut is final (its
// redacted form is kept) and only the tail after it is scanned again, so a stream costs about linear
// time as long as it has word or line breaks.
import { applyMatches } from "./redaction";
import { SECRET_HINT, type SecretMatch, findSecretsInString } from "./secrets";

/** What a growing text's redaction remembers between calls. Treat as opaque. */
export interface GrowingTextRedaction {
  /** The raw text last redacted. */
  readonly raw: string;
  /** Raw offset before which the redaction is final. */
  readonly cut: number;
  /** The redacted form of `raw.slice(0, cut)`. */
  readonly prefix: string;
  /** The redacted form of the whole `raw`. */
  readonly text: string;
}

/** How far before a cut a label or key prefix (`password:`, `Bearer`, `sk-`, `BEGIN`) forbids it. */
const CUT_GUARD = 64;
/** A tail longer than this with no word break is cut anyway (no secret token is that long). */
const LONG_TAIL = 16_384;
/** How far back from the end a clean cut is looked for. */
const CUT_SEARCH = 1_024;
const LONG_TAIL_KEEP = 4_096;

/** The redacted form of `raw`, reusing `previous` when `raw` extends the text it redacted. A caller that
 * knows `raw` only grew by appends since `previous` (`appended`) spares the prefix comparison. */
export function redactGrowingText(
  raw: string,
  previous?: GrowingTextRedaction,
  appended = false,
): GrowingTextRedaction {
  if (previous !== undefined && previous.raw === raw) return previous;
  const base =
    previous !== undefined && raw.length > previous.raw.length && (appended || raw.startsWith(previous.raw))
      ? previous
      : undefined;
  const from = base?.cut ?? 0;
  const prefix = base?.prefix ?? "";
  const tail = raw.slice(from);
  const matches = findSecretsInString(tail);
  const text = prefix + (matches.length === 0 ? tail : applyMatches(tail, matches));
  const cut = safeCut(tail, matches);
  if (cut === 0) return { raw, cut: from, prefix, text };
  const before = matches.filter((m) => m.end <= cut);
  const head = tail.slice(0, cut);
  return { raw, cut: from + cut, prefix: prefix + applyMatches(head, before), text };
}

/** The last offset of `tail` that no present or future secret can straddle: just after a whitespace
 * character near the end that is inside no match (an open PEM block matches to the end), with no secret
 * hint in the characters before it. A tail that found none and grew long is cut far from its end where
 * no match is near: anything straddling that point would be complete, hence matched, by now. 0: no cut. */
function safeCut(tail: string, matches: readonly SecretMatch[]): number {
  const lastEnd = matches.length > 0 ? matches[matches.length - 1].end : 0;
  const floor = Math.max(lastEnd, tail.length - CUT_SEARCH);
  for (let i = tail.length - 1; i >= floor; i--) {
    if (!isSpace(tail.charCodeAt(i))) continue;
    if (!SECRET_HINT.test(tail.slice(Math.max(0, i - CUT_GUARD), i + 1))) return i + 1;
  }
  if (tail.length <= LONG_TAIL) return 0;
  const cut = tail.length - LONG_TAIL_KEEP;
  const near = matches.some((m) => m.start < cut + CUT_GUARD && m.end > cut - CUT_GUARD);
  return near ? 0 : cut;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

// The start of a provider key, a JWT, a PEM block, a Bearer or Basic credential or a labelled assignment at the
// very end of a text.
const TRAILING_SECRET_START =
  /(?:\b(?:npm_|sk[-_]|rk_|gh[pousr]_|github_pat_|glpat-|xox[a-z]?-?|AIza|AKIA|ASIA|eyJ)[A-Za-z0-9_.+/=-]*|-----BEGIN[A-Z -]*|(?:password|passwd|pwd|secret|token|key)["']?[ \t]{0,8}[:=][ \t]{0,8}["']?[^\s"',;]*|\bBearer[ \t]*[A-Za-z0-9._~+/=-]*|\bBasic(?:[ \t]+[A-Za-z0-9+/=]*)?|\b[a-z][a-z0-9+.-]*:\/\/[^\s/@"']*)$/i;

/** A streaming text as it may be shown: its redaction without a trailing fragment that could be the
 * first characters of a secret still arriving (shown once the text moves past it or ends). */
export function withoutTrailingSecretStart(text: string): string {
  const tail = text.length > 256 ? text.slice(-256) : text;
  const m = TRAILING_SECRET_START.exec(tail);
  return m === null ? text : text.slice(0, text.length - m[0].length);
}
