// The open session's hydration window, asked for as soon as the page's script starts: before React and
// the workbench's modules are evaluated and render their first frame, so the window arrives while they
// run instead of after them (HYD-02, PERF-05: a long session's recent messages paint first). The
// session's connection then takes this response instead of asking again: `windowFetch` answers the first
// request for exactly that URL, with exactly those credentials, from it — once; every other request goes
// to the network. The request is the one the session client would send (same URL, same `Authorization`
// from the token the tab already holds), so the gateway authenticates it as it would any other.
import { apiUrl, authHeaders, type SessionSnapshot } from "@agent-ui/client";

/** The session named by the page's route (`#/s/<id>`), or null. */
export function hashSession(hash = window.location.hash): string | null {
  const match = /^#\/s\/(.+)$/.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** A hydration window requested ahead of the session's connection. */
export interface EarlyWindow {
  sessionId: string;
  url: string;
  authorization: string | null;
  response: Promise<Response>;
}

/** Requests the window of the route's session (none without one); `token` is the tab's access token. */
export function requestEarlyWindow(options: {
  origin: string;
  hash: string;
  token?: string;
  fetch?: typeof fetch;
}): EarlyWindow | undefined {
  const sessionId = hashSession(options.hash);
  if (sessionId === null) return undefined;
  const http = { baseUrl: options.origin, token: options.token };
  const url = apiUrl(http, `/api/sessions/${encodeURIComponent(sessionId)}/snapshot`);
  const headers = authHeaders(http);
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const response = doFetch(url, { headers });
  // Unclaimed (another route won), a failure is nobody's: the connection's own request reports it.
  response.catch(() => {});
  return { sessionId, url, authorization: new Headers(headers).get("authorization"), response };
}

/** The early window's content when its answer is already in (a 2xx answer whose headers arrived; its
 * body follows them at once), so the first frame can show the session; undefined at once otherwise, and
 * the session's connection then takes the answer through `windowFetch` when it comes. */
export async function arrivedWindow(early: EarlyWindow): Promise<SessionSnapshot | undefined> {
  const answered = early.response.then(
    (response) => response,
    () => undefined,
  );
  // `answered` settles first when the response is already there: its reaction was queued before this one.
  const response = await Promise.race([answered, Promise.resolve(undefined).then(() => undefined)]);
  if (response === undefined || !response.ok) return undefined;
  try {
    return (await response.clone().json()) as SessionSnapshot;
  } catch {
    return undefined;
  }
}

/** A `fetch` that answers the first matching GET from `early` (or, if that request failed, from the
 * network) and every other request from `base`. */
export function windowFetch(
  early: EarlyWindow | undefined,
  base: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  let pending = early;
  return (input, init) => {
    const claimed = pending;
    if (
      claimed !== undefined &&
      (init?.method ?? "GET").toUpperCase() === "GET" &&
      String(input) === claimed.url &&
      new Headers(init?.headers).get("authorization") === claimed.authorization
    ) {
      pending = undefined;
      return claimed.response.catch(() => base(input, init));
    }
    return base(input, init);
  };
}
