// The body of an evidence pack behind its `packRef` (EVID-*, Lime EvidencePack): refs, runtime correlation
// and verification outcomes — never the transcript. It travels beside its ref (`content` + `contentRef`),
// so the gateway keeps it as a detail and "Load pack" shows the real pack.
import type { EvidencePack } from "@agent-ui/contracts";

/** `payload` plus the pack body under `content`, keyed by the payload's own `packRef`. */
export function withPackBody(
  payload: Record<string, unknown>,
  evidenceId: string,
  correlation: NonNullable<EvidencePack["runtimeCorrelation"]>,
): Record<string, unknown> {
  const packRef = payload.packRef;
  if (typeof packRef !== "string") return payload;
  const pack: EvidencePack = {
    evidenceId,
    packRef,
    ...(typeof payload.replayRef === "string" ? { replayRef: payload.replayRef } : {}),
    ...(typeof payload.reviewRef === "string" ? { reviewRef: payload.reviewRef } : {}),
    runtimeCorrelation: correlation,
    verificationOutcomes: Array.isArray(payload.verificationOutcomes)
      ? (payload.verificationOutcomes as EvidencePack["verificationOutcomes"])
      : [],
    ...(payload.review !== undefined ? { review: payload.review } : {}),
    ...(Array.isArray(payload.artifactIds) ? { artifactIds: payload.artifactIds } : {}),
  };
  return { ...payload, content: pack, contentRef: packRef };
}
