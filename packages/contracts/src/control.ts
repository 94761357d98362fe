// Controlled writes (seed 001 §User control, CTRL-01..07). Every user write is a command addressed to the
// runtime or service that owns the fact; the UI shows its effect only when that owner's fact arrives.
// Every command carries an idempotency key: a duplicate returns the first result and produces no second
// runtime fact (AUI-AR-ACTION-004, ORD-07).

// `contextRefs` (send / queue / steer): stable ids of context the user attached, resolved mentions only —
// an unresolved `@mention` stays prose and is never sent as context (COMP-02).
interface CommandBase {
  sessionId: string;
  idempotencyKey: string;
  threadId?: string;
}

export type ControlCommand =
  | (CommandBase & { kind: "send"; text: string; clientMessageId?: string; contextRefs?: string[] })
  | (CommandBase & { kind: "queue"; text: string; clientMessageId?: string; contextRefs?: string[] })
  | (CommandBase & { kind: "steer"; text: string; targetTurnId?: string; contextRefs?: string[] })
  | (CommandBase & { kind: "interrupt"; turnId?: string })
  | (CommandBase & {
      kind: "respond_action";
      actionId: string;
      decision: "approve" | "reject" | "answer";
      payload?: Record<string, unknown>;
      /** Routes a teammate's request back to that teammate (HITL-09). */
      agentId?: string;
    })
  | (CommandBase & { kind: "retry"; taskId?: string; toolCallId?: string; turnId?: string; agentId?: string })
  | (CommandBase & { kind: "stop"; taskId?: string; agentId?: string })
  | (CommandBase & { kind: "close"; agentId: string })
  | (CommandBase & { kind: "delegate"; text: string; agentName?: string; role?: string })
  | (CommandBase & { kind: "continue_agent"; agentId: string; text: string })
  | (CommandBase & { kind: "wait"; agentIds: string[] })
  | (CommandBase & { kind: "assign"; workItemId: string; assignee: string })
  | (CommandBase & { kind: "request_review"; target: string; reviewer?: string })
  | (CommandBase & { kind: "edit"; artifactId: string; baseVersionId?: string; content: string })
  | (CommandBase & { kind: "rollback"; artifactId?: string; versionId?: string; turnId?: string })
  | (CommandBase & { kind: "export"; artifactId?: string; evidenceId?: string; format?: string })
  | (CommandBase & { kind: "open_detail"; ref: string })
  | (CommandBase & { kind: "remove_queued"; queuedId: string })
  | (CommandBase & { kind: "promote_queued"; queuedId: string });

export type ControlKind = ControlCommand["kind"];

export const CONTROL_KINDS = [
  "send",
  "queue",
  "steer",
  "interrupt",
  "respond_action",
  "retry",
  "stop",
  "close",
  "delegate",
  "continue_agent",
  "wait",
  "assign",
  "request_review",
  "edit",
  "rollback",
  "export",
  "open_detail",
  "remove_queued",
  "promote_queued",
] as const satisfies readonly ControlKind[];

/** The owner's acknowledgement of a write. `accepted` means the runtime took the command, not that its
 * effect happened: that arrives as a fact on the event stream. */
export interface WriteResult {
  status: "accepted" | "rejected" | "failed" | "unavailable";
  idempotencyKey: string;
  /** True when this result is the stored first result of a repeated key. */
  duplicate?: boolean;
  reason?: string;
  /** Ids the runtime assigned, e.g. `{ turnId, messageId }` for a send (ENV-07). */
  assigned?: Record<string, string>;
}
