// The access token of a browser tab. `agent-ui start` / `serve` print the workbench URL with the token in
// its fragment (`/#token=…`, or `#/s/<id>?token=…` for a deep link): a fragment is never sent to a server,
// so no log or Referer carries it. The page takes it once, keeps it in sessionStorage for this tab (a
// reload keeps working, another tab or a closed browser does not), and strips it from the address bar.
const STORAGE_KEY = "agent-ui.token";
const TOKEN_IN_FRAGMENT = /(^#|[?&])token=([^&]*)&?/;

/** The fragment's token and the fragment without it (`#token=t` → `""`, `#/s/a?token=t` → `#/s/a`). */
export function splitTokenFromFragment(hash: string): { token?: string; hash: string } {
  const match = TOKEN_IN_FRAGMENT.exec(hash);
  if (!match) return { hash };
  const token = safeDecode(match[2]);
  const lead = match[1] === "#" ? "#" : match[0].endsWith("&") ? match[1] : "";
  const rest = hash.slice(0, match.index) + lead + hash.slice(match.index + match[0].length);
  return { token: token === "" ? undefined : token, hash: rest === "#" ? "" : rest };
}

/** What the browser gives `adoptAccessToken` (the global `window` in a page; a stand-in in tests). */
export interface TokenHost {
  location: { hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Takes the token from the URL fragment (kept for the tab, removed from the address bar) or, after a
 * reload, from the tab's sessionStorage. Undefined when the gateway was started without one. */
export function adoptAccessToken(host: TokenHost): string | undefined {
  const { token, hash } = splitTokenFromFragment(host.location.hash);
  if (token !== undefined) {
    host.sessionStorage.setItem(STORAGE_KEY, token);
    host.history.replaceState(null, "", `${host.location.pathname}${host.location.search}${hash}`);
    return token;
  }
  return host.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
