// The control registry (CTRL-04): for every controlled write in `COMMANDS`, the fact a control needs before
// it is enabled, the API boundary it writes through (the client's typed write and the runtime or adjacent
// system's command, CTRL-05 names), what the control shows while pending, what it shows when the owner
// refuses or fails, and where the effect is recorded for audit. The type makes the table complete: a new
// command kind without an entry does not compile.
import { COMMANDS, type ControlKind } from "./control";

export interface ControlDefinition {
  /** The projection fact the control needs; without it the control is disabled with this as its reason. */
  requiredFact: string;
  /** The owner's command the write reaches (CTRL-05 name, or the adjacent system that owns the fact). */
  ownerCommand: string;
  /** What the control shows between the click and the owner's fact, and the fact that ends it. */
  pending: string;
  /** What a rejected / failed / unavailable write shows; existing facts are kept (CTRL-02). */
  failure: string;
  /** Where the effect is recorded once the owner states it. */
  audit: string;
}

const KEEP = "an error row with the owner's reason and Retry; every existing fact kept";

export const CONTROL_REGISTRY: Readonly<Record<ControlKind, ControlDefinition>> = Object.freeze({
  send: {
    requiredFact: "a session the composer writes to (session.sessionId)",
    ownerCommand: "submit_turn",
    pending: "the user message shown optimistic until the runtime confirms its id (message.optimistic)",
    failure: "Not sent, with the owner's reason; the draft and its context kept",
    audit: "the confirmed user message with its turnId; the run's timeline entries",
  },
  queue: {
    requiredFact: "a run in progress (runtime.status active)",
    ownerCommand: "submit_turn (queued behind the active turn)",
    pending: "the queued turn listed as sending until queue.changed lists it",
    failure: KEEP,
    audit: "queue.items and the queued turn's capsule",
  },
  steer: {
    requiredFact: "an active turn (runtime.turnId, runtime.status active)",
    ownerCommand: "steer input of the active turn",
    pending: "the steer listed pending until the runtime accepts or rejects it (queue.steers)",
    failure: KEEP,
    audit: "queue.steers with its status and reason",
  },
  interrupt: {
    requiredFact: "an active turn (runtime.status active)",
    ownerCommand: "interrupt_turn",
    pending: "Interrupting… until run status interrupted or cancelled",
    failure: KEEP,
    audit: "runtime.status and the run's timeline status entry",
  },
  respond_action: {
    requiredFact: "a pending action (actions[actionId].status = pending)",
    ownerCommand: "respond_action",
    pending: "the card waiting for runtime… until action.resolved",
    failure: "the card still pending with the reason and Retry",
    audit: "actions[actionId].auditSummary and the action's timeline entry",
  },
  retry: {
    requiredFact: "a failed task or a failed retryable tool call (tasks / tools status failed)",
    ownerCommand: "retry_task (or the tool call's retry)",
    pending: "waiting for runtime… until a new attempt fact",
    failure: KEEP,
    audit: "attempts, the failed attempt kept beside the new one",
  },
  stop: {
    requiredFact: "a running task or teammate (tasks / agents status running)",
    ownerCommand: "cancel_task (or close_subagent for a teammate)",
    pending: "cancelling until the task or agent reaches a terminal status",
    failure: KEEP,
    audit: "the task's or agent's status and timeline entry",
  },
  close: {
    requiredFact: "a teammate (agents[agentId])",
    ownerCommand: "close_subagent",
    pending: "closing until agent status closed",
    failure: KEEP,
    audit: "the agent's status and timeline entry",
  },
  delegate: {
    requiredFact: "a coordinator policy that allows delegation (permissions)",
    ownerCommand: "spawn_subagent",
    pending: "waiting for runtime… until the new agent is on the roster",
    failure: KEEP,
    audit: "the team roster and the agent's timeline entry",
  },
  continue_agent: {
    requiredFact: "a teammate that accepts input (agents[agentId])",
    ownerCommand: "send_subagent_input",
    pending: "waiting for runtime… until the agent's next fact",
    failure: KEEP,
    audit: "the agent's transcript",
  },
  wait: {
    requiredFact: "running teammates to wait on (agents status running)",
    ownerCommand: "wait_subagents",
    pending: "waiting for runtime… until the wait edges are stated",
    failure: KEEP,
    audit: "team wait edges",
  },
  assign: {
    requiredFact: "a work item on the team board (team.board)",
    ownerCommand: "the team board's assignment (adjacent system)",
    pending: "waiting for runtime… until the item's assignee changes",
    failure: KEEP,
    audit: "the work item's assignee",
  },
  request_review: {
    requiredFact: "an artifact or evidence to review (artifacts / evidence)",
    ownerCommand: "the review service's request (adjacent system)",
    pending: "waiting for runtime… until review.* lists the review",
    failure: KEEP,
    audit: "reviews with their verdicts",
  },
  edit: {
    requiredFact: "the artifact's current version (artifacts[artifactId].currentVersionId)",
    ownerCommand: "the artifact owner's write, against baseVersionId",
    pending: "saving until a new version is current",
    failure: "the draft kept, with the conflict or reason and Retry",
    audit: "artifact versions with their source refs",
  },
  rollback: {
    requiredFact: "an earlier artifact version (artifacts[artifactId].versions)",
    ownerCommand: "the artifact owner's rollback",
    pending: "waiting for runtime… until the chosen version is current",
    failure: KEEP,
    audit: "artifact versions (the rollback is a new current version)",
  },
  export: {
    requiredFact: "an artifact or evidence record to export",
    ownerCommand: "export_evidence (or the artifact owner's export)",
    pending: "export.status exporting until completed or failed",
    failure: "export.status failed with the reason and Retry",
    audit: "the export ref on the artifact or evidence record",
  },
  open_detail: {
    requiredFact: "a detail ref (tool outputRef, artifact previewRef, evidence packRef)",
    ownerCommand: "the detail read of the ref's owner",
    pending: "loading in place",
    failure: "unavailable with the reason; the preview kept",
    audit: "none: a read changes no runtime fact",
  },
  remove_queued: {
    requiredFact: "a queued turn (queue.items status queued)",
    ownerCommand: "remove_queued_turn",
    pending: "waiting for runtime… until queue.changed drops it",
    failure: KEEP,
    audit: "queue.items",
  },
  promote_queued: {
    requiredFact: "a queued turn (queue.items status queued)",
    ownerCommand: "promote_queued_turn",
    pending: "waiting for runtime… until queue.changed moves it",
    failure: KEEP,
    audit: "queue.items positions",
  },
} satisfies Record<ControlKind, ControlDefinition>);

/** The registry row of a command kind with its client write (`RuntimeClient[method]`). */
export function controlDefinition(kind: ControlKind): ControlDefinition & { clientMethod: string } {
  return { ...CONTROL_REGISTRY[kind], clientMethod: COMMANDS[kind].method };
}
