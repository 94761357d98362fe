// Read side of the gateway's HTTP API: sessions, hydration window, older history pages and raw log pages.
import { apiUrl, authHeaders, type HttpOptions, readJsonResponse } from "./write-port";
import type {
  ConnectionTestRequest,
  ConnectionTestResult,
  DetailContent,
  EventsPage,
  HistoryPage,
  HydrationWindow,
  MessageRow,
  SessionInfo,
  SourceInfo,
  TablePage,
  TableRow,
  TeamList,
  TeamPage,
  TimelinePage,
  WindowTable,
} from "@agent-ui/contracts";

export interface CreateSessionRequest {
  source: string;
  scenario?: string;
  config?: Record<string, unknown>;
  title?: string;
  id?: string;
}

export class GatewayHttpClient {
  constructor(readonly options: HttpOptions) {}

  private async get<T>(path: string): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    return readJsonResponse<T>(
      await doFetch(apiUrl(this.options, path), { headers: authHeaders(this.options) }),
    );
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(apiUrl(this.options, path), {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...authHeaders(this.options),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return readJsonResponse<T>(response);
  }

  async listSessions(): Promise<SessionInfo[]> {
    return (await this.get<{ sessions: SessionInfo[] }>("/api/sessions")).sessions;
  }

  /** The runtime source kinds this gateway offers, each with its scenario names. */
  async listSources(): Promise<SourceInfo[]> {
    return (await this.get<{ sources: SourceInfo[] }>("/api/sources")).sources;
  }

  /** One session; rejects with `GatewayRequestError` 404 `session_not_found` for an unknown id. */
  async getSession(sessionId: string): Promise<SessionInfo> {
    return (await this.get<{ session: SessionInfo }>(`/api/sessions/${encodeURIComponent(sessionId)}`))
      .session;
  }

  async renameSession(sessionId: string, title: string): Promise<SessionInfo> {
    const path = `/api/sessions/${encodeURIComponent(sessionId)}`;
    return (await this.send<{ session: SessionInfo }>("PATCH", path, { title })).session;
  }

  /** Stops the session's runtime and deletes its log, snapshots and details. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.send("DELETE", `/api/sessions/${encodeURIComponent(sessionId)}`);
  }

  async createSession(request: CreateSessionRequest): Promise<SessionInfo> {
    return (await this.send<{ session: SessionInfo }>("POST", "/api/sessions", request)).session;
  }

  /** Tries an upstream agent before a session is created on it (`POST /api/connect/test`): a code and a
   * sentence saying what failed (DNS, refused, timeout, TLS, 401/403, 404, wrong protocol) or what was
   * found. A config the connector would refuse rejects with `GatewayRequestError` 400. */
  testConnection(request: ConnectionTestRequest): Promise<ConnectionTestResult> {
    return this.send("POST", "/api/connect/test", request);
  }

  /** The hydration window: recent messages + summaries, and the seq to subscribe after. */
  snapshot(sessionId: string, options: { limit?: number } = {}): Promise<HydrationWindow> {
    const limit = options.limit !== undefined ? `?limit=${options.limit}` : "";
    return this.get(`/api/sessions/${encodeURIComponent(sessionId)}/snapshot${limit}`);
  }

  /** Older messages before a window/page cursor — only on an explicit user action (HYD-05). */
  history(sessionId: string, before: string, limit = 40): Promise<HistoryPage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/snapshot?before=${encodeURIComponent(before)}&limit=${limit}`,
    );
  }

  /** Older rows of one record table before a window/page cursor (`window.tables.<table>.before`), for a
   * surface the user scrolls (HYD-02: first paint never waits for them). */
  tablePage(sessionId: string, table: WindowTable, before: string, limit = 100): Promise<TablePage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/tables/${table}?before=${encodeURIComponent(before)}&limit=${limit}`,
    );
  }

  /** Older entries of the team's roster or delegation edges before a window/page cursor
   * (`window.team.<list>.before`), with the agent rows they name, for the roster and delegation graph the
   * user scrolls (HYD-02). */
  teamPage(sessionId: string, list: TeamList, before: string, limit = 100): Promise<TeamPage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/team/${list}?before=${encodeURIComponent(before)}&limit=${limit}`,
    );
  }

  /** Older timeline rows before a window/page cursor (`window.timeline.before`), for the timeline the user
   * scrolls (HYD-02). */
  timelinePage(sessionId: string, before: string, limit = 200): Promise<TimelinePage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/timeline?before=${encodeURIComponent(before)}&limit=${limit}`,
    );
  }

  /** One whole message: the hydration window sends the newest one cut to its byte budget when it alone
   * weighs more (`window.cut`). Unknown: 404 `message_not_found`. */
  message(sessionId: string, messageId: string): Promise<MessageRow> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}`,
    );
  }

  /** One whole row of a record table: the hydration window sends some rows as previews
   * (`window.previews`, e.g. a tool row without `outputText`). Unknown: 404 `row_not_found`. */
  tableRow(sessionId: string, table: WindowTable, id: string): Promise<TableRow> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/tables/${table}/${encodeURIComponent(id)}`,
    );
  }

  /** The full body behind a detail ref (open_detail, EVID-10), loaded only when the user opens it. An
   * unknown ref rejects with `GatewayRequestError` (404, `detail_not_found`). */
  readDetail(sessionId: string, ref: string): Promise<DetailContent> {
    return this.get(`/api/sessions/${encodeURIComponent(sessionId)}/details/${encodeURIComponent(ref)}`);
  }

  /** A page of the raw log (time-travel scrubber, inspector). */
  events(sessionId: string, after = 0, limit = 500): Promise<EventsPage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/events.json?after=${after}&limit=${limit}`,
    );
  }
}
