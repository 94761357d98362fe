// Shared test helpers: a recording dispatch with a controllable acknowledgement, and the conversation of a
// projection state.
import type { AgentUiEvent, ProjectionState, WriteResult } from "@agent-ui/contracts";
import { render } from "@testing-library/react";
import type { CommandIntent, Dispatch } from "../src/commands";
import { Conversation, type ConversationProps } from "../src/conversation";
import { teamRunning } from "./fixtures/team";

export interface RecordingDispatch {
  dispatch: Dispatch;
  calls: CommandIntent[];
  /** Resolves the pending writes with this status (default: accepted). */
  settle: (status?: WriteResult["status"], reason?: string) => void;
}

/** A dispatch whose results stay pending until `settle`, so tests can observe the in-flight state. */
export function recordingDispatch(): RecordingDispatch {
  const calls: CommandIntent[] = [];
  const waiters: ((r: WriteResult) => void)[] = [];
  return {
    calls,
    dispatch: (intent) => {
      calls.push(intent);
      return new Promise<WriteResult>((resolve) => waiters.push(resolve));
    },
    settle: (status = "accepted", reason) => {
      for (const resolve of waiters.splice(0))
        resolve({ status, idempotencyKey: `k${calls.length}`, reason });
    },
  };
}

/** A dispatch that acknowledges immediately. */
export function acceptingDispatch(status: WriteResult["status"] = "accepted"): {
  dispatch: Dispatch;
  calls: CommandIntent[];
} {
  const calls: CommandIntent[] = [];
  return {
    calls,
    dispatch: async (intent) => {
      calls.push(intent);
      return {
        status,
        idempotencyKey: `k${calls.length}`,
        reason: status === "accepted" ? undefined : "policy",
      };
    },
  };
}

/** Renders the conversation of `state` (default: the running team fixture) with its fact tables. */
export function renderConversation(
  state: ProjectionState = teamRunning(),
  props: Partial<ConversationProps> = {},
) {
  return render(
    <Conversation
      messages={state.messages}
      tools={state.tools}
      actions={state.actions}
      agents={state.agents}
      artifacts={state.artifacts}
      evidence={state.evidence}
      dispatch={acceptingDispatch().dispatch}
      {...props}
    />,
  );
}

/** A builder of one source's events with stable ids and sequences, for tests that project real events. */
export function eventStream(defaults: Partial<AgentUiEvent> = {}, streamId = "s1") {
  let sequence = 0;
  return (type: string, fields: Partial<AgentUiEvent> = {}): AgentUiEvent => {
    sequence += 1;
    return {
      eventId: `${streamId}-${sequence}`,
      sequence,
      streamId,
      ...defaults,
      ...fields,
      type,
    } as AgentUiEvent;
  };
}
