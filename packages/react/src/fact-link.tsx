// A compact link from a message part to the lane that owns the fact (evidence lane, team workbench): the
// conversation shows one line — kind, name, status — and the body is expanded only in that lane, never
// twice on one screen (PROC-04, EVID-02). Without a handler it is plain text, not a dead button.
import type { MessagePart } from "@agent-ui/contracts";
import { Badge, honestText } from "./honest";

export function FactLink({
  kind,
  label,
  status,
  detail,
  onOpen,
}: {
  kind: string;
  label: string;
  /** The owner's status; `unknown` when the record is not (yet) known. */
  status?: string;
  detail?: string;
  onOpen?: () => void;
}) {
  // The control holds only what names it ("evidence ev-1"), so its accessible name ("Open evidence ev-1")
  // contains its visible text (WCAG 2.5.3); status and detail follow it as plain text.
  const name = (
    <>
      <span className="aui-fact-kind">{kind}</span> <span className="aui-fact-label">{label}</span>
    </>
  );
  const rest = (
    <>
      {status !== undefined ? <Badge value={honestText(status)} /> : null}
      {detail ? <span className="aui-hint">{detail}</span> : null}
    </>
  );
  return onOpen ? (
    <span className="aui-fact-link" data-static="false">
      <button type="button" className="aui-fact-open" aria-label={`Open ${kind} ${label}`} onClick={onOpen}>
        {name}
      </button>
      {rest}
    </span>
  ) : (
    <span className="aui-fact-link" data-static="true">
      {name}
      {rest}
    </span>
  );
}

/** The ids a part points at, for a part kind this surface does not know: shown as they are, never guessed
 * into prose (FALL-01). */
const ID_FIELDS = [
  "toolCallId",
  "actionId",
  "artifactId",
  "evidenceId",
  "taskId",
  "agentId",
  "workerNotificationId",
  "handoffId",
] as const;

export function UnknownPart({ part }: { part: MessagePart }) {
  const ids = ID_FIELDS.filter((f) => part[f] !== undefined).map((f) => `${f} ${part[f]}`);
  const content = part.title ?? part.text;
  return (
    <p className="aui-step aui-part-unknown" data-kind={part.kind}>
      <Badge label="part" value={part.kind} tone="muted" />
      {content ? ` ${content}` : null}
      {ids.length > 0 ? <span className="aui-hint"> {ids.join(" · ")}</span> : null}
    </p>
  );
}
