// Read side of the gateway's HTTP API: sessions, hydration window, older history pages and raw log pages.
import { apiUrl, authHeaders, type HttpOptions, readJsonResponse } from "./write-port";
import type { EventsPage, HistoryPage, HydrationWindow, SessionInfo } from "./wire";

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

  async listSessions(): Promise<SessionInfo[]> {
    return (await this.get<{ sessions: SessionInfo[] }>("/api/sessions")).sessions;
  }

  async createSession(request: CreateSessionRequest): Promise<SessionInfo> {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(apiUrl(this.options, "/api/sessions"), {
      method: "POST",
      headers: { "content-type": "application/json", ...authHeaders(this.options) },
      body: JSON.stringify(request),
    });
    return (await readJsonResponse<{ session: SessionInfo }>(response)).session;
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

  /** A page of the raw log (time-travel scrubber, inspector). */
  events(sessionId: string, after = 0, limit = 500): Promise<EventsPage> {
    return this.get(
      `/api/sessions/${encodeURIComponent(sessionId)}/events.json?after=${after}&limit=${limit}`,
    );
  }
}
