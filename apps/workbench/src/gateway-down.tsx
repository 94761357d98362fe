// The shell's page for a gateway that cannot be reached (with the next try's countdown and "Reconnect
// now"), and transport messages in the words it shows a person. Part of the first chunk: a gateway that
// is down cannot serve a chunk loaded later.
import type { GatewayStatus } from "@agent-ui/client";
import { useEffect, useState } from "react";

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

/** A transport message in words a person reads. */
export function humanReason(reason: string): string {
  if (/failed to fetch|fetch failed|ECONNREFUSED|NetworkError/i.test(reason))
    return "no answer from the gateway";
  if (/closed the session feed|server closed/i.test(reason)) return "the gateway closed the connection";
  return reason;
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
