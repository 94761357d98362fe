// Composer context chips (COMP-01/02). `@mentions` in the draft resolve against known context targets
// (context refs, artifacts…) to stable ref ids; each resolved mention is a removable chip with a stable
// label. A mention that resolves to nothing stays visibly unresolved and is never sent as context — it
// remains plain prose in the message text.
import { Badge } from "./honest";

/** Something the user can attach by mentioning it: a stable id plus the label shown on its chip. */
export interface MentionTarget {
  id: string;
  label?: string;
  kind?: string;
}

export interface ParsedMentions {
  /** Resolved targets, first mention wins, in draft order. */
  resolved: MentionTarget[];
  /** Tokens (without `@`) that matched no target, in draft order, deduplicated. */
  unresolved: string[];
}

// `@` at the start or after whitespace, then a token of word characters, dots, dashes and slashes
// (file names like `@sales.csv`, paths like `@docs/plan.md`). Trailing punctuation is not part of it.
const MENTION = /(?:^|\s)@([\w][\w.\-/]*[\w]|[\w])/g;

/** Finds the mentions in a draft and resolves each against the targets by id or label (case-insensitive).
 * Linear in the draft plus the targets. */
export function parseMentions(text: string, targets: readonly MentionTarget[]): ParsedMentions {
  const index = new Map<string, MentionTarget>();
  for (const t of targets) {
    index.set(t.id.toLowerCase(), t);
    if (t.label && !index.has(t.label.toLowerCase())) index.set(t.label.toLowerCase(), t);
  }
  const resolved = new Map<string, MentionTarget>();
  const unresolved = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const token = match[1];
    const target = index.get(token.toLowerCase());
    if (target) {
      if (!resolved.has(target.id)) resolved.set(target.id, target);
    } else unresolved.add(token);
  }
  return { resolved: [...resolved.values()], unresolved: [...unresolved] };
}

/** The chip row under the composer: resolved mentions (removable) and unresolved ones (flagged). */
export function ComposerChips({
  mentions,
  removed,
  onRemove,
}: {
  mentions: ParsedMentions;
  removed: ReadonlySet<string>;
  onRemove: (id: string) => void;
}) {
  const attached = mentions.resolved.filter((t) => !removed.has(t.id));
  if (attached.length === 0 && mentions.unresolved.length === 0) return null;
  return (
    <ul className="aui-chips aui-composer-chips" aria-label="Attached context">
      {attached.map((t) => {
        const label = t.label ?? t.id;
        return (
          <li key={t.id} className="aui-chip" title={t.kind ? `${t.kind} · ${t.id}` : t.id}>
            {label}
            <button
              type="button"
              className="aui-chip-remove"
              aria-label={`Remove context ${label}`}
              onClick={() => onRemove(t.id)}
            >
              ×
            </button>
          </li>
        );
      })}
      {mentions.unresolved.map((token) => (
        <li key={`@${token}`} className="aui-chip aui-chip-missing" title="not sent as context">
          @{token}: <Badge value="unresolved" tone="warn" />
        </li>
      ))}
    </ul>
  );
}

/** The context ids a submit carries: resolved mentions the user did not remove. */
export function contextRefsOf(mentions: ParsedMentions, removed: ReadonlySet<string>): string[] {
  return mentions.resolved.filter((t) => !removed.has(t.id)).map((t) => t.id);
}
