// What a message will run under, shown beside Send before the user sends it: the runtime's permission mode,
// sandbox and risk level (PERM-02). Only reported facts are shown — no chip when the runtime said nothing,
// and the tone comes from the runtime's own risk level, never from a local reading of the mode's name.
import type { PermissionSlice } from "@agent-ui/contracts";
import { isFallback } from "./honest";

export type ComposerPermissions = Pick<PermissionSlice, "mode" | "sandbox" | "riskLevel">;

const RISK_TONE: Record<string, string> = { high: "alert", critical: "alert", medium: "warn" };

function sandboxText(sandbox: ComposerPermissions["sandbox"]): string | undefined {
  if (isFallback(sandbox)) return undefined;
  const text = Object.entries(sandbox)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(" ");
  return text || undefined;
}

export function ComposerRiskChip({ permissions }: { permissions: ComposerPermissions }) {
  const mode =
    isFallback(permissions.mode) || permissions.mode === "not_applicable" ? undefined : permissions.mode;
  const sandbox = sandboxText(permissions.sandbox);
  const risk = permissions.riskLevel;
  if (mode === undefined && sandbox === undefined && risk === undefined) return null;
  const parts = [
    mode !== undefined ? `mode ${mode}` : undefined,
    sandbox !== undefined ? `sandbox ${sandbox}` : undefined,
    risk !== undefined ? `risk ${risk}` : undefined,
  ].filter((part): part is string => part !== undefined);
  const tone =
    (risk !== undefined && Object.hasOwn(RISK_TONE, risk) ? RISK_TONE[risk] : undefined) ?? "muted";
  return (
    <span
      className={`aui-badge aui-tone-${tone} aui-composer-risk`}
      data-risk={risk}
      title="The runtime's permission mode, sandbox and risk level: what a message you send now runs under"
    >
      <span className="aui-visually-hidden">Runs under: </span>
      {parts.join(" · ")}
    </span>
  );
}
