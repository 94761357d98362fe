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
  const type = readString(record, "type");
  if (type === undefined) {
    if (isSessionSnapshot(record) || isTaskSnapshot(record) || isEvidencePack(record))
      return schemaVersion?.startsWith("lime-profile") ? 1 : 0.7;
    return 0;
  }
  const known =
    isMember(RUNTIME_EVENT_CLASSES, type) ||
    RUNTIME_ALIASES[type] !== undefined ||
    EXTENSION_MAPPING[type] !== undefined;
  if (!known) return 0;
  if (schemaVersion?.startsWith("lime-profile")) return 1;
  if (typeof record.runtimeId === "string" || typeof record.runtime_id === "string") return 0.9;
  // 16 class names are shared with Agent UI; only runtime-only names are strong evidence on their own.
  return isMember(EVENT_CLASSES, type) ? 0.4 : 0.8;
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
