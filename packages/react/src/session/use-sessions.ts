// The gateway's sessions for a UI: the list pushed live over the sessions feed (no polling), the source
// kinds with their scenarios, the gateway's reachability, and typed create / rename / delete.
import {
  type CreateSessionRequest,
  GatewayHttpClient,
  type GatewayStatus,
  type SessionInfo,
  type SourceInfo,
  watchSessions,
} from "@agent-ui/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

export interface UseSessionsOptions {
  /** Gateway origin (default: the page's origin). */
  url?: string;
  token?: string;
  fetch?: typeof fetch;
}

export interface SessionsApi {
  /** Newest first, as the gateway lists them; empty until the first list arrives. */
  sessions: SessionInfo[];
  /** True once the gateway sent a list. */
  loaded: boolean;
  sources: SourceInfo[];
  gateway: GatewayStatus;
  /** Skips the backoff wait and connects now. */
  reconnectNow(): void;
  create(request: CreateSessionRequest): Promise<SessionInfo>;
  rename(sessionId: string, title: string): Promise<SessionInfo>;
  remove(sessionId: string): Promise<void>;
  http: GatewayHttpClient;
}

export function useSessions(options: UseSessionsOptions = {}): SessionsApi {
  const baseUrl = options.url ?? (typeof window === "undefined" ? "" : window.location.origin);
  const { token } = options;
  const fetchRef = useRef(options.fetch);
  const http = useMemo(
    () => new GatewayHttpClient({ baseUrl, token, fetch: fetchRef.current }),
    [baseUrl, token],
  );
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [sources, setSources] = useState<SourceInfo[]>([]);
  const [gateway, setGateway] = useState<GatewayStatus>({ state: "connecting", attempt: 0 });
  const feedRef = useRef<ReturnType<typeof watchSessions> | null>(null);

  useEffect(() => {
    const feed = watchSessions({
      baseUrl,
      token,
      fetch: fetchRef.current,
      onSessions: (list) => {
        setSessions(list);
        setLoaded(true);
      },
      onStatus: setGateway,
    });
    feedRef.current = feed;
    return () => {
      feed.close();
      if (feedRef.current === feed) feedRef.current = null;
    };
  }, [baseUrl, token]);

  // Sources are read once the gateway answers (again after it comes back).
  const live = gateway.state === "live";
  useEffect(() => {
    if (!live) return;
    let current = true;
    http.listSources().then(
      (list) => current && setSources(list),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [http, live]);

  const reconnectNow = useCallback(() => feedRef.current?.reconnectNow(), []);
  const create = useCallback((request: CreateSessionRequest) => http.createSession(request), [http]);
  const rename = useCallback((id: string, title: string) => http.renameSession(id, title), [http]);
  const remove = useCallback((id: string) => http.deleteSession(id), [http]);
  return { sessions, loaded, sources, gateway, reconnectNow, create, rename, remove, http };
}
