// Our own JSON Schema (draft 2020-12) for the Agent UI envelope, built from the TypeScript vocabulary so
// it cannot drift: `satisfies Record<KnownKeys<AgentUiEvent>, …>` fails to compile when a field is added
// to the envelope without a schema entry (or vice versa). `schemas/agentui-event.schema.json` is this
// object written to disk (`npx tsx packages/contracts/scripts/write-schemas.ts`); a test keeps them equal.
// `type` is any non-empty string: unknown classes are legal on the wire and flagged separately (ENV-09).
import { type AgentUiEvent, type EventSource, ID_FIELDS, type IdField } from "./envelope";
import {
  BOOLEAN,
  COUNT,
  ID,
  type JsonSchema,
  type KnownKeys,
  STRING,
  STRINGS,
  enumOf,
  objectSchema,
} from "./schema-builders";
import {
  ARTIFACT_STATUSES,
  CONTROLS,
  ENVELOPE_RUNTIME_STATUSES,
  OWNERS,
  PERSISTENCES,
  PHASES,
  RUNTIME_ENTITIES,
  SCOPES,
  SURFACES,
  TOPOLOGIES,
} from "./taxonomy";

export const AGENT_UI_EVENT_SCHEMA_ID = "https://agent-ui.dev/schemas/agentui-event.schema.json";

/** Values the published Agent UI schema accepts beyond our taxonomies (its explicit fallbacks). They are
 * legal on the wire; the reducer treats them as "not classified". */
export const WIRE_FALLBACK_VALUES = {
  owner: ["unknown"],
  scope: ["unknown"],
  phase: ["unknown"],
  surface: ["custom", "unknown"],
  persistence: ["unknown"],
  control: ["none", "unknown"],
  runtimeEntity: ["unknown"],
} as const;

/** Envelope fields whose value must come from a taxonomy. A value outside it is a warning
 * (`unknown_taxonomy_value`), not a schema error: the standard evolves faster than consumers. */
export const TAXONOMY_FIELDS = {
  owner: [...OWNERS, ...WIRE_FALLBACK_VALUES.owner],
  scope: [...SCOPES, ...WIRE_FALLBACK_VALUES.scope],
  phase: [...PHASES, ...WIRE_FALLBACK_VALUES.phase],
  surface: [...SURFACES, ...WIRE_FALLBACK_VALUES.surface],
  persistence: [...PERSISTENCES, ...WIRE_FALLBACK_VALUES.persistence],
  control: [...CONTROLS, ...WIRE_FALLBACK_VALUES.control],
  topology: [...TOPOLOGIES],
  runtimeEntity: [...RUNTIME_ENTITIES, ...WIRE_FALLBACK_VALUES.runtimeEntity],
  runtimeStatus: [...ENVELOPE_RUNTIME_STATUSES],
  latestTurnStatus: [...ENVELOPE_RUNTIME_STATUSES],
  artifactStatus: [...ARTIFACT_STATUSES],
} as const satisfies Partial<Record<KnownKeys<AgentUiEvent>, readonly string[]>>;
export type TaxonomyField = keyof typeof TAXONOMY_FIELDS;

const idProperties = Object.fromEntries(ID_FIELDS.map((field) => [field, ID])) as Record<IdField, JsonSchema>;

const SOURCE_SCHEMA = objectSchema<EventSource>(
  {
    format: ID,
    index: COUNT,
    sourceType: STRING,
    sourceEventId: STRING,
    schemaVersion: STRING,
    sequence: COUNT,
  },
  { format: true },
);

const NULLABLE_OBJECT: JsonSchema = { type: ["object", "null"] };

/** One schema entry per declared envelope field. */
export const EVENT_PROPERTY_SCHEMAS = {
  type: ID,
  eventId: ID,
  sequence: COUNT,
  streamId: ID,
  timestamp: STRING,
  ...idProperties,
  owner: enumOf(TAXONOMY_FIELDS.owner),
  scope: enumOf(TAXONOMY_FIELDS.scope),
  phase: enumOf(TAXONOMY_FIELDS.phase),
  surface: enumOf(TAXONOMY_FIELDS.surface),
  persistence: enumOf(TAXONOMY_FIELDS.persistence),
  control: enumOf(TAXONOMY_FIELDS.control),
  topology: enumOf(TAXONOMY_FIELDS.topology),
  runtimeEntity: enumOf(TAXONOMY_FIELDS.runtimeEntity),
  runtimeStatus: enumOf(TAXONOMY_FIELDS.runtimeStatus),
  latestTurnStatus: enumOf(TAXONOMY_FIELDS.latestTurnStatus),
  teamPhase: ID,
  teamName: ID,
  queuedTurnCount: COUNT,
  teamParallelBudget: COUNT,
  teamActiveCount: COUNT,
  teamQueuedCount: COUNT,
  queueReason: ID,
  providerConcurrencyGroup: ID,
  providerParallelBudget: COUNT,
  retryableOverload: BOOLEAN,
  artifactKind: ID,
  artifactStatus: enumOf(TAXONOMY_FIELDS.artifactStatus),
  artifactVersionId: ID,
  artifactExportId: ID,
  artifactReadRef: ID,
  artifactDiffRef: ID,
  artifactPreviewRef: ID,
  artifactPreview: { type: ["string", "object", "array", "null"] },
  sourceRefs: STRINGS,
  evidenceRefs: STRINGS,
  agentName: ID,
  agentRole: ID,
  agentSource: ID,
  transcriptRef: ID,
  workerUsage: NULLABLE_OBJECT,
  teamPolicy: NULLABLE_OBJECT,
  metricName: ID,
  payload: { type: "object" },
  refs: { type: ["object", "array", "null"] },
  rawEventRef: ID,
  source: SOURCE_SCHEMA,
} satisfies Record<KnownKeys<AgentUiEvent>, JsonSchema>;

export const agentUiEventSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: AGENT_UI_EVENT_SCHEMA_ID,
  title: "Agent UI event envelope",
  description:
    "Agent UI v0.6.1 event envelope as implemented by @agent-ui/contracts. `type` is required; unknown classes are legal and reported as diagnostics.",
  type: "object",
  required: ["type"],
  properties: EVENT_PROPERTY_SCHEMAS,
  additionalProperties: true,
};
