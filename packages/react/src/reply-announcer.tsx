// Announces a new assistant reply to screen readers once it is complete — politely, once, with its text —
// instead of every streamed token (the conversation log itself stays aria-live="off"). Replies already
// present when the conversation mounts (history) are not announced.
import type { AgentRecord, Message } from "@agent-ui/contracts";
import { useEffect, useRef, useState } from "react";

/** Announced text is clipped: a screen reader reads the start; the full reply is in the log. */
const ANNOUNCE_LIMIT = 600;

export function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return items[i];
  return undefined;
}

function answerOf(message: Message): { done: boolean; text: string } {
  const parts = message.parts.filter((p) => p.kind === "assistant_text");
  return {
    done: parts.length > 0 && parts.every((p) => p.status === "done"),
    text: parts.map((p) => p.text ?? "").join("\n\n"),
  };
}

export function ReplyAnnouncer({
  messages,
  agents,
}: {
  messages: readonly Message[];
  agents: Record<string, AgentRecord>;
}) {
  const [said, setSaid] = useState("");
  // Message ids whose reply was already complete (at mount) or already announced.
  const known = useRef<Set<string> | null>(null);
  if (known.current === null)
    known.current = new Set(messages.filter((m) => answerOf(m).done).map((m) => m.id));
  const last = findLast(messages, (m) => m.role === "assistant");
  useEffect(() => {
    if (!last || known.current?.has(last.id)) return;
    const { done, text } = answerOf(last);
    if (!done || text.trim() === "") return;
    known.current?.add(last.id);
    const agent = last.agentId ? agents[last.agentId] : undefined;
    const author =
      agent && agent.name !== "unknown" && agent.name !== "unavailable" ? agent.name : "Assistant";
    const clipped = text.length > ANNOUNCE_LIMIT ? `${text.slice(0, ANNOUNCE_LIMIT)}…` : text;
    setSaid(`${author} replied: ${clipped}`);
  }, [last, agents]);
  return (
    <div className="aui-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said}
    </div>
  );
}
