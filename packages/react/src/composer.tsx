// Composer: submit intent only. While a run is active the user chooses explicitly between "queue" (run
// this next) and "steer" (change what is happening now) — visibly distinct, never guessed (QUEUE-01/02).
// The draft is UI state: it is cleared only when the runtime accepted the write, and kept with the reason
// when the write failed or was rejected (COMP-03, QUEUE-05).
import { type FormEvent, type KeyboardEvent, useMemo, useState } from "react";
import { type CommandIntent, type Dispatch, dispatchSafely } from "./commands";
import { ComposerChips, type MentionTarget, contextRefsOf, parseMentions } from "./composer-context";

export interface ComposerProps {
  dispatch: Dispatch;
  /** True while a turn runs: send becomes queue or steer. */
  runActive: boolean;
  activeTurnId?: string;
  disabledReason?: string;
  onInterrupt?: () => void;
  /** Context an `@mention` may resolve to (COMP-01/02). Without it, mentions are plain text. */
  mentionables?: readonly MentionTarget[];
  /** Draft to start from, e.g. the one kept when the user switched sessions (COMP-03). */
  initialDraft?: string;
  /** Every draft change, so the host can keep it across unmounts (session switch, panel change). */
  onDraftChange?: (draft: string) => void;
}

type Mode = "send" | "queue" | "steer";

const NO_TARGETS: readonly MentionTarget[] = [];

export function Composer({
  dispatch,
  runActive,
  activeTurnId,
  disabledReason,
  onInterrupt,
  mentionables = NO_TARGETS,
  initialDraft = "",
  onDraftChange,
}: ComposerProps) {
  const [draft, setDraftState] = useState(initialDraft);
  const setDraft = (text: string) => {
    setDraftState(text);
    onDraftChange?.(text);
  };
  // Chips the user removed: UI state, cleared once a submit was accepted.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const mentions = useMemo(() => parseMentions(draft, mentionables), [draft, mentionables]);
  const [busy, setBusy] = useState<Mode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A steer the runtime could not apply offers the queue as a fallback (QUEUE-05).
  const [steerRefused, setSteerRefused] = useState(false);

  async function submit(mode: Mode) {
    const text = draft.trim();
    if (!text || busy || disabledReason) return;
    setBusy(mode);
    setNotice(null);
    setSteerRefused(false);
    const refs = contextRefsOf(mentions, removed);
    const context = refs.length > 0 ? { contextRefs: refs } : {};
    const intent: CommandIntent =
      mode === "steer"
        ? { kind: "steer", text, targetTurnId: activeTurnId, ...context }
        : { kind: mode, text, ...context };
    const result = await dispatchSafely(dispatch, intent);
    setBusy(null);
    if (result.status === "accepted") {
      setDraft("");
      setRemoved(new Set());
      setNotice(
        mode === "send"
          ? null
          : mode === "queue"
            ? "Queued — runs after the current turn."
            : "Steer sent — waiting for the runtime.",
      );
    } else {
      setSteerRefused(mode === "steer");
      setNotice(
        `Not sent (${result.status}${result.reason ? `: ${result.reason}` : ""}). Your draft is kept.`,
      );
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(runActive ? "queue" : "send");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit(runActive ? "queue" : "send");
    }
  };
  const empty = draft.trim() === "";
  return (
    <form className="aui-composer" aria-label="Composer" onSubmit={onSubmit}>
      <label htmlFor="aui-composer-input" className="aui-visually-hidden">
        Message
      </label>
      <textarea
        id="aui-composer-input"
        value={draft}
        placeholder={runActive ? "Queue a follow-up or steer the running turn…" : "Ask the agent…"}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
      />
      <ComposerChips
        mentions={mentions}
        removed={removed}
        onRemove={(id) => setRemoved((set) => new Set(set).add(id))}
      />
      <div className="aui-actions">
        {runActive ? (
          <>
            <button
              type="button"
              className="aui-button aui-button-queue"
              disabled={empty || busy !== null || !!disabledReason}
              onClick={() => submit("queue")}
            >
              Queue — run next
            </button>
            <button
              type="button"
              className="aui-button aui-button-steer"
              disabled={empty || busy !== null || !!disabledReason}
              onClick={() => submit("steer")}
            >
              Steer — change current run
            </button>
            {onInterrupt ? (
              <button type="button" className="aui-button aui-button-danger" onClick={onInterrupt}>
                Interrupt
              </button>
            ) : null}
          </>
        ) : (
          <button
            type="submit"
            className="aui-button aui-button-primary"
            disabled={empty || busy !== null || !!disabledReason}
          >
            Send
          </button>
        )}
        {busy ? <span className="aui-hint">sending…</span> : null}
        {disabledReason ? <span className="aui-hint">{disabledReason}</span> : null}
      </div>
      {notice ? (
        <p className="aui-hint" role="status">
          {notice}
        </p>
      ) : null}
      {steerRefused && runActive && !busy ? (
        <button type="button" className="aui-button aui-button-queue" onClick={() => submit("queue")}>
          Queue it instead
        </button>
      ) : null}
    </form>
  );
}
