// React hooks over `AgentSession`: `useAgentSession` opens a session for the component's lifetime;
// `useAgentState` selects a slice (re-rendering only when it changes); `useAgentConnection` and
// `useAgentHistory` follow the connection fact and history paging. `AgentSessionProvider` hands one
// session to a subtree (`useAgentSessionContext`).
import type { ConnectionInfo, CutMessage, EarlierState } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { type Equality, useProjection } from "../use-projection";
import { AgentSession, type AgentSessionOptions, type SessionProblem } from "./agent-session";

/** Opens `sessionId` on the gateway for as long as the component is mounted; a new id, url or token opens
 * a new session (the old one's late answers never reach the new view, HYD-03). */
export function useAgentSession(options: AgentSessionOptions): AgentSession {
  const { url, sessionId, token, transport, messageWindow } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a handle per session identity, not per render
  const session = useMemo(() => new AgentSession(options), [url, sessionId, token, transport, messageWindow]);
  useEffect(() => session.connect(), [session]);
  return session;
}

/** One slice of the session's projection; `isEqual` (e.g. `shallowEqual`) for selectors building objects. */
export function useAgentState<T>(
  session: AgentSession,
  selector: (state: ProjectionState) => T,
  isEqual?: Equality<T>,
): T {
  return useProjection(session.store, selector, isEqual);
}

function useMeta<T>(session: AgentSession, read: () => T): T {
  const subscribe = useCallback((listener: () => void) => session.subscribeMeta(listener), [session]);
  return useSyncExternalStore(subscribe, read, read);
}

export function useAgentConnection(session: AgentSession): {
  connection: ConnectionInfo;
  problem: SessionProblem | undefined;
} {
  const connection = useMeta(session, () => session.connection);
  return useMemo(() => ({ connection, problem: session.problem }), [connection, session]);
}

export function useAgentHistory(session: AgentSession): EarlierState & { loadEarlier: () => Promise<void> } {
  const history = useMeta(session, () => session.history);
  return useMemo(() => ({ ...history, loadEarlier: () => session.loadEarlier() }), [history, session]);
}

/** The messages shown cut to the gateway's byte budget (HYD-13) and the action that loads one whole:
 * spread into `Conversation` (`cuts`, `onLoadWholeMessage`). */
export function useAgentCuts(session: AgentSession): {
  cuts: ReadonlyMap<string, CutMessage>;
  onLoadWholeMessage: (messageId: string) => void;
} {
  const cuts = useMeta(session, () => session.cutMessages);
  const onLoadWholeMessage = useCallback((id: string) => void session.loadWholeMessage(id), [session]);
  return useMemo(() => ({ cuts, onLoadWholeMessage }), [cuts, onLoadWholeMessage]);
}

const SessionContext = createContext<AgentSession | null>(null);

/** Opens a session and provides it to the subtree (`useAgentSessionContext`). */
export function AgentSessionProvider(props: AgentSessionOptions & { children: ReactNode }) {
  const { children, ...options } = props;
  const session = useAgentSession(options);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useAgentSessionContext(): AgentSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAgentSessionContext: no <AgentSessionProvider> above this component");
  return session;
}
