// One runtime-owned queued turn (QUEUE-03/06/08): position, preview, creation time and the queue's own
// status word, with promote and remove sent to the runtime under the turn's queued id. The row changes — or
// disappears — only when a new `queue.changed` state is rendered; a click alone shows "waiting for
// runtime…", a refusal an error row with retry. A queued turn is never shown as running: the badge is the
// queue's word (`queued`, `promoted`, `started`, …), never the capsule crosswalk's.
import type { QueueItem, TaskRecord } from "@agent-ui/contracts";
import type { Dispatch } from "./commands";
import { ControlButton } from "./controlled-write";
import { Badge, clip } from "./honest";
import { RelativeTime } from "./relative-time";

/** What a queued-turn row shows: a queue item, a queued-turn capsule (`queuedTurnId`), or both merged. */
export interface QueuedTurnView {
  /** The id remove/promote are addressed with: the capsule's `queuedTurnId`, else the queue item's id. */
  id: string;
  position?: number;
  status: string;
  preview?: string;
  createdAt?: string;
}

/** States in which the runtime still holds the turn in its queue, so it can be promoted or removed. */
const MOVABLE = new Set(["queued", "promoted"]);

/** Merges a queue item and the capsule the projection made of it; either may be missing. */
export function queuedTurnView(item: QueueItem | undefined, task: TaskRecord | undefined): QueuedTurnView {
  return {
    id: task?.queuedTurnId ?? item?.id ?? task?.taskId ?? "unknown",
    position: item?.position ?? task?.queuePosition,
    // The capsule's `runtimeStatus` is the queue's own word; its `status` went through the crosswalk.
    status: item?.status ?? task?.runtimeStatus ?? "unknown",
    preview: item?.preview ?? task?.title,
    createdAt: item?.createdAt,
  };
}

export function QueuedTurn({ item, dispatch }: { item: QueuedTurnView | QueueItem; dispatch?: Dispatch }) {
  // Any queue.changed that touches this item moves one of these; an unrelated item's change does not.
  const fact = `${item.status}:${item.position}`;
  const position = item.position === undefined ? "(position unknown)" : `#${item.position}`;
  const label = `queued turn ${position}`;
  const movable = MOVABLE.has(item.status);
  return (
    <li
      className="aui-capsule aui-attention-medium"
      data-state={movable ? "queued" : item.status}
      data-queued-id={item.id}
      aria-label={label}
    >
      <span className="aui-capsule-title">Queued turn {position}</span>
      <Badge value={item.status} />
      <span className="aui-hint">{item.preview ? clip(item.preview, 60) : "preview: unavailable"}</span>
      {item.createdAt ? (
        <span className="aui-hint">
          {" · "}
          <RelativeTime value={item.createdAt} prefix="queued" />
        </span>
      ) : null}
      {dispatch && movable ? (
        <QueueControls dispatch={dispatch} queuedId={item.id} fact={fact} label={label} />
      ) : null}
    </li>
  );
}

/** Promote / remove for one entry the runtime's queue lists, addressed by its queued id (QUEUE-08). */
export function QueueControls(props: { dispatch: Dispatch; queuedId: string; fact: string; label: string }) {
  const { dispatch, queuedId, fact, label } = props;
  return (
    <>
      <ControlButton
        dispatch={dispatch}
        intent={{ kind: "promote_queued", queuedId }}
        fact={fact}
        label="Run next"
        name={`Run ${label} next`}
      />
      <ControlButton
        dispatch={dispatch}
        intent={{ kind: "remove_queued", queuedId }}
        fact={fact}
        label="Remove"
        name={`Remove ${label}`}
      />
    </>
  );
}
