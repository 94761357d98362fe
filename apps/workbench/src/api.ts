// The gateway's HTTP API as the workbench uses it: session list/create and the paged raw event log that
// feeds the time-travel scrubber and the event inspector. Responses are checked, never trusted blindly.
import type { AgentUiEvent } from "@agent-ui/contracts";

export interface SessionSummary {
  id: string;
  title?: string;
  sourceKind: string;
  scenario?: string;
  status: string;
  statusReason?: string;
  lastSeq: number;
  createdAt?: string;
  attached?: boolean;
}

export interface LogEntry {
  seq: number;
  event: AgentUiEvent;
}

export interface EventPage {
  entries: LogEntry[];
  head: number;
  next: number | null;
}

export const DEMO_SCENARIOS = ["team", "solo", "approval", "retry", "blocked", "queue-steer"] as const;

let token: string | undefined;

/** The gateway's access token for this tab (from `adoptAccessToken` at start-up). */
export function setAccessToken(value: string | undefined): void {
  token = value;
}

export function accessToken(): string | undefined {
  return token;
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init?.headers,
    },
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? response.statusText;
    throw new Error(`${response.status} ${message}`);
  }
  return body as T;
}

export async function listSessions(): Promise<SessionSummary[]> {
  const body = await request<{ sessions?: SessionSummary[] }>("api/sessions");
  return Array.isArray(body.sessions) ? body.sessions : [];
}

export async function createSession(scenario: string): Promise<SessionSummary> {
  const body = await request<{ session: SessionSummary }>("api/sessions", {
    method: "POST",
    body: JSON.stringify({ source: "demo", scenario, title: `${scenario} demo` }),
  });
  return body.session;
}

export async function fetchEventPage(sessionId: string, after: number, limit = 1000): Promise<EventPage> {
  const body = await request<Partial<EventPage>>(
    `api/sessions/${encodeURIComponent(sessionId)}/events.json?after=${after}&limit=${limit}`,
  );
  return {
    entries: Array.isArray(body.entries) ? body.entries : [],
    head: body.head ?? after,
    next: body.next ?? null,
  };
}

/** Reads the log from the start up to `upTo` (inclusive), page by page. */
export async function fetchEventsUpTo(
  sessionId: string,
  upTo: number,
  signal?: AbortSignal,
): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  let after = 0;
  while (after < upTo) {
    if (signal?.aborted) throw new DOMException("aborted", "AbortError");
    const page = await fetchEventPage(sessionId, after, Math.min(5000, upTo - after));
    if (page.entries.length === 0) break;
    for (const entry of page.entries) if (entry.seq <= upTo) out.push(entry);
    after = page.entries[page.entries.length - 1].seq;
    if (page.next === null) break;
  }
  return out;
}
