// The workbench's latency marks of the last send (PERF-01): the client's recorder follows the session's
// stream; sends are stamped around the owner's answer; paint marks come from the frame after the surfaces
// committed a store update.
import { type SessionClient, TurnLatencyRecorder, trackLatency } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import type { Dispatch, ProjectionStore, SessionMetrics } from "@agent-ui/react";
import type { LatencySource } from "./latency-facts";

export interface SessionLatency {
  recorder: TurnLatencyRecorder;
  /** Hook for `useAgentSession({ onClient })`: the recorder follows each client the session opens. */
  onClient: (client: SessionClient) => () => void;
}

export function sessionLatency(): SessionLatency {
  const recorder = new TurnLatencyRecorder();
  return { recorder, onClient: (client) => trackLatency(client, recorder) };
}

/** Stamps the user's send and the owner's answer around each send / queue write. */
export function measuredSends(dispatch: Dispatch, recorder: TurnLatencyRecorder): Dispatch {
  return async (intent) => {
    if (intent.kind !== "send" && intent.kind !== "queue") return dispatch(intent);
    recorder.submitted();
    const result = await dispatch(intent);
    recorder.acknowledged(result);
    return result;
  };
}

/** Paint marks come from the frame after the surfaces committed a store update. */
export function paintedLatency(
  recorder: TurnLatencyRecorder,
  store: ProjectionStore<ProjectionState>,
  sessionMetrics?: SessionMetrics,
): LatencySource {
  return {
    sessionMetrics,
    snapshot: () => recorder.snapshot(),
    subscribe: (listener) =>
      store.subscribe(() =>
        requestAnimationFrame(() => {
          recorder.painted("shell");
          recorder.painted("status");
          recorder.painted("text");
          listener();
        }),
      ),
  };
}
