// PermissionStatus: mode, sandbox, risk and the runtime's decisions (PERM-01..03). Nothing is inferred
// from prose; a mode the runtime did not report reads `unknown`.
import type { PermissionSlice } from "@agent-ui/contracts";
import { Badge, honestText, isFallback } from "./honest";
import { reasonText } from "./reason-text";

/** PROF-02: a read model that does not apply is said in words, not shown as a raw code or a gap. */
const NOT_APPLICABLE = "not_applicable";
const applicability = (value: string): string => (value === NOT_APPLICABLE ? "not applicable" : value);

export function PermissionStatus({ permissions }: { permissions: PermissionSlice }) {
  const sandbox = permissions.sandbox;
  if (permissions.mode === NOT_APPLICABLE)
    return (
      <section className="aui-permissions" aria-label="Permissions">
        <Badge label="permissions" value={applicability(permissions.mode)} tone="muted" />
      </section>
    );
  return (
    <section className="aui-permissions" aria-label="Permissions">
      <Badge label="mode" value={honestText(permissions.mode)} tone="muted" />
      {isFallback(sandbox) ? (
        <Badge label="sandbox" value={sandbox} />
      ) : (
        <Badge
          label="sandbox"
          value={
            Object.entries(sandbox)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(" ") || "default"
          }
          tone="muted"
        />
      )}
      {permissions.riskLevel ? (
        <Badge
          label="risk"
          value={permissions.riskLevel}
          tone={permissions.riskLevel === "high" ? "alert" : "warn"}
        />
      ) : null}
      {permissions.decisions.length ? (
        <ul aria-label="Permission decisions">
          {permissions.decisions.map((d) => (
            <li key={d.id}>
              <Badge value={d.decision} /> {reasonText(d.reason) ?? ""}{" "}
              {d.source ? <span className="aui-hint">by {d.source}</span> : null}
              {d.expiresAt ? <span className="aui-hint"> until {d.expiresAt}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {permissions.violations.length ? (
        <ul aria-label="Sandbox violations">
          {permissions.violations.map((v) => (
            <li key={v.id} className="aui-tool-error">
              violation: {reasonText(v.reason) ?? "unknown"}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
