// One live session: a `SessionClient` (hydration window + SSE, bind-before-write) exposed to the surfaces
// as a frame-batched projection store and a `Dispatch`. Only the active session keeps a connection; a
// switch closes it, so a late answer for the old session can never land in the new view (HYD-03, HYD-06).
import type { ProjectionState, WriteResult } from "@agent-ui/contracts";
import {
  type ConnectionInfo,
  connectSession,
  GatewayHttpClient,
  type SessionClient,
  TurnLatencyRecorder,
  trackLatency,
} from "@agent-ui/client";
import {
  type CommandIntent,
  type DetailLoader,
  type Dispatch,
  type ProjectionStore,
  frameBatched,
} from "@agent-ui/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { accessToken } from "./api";
import type { LatencySource } from "./latency-facts";

export interface LiveSession {
  client: SessionClient;
  store: ProjectionStore<ProjectionState>;
  dispatch: Dispatch;
  loadDetail: DetailLoader;
  /** Latency marks of the last send (PERF-01). */
  latency: LatencySource;
}

function failed(reason: unknown): WriteResult {
  return {
    status: "failed",
    idempotencyKey: "",
    reason: reason instanceof Error ? reason.message : String(reason),
  };
}

/** Maps a surface intent to the client's typed write; action responses and sends keep their derived keys. */
export function dispatchTo(client: SessionClient): Dispatch {
  return async (intent: CommandIntent) => {
    try {
      switch (intent.kind) {
        case "send": {
          const { kind: _kind, ...input } = intent;
          return await client.runtime.send(input);
        }
        case "queue": {
          const { kind: _kind, ...input } = intent;
          return await client.runtime.queue(input);
        }
        case "respond_action": {
          const { kind: _kind, ...input } = intent;
          return await client.runtime.respondAction(input);
        }
        default: {
          const { kind, ...input } = intent;
          return await client.runtime.write(kind, input as never);
        }
      }
    } catch (error) {
      return failed(error);
    }
  };
}

export function openLiveSession(sessionId: string): LiveSession {
  const token = accessToken();
  const client = connectSession({ baseUrl: window.location.origin, token, sessionId, transport: "sse" });
  const raw: ProjectionStore<ProjectionState> = {
    getState: () => client.state,
    subscribe: (listener) => client.subscribe(() => listener()),
  };
  const recorder = new TurnLatencyRecorder();
  trackLatency(client, recorder);
  const dispatch = measuredSends(dispatchTo(client), recorder);
  // open_detail is a read (CTRL-01: read-only API): the gateway serves the body it kept for the ref.
  const details = new GatewayHttpClient({ baseUrl: window.location.origin, token });
  const loadDetail: DetailLoader = async (ref) => (await details.readDetail(sessionId, ref)).body;
  void client.open();
  // A busy main thread renders streaming text at half rate instead of falling behind (bench:ui).
  const store = frameBatched(raw, undefined, { shedLoad: true });
  return { client, store, dispatch, loadDetail, latency: paintedLatency(recorder, store) };
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
function paintedLatency(
  recorder: TurnLatencyRecorder,
  store: ProjectionStore<ProjectionState>,
): LatencySource {
  return {
    snapshot: () => recorder.snapshot(),
    subscribe: (listener) =>
      store.subscribe(() =>
        requestAnimationFrame(() => {
          recorder.painted("status");
          recorder.painted("text");
          listener();
        }),
      ),
  };
}

/** The live session for `sessionId` and its connection fact. */
export function useLiveSession(sessionId: string | null) {
  const [live, setLive] = useState<LiveSession | null>(null);
  const [connection, setConnection] = useState<ConnectionInfo | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    const session = openLiveSession(sessionId);
    setLive(session);
    setConnection(session.client.connection);
    const offConnection = session.client.onConnection(setConnection);
    return () => {
      offConnection();
      session.client.close();
      setLive(null);
    };
  }, [sessionId]);
  return { live, connection };
}

/** The last applied log position, re-read at most once per frame. */
export function useLogHead(live: LiveSession): number {
  return useSyncExternalStore(
    live.store.subscribe,
    () => live.client.seq,
    () => live.client.seq,
  );
}
