// One runtime-owned queued turn (QUEUE-03/08): position, preview, creation time and status, with promote
// and remove sent to the runtime. The row changes — or disappears — only when a new `queue.changed` state
// is rendered; a click alone shows "waiting for runtime…", a refusal an error row with retry.
import type { QueueItem } from "@agent-ui/contracts";
import type { Dispatch } from "./commands";
import { ControlButton } from "./controlled-write";
import { Badge, clip } from "./honest";

export function QueuedTurn({ item, dispatch }: { item: QueueItem; dispatch?: Dispatch }) {
  // Any queue.changed that touches this item moves one of these; an unrelated item's change does not.
  const fact = `${item.status}:${item.position}`;
  const label = `queued turn #${item.position}`;
  return (
    <li className="aui-capsule aui-attention-medium" data-state="queued" aria-label={label}>
      <span className="aui-capsule-title">Queued turn #{item.position}</span>
      <Badge value={item.status} />
      <span className="aui-hint">{item.preview ? clip(item.preview, 60) : "preview: unavailable"}</span>
      {item.createdAt ? <span className="aui-hint"> · queued {item.createdAt}</span> : null}
      {dispatch ? (
        <>
          <ControlButton
            dispatch={dispatch}
            intent={{ kind: "promote_queued", queuedId: item.id }}
            fact={fact}
            label="Run next"
            name={`Run ${label} next`}
          />
          <ControlButton
            dispatch={dispatch}
            intent={{ kind: "remove_queued", queuedId: item.id }}
            fact={fact}
            label="Remove"
            name={`Remove ${label}`}
          />
        </>
      ) : null}
    </li>
  );
}
