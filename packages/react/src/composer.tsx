// Composer: submit intent only. While a run is active the user chooses explicitly between "queue" (run
// this next) and "steer" (change what is happening now) — visibly distinct, never guessed (QUEUE-01/02).
// The draft and its context chips are UI state: cleared only when the runtime accepted the write, and kept
// with the reason when the write failed or was rejected (COMP-03, QUEUE-05). Context comes from `@`
// autocomplete picks, exactly typed mentions and the Attach menu — resolved ids only (COMP-01/02).
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { QueueItem, SteerItem } from "@agent-ui/contracts";
import { type CommandIntent, type Dispatch, dispatchSafely } from "./commands";
import { AttachMenu, filesIn, UPLOADS_UNAVAILABLE } from "./composer-attach";
import {
  ComposerChips,
  type ComposerContextDraft,
  EMPTY_CONTEXT_DRAFT,
  attachedContext,
  parseMentions,
} from "./composer-context";
import { composerKey, lastQueued, queuedText, useSteerFollowUp } from "./composer-habits";
import { type ComposerPermissions, ComposerRiskChip } from "./composer-risk";
import { MentionListbox, type MentionQuery, useMentionAutocomplete } from "./mention-autocomplete";
import { type MentionTarget, insertToken } from "./mention-targets";
import { reasonText } from "./reason-text";

export interface ComposerProps {
  dispatch: Dispatch;
  /** True while a turn runs: send becomes queue or steer. */
  runActive: boolean;
  activeTurnId?: string;
  disabledReason?: string;
  onInterrupt?: () => void;
  /** Context an `@mention` or the Attach menu may reference (COMP-01/02), e.g. `mentionTargetsOf(state)`.
   * Without it, mentions are plain text. */
  mentionables?: readonly MentionTarget[];
  /** Draft to start from, e.g. the one kept when the user switched sessions (COMP-03). */
  initialDraft?: string;
  /** Every draft change, so the host can keep it across unmounts (session switch, panel change). */
  onDraftChange?: (draft: string) => void;
  /** Context chips to start from (kept by the host with the draft, COMP-03). */
  initialContext?: ComposerContextDraft;
  /** Every change of picks, attachments or removed chips. */
  onContextChange?: (context: ComposerContextDraft) => void;
  /** Why local files cannot be attached (our control contract has no upload write). */
  uploadReason?: string;
  /** The runtime's queue (`state.queue.items`): ↑ in an empty composer takes the last queued turn back to
   * edit (a `remove_queued` write, then the text is the draft). Without it ↑ is the field's own. */
  queued?: readonly QueueItem[];
  /** The runtime's steers (`state.queue.steers`): the "steer sent" notice clears when the runtime settles it. */
  steers?: readonly SteerItem[];
  /** The runtime's permission facts (`state.permissions`): mode, sandbox and risk shown beside Send. */
  permissions?: ComposerPermissions;
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
  initialContext = EMPTY_CONTEXT_DRAFT,
  onContextChange,
  uploadReason = UPLOADS_UNAVAILABLE,
  queued,
  steers,
  permissions,
}: ComposerProps) {
  const [draft, setDraftState] = useState(initialDraft);
  const setDraft = (text: string) => {
    setDraftState(text);
    onDraftChange?.(text);
  };
  const [context, setContextState] = useState(initialContext);
  const setContext = (next: ComposerContextDraft) => {
    setContextState(next);
    onContextChange?.(next);
  };
  const removed = useMemo(() => new Set(context.removed), [context.removed]);
  const mentions = useMemo(
    () => parseMentions(draft, mentionables, context.picked),
    [draft, mentionables, context.picked],
  );
  const chips = attachedContext(mentions, context.attached, removed);
  const [busy, setBusy] = useState<Mode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A steer the runtime could not apply offers the queue as a fallback (QUEUE-05).
  const [steerRefused, setSteerRefused] = useState(false);
  // Texts this composer queued, so ↑ can restore a full text the queue only previews.
  const sentQueued = useRef<string[]>([]);
  const steerFollowUp = useSteerFollowUp(steers, (outcome) =>
    setNotice(
      outcome.status === "accepted"
        ? null
        : `The runtime did not apply the steer (${outcome.status}${outcome.reason ? `: ${reasonText(outcome.reason)}` : ""}).`,
    ),
  );

  // The caret decides which `@query` the autocomplete completes; after a pick it moves past the mention.
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(initialDraft.length);
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !field.current) return;
    caretAfterPick.current = null;
    field.current.setSelectionRange(at, at);
    setCaret(at);
  });
  const unremove = (id: string) => context.removed.filter((r) => r !== id);
  const onPick = (target: MentionTarget, query: MentionQuery) => {
    const token = insertToken(target, mentionables);
    const next = `${draft.slice(0, query.start)}@${token} ${draft.slice(query.end).replace(/^ /, "")}`;
    caretAfterPick.current = query.start + token.length + 2;
    setDraft(next);
    setContext({
      ...context,
      picked: [...context.picked.filter((p) => p.token !== token), { ...target, token }],
      removed: unremove(target.id),
    });
  };
  const auto = useMentionAutocomplete(mentionables, draft, caret, onPick);
  const attach = (target: MentionTarget) =>
    setContext({ ...context, attached: [...context.attached, target], removed: unremove(target.id) });
  const removeChip = (id: string) =>
    setContext({
      ...context,
      attached: context.attached.filter((t) => t.id !== id),
      removed: context.attached.some((t) => t.id === id) ? context.removed : [...context.removed, id],
    });

  async function submit(mode: Mode) {
    const text = draft.trim();
    if (!text || busy || disabledReason) return;
    setBusy(mode);
    setNotice(null);
    setSteerRefused(false);
    const refs = chips.map((t) => t.id);
    const contextRefs = refs.length > 0 ? { contextRefs: refs } : {};
    const intent: CommandIntent =
      mode === "steer"
        ? { kind: "steer", text, targetTurnId: activeTurnId, ...contextRefs }
        : { kind: mode, text, ...contextRefs };
    const result = await dispatchSafely(dispatch, intent);
    setBusy(null);
    if (result.status === "accepted") {
      if (mode === "queue") sentQueued.current = [...sentQueued.current.slice(-9), text];
      if (mode === "steer") steerFollowUp.expect(result.assigned?.steerId);
      else steerFollowUp.cancel();
      setDraft("");
      setContext(EMPTY_CONTEXT_DRAFT);
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
        `Not sent (${result.status}${result.reason ? `: ${result.reason}` : ""}). Your draft and its context are kept.`,
      );
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(runActive ? "queue" : "send");
  };
  const editable = lastQueued(queued);
  async function editQueued(item: QueueItem) {
    setBusy("queue");
    const result = await dispatchSafely(dispatch, { kind: "remove_queued", queuedId: item.id });
    setBusy(null);
    if (result.status === "accepted") {
      setDraft(queuedText(item, sentQueued.current));
      setNotice("Took the queued turn back to edit — send or queue it again.");
    } else
      setNotice(
        `Could not take the queued turn back (${result.status}${result.reason ? `: ${result.reason}` : ""}).`,
      );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (auto.onKeyDown(event)) return;
    const key = composerKey(event, {
      empty: draft === "",
      canInterrupt: runActive && !!onInterrupt,
      canEditQueued: !!editable && !busy && !disabledReason,
    });
    if (key === null) return;
    event.preventDefault();
    if (key === "submit") void submit(runActive ? "queue" : "send");
    else if (key === "interrupt") onInterrupt?.();
    else if (editable) void editQueued(editable);
  };
  // A dropped or pasted file cannot be uploaded: say so by name instead of losing it silently.
  const refuseFiles = (event: DragEvent | ClipboardEvent, data: DataTransfer | null) => {
    const names = filesIn(data);
    if (names.length === 0) return;
    event.preventDefault();
    setNotice(`Not attached: ${names.join(", ")} — ${uploadReason}.`);
  };
  const empty = draft.trim() === "";
  const blocked = empty || busy !== null || !!disabledReason;
  return (
    <form className="aui-composer" aria-label="Composer" onSubmit={onSubmit}>
      <label htmlFor="aui-composer-input" className="aui-visually-hidden">
        Message
      </label>
      <div className="aui-composer-field">
        <textarea
          id="aui-composer-input"
          ref={field}
          value={draft}
          placeholder={
            runActive
              ? `Queue a follow-up or steer the running turn… (Enter queues, Shift+Enter new line${onInterrupt ? ", Esc interrupts" : ""})`
              : "Ask the agent… (Enter to send, Shift+Enter for a new line, @ to mention)"
          }
          onChange={(e) => {
            setDraft(e.target.value);
            setCaret(e.target.selectionStart ?? e.target.value.length);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setCaret(-1)}
          onFocus={(e) => setCaret(e.currentTarget.selectionStart)}
          onDrop={(e) => refuseFiles(e, e.dataTransfer)}
          onPaste={(e) => refuseFiles(e, e.clipboardData)}
          {...auto.fieldProps}
          rows={3}
        />
        <MentionListbox auto={auto} />
      </div>
      <ComposerChips
        mentions={mentions}
        attached={context.attached}
        removed={removed}
        onRemove={removeChip}
      />
      <div className="aui-actions">
        <AttachMenu
          targets={mentionables}
          attachedIds={new Set(chips.map((t) => t.id))}
          onAttach={attach}
          uploadReason={uploadReason}
          disabled={!!disabledReason}
        />
        {runActive ? (
          <>
            <button
              type="button"
              className="aui-button aui-button-queue"
              disabled={blocked}
              onClick={() => submit("queue")}
            >
              Queue — run next
            </button>
            <button
              type="button"
              className="aui-button aui-button-steer"
              disabled={blocked}
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
          <button type="submit" className="aui-button aui-button-primary" disabled={blocked}>
            Send
          </button>
        )}
        {permissions ? <ComposerRiskChip permissions={permissions} /> : null}
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
