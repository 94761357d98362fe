import { EVENT_CLASSES, RUNTIME_EVENT_CLASSES, isMember } from "@agent-ui/contracts";
import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { LIME_FORMAT, LimeAdapter } from "./adapter";
import { isEvidencePack, isSessionSnapshot, isTaskSnapshot } from "./build-state";
import { RUNTIME_ALIASES } from "./facts";
import { EXTENSION_MAPPING } from "./mapping-table";

/** How sure a record is a Lime AgentRuntime profile record (see `AdapterModule.detect`). */
export function detectLime(record: unknown): number {
  if (!isRecord(record)) return 0;
  const schemaVersion = readString(record, "schemaVersion", "schema_version");
  // The profile's schema version is the strongest marker: it names the profile whatever the class (a
  // class newer than this adapter is still a Lime record, reported as such, not another format's).
  const profile = schemaVersion?.startsWith("lime-profile") === true;
  const type = readString(record, "type");
  if (type === undefined) {
    if (isSessionSnapshot(record) || isTaskSnapshot(record) || isEvidencePack(record))
      return profile ? 1 : 0.7;
    return 0;
  }
  if (profile) return 1;
  const known =
    isMember(RUNTIME_EVENT_CLASSES, type) ||
    RUNTIME_ALIASES[type] !== undefined ||
    EXTENSION_MAPPING[type] !== undefined;
  if (!known) return 0;
  const runtimeId = typeof record.runtimeId === "string" || typeof record.runtime_id === "string";
  // 16 class names are shared with Agent UI, whose envelopes carry `runtimeId` too: on those names the
  // Agent UI detector (≥ 0.6) must win, so only runtime-only names are strong evidence.
  if (isMember(EVENT_CLASSES, type)) return runtimeId ? 0.5 : 0.4;
  return runtimeId ? 0.9 : 0.8;
}

export const limeAdapter: AdapterModule = {
  format: LIME_FORMAT,
  description:
    "Lime AgentRuntime profile (lime-profile-0.4.0): RuntimeEvent records (120 classes + App Server aliases), SessionSnapshot / TaskSnapshot / evidence packs",
  create: (options) => new LimeAdapter(options),
  detect: detectLime,
};

export { LimeAdapter, LIME_FORMAT } from "./adapter";
export { RUNTIME_CLASS_MAPPING, EXTENSION_MAPPING } from "./mapping-table";
export { RUNTIME_ALIASES } from "./facts";
