// `@` autocomplete for the composer (COMP-02): the ARIA combobox pattern on the message field. Focus never
// leaves the field — the highlighted option is announced through `aria-activedescendant` — so typing,
// IME composition and the caret stay where the user left them. Arrow keys move, Enter/Tab pick, Escape
// closes until the next `@`; a mouse pick keeps focus too. Only targets the projection knows are offered,
// and a query with no match says it will stay plain text instead of pretending to resolve.
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { MENTION_CHAR, type MentionTarget, filterTargets, targetLabel } from "./mention-targets";

/** The `@query` the caret is in: `start` is the index of `@`, `end` the caret. */
export interface MentionQuery {
  start: number;
  end: number;
  query: string;
}

/** Longest query scanned back from the caret; a longer run of token characters is not a mention being typed. */
const MAX_QUERY = 64;

/** The mention being typed at `caret`, if any: `@` at the start or after whitespace, then token characters
 * up to the caret. Looks back at most `MAX_QUERY` characters. */
export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  let i = Math.min(caret, text.length);
  const floor = Math.max(0, i - MAX_QUERY);
  while (i > floor && MENTION_CHAR.test(text[i - 1])) i--;
  const at = i - 1;
  if (at < 0 || text[at] !== "@") return null;
  if (at > 0 && !/\s/.test(text[at - 1])) return null;
  return { start: at, end: caret, query: text.slice(i, caret) };
}

export interface MentionAutocomplete {
  query: MentionQuery | null;
  options: MentionTarget[];
  open: boolean;
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** Props for the message field (combobox role and state). */
  fieldProps: {
    role: "combobox";
    "aria-autocomplete": "list";
    "aria-expanded": boolean;
    "aria-controls": string;
    "aria-activedescendant": string | undefined;
  };
  /** Handles the combobox keys; returns true when the key was consumed. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  setActiveIndex: (index: number) => void;
  pick: (target: MentionTarget) => void;
}

export function useMentionAutocomplete(
  targets: readonly MentionTarget[],
  text: string,
  caret: number,
  onPick: (target: MentionTarget, query: MentionQuery) => void,
): MentionAutocomplete {
  const listboxId = useId();
  const query = useMemo(() => activeMentionQuery(text, caret), [text, caret]);
  const needle = query?.query;
  const options = useMemo(
    () => (needle === undefined ? [] : filterTargets(targets, needle)),
    [targets, needle],
  );
  // Escape closes the list for this `@` only (keyed by its position); a new `@` opens it again.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // The highlight belongs to one query: typing more starts again at the first option.
  const [highlight, setHighlight] = useState<{ key: string; index: number }>({ key: "", index: 0 });
  const key = query ? `${query.start}:${query.query}` : "";
  const activeIndex = highlight.key === key ? Math.min(highlight.index, Math.max(0, options.length - 1)) : 0;
  const open = query !== null && dismissedAt !== query.start && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const setActiveIndex = (index: number) => setHighlight({ key, index });
  const pick = (target: MentionTarget) => {
    if (query) onPick(target, query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    // Keys confirming an IME composition belong to the IME, never to the list (COMP-02).
    if (!open || event.nativeEvent.isComposing || event.keyCode === 229) return false;
    const n = options.length;
    switch (event.key) {
      case "ArrowDown":
        setActiveIndex((activeIndex + 1) % n);
        break;
      case "ArrowUp":
        setActiveIndex((activeIndex - 1 + n) % n);
        break;
      case "Home":
        setActiveIndex(0);
        break;
      case "End":
        setActiveIndex(n - 1);
        break;
      case "Enter":
      case "Tab":
        if (event.shiftKey || event.metaKey || event.ctrlKey) return false;
        pick(options[activeIndex]);
        break;
      case "Escape":
        setDismissedAt(query?.start ?? null);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    query,
    options,
    open,
    activeIndex,
    listboxId,
    optionId,
    fieldProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": open,
      "aria-controls": listboxId,
      "aria-activedescendant": open ? optionId(activeIndex) : undefined,
    },
    onKeyDown,
    setActiveIndex,
    pick,
  };
}

/** The suggestion list. Options are picked on mouse down so the field keeps focus (and the caret). */
export function MentionListbox({ auto }: { auto: MentionAutocomplete }) {
  const { query } = auto;
  if (query && !auto.open && query.query !== "" && auto.options.length === 0) {
    return (
      <p className="aui-hint aui-mention-none" role="status">
        Nothing known matches “@{query.query}” — it will be sent as plain text, not as context.
      </p>
    );
  }
  if (!auto.open) return <div id={auto.listboxId} role="listbox" aria-label="Mention suggestions" hidden />;
  return (
    <div id={auto.listboxId} role="listbox" aria-label="Mention suggestions" className="aui-mention-list">
      {auto.options.map((target, index) => (
        <div
          key={target.id}
          id={auto.optionId(index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === auto.activeIndex}
          className={`aui-mention-option${index === auto.activeIndex ? " aui-active" : ""}`}
          onMouseDown={(event) => {
            event.preventDefault();
            auto.pick(target);
          }}
          onMouseEnter={() => auto.setActiveIndex(index)}
        >
          <span className="aui-mention-label">{targetLabel(target)}</span>
          <span className="aui-mention-kind">{target.kind ?? "context"}</span>
          {target.detail ? <span className="aui-hint">{target.detail}</span> : null}
        </div>
      ))}
    </div>
  );
}
