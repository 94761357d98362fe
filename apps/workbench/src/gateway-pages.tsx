// Full-page states of the shell that load when they show: the gateway refused the token (ask for it), the
// session does not exist. (A gateway that cannot be reached cannot serve a chunk: ./gateway-down.)
import { useState } from "react";

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
