// The official Agent Runtime schemas (Apache-2.0, copied unmodified into ../schemas/agentruntime with
// their LICENSE and NOTICE). The Lime profile schemas `$ref` `./agentruntime-*.schema.json`, which
// resolves under limecloud.github.io while the base schemas declare agentruntime.example ids, so the base
// schemas are registered under both URIs (§E-1).
import type { ValidateFunction } from "ajv/dist/2020";
import baseEventSchema from "../schemas/agentruntime/agentruntime-event.schema.json" with { type: "json" };
import profileEventSchema from "../schemas/agentruntime/agentruntime-lime-profile-event.schema.json" with {
  type: "json",
};
import profileSnapshotSchema from "../schemas/agentruntime/agentruntime-lime-profile-snapshot.schema.json" with {
  type: "json",
};
import baseSnapshotSchema from "../schemas/agentruntime/agentruntime-snapshot.schema.json" with {
  type: "json",
};
import { createAjv, lazy } from "./ajv";

const PROFILE_BASE_URI = "https://limecloud.github.io/agentruntime/schemas/";

export const RUNTIME_SCHEMAS = {
  event: baseEventSchema as Record<string, unknown>,
  snapshot: baseSnapshotSchema as Record<string, unknown>,
  profileEvent: profileEventSchema as Record<string, unknown>,
  profileSnapshot: profileSnapshotSchema as Record<string, unknown>,
};

export interface RuntimeValidators {
  event: ValidateFunction;
  snapshot: ValidateFunction;
  profileEvent: ValidateFunction;
  profileSnapshot: ValidateFunction;
}

export const runtimeValidators = lazy((): RuntimeValidators => {
  const ajv = createAjv();
  ajv.addSchema(RUNTIME_SCHEMAS.event);
  ajv.addSchema(RUNTIME_SCHEMAS.snapshot);
  ajv.addSchema({ ...RUNTIME_SCHEMAS.event, $id: `${PROFILE_BASE_URI}agentruntime-event.schema.json` });
  ajv.addSchema({ ...RUNTIME_SCHEMAS.snapshot, $id: `${PROFILE_BASE_URI}agentruntime-snapshot.schema.json` });
  return {
    event: ajv.getSchema(String(RUNTIME_SCHEMAS.event.$id))!,
    snapshot: ajv.getSchema(String(RUNTIME_SCHEMAS.snapshot.$id))!,
    profileEvent: ajv.compile(RUNTIME_SCHEMAS.profileEvent),
    profileSnapshot: ajv.compile(RUNTIME_SCHEMAS.profileSnapshot),
  };
});
