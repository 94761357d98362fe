// Full-page states of the shell: the gateway cannot be reached (with the next try's countdown and
// "Reconnect now"), the gateway refused the token (ask for it), the session does not exist.
import type { GatewayStatus } from "@agent-ui/client";
import { useEffect, useState } from "react";
import { humanReason } from "./human-reason";

export function GatewayDownPage({ status, onReconnect }: { status: GatewayStatus; onReconnect: () => void }) {
  const seconds = useCountdown(status.retryAt);
  return (
    <main className="wb-page" aria-labelledby="wb-page-title">
      <h2 id="wb-page-title">The gateway cannot be reached</h2>
      <p>
        The workbench lost its connection to the Agent UI gateway
        {status.reason ? ` (${humanReason(status.reason)})` : ""}. Your sessions are kept by the gateway;
        nothing is lost.
      </p>
      <p className="aui-hint" role="status">
        {seconds === undefined
          ? "Trying again…"
          : `Trying again in ${seconds} s (attempt ${status.attempt}).`}
      </p>
      <button type="button" className="aui-button" onClick={onReconnect}>
        Reconnect now
      </button>
    </main>
  );
}

export function UnauthorizedPage({ onToken }: { onToken: (token: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <main className="wb-page" aria-labelledby="wb-page-title">
      <h2 id="wb-page-title">The gateway needs an access token</h2>
      <p>
        This gateway refuses requests without its token. Paste the token <code>agent-ui serve</code> printed
        (or the one set with <code>--token</code>).
      </p>
      <form
        className="wb-token-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <label>
          Access token
          <input
            type="password"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <button type="submit" className="aui-button" disabled={!value.trim()}>
          Connect
        </button>
      </form>
    </main>
  );
}

export function NotFoundPage({ sessionId, onBack }: { sessionId: string; onBack: () => void }) {
  return (
    <section className="wb-page" aria-labelledby="wb-page-title">
      <h2 id="wb-page-title">Session not found</h2>
      <p>
        The gateway has no session <code>{sessionId}</code>. It may have been deleted, or the link is
        mistyped.
      </p>
      <button type="button" className="aui-button" onClick={onBack}>
        Show all sessions
      </button>
    </section>
  );
}

function useCountdown(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
