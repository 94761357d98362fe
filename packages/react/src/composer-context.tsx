// Composer context chips (COMP-01/02). Context reaches a submit three ways, all resolved to stable ids:
// an `@mention` picked from the autocomplete (the pick pins the exact target), an `@mention` typed exactly
// as a known target's id or label, and an item attached from the Attach menu. Each is a removable chip
// with a stable label. A mention that resolves to nothing stays visibly unresolved and is never sent as
// context — it remains plain prose in the message text.
import { Badge } from "./honest";
import { MENTION_TOKEN_SOURCE, type MentionTarget, targetLabel } from "./mention-targets";

export type { MentionTarget } from "./mention-targets";

/** A target the user picked from the autocomplete, with the token the pick inserted after `@`. */
export interface PickedMention extends MentionTarget {
  token: string;
}

/** The composer's context besides its text: UI state the host may keep with the draft (COMP-03). */
export interface ComposerContextDraft {
  picked: PickedMention[];
  attached: MentionTarget[];
  /** Ids of chips the user removed (their mention text stays prose). */
  removed: string[];
}

export const EMPTY_CONTEXT_DRAFT: ComposerContextDraft = { picked: [], attached: [], removed: [] };

export interface ParsedMentions {
  /** Resolved targets, first mention wins, in draft order. */
  resolved: MentionTarget[];
  /** Tokens (without `@`) that matched no target, in draft order, deduplicated. */
  unresolved: string[];
}

// `@` at the start or after whitespace, then a token (see MENTION_TOKEN). Trailing punctuation is not part
// of it.
const MENTION = new RegExp(`(?:^|\\s)@(${MENTION_TOKEN_SOURCE})`, "g");

/** Finds the mentions in a draft and resolves each: a picked token to its picked target, otherwise
 * against the targets by id or label (case-insensitive). Linear in the draft plus the targets. */
export function parseMentions(
  text: string,
  targets: readonly MentionTarget[],
  picked: readonly PickedMention[] = [],
): ParsedMentions {
  const index = new Map<string, MentionTarget>();
  for (const p of picked) index.set(p.token.toLowerCase(), p);
  for (const t of targets) {
    if (!index.has(t.id.toLowerCase())) index.set(t.id.toLowerCase(), t);
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

/** The chips a submit carries: resolved mentions, then attachments, without removed ones or repeats. */
export function attachedContext(
  mentions: ParsedMentions,
  attached: readonly MentionTarget[],
  removed: ReadonlySet<string>,
): MentionTarget[] {
  const seen = new Set<string>();
  const out: MentionTarget[] = [];
  for (const t of [...mentions.resolved, ...attached]) {
    if (removed.has(t.id) || seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
  }
  return out;
}

/** The chip row under the composer: attached context (removable) and unresolved mentions (flagged). */
export function ComposerChips({
  mentions,
  removed,
  onRemove,
  attached = [],
}: {
  mentions: ParsedMentions;
  removed: ReadonlySet<string>;
  onRemove: (id: string) => void;
  /** Items attached from the Attach menu. */
  attached?: readonly MentionTarget[];
}) {
  const chips = attachedContext(mentions, attached, removed);
  if (chips.length === 0 && mentions.unresolved.length === 0) return null;
  return (
    <ul className="aui-chips aui-composer-chips" aria-label="Attached context">
      {chips.map((t) => {
        const label = targetLabel(t);
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

/** The context ids a submit carries: resolved mentions the user did not remove (plus attachments). */
export function contextRefsOf(
  mentions: ParsedMentions,
  removed: ReadonlySet<string>,
  attached: readonly MentionTarget[] = [],
): string[] {
  return attachedContext(mentions, attached, removed).map((t) => t.id);
}
