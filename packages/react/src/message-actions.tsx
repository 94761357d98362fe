// Per-message controls: copy (every message with text), regenerate (the last assistant answer, as a
// `retry` of its turn) and edit-and-resend (a user message, sent again as a new `send`). Regenerate and
// edit-and-resend are shown only where the host says the runtime supports them (`MessageControls`); each
// is a controlled write that waits for the runtime's new message and shows a refusal with retry.
import type { Message } from "@agent-ui/contracts";
import { useState } from "react";
import type { Dispatch } from "./commands";
import { useControlledWrite, WriteFeedback } from "./controlled-write";
import { CopyButton } from "./copy-button";

/** Which per-message writes the runtime supports; an absent flag hides the control. */
export interface MessageControls {
  /** `retry` of an answer's turn produces a new answer. */
  regenerate?: boolean;
  /** A user message can be edited and sent again (a new `send`). */
  editAndResend?: boolean;
}

/** The plain text of a message: its user/assistant text parts, in order. */
export function messageText(message: Message): string {
  return message.parts
    .filter((p) => p.kind === "assistant_text" || p.kind === "user_text" || p.kind === "worker_notification")
    .map((p) => p.text ?? "")
    .join("\n\n");
}

export function MessageActions({
  message,
  isLatestAnswer,
  controls,
  dispatch,
  conversationFact,
}: {
  message: Message;
  isLatestAnswer: boolean;
  controls?: MessageControls;
  dispatch: Dispatch;
  /** Changes when the runtime adds or replaces a message (e.g. the last message's id). */
  conversationFact: unknown;
}) {
  const text = messageText(message);
  const write = useControlledWrite(dispatch, conversationFact);
  const [editing, setEditing] = useState<string | null>(null);
  const streaming = message.parts.some((p) => p.status === "streaming");
  if (!text || message.optimistic) return null;
  const canRegenerate =
    controls?.regenerate && message.role === "assistant" && isLatestAnswer && message.turnId && !streaming;
  const canEdit = controls?.editAndResend && message.role === "user";
  const resend = async () => {
    const next = editing?.trim();
    if (!next) return;
    const result = await write.send({ kind: "send", text: next });
    if (result?.status === "accepted") setEditing(null);
  };
  return (
    <div className="aui-message-actions">
      <CopyButton text={text} describedAs="message" />
      {canRegenerate ? (
        <button
          type="button"
          className="aui-button aui-button-quiet"
          disabled={write.pending || !!write.blocked}
          onClick={() => void write.send({ kind: "retry", turnId: message.turnId })}
        >
          Regenerate
        </button>
      ) : null}
      {canEdit && editing === null ? (
        <button
          type="button"
          className="aui-button aui-button-quiet"
          disabled={write.pending || !!write.blocked}
          onClick={() => setEditing(text)}
        >
          Edit and resend
        </button>
      ) : null}
      {canEdit && editing !== null ? (
        <div className="aui-message-edit">
          <textarea
            aria-label="Edit message"
            value={editing}
            rows={3}
            onChange={(e) => setEditing(e.target.value)}
          />
          <button
            type="button"
            className="aui-button aui-button-primary"
            disabled={!editing.trim() || write.pending || !!write.blocked}
            onClick={resend}
          >
            Resend
          </button>
          <button type="button" className="aui-button aui-button-quiet" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      <WriteFeedback write={write} label={editing !== null ? "Resend" : "Regenerate"} />
    </div>
  );
}
