// DiagnosticsDrawer: diagnostics live outside the conversation, closed by default but inspectable
// (DIAG-01/02). Entries are the safe diagnostic records (code, message, event ref) — never raw payloads.
import type { Diagnostic } from "@agent-ui/contracts";
import { Badge } from "./honest";

export function DiagnosticsDrawer({
  diagnostics,
  defaultOpen = false,
}: {
  diagnostics: Diagnostic[];
  defaultOpen?: boolean;
}) {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const copy = () => {
    const text = JSON.stringify(diagnostics, null, 2);
    void navigator.clipboard?.writeText(text);
  };
  return (
    <details className="aui-diagnostics" open={defaultOpen}>
      <summary>
        Diagnostics ({diagnostics.length}
        {errors ? `, ${errors} error${errors > 1 ? "s" : ""}` : ""})
      </summary>
      {diagnostics.length === 0 ? <p className="aui-hint">No diagnostics reported.</p> : null}
      <ul aria-label="Diagnostics list">
        {diagnostics.slice(-200).map((d) => (
          <li key={diagnosticKey(d)}>
            <Badge value={d.severity} /> <code>{d.code}</code> {d.message}
            {d.eventRef?.sequence !== undefined ? (
              <span className="aui-hint"> at #{d.eventRef.sequence}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {diagnostics.length > 0 ? (
        <button type="button" className="aui-button aui-button-quiet" onClick={copy}>
          Copy diagnostics
        </button>
      ) : null}
    </details>
  );
}

/** Diagnostics have no id of their own; code + event ref + message identifies one closely enough. */
function diagnosticKey(d: Diagnostic): string {
  return `${d.code}|${d.eventRef?.eventId ?? ""}|${d.eventRef?.sequence ?? ""}|${d.eventRef?.index ?? ""}|${d.path ?? ""}|${d.message}`;
}
