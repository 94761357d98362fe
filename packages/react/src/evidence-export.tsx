// Export an evidence pack through its owner (EVID-05, CTRL-01): one click sends one `export` write; the
// control waits until the runtime's evidence fact changes (status, pack ref) and shows a refusal with its
// reason. The pack itself is the runtime's — the lane links to the ref it reports, never builds one.
import type { EvidenceRecord } from "@agent-ui/contracts";
import type { Dispatch } from "./commands";
import { ControlButton } from "./controlled-write";

const EXPORTING = new Set(["exporting", "export_started"]);

export function EvidenceExportButton({
  evidence,
  dispatch,
}: {
  evidence: EvidenceRecord;
  dispatch: Dispatch;
}) {
  const exporting = EXPORTING.has(evidence.status);
  return (
    <ControlButton
      dispatch={dispatch}
      intent={{ kind: "export", evidenceId: evidence.evidenceId }}
      fact={`${evidence.status}|${String(evidence.packRef)}`}
      label={exporting ? "Exporting…" : "Export pack"}
      name={`Export evidence pack ${evidence.evidenceId}`}
      disabledReason={exporting ? "the runtime is exporting this pack" : undefined}
    />
  );
}
